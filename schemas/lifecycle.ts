// The document lifecycle as data: the statuses a record passes through (the approval status
// codes of typeCodes.ts, `shenPiZhuangTai`), the actions that move it, and which action is
// allowed from which status. The server's save/delete and the approval engine ask
// `transition(status, action)`; the client's action buttons ask `isOffered`/`isEditable`;
// neither writes a status rule of its own.
import { APPROVAL_STATUS, FORM_MODES, type ApprovalStatusCode, type FormMode } from './typeCodes';

export type DocumentStatus = ApprovalStatusCode;

const S = {
  DRAFT: APPROVAL_STATUS.DRAFT.code,
  IN_APPROVAL: APPROVAL_STATUS.IN_APPROVAL.code,
  APPROVED: APPROVAL_STATUS.APPROVED.code,
  RETURNED: APPROVAL_STATUS.RETURNED.code,
  WITHDRAWN: APPROVAL_STATUS.WITHDRAWN.code,
  VOID: APPROVAL_STATUS.VOID.code,
} as const;

/** Every status, in code order. */
export const DOCUMENT_STATUSES: readonly DocumentStatus[] = Object.values(APPROVAL_STATUS).map((s) => s.code);

/** The statuses in which the owner may still change the document (save, submit). */
const OWNER_EDITABLE: readonly DocumentStatus[] = [S.DRAFT, S.RETURNED, S.WITHDRAWN];

export const LIFECYCLE_ACTIONS = ['create', 'save', 'submit', 'resubmit', 'withdraw', 'approve', 'return', 'reject', 'void', 'delete'] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

/** Who performs an action: the document's owner (creator, handover, admin), its approver, or either. */
export type Actor = 'owner' | 'approver';

export interface TransitionRule {
  /** the statuses the action is allowed from (`create`: none — the document does not exist yet) */
  readonly from: readonly DocumentStatus[];
  /** the status after the action; `'same'` keeps the current one */
  readonly to: DocumentStatus | 'same';
  readonly by: Actor;
  /** the document leaves (soft delete): its status is kept, it is no longer valid */
  readonly removes?: true;
  /** the statuses in which the client offers the action's button, when narrower than `from` */
  readonly offeredFrom?: readonly DocumentStatus[];
}

/**
 * The transitions. `create` makes a draft; `submit` (from a draft or a withdrawn document) and
 * `resubmit` (from a returned one) start approval; the approver `approve`s (final approval),
 * `return`s it to the owner (who edits it in mode 4, modify-on-return) or `reject`s it (ends
 * it: void); the owner may `withdraw` it while in approval; `void` ends a document that is not
 * in approval; `delete` soft-deletes, under the same rule as editing (a document in approval is
 * withdrawn first; an approved one is voided, not deleted).
 */
export const TRANSITIONS: Readonly<Record<LifecycleAction, TransitionRule>> = {
  create: { from: [], to: S.DRAFT, by: 'owner' },
  save: { from: OWNER_EDITABLE, to: 'same', by: 'owner' },
  submit: { from: [S.DRAFT, S.WITHDRAWN], to: S.IN_APPROVAL, by: 'owner' },
  resubmit: { from: [S.RETURNED], to: S.IN_APPROVAL, by: 'owner' },
  withdraw: { from: [S.IN_APPROVAL], to: S.WITHDRAWN, by: 'owner' },
  approve: { from: [S.IN_APPROVAL], to: S.APPROVED, by: 'approver' },
  return: { from: [S.IN_APPROVAL], to: S.RETURNED, by: 'approver' },
  reject: { from: [S.IN_APPROVAL], to: S.VOID, by: 'approver' },
  // a draft is deleted rather than voided: the list offers void on documents that went through approval
  void: { from: [S.DRAFT, S.RETURNED, S.WITHDRAWN, S.APPROVED], to: S.VOID, by: 'owner', offeredFrom: [S.RETURNED, S.WITHDRAWN, S.APPROVED] },
  delete: { from: OWNER_EDITABLE, to: 'same', by: 'owner', removes: true },
};

/**
 * A stored status as a lifecycle status: no status (null, '') is a draft (rows written before
 * the column had a default, and client rows without the field). Unknown codes stay as given
 * and allow nothing.
 */
export function statusOf(v: unknown): DocumentStatus {
  const s = v == null ? '' : String(v);
  return (s === '' ? S.DRAFT : s) as DocumentStatus;
}

export type TransitionResult =
  | { ok: true; action: LifecycleAction; from: DocumentStatus | null; to: DocumentStatus; removes: boolean }
  | { ok: false; action: LifecycleAction; from: DocumentStatus | null; reason: 'notAllowed' | 'unknownAction' };

/**
 * The status after `action` from `status` (null: the document does not exist yet — only
 * `create` applies), or a refusal.
 */
export function transition(status: DocumentStatus | string | null, action: LifecycleAction): TransitionResult {
  const rule = (TRANSITIONS as Record<string, TransitionRule | undefined>)[action];
  const from = status === null ? null : statusOf(status);
  if (!rule) return { ok: false, action, from, reason: 'unknownAction' };
  if (from === null) {
    return action === 'create' ? { ok: true, action, from, to: rule.to as DocumentStatus, removes: false } : { ok: false, action, from, reason: 'notAllowed' };
  }
  if (!rule.from.includes(from)) return { ok: false, action, from, reason: 'notAllowed' };
  return { ok: true, action, from, to: rule.to === 'same' ? from : rule.to, removes: !!rule.removes };
}

/** May the action be taken from this status? */
export function can(status: DocumentStatus | string | null, action: LifecycleAction): boolean {
  return transition(status, action).ok;
}

/** May the owner still change the document (save; submit or resubmit)? */
export function isEditable(status: unknown): boolean {
  return can(statusOf(status), 'save');
}

/** May the document be deleted (soft) in this status? */
export function isDeletable(status: unknown): boolean {
  return can(statusOf(status), 'delete');
}

/** Does the client offer the action's button on a document in this status? */
export function isOffered(status: unknown, action: LifecycleAction): boolean {
  const s = statusOf(status);
  const rule = TRANSITIONS[action];
  return can(s, action) && (!rule.offeredFrom || rule.offeredFrom.includes(s));
}

/** The submit action of a save from this status: `resubmit` for a returned document, else `submit`. */
export function submitActionOf(status: unknown): 'submit' | 'resubmit' {
  return statusOf(status) === S.RETURNED ? 'resubmit' : 'submit';
}

/**
 * The form mode an owner edits a document in: modify-on-return (4) for a returned document,
 * modify (1) otherwise. Null when the document is not editable (it opens in view).
 */
export function ownerEditMode(status: unknown): FormMode | null {
  if (!isEditable(status)) return null;
  return statusOf(status) === S.RETURNED ? FORM_MODES.MODIFY_ON_RETURN : FORM_MODES.MODIFY;
}
