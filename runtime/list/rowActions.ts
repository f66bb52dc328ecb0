// Which row actions a user gets (spec §6): a record is the user's own when its creator is the
// login id or one of the handover people (jiaoJieRenIds); the administrator may act on all.
// View is always offered; modify and delete only on one's own records whose status offers them
// (schemas/lifecycle.ts: no status, draft, returned or withdrawn), void on one's own returned,
// withdrawn or approved documents. A returned record is
// modified in mode 4, any other in mode 1 (`ownerEditMode`).
import { FORM_MODES, isOffered, ownerEditMode, type FormMode, type LifecycleAction } from '../../schemas';
import type { SessionUser } from '../engine';
import type { ListRow } from './columns';

export type RowAction = 'view' | 'modify' | 'delete' | 'void';
export const ROW_ACTIONS: readonly RowAction[] = ['view', 'modify', 'delete', 'void'];

/** The lifecycle action behind each row action (view changes nothing). */
const LIFECYCLE_OF: Record<Exclude<RowAction, 'view'>, LifecycleAction> = { modify: 'save', delete: 'delete', void: 'void' };

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
  return offered.filter((a) => a === 'view' || (own && isOffered(row.shenPiZhuangTai, LIFECYCLE_OF[a])));
}

/** The form mode an action opens. */
export function modeOfAction(action: RowAction, row: ListRow): FormMode {
  if (action === 'modify') return ownerEditMode(row.shenPiZhuangTai) ?? FORM_MODES.MODIFY;
  return FORM_MODES.VIEW;
}
