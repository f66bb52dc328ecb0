// Sessions in the database: created at login, looked up by the hash of the presented token,
// touched on use (idle timeout), revoked on logout and when the user is disabled.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { newId } from '../../lib/ids';
import { hashToken, newToken } from './tokens';
import type { SessionUser } from '../../context';

export interface SessionTimeouts {
  idleMs: number;
  absoluteMs: number;
  /**
   * how long a resolved session is reused in this process without asking the database again
   * (0: always ask). Logout, disabling a user and switching the language clear it at once in
   * this process; another server process sees a revocation within this time, as it sees the
   * maintenance switch.
   */
  cacheMs?: number;
}

interface Cached {
  user: SessionUser;
  lastSeenAt: number;
  expiresAt: number;
  cachedAt: number;
}
/** Resolved sessions by token hash, per database (a second app in one process has its own). */
const caches = new WeakMap<object, Map<string, Cached>>();
const CACHE_MAX = 10_000;
function cacheOf(db: Db) {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new Map()));
  return c;
}
function forget(db: Db, match: (c: Cached) => boolean) {
  const c = caches.get(db);
  if (!c) return;
  for (const [k, v] of c) if (match(v)) c.delete(k);
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
  const hash = hashToken(token);
  const now = Date.now();
  const cacheMs = t.cacheMs ?? 0;
  const cache = cacheOf(db);
  const hit = cacheMs > 0 ? cache.get(hash) : undefined;
  // a cached session is reused only while it is fresh and no touch of the idle clock is due
  if (hit && now - hit.cachedAt < cacheMs && hit.expiresAt > now && hit.lastSeenAt + t.idleMs > now && now - hit.lastSeenAt <= 60_000) {
    return hit.user;
  }
  if (hit) cache.delete(hash);
  const [row] = await sessionLookup(db).execute({ hash });
  if (!row) return null;
  const { s, u } = row;
  if (s.revokedAt || u.disabled || s.expiresAt.getTime() <= now || s.lastSeenAt.getTime() + t.idleMs <= now) {
    if (!s.revokedAt) await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, s.id));
    return null;
  }
  // touch at most once a minute: the idle timeout needs no write per request
  let lastSeenAt = s.lastSeenAt.getTime();
  if (now - lastSeenAt > 60_000) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, s.id));
    lastSeenAt = now;
  }
  const user = toSessionUser(s, u);
  if (cacheMs > 0) {
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(hash, { user, lastSeenAt, expiresAt: s.expiresAt.getTime(), cachedAt: now });
  }
  return user;
}

function toSessionUser(s: typeof sessions.$inferSelect, u: typeof users.$inferSelect): SessionUser {
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
    jiaoJieRenIds: u.jiaoJieRenIds
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
    duoYuYanType: s.duoYuYanType,
  };
}

export async function revokeSession(db: Db, sessionId: string) {
  forget(db, (c) => c.user.sessionId === sessionId);
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user, but `exceptSessionId` (the one changing its own password). */
export async function revokeUserSessions(db: Db, userId: string, exceptSessionId?: string) {
  forget(db, (c) => c.user.userId === userId && c.user.sessionId !== exceptSessionId);
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined));
}

export async function setSessionLanguage(db: Db, sessionId: string, duoYuYanType: number) {
  forget(db, (c) => c.user.sessionId === sessionId);
  await db.update(sessions).set({ duoYuYanType }).where(eq(sessions.id, sessionId));
}

/**
 * Drop this process's cached sessions of a database: for changes to users made outside the
 * session functions above (an administrator's tools writing `users` directly, tests).
 */
export function clearSessionCache(db: Db) {
  caches.get(db)?.clear();
}
