// Sessions in the database: created at login, looked up by the hash of the presented token,
// touched on use (idle timeout), revoked on logout and when the user is disabled.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { newId } from '../../lib/ids';
import { hashToken, newToken } from './tokens';
import type { SessionUser } from '../../context';

export interface SessionTimeouts {
  idleMs: number;
  absoluteMs: number;
}

export async function createSession(db: Db, userId: string, duoYuYanType: number, t: SessionTimeouts) {
  const token = newToken();
  const now = new Date();
  const id = newId();
  await db.insert(sessions).values({
    id,
    tokenHash: hashToken(token),
    userId,
    empSessionId: id,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + t.absoluteMs),
    duoYuYanType,
  });
  return { id, token };
}

function prepareLookup(db: Db) {
  return db
    .select({ s: sessions, u: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('fw_resolve_session');
}
const lookups = new WeakMap<object, ReturnType<typeof prepareLookup>>();
/** The lookup runs on every request: a named prepared statement (parsed and planned once per connection). */
function sessionLookup(db: Db) {
  let q = lookups.get(db);
  if (!q) lookups.set(db, (q = prepareLookup(db)));
  return q;
}

/** The session of a token, or null when unknown, revoked, expired, idle too long or its user is disabled. */
export async function resolveSession(db: Db, token: string, t: SessionTimeouts): Promise<SessionUser | null> {
  const [row] = await sessionLookup(db).execute({ hash: hashToken(token) });
  if (!row) return null;
  const { s, u } = row;
  const now = Date.now();
  if (s.revokedAt || u.disabled || s.expiresAt.getTime() <= now || s.lastSeenAt.getTime() + t.idleMs <= now) {
    if (!s.revokedAt) await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, s.id));
    return null;
  }
  // touch at most once a minute: the idle timeout needs no write per request
  if (now - s.lastSeenAt.getTime() > 60_000) {
    await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.id, s.id));
  }
  return {
    sessionId: s.id,
    userId: u.id,
    username: u.username,
    kind: u.kind === 'dealer' ? 'dealer' : 'employee',
    employeeId: u.employeeId,
    dealerId: u.dealerId,
    isAdmin: u.isAdmin,
    displayName: u.displayName,
    mobile: u.mobile,
    jiaoJieRenIds: u.jiaoJieRenIds.split(',').map((x) => x.trim()).filter(Boolean),
    duoYuYanType: s.duoYuYanType,
  };
}

export async function revokeSession(db: Db, sessionId: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: Db, userId: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function setSessionLanguage(db: Db, sessionId: string, duoYuYanType: number) {
  await db.update(sessions).set({ duoYuYanType }).where(eq(sessions.id, sessionId));
}
