// Every history entry of an instance in words (the timeline): who did what, on which node, the
// specifics (returned to whom, transferred to whom, the signers added, who was copied …). Plain
// TypeScript; names of user ids in `detail` come from the caller's lookup.
import type { ApprovalT } from './i18n';
import type { HistoryRow } from './services';

export interface HistoryLookup {
  /** a user's display name (the id when unknown) */
  user: (id: string) => string;
  /** a node's name in the pinned definition (the id when unknown) */
  node: (id: string) => string;
}

export type HistoryTone = 'success' | 'error' | 'warning' | 'info' | 'system';

export interface HistoryText {
  /** the sentence: "李娜 同意", "徐强 退回给 申请人" */
  text: string;
  tone: HistoryTone;
  /** an entry the system made (node entered, auto rules, archive) rather than a person */
  system: boolean;
  /** a signature image (data URL) the approver gave, when any */
  signature: string | null;
}

/** History actions the timeline knows (anything else shows its code, never breaks). */
export const HISTORY_ACTIONS = [
  'start',
  'submit',
  'approve',
  'reject',
  'return',
  'resubmit',
  'withdraw',
  'transfer',
  'delegate',
  'addSign',
  'urge',
  'ccRead',
  'cc',
  'nodeEnter',
  'nodeDone',
  'skip',
  'autoPass',
  'autoReject',
  'archive',
  'remind',
  'timeout',
  'cancel',
] as const;

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const ids = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The user ids an entry's detail names (to ask the directory for their names). */
export function historyUserIds(rows: readonly HistoryRow[]): string[] {
  const out = new Set<string>();
  for (const r of rows) {
    const d: Record<string, unknown> = r.detail ?? {};
    for (const id of ids(d.users)) out.add(id);
    const to = str(d.to);
    if (to && (r.action === 'transfer' || r.action === 'delegate')) out.add(to);
  }
  return [...out];
}

export function describeHistory(row: HistoryRow, t: ApprovalT, lookup: HistoryLookup): HistoryText {
  const d: Record<string, unknown> = row.detail ?? {};
  const actor = row.actorName || (row.actorId ? lookup.user(row.actorId) : t('history.system'));
  const sep = t('diagram.listSeparator');
  const users = ids(d.users)
    .map((id) => lookup.user(id))
    .join(sep);
  const to = str(d.to);
  const person = (text: string, tone: HistoryTone): HistoryText => ({ text, tone, system: false, signature: null });
  const system = (text: string, tone: HistoryTone = 'system'): HistoryText => ({ text, tone, system: true, signature: null });
  switch (row.action) {
    case 'start':
    case 'submit':
      return person(t('history.action.start', { actor }), 'info');
    case 'approve':
      return { ...person(t('history.action.approve', { actor }), 'success'), signature: str(d.signature) };
    case 'reject':
      return person(t('history.action.reject', { actor }), 'error');
    case 'return':
      return person(
        to === 'applicant' || !to ? t('history.action.returnToApplicant', { actor }) : t('history.action.returnToNode', { actor, node: lookup.node(to) }),
        'warning',
      );
    case 'resubmit':
      return person(
        to && to !== 'start' ? t('history.action.resubmitToNode', { actor, node: lookup.node(to) }) : t('history.action.resubmitFromStart', { actor }),
        'info',
      );
    case 'withdraw':
      return person(row.taskId ? t('history.action.withdrawApproval', { actor }) : t('history.action.withdraw', { actor }), 'warning');
    case 'transfer':
      return person(t('history.action.transfer', { actor, to: to ? lookup.user(to) : '' }), 'info');
    case 'delegate':
      return person(t('history.action.delegate', { actor, to: to ? lookup.user(to) : '' }), 'info');
    case 'addSign': {
      const position = str(d.position);
      const where =
        position === 'before' ? t('history.addSign.before') : position === 'alongside' ? t('history.addSign.alongside') : t('history.addSign.after');
      return person(t('history.action.addSign', { actor, users, position: where }), 'info');
    }
    case 'urge':
      return person(users ? t('history.action.urgeUsers', { actor, users }) : t('history.action.urge', { actor }), 'info');
    case 'ccRead':
      return person(t('history.action.ccRead', { actor }), 'info');
    case 'cc':
      return system(users ? t('history.action.cc', { users }) : t('history.action.ccNobody'));
    case 'nodeEnter':
      return system(users ? t('history.action.nodeEnter', { users }) : t('history.action.nodeEnterNobody'));
    case 'nodeDone':
      return system(t('history.action.nodeDone'), 'success');
    case 'skip':
      return system(str(d.reason) === 'alreadyApproved' ? t('history.action.skipApproved') : t('history.action.skip'));
    case 'autoPass':
      return system(
        str(d.reason) === 'timeout' ? t('history.action.autoPassTimeout') : d.noApprover ? t('history.action.autoPassNobody') : t('history.action.autoPass'),
        'success',
      );
    case 'autoReject':
      return system(str(d.reason) === 'timeout' ? t('history.action.autoRejectTimeout') : t('history.action.autoRejectNobody'), 'error');
    case 'archive':
      return system(t('history.action.archive'), 'success');
    case 'remind':
      return system(t('history.action.remind', { count: typeof d.reminders === 'number' ? d.reminders : 1 }), 'warning');
    case 'timeout':
      return system(t('history.action.timeout'), 'warning');
    case 'cancel':
      return person(t('history.action.cancel', { actor }), 'error');
    default:
      return row.actorId || row.actorName
        ? person(t('history.action.other', { actor, action: row.action }), 'info')
        : system(t('history.action.otherSystem', { action: row.action }));
  }
}
