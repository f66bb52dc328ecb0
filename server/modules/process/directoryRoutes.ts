// The organisation as the pickers see it (schemas/api/processDirectory.ts): `options` lists the
// roles, posts, departments, user groups and approver matrices an approver strategy can name
// (names in the caller's language where the table holds text per locale), `users` searches
// employee users by keyword (login or name, a LIKE wildcard typed is literal) or resolves ids.
// Any employee session (an approver picks a colleague to transfer to); a dealer gets 403.
// Also the batch-approval whitelist (schemas/api/processWhitelist.ts: list, add, remove; admin):
// the employees task/batch and the expense summary approval let through.
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { endpoints, pathOf, routeSchema } from '../../../schemas/api';
import type { LocalizedText } from '../../../schemas';
import type { Locale } from '../../../schemas/constants';
import type { DirectoryOptions, DirectoryUser } from '../../../schemas/api/processDirectory';
import type { WhitelistEntry } from '../../../schemas/api/processWhitelist';
import type { AppContext, SessionUser, TypedApp } from '../../context';
import type { DbOrTx } from '../../db/client';
import { approverMatrices, batchApprovers, departments, employees, posts, roles, userGroupMembers, userGroups, users } from '../../db/schema';
import { invalid, ok } from '../../lib/errors';
import { t } from '../../lib/i18n';

const E = endpoints.processDirectory;
const W = endpoints.processWhitelist;

/** The default and the ceiling of `users` without ids. */
export const USERS_DEFAULT_LIMIT = 20;

/** Text per locale (a jsonb name) in `locale`, else zh-CN, else the fallback. */
export function textIn(v: unknown, locale: Locale, fallback: string): string {
  if (typeof v === 'string') return v || fallback;
  if (v && typeof v === 'object') {
    const t = v as Partial<LocalizedText>;
    return t[locale] || t['zh-CN'] || fallback;
  }
  return fallback;
}

/** A keyword as a LIKE pattern "contains": `\`, `%` and `_` typed by the user are literal. */
export const containsPattern = (kw: string) => `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const columnsOf = (v: unknown): { key: string; name: string }[] =>
  Array.isArray(v)
    ? v
        .filter((c): c is { key: unknown; name?: unknown } => !!c && typeof c === 'object' && 'key' in c)
        .map((c) => ({ key: String(c.key), name: typeof c.name === 'string' && c.name ? c.name : String(c.key) }))
    : [];

export async function directoryOptions(db: DbOrTx, locale: Locale): Promise<DirectoryOptions> {
  const roleRows = await db.select({ code: roles.code, name: roles.name }).from(roles).where(eq(roles.portal, 'emp')).orderBy(asc(roles.code));
  const postRows = await db.select({ code: posts.code, name: posts.name }).from(posts).orderBy(asc(posts.sort), asc(posts.code));
  const deptRows = await db
    .select({ id: departments.id, code: departments.code, name: departments.name, parentId: departments.parentId, leaderId: departments.leaderId })
    .from(departments)
    .where(eq(departments.isActive, true))
    .orderBy(asc(departments.sort), asc(departments.code));
  // a department's leader is an employee: the answer names the user of that employee
  const leaderEmployees = [...new Set(deptRows.map((d) => d.leaderId).filter((x): x is string => !!x))];
  const userOfEmployee = new Map<string, string>();
  if (leaderEmployees.length) {
    const leaders = await db
      .select({ id: users.id, employeeId: users.employeeId })
      .from(users)
      .where(and(eq(users.kind, 'employee'), inArray(users.employeeId, leaderEmployees)))
      .orderBy(asc(users.disabled), asc(users.username));
    for (const u of leaders) if (u.employeeId && !userOfEmployee.has(u.employeeId)) userOfEmployee.set(u.employeeId, u.id);
  }
  const codeOfDept = new Map(deptRows.map((d) => [d.id, d.code]));
  const groupRows = await db
    .select({
      code: userGroups.code,
      name: userGroups.name,
      memberCount: sql<number>`(select count(*)::int from ${userGroupMembers} m where m.group_id = ${userGroups.id})`,
    })
    .from(userGroups)
    .orderBy(asc(userGroups.code));
  const matrixRows = await db
    .select({ code: approverMatrices.code, name: approverMatrices.name, keys: approverMatrices.keys, columns: approverMatrices.columns })
    .from(approverMatrices)
    .orderBy(asc(approverMatrices.code));
  return {
    roles: roleRows.map((r) => ({ code: r.code, name: textIn(r.name, locale, r.code) })),
    posts: postRows.map((p) => ({ code: p.code, name: p.name })),
    departments: deptRows.map((d) => ({
      code: d.code,
      name: d.name,
      parentCode: d.parentId ? (codeOfDept.get(d.parentId) ?? null) : null,
      leaderId: d.leaderId ? (userOfEmployee.get(d.leaderId) ?? null) : null,
    })),
    groups: groupRows.map((g) => ({ code: g.code, name: textIn(g.name, locale, g.code), memberCount: Number(g.memberCount) })),
    matrices: matrixRows.map((m) => ({ code: m.code, name: textIn(m.name, locale, m.code), keys: columnsOf(m.keys), columns: columnsOf(m.columns) })),
  };
}

export interface UserQuery {
  keyword?: string;
  ids?: readonly string[];
  limit?: number;
}

/**
 * Employee users: by `ids` (every one found, no limit but the ids'), or by `keyword` on the
 * login or the display name (case-insensitive, at most `limit`); active users first, then by login.
 */
export async function directoryUsers(db: DbOrTx, q: UserQuery): Promise<DirectoryUser[]> {
  const conds: (SQL | undefined)[] = [eq(users.kind, 'employee')];
  const keyword = q.keyword?.trim();
  if (keyword) {
    const pattern = containsPattern(keyword);
    conds.push(or(ilike(users.username, pattern), ilike(users.displayName, pattern)));
  }
  const ids = q.ids ? [...new Set(q.ids)] : undefined;
  if (ids) {
    if (!ids.length) return [];
    conds.push(inArray(users.id, ids));
  }
  const inactive = sql<boolean>`(${users.disabled} or coalesce(${employees.isActive}, true) = false)`;
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.displayName,
      deptName: departments.name,
      postName: posts.name,
      inactive,
    })
    .from(users)
    .leftJoin(employees, eq(employees.id, users.employeeId))
    .leftJoin(departments, eq(departments.id, employees.departmentId))
    .leftJoin(posts, eq(posts.id, employees.postId))
    .where(and(...conds))
    .orderBy(inactive, asc(users.username))
    .limit(ids ? ids.length : (q.limit ?? USERS_DEFAULT_LIMIT));
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    name: r.name,
    deptName: r.deptName ?? null,
    postName: r.postName ?? null,
    active: !r.inactive,
  }));
}

// ─── the batch-approval whitelist ────────────────────────────────────────────────────────────
export async function listWhitelist(db: DbOrTx, q: { page: number; limit: number; keyword?: string }) {
  const keyword = q.keyword?.trim();
  const where = keyword ? or(ilike(users.username, containsPattern(keyword)), ilike(users.displayName, containsPattern(keyword))) : undefined;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(batchApprovers)
    .innerJoin(users, eq(users.id, batchApprovers.userId))
    .where(where);
  const rows = await db
    .select({
      userId: users.id,
      username: users.username,
      name: users.displayName,
      deptName: departments.name,
      postName: posts.name,
      disabled: users.disabled,
      employeeActive: employees.isActive,
      addedBy: batchApprovers.addedBy,
      addedAt: batchApprovers.addedAt,
    })
    .from(batchApprovers)
    .innerJoin(users, eq(users.id, batchApprovers.userId))
    .leftJoin(employees, eq(employees.id, users.employeeId))
    .leftJoin(departments, eq(departments.id, employees.departmentId))
    .leftJoin(posts, eq(posts.id, employees.postId))
    .where(where)
    .orderBy(asc(users.username))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    pageSize: q.limit,
    currentPage: q.page,
    totalRecord: n,
    rows: rows.map((r): WhitelistEntry => ({
      userId: r.userId,
      username: r.username,
      name: r.name,
      deptName: r.deptName ?? null,
      postName: r.postName ?? null,
      active: !r.disabled && r.employeeActive !== false,
      addedBy: r.addedBy ?? null,
      addedAt: r.addedAt.toISOString(),
    })),
  };
}

/** Adds active employee users (each unknown, disabled or dealer one: a field error); answers how many were new. */
export async function addToWhitelist(db: DbOrTx, me: SessionUser, userIds: readonly string[], locale: Locale) {
  const ids = [...new Set(userIds)];
  const found = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(employees, eq(employees.id, users.employeeId))
    .where(and(inArray(users.id, ids), eq(users.kind, 'employee'), eq(users.disabled, false), sql`coalesce(${employees.isActive}, true)`));
  const allowed = new Set(found.map((u) => u.id));
  const errors = userIds.flatMap((id, i) => (allowed.has(id) ? [] : [{ field: `userIds.${i}`, message: t(locale, 'processAdmin.unknownUser', { id }) }]));
  if (errors.length) throw invalid(errors);
  const added = await db
    .insert(batchApprovers)
    .values(ids.map((userId) => ({ userId, addedBy: me.username })))
    .onConflictDoNothing()
    .returning({ userId: batchApprovers.userId });
  return { added: added.length };
}

export async function removeFromWhitelist(db: DbOrTx, userIds: readonly string[]) {
  const removed = await db
    .delete(batchApprovers)
    .where(inArray(batchApprovers.userId, [...new Set(userIds)]))
    .returning({ userId: batchApprovers.userId });
  return { removed: removed.length };
}

export function directoryRoutes(app: TypedApp, ctx: AppContext) {
  const p = ctx.config.apiPrefix;
  const config = { policy: 'employee' as const };
  app.post(pathOf(E.options, p), { config, schema: routeSchema(E.options) }, async (req) => ok(await directoryOptions(ctx.db, req.locale)));
  app.post(pathOf(E.users, p), { config, schema: routeSchema(E.users) }, async (req) => {
    const b = req.body;
    return ok({ rows: await directoryUsers(ctx.db, { keyword: b.keyword, ids: b.ids, limit: b.limit }) });
  });

  const admin = { policy: 'admin' as const };
  app.post(pathOf(W.list, p), { config: admin, schema: routeSchema(W.list) }, async (req) => {
    const b = req.body ?? {};
    return ok(await listWhitelist(ctx.db, { page: b.page ?? 1, limit: b.limit ?? 20, keyword: b.keyword || undefined }));
  });
  app.post(pathOf(W.add, p), { config: admin, schema: routeSchema(W.add) }, async (req) =>
    ok(await addToWhitelist(ctx.db, req.auth!, req.body.userIds, req.locale)),
  );
  app.post(pathOf(W.remove, p), { config: admin, schema: routeSchema(W.remove) }, async (req) => ok(await removeFromWhitelist(ctx.db, req.body.userIds)));
}
