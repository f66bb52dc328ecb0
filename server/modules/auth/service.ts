// Login, logout, session values (spec §3), password changes and the QR ticket flow.
import { and, eq, gt, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { AppContext, SessionUser } from '../../context';
import { dealers, departments, employees, qrTickets, users } from '../../db/schema';
import type { Locale } from '../../../schemas/constants';
import { AppError, businessFailure, invalid } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { DUMMY_HASH_INPUT, hashPassword, verifyPassword } from '../../lib/passwords';
import { FIRST_LOCK_MS, LoginLockout } from './lockout';
import { createSession, revokeUserSessions } from './sessionRepository';
import { hashToken, newToken } from './tokens';

export interface SessionValues {
  mytoken: string;
  token: string;
  empSessionId: string;
  empId: string | null;
  empName: string;
  empMobileTel: string | null;
  empBuMenName: string | null;
  username: string;
  userId: string;
  dealerId: string | null;
  dealerName: string | null;
  jiaoJieRenIds: string;
  isAdmin: boolean;
  duoYuYanType: number;
}

const timeouts = (ctx: AppContext) => ({ idleMs: ctx.config.sessionIdleMs, absoluteMs: ctx.config.sessionAbsoluteMs });

/** Session values of a user; `token` is the presented/new token (the client keeps it in all three places). */
export async function sessionValues(ctx: AppContext, userId: string, token: string, duoYuYanType: number): Promise<SessionValues> {
  const [row] = await ctx.db
    .select({ u: users, deptName: departments.name, dealerName: dealers.name })
    .from(users)
    .leftJoin(employees, eq(employees.id, users.employeeId))
    .leftJoin(departments, eq(departments.id, employees.departmentId))
    .leftJoin(dealers, eq(dealers.id, users.dealerId))
    .where(eq(users.id, userId));
  const u = row.u;
  return {
    mytoken: token,
    token,
    empSessionId: token,
    empId: u.employeeId,
    empName: u.displayName,
    empMobileTel: u.mobile,
    empBuMenName: row.deptName,
    username: u.username,
    userId: u.id,
    dealerId: u.dealerId,
    dealerName: row.dealerName,
    jiaoJieRenIds: u.jiaoJieRenIds,
    isAdmin: u.isAdmin,
    duoYuYanType,
  };
}

let dummyHash: Promise<string> | undefined;

/** The lockout of an app (per database, as the session cache): pairs of account and client address. */
const lockouts = new WeakMap<object, LoginLockout>();
export function lockoutOf(ctx: AppContext): LoginLockout {
  let l = lockouts.get(ctx.db);
  if (!l) lockouts.set(ctx.db, (l = new LoginLockout({ after: ctx.config.loginLockAfter, baseMs: FIRST_LOCK_MS, maxMs: ctx.config.loginLockMs })));
  return l;
}
const lockedError = (ms: number) => new AppError(429, 'auth.lockedFor', { minutes: Math.max(1, Math.ceil(ms / 60_000)) });

/**
 * Checks a username and password from a client address. Unknown users spend the same scrypt
 * time and count towards a lock exactly as known ones (the answers do not tell which accounts
 * exist); `loginLockAfter` failures in a row lock that (account, address) pair, with backoff (429).
 */
export async function login(ctx: AppContext, username: string, password: string, kind: 'employee' | 'dealer', address: string): Promise<SessionValues> {
  const lockout = lockoutOf(ctx);
  const wait = lockout.lockedFor(username, address);
  if (wait > 0) throw lockedError(wait);
  // counted as a failure before the (slow) check, undone by a success: guesses sent at once see
  // each other, so no more than `loginLockAfter` of them are ever judged
  const lockMs = lockout.fail(username, address);
  const [u] = await ctx.db.select().from(users).where(eq(users.username, username)).limit(1);
  let good: boolean;
  if (!u) {
    dummyHash ??= hashPassword(DUMMY_HASH_INPUT, ctx.config.testMode);
    await verifyPassword('x', await dummyHash);
    good = false;
  } else good = await verifyPassword(password, u.passwordHash);
  if (!good || !u) {
    if (lockMs > 0) throw lockedError(lockMs);
    throw businessFailure('auth.badCredentials');
  }
  lockout.succeed(username, address);
  if (u.disabled) throw businessFailure('auth.disabled');
  if (u.kind !== kind) throw businessFailure(kind === 'dealer' ? 'auth.notDealer' : 'auth.notEmployee');
  if (ctx.maintenance.enabled && !u.isAdmin) throw new AppError(503, 'errors.maintenance', {}, { errorCode: -999999 });
  const { token } = await createSession(ctx.db, u.id, u.duoYuYanType, timeouts(ctx));
  return sessionValues(ctx, u.id, token, u.duoYuYanType);
}

const weak = (pw: string) => pw.length < 8 || !/[A-Za-z]/.test(pw) || !/[0-9]/.test(pw);

/** The user's own change: the old password is checked; every other session of theirs ends, this one stays. */
export async function changePassword(ctx: AppContext, me: SessionUser, oldPassword: string, newPassword: string) {
  const [u] = await ctx.db.select().from(users).where(eq(users.id, me.userId));
  if (!(await verifyPassword(oldPassword, u.passwordHash))) throw businessFailure('auth.badOldPassword');
  if (weak(newPassword)) throw businessFailure('auth.weakPassword');
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(newPassword, ctx.config.testMode), demoPassword: false })
    .where(eq(users.id, me.userId));
  await revokeUserSessions(ctx.db, me.userId, me.sessionId);
}

/** An administrator's reset (user init password): the new password is set, every session of the user ends and their locks are lifted. */
export async function resetPassword(ctx: AppContext, userId: string, newPassword: string) {
  if (weak(newPassword)) throw businessFailure('auth.weakPassword');
  const [u] = await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(newPassword, ctx.config.testMode), demoPassword: false })
    .where(eq(users.id, userId))
    .returning({ username: users.username });
  await revokeUserSessions(ctx.db, userId);
  // the new password signs in at once, from any address
  if (u) lockoutOf(ctx).forgetAccount(u.username);
}

/**
 * User init password (POST /emp/api/v2/user/initPassword, admin policy): field-level 422 for the
 * caller's own account (they use changePassword, which checks the old one), an unknown user or a
 * weak password; then resetPassword. Answers the target's username for the log line.
 */
export async function initPassword(ctx: AppContext, me: SessionUser, userId: string, newPassword: string, locale: Locale): Promise<string> {
  if (userId === me.userId) throw invalid([{ field: 'userId', code: 'self', message: t(locale, 'auth.initOwnPassword') }]);
  const [u] = await ctx.db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  if (!u) throw invalid([{ field: 'userId', code: 'unknown', message: t(locale, 'auth.unknownUser') }]);
  if (weak(newPassword)) throw invalid([{ field: 'newPassword', code: 'weak', message: t(locale, 'auth.weakPassword') }]);
  await resetPassword(ctx, userId, newPassword);
  return u.username;
}

/** Disabling a user revokes every session of theirs at once. */
export async function setUserDisabled(ctx: AppContext, userId: string, disabled: boolean) {
  await ctx.db.update(users).set({ disabled }).where(eq(users.id, userId));
  if (disabled) await revokeUserSessions(ctx.db, userId);
}

// ─── QR login ──────────────────────────────────────────────────────────────────────────────
const QR_TTL_MS = 120_000;

export async function newQrTicket(ctx: AppContext, origin: string) {
  const ticket = newToken();
  const expiresAt = new Date(Date.now() + QR_TTL_MS);
  await ctx.db.insert(qrTickets).values({ ticketHash: hashToken(ticket), expiresAt });
  const url = `${origin}/web/loginWx?ticket=${encodeURIComponent(ticket)}`;
  const qrDataUrl = await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { ticket, qrDataUrl, expiresAt: expiresAt.toISOString() };
}

export async function confirmQrTicket(ctx: AppContext, me: SessionUser, ticket: string) {
  const updated = await ctx.db
    .update(qrTickets)
    .set({ status: 'confirmed', userId: me.userId })
    .where(and(eq(qrTickets.ticketHash, hashToken(ticket)), eq(qrTickets.status, 'pending'), gt(qrTickets.expiresAt, sql`now()`)))
    .returning({ h: qrTickets.ticketHash });
  if (updated.length === 0) throw businessFailure('auth.qrExpired');
}

/** The desktop's poll: a confirmed ticket is consumed once and turns into a new session. */
export async function pollQrTicket(ctx: AppContext, ticket: string) {
  const h = hashToken(ticket);
  const consumed = await ctx.db
    .update(qrTickets)
    .set({ status: 'consumed' })
    .where(and(eq(qrTickets.ticketHash, h), eq(qrTickets.status, 'confirmed'), gt(qrTickets.expiresAt, sql`now()`)))
    .returning({ userId: qrTickets.userId });
  if (consumed[0]?.userId) {
    const [u] = await ctx.db.select().from(users).where(eq(users.id, consumed[0].userId));
    if (!u || u.disabled) return { status: 'expired' as const };
    const { token } = await createSession(ctx.db, u.id, u.duoYuYanType, timeouts(ctx));
    return { status: 'confirmed' as const, session: await sessionValues(ctx, u.id, token, u.duoYuYanType) };
  }
  const [row] = await ctx.db.select().from(qrTickets).where(eq(qrTickets.ticketHash, h));
  if (row && row.status === 'pending' && row.expiresAt.getTime() > Date.now()) return { status: 'pending' as const };
  return { status: 'expired' as const };
}
