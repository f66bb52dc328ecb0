import { describe, expect, it } from 'vitest';
import { APPROVAL_STATUS, FORM_MODES } from './typeCodes';
import {
  DOCUMENT_STATUSES,
  LIFECYCLE_ACTIONS,
  TRANSITIONS,
  can,
  isDeletable,
  isEditable,
  isOffered,
  ownerEditMode,
  statusOf,
  submitActionOf,
  transition,
} from './lifecycle';

const { DRAFT, IN_APPROVAL, APPROVED, RETURNED, WITHDRAWN, VOID } = Object.fromEntries(Object.entries(APPROVAL_STATUS).map(([k, v]) => [k, v.code])) as Record<
  keyof typeof APPROVAL_STATUS,
  string
>;

describe('lifecycle', () => {
  it('uses the approval status codes of typeCodes and nothing else', () => {
    expect(DOCUMENT_STATUSES).toEqual(['0', '1', '2', '3', '4', '5']);
    for (const a of LIFECYCLE_ACTIONS) {
      const r = TRANSITIONS[a];
      for (const s of r.from) expect(DOCUMENT_STATUSES).toContain(s);
      if (r.to !== 'same') expect(DOCUMENT_STATUSES).toContain(r.to);
      for (const s of r.offeredFrom ?? []) expect(r.from).toContain(s);
    }
  });

  it('creates drafts; nothing else applies to a document that does not exist', () => {
    expect(transition(null, 'create')).toEqual({ ok: true, action: 'create', from: null, to: DRAFT, removes: false });
    for (const a of LIFECYCLE_ACTIONS.filter((x) => x !== 'create')) expect(can(null, a)).toBe(false);
    for (const s of DOCUMENT_STATUSES) expect(can(s, 'create')).toBe(false);
  });

  it('lets the owner save in draft, returned and withdrawn (the status stays), nothing else', () => {
    expect(DOCUMENT_STATUSES.filter(isEditable)).toEqual([DRAFT, RETURNED, WITHDRAWN]);
    expect(transition(RETURNED, 'save')).toMatchObject({ ok: true, to: RETURNED });
    expect(transition(IN_APPROVAL, 'save')).toMatchObject({ ok: false, reason: 'notAllowed' });
    // no status at all is a draft
    expect(statusOf(null)).toBe(DRAFT);
    expect(statusOf('')).toBe(DRAFT);
    expect(isEditable(undefined)).toBe(true);
    expect(isEditable('9')).toBe(false);
  });

  it('submits from every editable status into approval (a returned document resubmits)', () => {
    for (const s of [DRAFT, WITHDRAWN]) {
      expect(submitActionOf(s)).toBe('submit');
      expect(transition(s, 'submit')).toMatchObject({ ok: true, to: IN_APPROVAL });
    }
    expect(submitActionOf(RETURNED)).toBe('resubmit');
    expect(transition(RETURNED, 'resubmit')).toMatchObject({ ok: true, to: IN_APPROVAL });
    expect(can(RETURNED, 'submit')).toBe(false);
    for (const s of [IN_APPROVAL, APPROVED, VOID]) expect(can(s, submitActionOf(s))).toBe(false);
  });

  it('moves a document in approval: approve, return, reject, withdraw', () => {
    expect(transition(IN_APPROVAL, 'approve')).toMatchObject({ ok: true, to: APPROVED });
    expect(transition(IN_APPROVAL, 'return')).toMatchObject({ ok: true, to: RETURNED });
    expect(transition(IN_APPROVAL, 'reject')).toMatchObject({ ok: true, to: VOID });
    expect(transition(IN_APPROVAL, 'withdraw')).toMatchObject({ ok: true, to: WITHDRAWN });
    for (const s of DOCUMENT_STATUSES.filter((x) => x !== IN_APPROVAL)) {
      for (const a of ['approve', 'return', 'reject', 'withdraw'] as const) expect(can(s, a)).toBe(false);
    }
    expect(can(IN_APPROVAL, 'void')).toBe(false);
    expect(transition(APPROVED, 'void')).toMatchObject({ ok: true, to: VOID });
    expect(can(VOID, 'void')).toBe(false);
  });

  it('deletes under the editing rule: only where the owner can still edit (in approval: withdraw first; approved: void)', () => {
    expect(DOCUMENT_STATUSES.filter(isDeletable)).toEqual([DRAFT, RETURNED, WITHDRAWN]);
    expect(DOCUMENT_STATUSES.filter(isDeletable)).toEqual(DOCUMENT_STATUSES.filter(isEditable));
    expect(transition(RETURNED, 'delete')).toEqual({ ok: true, action: 'delete', from: RETURNED, to: RETURNED, removes: true });
    expect(transition(IN_APPROVAL, 'delete')).toMatchObject({ ok: false, reason: 'notAllowed' });
    expect(transition(APPROVED, 'delete')).toMatchObject({ ok: false, reason: 'notAllowed' });
    expect(DOCUMENT_STATUSES.filter((s) => isOffered(s, 'delete'))).toEqual([DRAFT, RETURNED, WITHDRAWN]);
    expect(DOCUMENT_STATUSES.filter((s) => isOffered(s, 'save'))).toEqual([DRAFT, RETURNED, WITHDRAWN]);
  });

  it('opens a returned document in modify-on-return, other editable ones in modify, the rest not at all', () => {
    expect(ownerEditMode(RETURNED)).toBe(FORM_MODES.MODIFY_ON_RETURN);
    expect(ownerEditMode(DRAFT)).toBe(FORM_MODES.MODIFY);
    expect(ownerEditMode(WITHDRAWN)).toBe(FORM_MODES.MODIFY);
    expect(ownerEditMode(null)).toBe(FORM_MODES.MODIFY);
    expect(ownerEditMode(IN_APPROVAL)).toBeNull();
    expect(ownerEditMode(APPROVED)).toBeNull();
  });

  it('refuses an unknown action', () => {
    expect(transition(DRAFT, 'fly' as never)).toMatchObject({ ok: false, reason: 'unknownAction' });
  });
});
