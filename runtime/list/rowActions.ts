// Which row actions a user gets (spec §6): a record is the user's own when its creator is the
// login id or one of the handover people (jiaoJieRenIds); the administrator may act on all.
// View is always offered; modify and delete only on one's own records that are not in (or
// through) approval: no status, draft, returned or withdrawn. A returned record is modified in
// mode 4, any other in mode 1.
import { APPROVAL_STATUS, FORM_MODES, type FormMode } from '../../schemas';
import type { SessionUser } from '../engine';
import type { ListRow } from './columns';

export type RowAction = 'view' | 'modify' | 'delete';
export const ROW_ACTIONS: readonly RowAction[] = ['view', 'modify', 'delete'];

const EDITABLE_STATUS = new Set<string>(['', APPROVAL_STATUS.DRAFT.code, APPROVAL_STATUS.RETURNED.code, APPROVAL_STATUS.WITHDRAWN.code]);

export function handoverIds(user: SessionUser): string[] {
  const h = user.handoverIds;
  if (!h) return [];
  return (Array.isArray(h) ? h : h.split(',')).map((s) => s.trim()).filter(Boolean);
}

/** Is the row the user's own (creator or handover), or is the user the administrator? */
export function ownsRow(row: ListRow, user: SessionUser): boolean {
  if (user.isAdmin) return true;
  const creator = row.rowCreateId ? String(row.rowCreateId) : '';
  if (!creator) return false;
  return creator === user.id || handoverIds(user).includes(creator);
}

export function rowActions(row: ListRow, user: SessionUser, offered: readonly RowAction[] = ROW_ACTIONS): RowAction[] {
  const own = ownsRow(row, user);
  const editable = EDITABLE_STATUS.has(String(row.shenPiZhuangTai ?? ''));
  return offered.filter((a) => a === 'view' || (own && editable));
}

/** The form mode an action opens. */
export function modeOfAction(action: RowAction, row: ListRow): FormMode {
  if (action === 'modify') return String(row.shenPiZhuangTai ?? '') === APPROVAL_STATUS.RETURNED.code ? FORM_MODES.MODIFY_ON_RETURN : FORM_MODES.MODIFY;
  return FORM_MODES.VIEW;
}
