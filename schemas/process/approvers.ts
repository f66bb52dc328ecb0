// Approver resolution: one pure function per strategy (schemas/process/model.ts
// APPROVER_STRATEGIES) over the record, the applicant, earlier picks and a directory snapshot,
// and one place (`resolveNode`) that applies the node's rules to what a strategy found: inactive
// or unknown users dropped, duplicates removed (first occurrence kept), the applicant removed
// (skipApplicant) while others remain, and the empty-approver rule (onEmpty, default toAdmin).
//
// Every answer carries a reason (`process.why.*` in the `schemas` i18n namespace, with params)
// that the dry-run and the history show. Strategies never throw: a value they cannot read
// resolves nobody, and the empty rule decides.
import type { ApproverStrategy, ApproverStrategyKind, ProcessNode } from './model';
import type { Directory, DirectoryDepartment, Resolution } from './state';
import { collectReferences } from '../expressions';
import { compileExpression, evaluate } from '../logic/expressions';

export interface ResolveInput {
  /** an approve or cc node */
  node: ProcessNode;
  /** the record's data (the instance's snapshot) */
  data: Record<string, unknown>;
  applicantId: string;
  /** picks so far (applicantPicks at submit, previousPicks at an approval): node id → user ids */
  picks: Readonly<Record<string, readonly string[]>>;
  directory: Directory;
}

/** What a strategy found, before the node's rules. */
export interface StrategyResult {
  userIds: string[];
  reason: Resolution['reason'];
  sequential?: boolean;
}

type StrategyOf<K extends ApproverStrategyKind> = Extract<ApproverStrategy, { kind: K }>;
export type StrategyFn<K extends ApproverStrategyKind> = (strategy: StrategyOf<K>, input: ResolveInput) => StrategyResult;

// ─── reading values ─────────────────────────────────────────────────────────────────────────

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A picker or plain value as the id it stands for: `{id, …}` → id, a string/number → itself. */
function idOf(v: unknown): string | null {
  if (typeof v === 'string') return v === '' ? null : v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (isRecord(v)) {
    const id = v.id;
    if (typeof id === 'string' && id !== '') return id;
    if (typeof id === 'number') return String(id);
  }
  return null;
}

/** The ids a value holds: one value or a list of them (`id`, `{id, …}`). */
function idsOf(v: unknown): string[] {
  const list = Array.isArray(v) ? v : [v];
  return list.map(idOf).filter((x): x is string => x !== null);
}

/** The value at a field path: `key`, or `subForm.column` (the column of every row, flattened). */
function valueAt(data: Record<string, unknown>, path: string): unknown {
  const [key, column] = path.split('.');
  const v = data[key];
  if (column === undefined) return v;
  if (!Array.isArray(v)) return [];
  return v.flatMap((row) => (isRecord(row) ? [row[column]].flat() : []));
}

const unique = <T>(xs: readonly T[]): T[] => [...new Set(xs)];

/** The users matching, in id order (ids are fixed-width: oldest first), whatever the snapshot's order. */
function usersWhere(directory: Directory, pred: (u: Directory['users'][string]) => boolean): string[] {
  return Object.values(directory.users)
    .filter(pred)
    .map((u) => u.id)
    .sort();
}

function departmentOfApplicant(input: ResolveInput): DirectoryDepartment | null {
  const deptId = input.directory.users[input.applicantId]?.departmentId;
  return deptId ? (input.directory.departments[deptId] ?? null) : null;
}

/** A department by id, or else by code. */
function findDepartment(directory: Directory, key: string): DirectoryDepartment | null {
  return directory.departments[key] ?? Object.values(directory.departments).find((d) => d.code === key) ?? null;
}

const parentOf = (directory: Directory, d: DirectoryDepartment) => (d.parentId ? (directory.departments[d.parentId] ?? null) : null);

const names = (xs: readonly string[]) => xs.join('、');

// ─── the strategies ─────────────────────────────────────────────────────────────────────────

const users: StrategyFn<'users'> = (s) => ({ userIds: [...s.userIds], reason: { key: 'process.why.users', params: { count: s.userIds.length } } });

const roles: StrategyFn<'roles'> = (s, { directory }) => ({
  userIds: usersWhere(directory, (u) => u.roleCodes.some((r) => s.roleCodes.includes(r))),
  reason: { key: 'process.why.roles', params: { roles: names(s.roleCodes) } },
});

const posts: StrategyFn<'posts'> = (s, { directory }) => ({
  userIds: usersWhere(directory, (u) => u.postCode !== null && s.postCodes.includes(u.postCode)),
  reason: { key: 'process.why.posts', params: { posts: names(s.postCodes) } },
});

const deptMembers: StrategyFn<'deptMembers'> = (s, { directory }) => {
  const depts = s.deptCodes.map((c) => findDepartment(directory, c)).filter((d): d is DirectoryDepartment => d !== null);
  const ids = new Set(depts.map((d) => d.id));
  return {
    userIds: usersWhere(directory, (u) => u.departmentId !== null && ids.has(u.departmentId)),
    reason: { key: 'process.why.deptMembers', params: { depts: names(depts.length ? depts.map((d) => d.name) : s.deptCodes) } },
  };
};

const deptLeader: StrategyFn<'deptLeader'> = (_s, input): StrategyResult => {
  const dept = departmentOfApplicant(input);
  if (!dept) return { userIds: [], reason: { key: 'process.why.noDepartment' } };
  if (dept.leaderUserId !== input.applicantId) {
    if (!dept.leaderUserId) return { userIds: [], reason: { key: 'process.why.noLeader', params: { dept: dept.name } } };
    return { userIds: [dept.leaderUserId], reason: { key: 'process.why.deptLeader', params: { dept: dept.name } } };
  }
  // the applicant leads their own department: the parent department's leader approves
  const parent = parentOf(input.directory, dept);
  if (!parent?.leaderUserId) return { userIds: [], reason: { key: 'process.why.noLeader', params: { dept: parent?.name ?? dept.name } } };
  return { userIds: [parent.leaderUserId], reason: { key: 'process.why.parentDeptLeader', params: { dept: parent.name, own: dept.name } } };
};

const leaderChain: StrategyFn<'leaderChain'> = (s, input) => {
  const ids: string[] = [];
  const depts: string[] = [];
  let dept = departmentOfApplicant(input);
  const seen = new Set<string>();
  for (let level = 0; level < s.levels && dept && !seen.has(dept.id); level++) {
    seen.add(dept.id);
    if (dept.leaderUserId && !ids.includes(dept.leaderUserId)) {
      ids.push(dept.leaderUserId);
      depts.push(dept.name);
    }
    dept = parentOf(input.directory, dept);
  }
  return { userIds: ids, sequential: true, reason: { key: 'process.why.leaderChain', params: { levels: s.levels, depts: names(depts) } } };
};

const fieldDeptLeader: StrategyFn<'fieldDeptLeader'> = (s, input) => {
  const depts = idsOf(valueAt(input.data, s.field))
    .map((k) => findDepartment(input.directory, k))
    .filter((d): d is DirectoryDepartment => d !== null);
  return {
    userIds: depts.map((d) => d.leaderUserId).filter((x): x is string => x !== null),
    reason: { key: 'process.why.fieldDeptLeader', params: { field: s.field, depts: names(depts.map((d) => d.name)) } },
  };
};

const fieldUser: StrategyFn<'fieldUser'> = (s, input) => ({
  userIds: idsOf(valueAt(input.data, s.field)),
  reason: { key: 'process.why.fieldUser', params: { field: s.field } },
});

const applicant: StrategyFn<'applicant'> = (_s, input) => ({ userIds: [input.applicantId], reason: { key: 'process.why.applicant' } });

/** A pick: picks[node.id], only the candidates when the node lists them, one person unless `multiple`. */
function picked(s: StrategyOf<'applicantPicks' | 'previousPicks'>, input: ResolveInput): StrategyResult {
  let ids = [...(input.picks[input.node.id] ?? [])];
  if (s.candidates) ids = ids.filter((id) => s.candidates!.includes(id));
  if (!s.multiple) ids = ids.slice(0, 1);
  const key = s.kind === 'applicantPicks' ? 'process.why.applicantPicks' : 'process.why.previousPicks';
  return { userIds: ids, reason: { key, params: { count: ids.length } } };
}

const groups: StrategyFn<'groups'> = (s, { directory }) => ({
  userIds: usersWhere(directory, (u) => u.groupCodes.some((g) => s.groupCodes.includes(g))),
  reason: { key: 'process.why.groups', params: { groups: names(s.groupCodes) } },
});

const matrix: StrategyFn<'matrix'> = (s, input): StrategyResult => {
  const m = input.directory.matrices[s.matrix];
  if (!m) return { userIds: [], reason: { key: 'process.why.matrixMissing', params: { matrix: s.matrix } } };
  const wanted = Object.entries(s.by).map(([column, field]) => [column, idsOf(valueAt(input.data, field))] as const);
  const rows = m.rows.filter((row) => wanted.every(([column, values]) => row.keys[column] !== undefined && values.includes(row.keys[column])));
  const values = wanted.map(([, v]) => v.join('/')).join(', ');
  if (rows.length === 0) return { userIds: [], reason: { key: 'process.why.matrixNoRow', params: { matrix: s.matrix, values } } };
  return {
    userIds: rows.flatMap((r) => [...(r.cells[s.column] ?? [])]),
    reason: { key: 'process.why.matrix', params: { matrix: s.matrix, column: s.column, values } },
  };
};

const expression: StrategyFn<'expression'> = (s, input) => {
  const reason = { key: 'process.why.expression' };
  // The definition was checked against its form when published; here the expression may read
  // any field it names (a field missing from the snapshot reads as null).
  const refs = collectReferences(s.logic);
  const fields = new Set([...Object.keys(input.data), ...refs.vars.map((v) => v.split('.')[0])]);
  const subForms = new Map<string, Set<string>>();
  for (const [k, v] of Object.entries(input.data)) {
    if (Array.isArray(v)) subForms.set(k, new Set(v.flatMap((row) => (isRecord(row) ? Object.keys(row) : []))));
  }
  for (const c of refs.columns) {
    const cols = subForms.get(c.subForm) ?? new Set<string>();
    if (c.column) cols.add(c.column);
    subForms.set(c.subForm, cols);
  }
  for (const k of subForms.keys()) fields.delete(k);
  try {
    const result = evaluate(compileExpression(s.logic, { fields, subForms }), input.data);
    return { userIds: idsOf(result), reason };
  } catch {
    return { userIds: [], reason: { key: 'process.why.expressionFailed' } };
  }
};

/** The strategies, by kind: each answers who its strategy names, before the node's rules. */
export const STRATEGIES: { readonly [K in ApproverStrategyKind]: StrategyFn<K> } = {
  users,
  roles,
  posts,
  deptMembers,
  deptLeader,
  leaderChain,
  fieldDeptLeader,
  fieldUser,
  applicant,
  applicantPicks: picked,
  previousPicks: picked,
  groups,
  matrix,
  expression,
};

/** Run one strategy (no node rules applied). */
export function resolveStrategy(strategy: ApproverStrategy, input: ResolveInput): StrategyResult {
  const fn = STRATEGIES[strategy.kind] as StrategyFn<ApproverStrategyKind>;
  return fn(strategy as never, input);
}

// ─── the node's rules ───────────────────────────────────────────────────────────────────────

/** Who a node's strategy names and why, after the node's rules (see the header). */
export function resolveNode(input: ResolveInput): Resolution {
  const { node, directory } = input;
  const found: StrategyResult = node.assignee ? resolveStrategy(node.assignee, input) : { userIds: [], reason: { key: 'process.why.noStrategy' } };
  let userIds = unique(found.userIds.filter((id) => directory.users[id]?.active === true));
  if (node.skipApplicant && userIds.includes(input.applicantId) && userIds.length > 1) userIds = userIds.filter((id) => id !== input.applicantId);
  const base: Resolution = { userIds, reason: found.reason };
  if (found.sequential) base.sequential = true;
  // a cc node copies whoever resolved; the empty rule is an approver node's
  if (userIds.length > 0 || node.type === 'cc') return base;

  const rule = node.onEmpty ?? 'toAdmin';
  const params: Record<string, string | number> = { ...found.reason.params, cause: found.reason.key };
  const admin = directory.adminUserId;
  const toAdmin = (): Resolution => ({ userIds: admin ? [admin] : [], reason: { key: 'process.why.empty.toAdmin', params }, empty: 'toAdmin' });
  switch (rule) {
    case 'autoPass':
    case 'autoReject':
      return { userIds: [], reason: { key: `process.why.empty.${rule}`, params }, empty: rule };
    case 'toUser': {
      const to = node.emptyUserId;
      if (to && directory.users[to]?.active)
        return { userIds: [to], reason: { key: 'process.why.empty.toUser', params: { ...params, user: directory.users[to].name } }, empty: 'toUser' };
      return toAdmin();
    }
    default:
      return toAdmin();
  }
}
