// The approval panel's rules in plain TypeScript: which actions the caller's task offers, what
// each needs (comment, signature, target, users), the body each sends, and the approver's edits
// (only the fields the node opens, and only changed ones).
import type { FileRef } from '../../schemas';
import type { ActBody, ActName, InstanceDetail } from './services';

export const PANEL_ACTIONS = ['approve', 'reject', 'return', 'transfer', 'delegate', 'addSign'] as const;
export type PanelAction = (typeof PANEL_ACTIONS)[number];
export type AddSignPosition = 'before' | 'after' | 'alongside';
export const ADD_SIGN_POSITIONS: readonly AddSignPosition[] = ['before', 'after', 'alongside'];
export const COMMENT_MAX = 2000;

export interface PanelInput {
  comment: string;
  attachments: FileRef[];
  /** the handwritten signature (a PNG data URL), once confirmed */
  signature: string | null;
  /** pick node id → user ids (the approvers of previousPicks nodes that follow) */
  picks: Record<string, string[]>;
  /** return: 'applicant' or an earlier node id */
  returnTo: string | null;
  /** transfer / delegate: the user */
  toUser: string | null;
  /** add-sign: the users and where they go */
  addSignUsers: string[];
  addSignPosition: AddSignPosition;
  /** approve: the edited fields the node opens */
  data?: Record<string, unknown>;
}

export const EMPTY_INPUT: PanelInput = {
  comment: '',
  attachments: [],
  signature: null,
  picks: {},
  returnTo: null,
  toUser: null,
  addSignUsers: [],
  addSignPosition: 'after',
};

export type NodeRules = NonNullable<InstanceDetail['nodeRules']>;

export type PanelProblem = 'commentRequired' | 'commentTooLong' | 'signatureRequired' | 'returnTargetRequired' | 'userRequired' | 'usersRequired';

/** The panel actions the caller may take now, in a fixed order (none without an open task). */
export function offeredActions(detail: Pick<InstanceDetail, 'allowedActions' | 'myTask'>): PanelAction[] {
  if (!detail.myTask) return [];
  return PANEL_ACTIONS.filter((a) => detail.allowedActions.includes(a));
}

/** A comment is always required to reject and return; to approve when the node says so. */
export function commentRequired(action: PanelAction, rules: NodeRules | null): boolean {
  if (action === 'reject' || action === 'return') return true;
  return action === 'approve' && !!rules?.commentRequired;
}

export function signatureRequired(action: PanelAction, rules: NodeRules | null): boolean {
  return action === 'approve' && !!rules?.signatureRequired;
}

/** Which actions take attachments (the contract's bodies: approve, reject, return). */
export function takesAttachments(action: PanelAction): boolean {
  return action === 'approve' || action === 'reject' || action === 'return';
}

/** What is missing or wrong before the action may be sent (empty: ready). */
export function panelProblems(action: PanelAction, input: PanelInput, rules: NodeRules | null): PanelProblem[] {
  const out: PanelProblem[] = [];
  const comment = input.comment.trim();
  if (commentRequired(action, rules) && !comment) out.push('commentRequired');
  if (input.comment.length > COMMENT_MAX) out.push('commentTooLong');
  if (signatureRequired(action, rules) && !input.signature) out.push('signatureRequired');
  if (action === 'return' && !input.returnTo) out.push('returnTargetRequired');
  if ((action === 'transfer' || action === 'delegate') && !input.toUser) out.push('userRequired');
  if (action === 'addSign' && input.addSignUsers.length === 0) out.push('usersRequired');
  return out;
}

export type ActionRequest = { [A in ActName]: { name: A; body: ActBody<A> } }[ActName];

/** The request an action sends (check panelProblems first). */
export function actionRequest(action: PanelAction, taskId: string, input: PanelInput): ActionRequest {
  const comment = input.comment.trim();
  const withComment = comment ? { comment } : {};
  const files = takesAttachments(action) && input.attachments.length ? { attachments: input.attachments.map((f) => f.id) } : {};
  switch (action) {
    case 'approve': {
      const picks = Object.fromEntries(Object.entries(input.picks).filter(([, ids]) => ids.length > 0));
      return {
        name: 'approve',
        body: {
          taskId,
          ...withComment,
          ...files,
          ...(input.signature ? { signature: input.signature } : {}),
          ...(Object.keys(picks).length ? { picks } : {}),
          ...(input.data && Object.keys(input.data).length ? { data: input.data } : {}),
        },
      };
    }
    case 'reject':
      return { name: 'reject', body: { taskId, ...withComment, ...files } };
    case 'return':
      return { name: 'return', body: { taskId, to: input.returnTo ?? '', ...withComment, ...files } };
    case 'transfer':
      return { name: 'transfer', body: { taskId, to: input.toUser ?? '', ...withComment } };
    case 'delegate':
      return { name: 'delegate', body: { taskId, to: input.toUser ?? '', ...withComment } };
    case 'addSign':
      return { name: 'addSign', body: { taskId, users: [...input.addSignUsers], position: input.addSignPosition, ...withComment } };
  }
}

const OPEN = new Set(['editable', 'required']);

/** The top-level record keys the node's permissions open (a field, or columns of a sub-form). */
export function openKeys(fieldPermissions: Record<string, string> | null | undefined): Set<string> {
  const out = new Set<string>();
  for (const [path, p] of Object.entries(fieldPermissions ?? {})) if (OPEN.has(p)) out.add(path.split('.')[0]);
  return out;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The approver's edits to send with approve: the values of the keys the node opens that differ
 * from the stored record (the server refuses any other field).
 */
export function approverEdits(
  values: Record<string, unknown>,
  stored: Record<string, unknown> | undefined,
  fieldPermissions: Record<string, string> | null | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of openKeys(fieldPermissions)) {
    if (!(key in values)) continue;
    if (!same(values[key], stored?.[key])) out[key] = values[key];
  }
  return out;
}
