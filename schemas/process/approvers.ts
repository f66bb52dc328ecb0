// Approver resolution: one pure function per strategy (schemas/process/model.ts
// APPROVER_STRATEGIES) over the record, the applicant, earlier picks and a directory snapshot,
// and one place (`resolveNode`) that applies the node's rules to what a strategy found: inactive
// users dropped, the applicant removed (skipApplicant) while others remain, duplicates removed,
// and the empty-approver rule (onEmpty).
// (Skeleton: the strategies are filled in by the model-checks work; `users` and `applicant` work.)
import type { ProcessNode } from './model';
import type { Directory, Resolution } from './state';

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

/** Who a node's strategy names and why, after the node's rules (see the header). */
export function resolveNode(input: ResolveInput): Resolution {
  const s = input.node.assignee;
  let userIds: string[] = [];
  if (s?.kind === 'users') userIds = [...s.userIds];
  else if (s?.kind === 'applicant') userIds = [input.applicantId];
  userIds = userIds.filter((id) => input.directory.users[id]?.active);
  if (userIds.length > 0) return { userIds, reason: { key: `process.why.${s?.kind ?? 'none'}` } };
  const admin = input.directory.adminUserId;
  return { userIds: admin ? [admin] : [], reason: { key: 'process.why.empty' }, empty: 'toAdmin' };
}
