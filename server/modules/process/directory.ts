// The organisation snapshot approver strategies resolve against (schemas/process/state.ts
// Directory): every employee login with its employee's department, post code, role codes and
// group codes; every department with its leader's login; the approver matrices a definition
// uses; the administrator. Loaded once per step (a request may cache it in a DirectoryCache),
// never across requests: an org change is seen by the next step.
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { approverMatrices, approverMatrixRows, departments, employees, posts, roles, userGroupMembers, userGroups, userRoles, users } from '../../db/schema';
import type { Directory, DirectoryDepartment, DirectoryMatrix, DirectoryUser, ProcessDefinition } from '../../../schemas/process';

/** The matrix codes a definition's nodes name. */
export function matricesOf(def: ProcessDefinition | null): string[] {
  if (!def) return [];
  const out = new Set<string>();
  for (const n of def.nodes) if (n.assignee?.kind === 'matrix') out.add(n.assignee.matrix);
  return [...out];
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const keyList = (v: unknown): string[] =>
  Array.isArray(v) ? v.map((x) => (x && typeof x === 'object' && 'key' in x ? String((x as { key: unknown }).key) : String(x))) : [];

async function loadMatrices(db: DbOrTx, codes: readonly string[]): Promise<Record<string, DirectoryMatrix>> {
  if (codes.length === 0) return {};
  const ms = await db
    .select()
    .from(approverMatrices)
    .where(inArray(approverMatrices.code, [...codes]));
  const rs = await db
    .select()
    .from(approverMatrixRows)
    .where(inArray(approverMatrixRows.matrixCode, [...codes]))
    .orderBy(approverMatrixRows.sort);
  const out: Record<string, DirectoryMatrix> = {};
  for (const m of ms) {
    const rows = rs
      .filter((r) => r.matrixCode === m.code)
      .map((r) => {
        const keys: Record<string, string> = {};
        for (const [k, v] of Object.entries((r.keys ?? {}) as Record<string, unknown>)) keys[k] = v == null ? '' : String(v);
        const cells: Record<string, string[]> = {};
        for (const [k, v] of Object.entries((r.cells ?? {}) as Record<string, unknown>)) cells[k] = strings(v);
        return { keys, cells };
      });
    out[m.code] = { code: m.code, keys: keyList(m.keys), columns: keyList(m.columns), rows };
  }
  return out;
}

/** The directory for one step (the matrices of `def`, or of every code given). */
export async function loadDirectory(db: DbOrTx, def: ProcessDefinition | null, extraMatrices: readonly string[] = []): Promise<Directory> {
  const us = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.displayName,
      kind: users.kind,
      disabled: users.disabled,
      isAdmin: users.isAdmin,
      employeeId: users.employeeId,
      departmentId: employees.departmentId,
      employeeActive: employees.isActive,
      postCode: posts.code,
    })
    .from(users)
    .leftJoin(employees, eq(employees.id, users.employeeId))
    .leftJoin(posts, eq(posts.id, employees.postId))
    .where(eq(users.kind, 'employee'));
  const rolesOf = new Map<string, string[]>();
  for (const r of await db.select({ userId: userRoles.userId, code: roles.code }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId))) {
    rolesOf.set(r.userId, [...(rolesOf.get(r.userId) ?? []), r.code]);
  }
  const groupsOf = new Map<string, string[]>();
  for (const g of await db
    .select({ userId: userGroupMembers.userId, code: userGroups.code })
    .from(userGroupMembers)
    .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))) {
    groupsOf.set(g.userId, [...(groupsOf.get(g.userId) ?? []), g.code]);
  }
  const dir: Record<string, DirectoryUser> = {};
  const userOfEmployee = new Map<string, string>();
  let adminUserId: string | null = null;
  for (const u of us) {
    if (u.employeeId && !userOfEmployee.has(u.employeeId)) userOfEmployee.set(u.employeeId, u.id);
    if (u.isAdmin && !u.disabled && (!adminUserId || u.username === 'admin')) adminUserId = u.id;
    dir[u.id] = {
      id: u.id,
      username: u.username,
      name: u.name,
      departmentId: u.departmentId ?? null,
      postCode: u.postCode ?? null,
      roleCodes: rolesOf.get(u.id) ?? [],
      groupCodes: groupsOf.get(u.id) ?? [],
      active: !u.disabled && u.employeeActive !== false,
      isAdmin: u.isAdmin,
    };
  }
  const depts: Record<string, DirectoryDepartment> = {};
  for (const d of await db.select().from(departments)) {
    depts[d.id] = {
      id: d.id,
      code: d.code,
      name: d.name,
      parentId: d.parentId ?? null,
      leaderUserId: d.leaderId ? (userOfEmployee.get(d.leaderId) ?? null) : null,
    };
  }
  const matrices = await loadMatrices(db, [...new Set([...matricesOf(def), ...extraMatrices])]);
  return { users: dir, departments: depts, matrices, adminUserId };
}

/** Display names of users (history, lists), from a directory. */
export function nameOf(dir: Directory, userId: string | null | undefined): string | null {
  if (!userId) return null;
  return dir.users[userId]?.name ?? null;
}
