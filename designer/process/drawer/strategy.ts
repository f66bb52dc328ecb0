// The approver strategy picker's model: what each kind needs before it is a strategy, and the
// strategy a kind starts as when the admin picks it. Plain TypeScript (tested in strategy.test.ts).
import { APPROVER_STRATEGIES, type ApproverStrategy, type ApproverStrategyKind } from '../../../schemas/process/model';
import { NEW_EXPRESSION, expressionToLogic } from './model';

export { APPROVER_STRATEGIES };

/** Kinds that are a strategy as soon as they are picked (their settings have defaults). */
const READY: ReadonlySet<ApproverStrategyKind> = new Set(['deptLeader', 'leaderChain', 'applicant', 'applicantPicks', 'previousPicks', 'expression']);

/**
 * The strategy a kind starts as, or null when the admin must pick something first (users,
 * roles, posts, departments, groups, a form field, the matrix). `fields`: the one field a field
 * strategy would take when the form has exactly one of the right type.
 */
export function initialStrategy(kind: ApproverStrategyKind, onlyField?: string): ApproverStrategy | null {
  switch (kind) {
    case 'deptLeader':
    case 'applicant':
      return { kind };
    case 'leaderChain':
      return { kind, levels: 1 };
    case 'applicantPicks':
    case 'previousPicks':
      return { kind };
    case 'expression':
      return { kind, logic: expressionToLogic(NEW_EXPRESSION) };
    case 'fieldDeptLeader':
    case 'fieldUser':
      return onlyField ? { kind, field: onlyField } : null;
    default:
      return READY.has(kind) ? ({ kind } as ApproverStrategy) : null;
  }
}

/** The codes or ids a list strategy holds (users, roles, posts, departments, groups). */
export function listOf(s: ApproverStrategy | undefined): string[] {
  if (!s) return [];
  switch (s.kind) {
    case 'users':
      return s.userIds;
    case 'roles':
      return s.roleCodes;
    case 'posts':
      return s.postCodes;
    case 'deptMembers':
      return s.deptCodes;
    case 'groups':
      return s.groupCodes;
    default:
      return [];
  }
}

export type ListKind = 'users' | 'roles' | 'posts' | 'deptMembers' | 'groups';
export const LIST_KINDS: readonly ListKind[] = ['users', 'roles', 'posts', 'deptMembers', 'groups'];

/** A list strategy with these codes; null when the list is empty (a strategy needs at least one). */
export function listStrategy(kind: ListKind, codes: string[]): ApproverStrategy | null {
  if (codes.length === 0) return null;
  switch (kind) {
    case 'users':
      return { kind, userIds: codes };
    case 'roles':
      return { kind, roleCodes: codes };
    case 'posts':
      return { kind, postCodes: codes };
    case 'deptMembers':
      return { kind, deptCodes: codes };
    case 'groups':
      return { kind, groupCodes: codes };
  }
}

export interface MatrixDraft {
  matrix?: string;
  by: Record<string, string>;
  column?: string;
}

/** The matrix strategy once the matrix, a field for each of its key columns and the approver column are chosen. */
export function matrixStrategy(d: MatrixDraft, keys: readonly string[]): ApproverStrategy | null {
  if (!d.matrix || !d.column || keys.length === 0 || keys.some((k) => !d.by[k])) return null;
  return { kind: 'matrix', matrix: d.matrix, by: Object.fromEntries(keys.map((k) => [k, d.by[k]])), column: d.column };
}

/** Picks strategies: the optional candidates (undefined when none) and multiple. */
export function picksStrategy(kind: 'applicantPicks' | 'previousPicks', multiple: boolean, candidates: string[]): ApproverStrategy {
  return { kind, ...(multiple ? { multiple: true } : {}), ...(candidates.length ? { candidates } : {}) };
}
