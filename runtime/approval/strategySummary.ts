// "Who approves" in words, for a node card, the diagram's tooltips and the designer's canvas:
// "部门负责人", "指定人员：李娜、徐强", "矩阵 区域审批矩阵 · 区域总监", "角色：财务主管" … Plain
// TypeScript (no React): the caller passes its `t` over the approval namespace and, when it has
// them, the names of the codes a strategy holds (else the codes show).
import type { ApproverStrategy, ProcessNode } from '../../schemas/process/model';
import type { DirectoryOptions, DirectoryUser } from '../../schemas/api/processDirectory';
import type { ApprovalT } from './i18n';

/** Display names of the codes and ids strategies name (any part may be missing). */
export interface StrategyNames {
  users?: Record<string, string>;
  roles?: Record<string, string>;
  posts?: Record<string, string>;
  depts?: Record<string, string>;
  groups?: Record<string, string>;
  /** matrix code → its name and its approver columns' names */
  matrices?: Record<string, { name: string; columns?: Record<string, string> }>;
  /** form field path → its label */
  fields?: Record<string, string>;
}

/** StrategyNames from the process directory's options and some users (processDirectory.options / users). */
export function namesFromDirectory(options?: Partial<DirectoryOptions>, users: readonly Pick<DirectoryUser, 'id' | 'name'>[] = []): StrategyNames {
  const byCode = (list: readonly { code: string; name: string }[] | undefined) => Object.fromEntries((list ?? []).map((x) => [x.code, x.name]));
  return {
    users: Object.fromEntries(users.map((u) => [u.id, u.name])),
    roles: byCode(options?.roles),
    posts: byCode(options?.posts),
    depts: byCode(options?.departments),
    groups: byCode(options?.groups),
    matrices: Object.fromEntries(
      (options?.matrices ?? []).map((m) => [m.code, { name: m.name, columns: Object.fromEntries(m.columns.map((c) => [c.key, c.name])) }]),
    ),
  };
}

/** The ids and codes of a strategy that need a name, by kind (to ask the directory for them). */
export function strategyRefs(strategy: ApproverStrategy | undefined): { users: string[]; codes: string[] } {
  if (!strategy) return { users: [], codes: [] };
  switch (strategy.kind) {
    case 'users':
      return { users: [...strategy.userIds], codes: [] };
    case 'applicantPicks':
    case 'previousPicks':
      return { users: [...(strategy.candidates ?? [])], codes: [] };
    case 'roles':
      return { users: [], codes: [...strategy.roleCodes] };
    case 'posts':
      return { users: [], codes: [...strategy.postCodes] };
    case 'deptMembers':
      return { users: [], codes: [...strategy.deptCodes] };
    case 'groups':
      return { users: [], codes: [...strategy.groupCodes] };
    case 'matrix':
      return { users: [], codes: [strategy.matrix] };
    default:
      return { users: [], codes: [] };
  }
}

const MAX_LISTED = 3;

function list(t: ApprovalT, codes: readonly string[], names: Record<string, string> | undefined): string {
  const shown = codes.slice(0, MAX_LISTED).map((c) => names?.[c] || c);
  const text = shown.join(t('diagram.listSeparator'));
  return codes.length > MAX_LISTED ? t('diagram.andMore', { list: text, count: codes.length }) : text;
}

/** Who a strategy resolves, in words. */
export function strategyText(strategy: ApproverStrategy | undefined, t: ApprovalT, names: StrategyNames = {}): string {
  if (!strategy) return t('diagram.strategy.none');
  const field = (path: string) => names.fields?.[path] || path;
  switch (strategy.kind) {
    case 'users':
      return t('diagram.strategy.users', { names: list(t, strategy.userIds, names.users) });
    case 'roles':
      return t('diagram.strategy.roles', { names: list(t, strategy.roleCodes, names.roles) });
    case 'posts':
      return t('diagram.strategy.posts', { names: list(t, strategy.postCodes, names.posts) });
    case 'deptMembers':
      return t('diagram.strategy.deptMembers', { names: list(t, strategy.deptCodes, names.depts) });
    case 'deptLeader':
      return t('diagram.strategy.deptLeader');
    case 'leaderChain':
      return t('diagram.strategy.leaderChain', { levels: strategy.levels });
    case 'fieldDeptLeader':
      return t('diagram.strategy.fieldDeptLeader', { field: field(strategy.field) });
    case 'fieldUser':
      return t('diagram.strategy.fieldUser', { field: field(strategy.field) });
    case 'applicant':
      return t('diagram.strategy.applicant');
    case 'applicantPicks':
    case 'previousPicks': {
      const base = strategy.kind === 'applicantPicks' ? t('diagram.strategy.applicantPicks') : t('diagram.strategy.previousPicks');
      const parts = [strategy.multiple ? base + t('diagram.strategy.multiple') : base];
      if (strategy.candidates?.length) parts.push(t('diagram.strategy.candidates', { names: list(t, strategy.candidates, names.users) }));
      return parts.join(t('diagram.partSeparator'));
    }
    case 'groups':
      return t('diagram.strategy.groups', { names: list(t, strategy.groupCodes, names.groups) });
    case 'matrix': {
      const m = names.matrices?.[strategy.matrix];
      return t('diagram.strategy.matrix', { matrix: m?.name || strategy.matrix, column: m?.columns?.[strategy.column] || strategy.column });
    }
    case 'expression':
      return t('diagram.strategy.expression');
  }
}

/** How an approve node's approvers decide, in words ('' for a single-approver default). */
export function methodText(node: Pick<ProcessNode, 'method' | 'ratio'>, t: ApprovalT): string {
  switch (node.method ?? 'any') {
    case 'any':
      return t('diagram.method.any');
    case 'all':
      return t('diagram.method.all');
    case 'ratio':
      return t('diagram.method.ratio', { ratio: node.ratio ?? 50 });
    case 'sequential':
      return t('diagram.method.sequential');
  }
}

/**
 * The summary line of a node: approve "who · method", cc "copy: who", the other types a short
 * description of what the node does.
 */
export function strategySummary(node: ProcessNode, t: ApprovalT, names: StrategyNames = {}): string {
  switch (node.type) {
    case 'approve':
      return [strategyText(node.assignee, t, names), methodText(node, t)].filter(Boolean).join(t('diagram.partSeparator'));
    case 'cc':
      return t('diagram.summary.cc', { who: strategyText(node.assignee, t, names) });
    case 'start':
      return t('diagram.summary.start');
    case 'condition':
      return t('diagram.summary.condition');
    case 'parallel':
      return t('diagram.summary.parallel');
    case 'join':
      return t('diagram.summary.join');
    case 'end':
      return t('diagram.summary.end');
  }
}
