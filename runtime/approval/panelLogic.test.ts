import { describe, expect, it } from 'vitest';
import {
  COMMENT_MAX,
  EMPTY_INPUT,
  actionRequest,
  approverEdits,
  commentRequired,
  offeredActions,
  openKeys,
  panelProblems,
  signatureRequired,
  type NodeRules,
  type PanelInput,
} from './panelLogic';

const input = (patch: Partial<PanelInput> = {}): PanelInput => ({ ...EMPTY_INPUT, ...patch });
const plain: NodeRules = { commentRequired: false, signatureRequired: false, picks: [] };
const strict: NodeRules = { commentRequired: true, signatureRequired: true, picks: [{ id: 'finance', name: '财务审批' }] };
const task = { id: 't1' } as never;

describe('offeredActions', () => {
  it('offers the allowed panel actions in a fixed order, none without a task', () => {
    expect(offeredActions({ myTask: task, allowedActions: ['urge', 'addSign', 'reject', 'approve', 'withdraw'] })).toEqual(['approve', 'reject', 'addSign']);
    expect(offeredActions({ myTask: null, allowedActions: ['approve', 'reject'] })).toEqual([]);
  });
});

describe('panelProblems', () => {
  it('approve on a plain node needs nothing', () => {
    expect(panelProblems('approve', input(), plain)).toEqual([]);
    expect(panelProblems('approve', input(), null)).toEqual([]);
  });
  it('reject and return always need a comment; blanks do not count', () => {
    expect(panelProblems('reject', input(), plain)).toEqual(['commentRequired']);
    expect(panelProblems('reject', input({ comment: '   ' }), plain)).toEqual(['commentRequired']);
    expect(panelProblems('reject', input({ comment: '金额不符' }), plain)).toEqual([]);
    expect(panelProblems('return', input({ returnTo: 'applicant' }), plain)).toEqual(['commentRequired']);
    expect(commentRequired('reject', null)).toBe(true);
    expect(commentRequired('return', null)).toBe(true);
  });
  it('approve needs a comment and a signature where the node says so', () => {
    expect(commentRequired('approve', strict)).toBe(true);
    expect(signatureRequired('approve', strict)).toBe(true);
    expect(panelProblems('approve', input(), strict)).toEqual(['commentRequired', 'signatureRequired']);
    expect(panelProblems('approve', input({ comment: '同意', signature: 'data:image/png;base64,AAA' }), strict)).toEqual([]);
    // the signature is the approve's only: reject and transfer on the same node need none
    expect(signatureRequired('reject', strict)).toBe(false);
    expect(commentRequired('transfer', strict)).toBe(false);
    expect(panelProblems('transfer', input({ toUser: 'u2' }), strict)).toEqual([]);
  });
  it('return needs a target', () => {
    expect(panelProblems('return', input({ comment: '补充发票' }), plain)).toEqual(['returnTargetRequired']);
    expect(panelProblems('return', input({ comment: '补充发票', returnTo: 'leader' }), plain)).toEqual([]);
  });
  it('transfer and delegate need a user; add-sign at least one', () => {
    expect(panelProblems('transfer', input(), plain)).toEqual(['userRequired']);
    expect(panelProblems('delegate', input(), plain)).toEqual(['userRequired']);
    expect(panelProblems('delegate', input({ toUser: 'u9' }), plain)).toEqual([]);
    expect(panelProblems('addSign', input(), plain)).toEqual(['usersRequired']);
    expect(panelProblems('addSign', input({ addSignUsers: ['u3'] }), plain)).toEqual([]);
  });
  it('a comment longer than the limit is refused on every action', () => {
    const long = 'x'.repeat(COMMENT_MAX + 1);
    expect(panelProblems('approve', input({ comment: long }), plain)).toEqual(['commentTooLong']);
    expect(panelProblems('reject', input({ comment: long }), plain)).toEqual(['commentTooLong']);
    expect(panelProblems('approve', input({ comment: 'x'.repeat(COMMENT_MAX) }), plain)).toEqual([]);
  });
});

describe('actionRequest', () => {
  const files = [{ id: 'f1', name: 'a.pdf', size: 1, type: 'application/pdf' }];
  it('approve: trimmed comment, attachment ids, signature, non-empty picks, edits', () => {
    const req = actionRequest(
      'approve',
      't1',
      input({ comment: ' 同意 ', attachments: files, signature: 'data:image/png;base64,S', picks: { finance: ['u5'], other: [] }, data: { beiZhu: 'x' } }),
    );
    expect(req).toEqual({
      name: 'approve',
      body: { taskId: 't1', comment: '同意', attachments: ['f1'], signature: 'data:image/png;base64,S', picks: { finance: ['u5'] }, data: { beiZhu: 'x' } },
    });
  });
  it('approve with nothing sends the task id only', () => {
    expect(actionRequest('approve', 't1', input({ comment: '  ', picks: { a: [] }, data: {} }))).toEqual({ name: 'approve', body: { taskId: 't1' } });
  });
  it('reject and return carry comment and attachments; return its target', () => {
    expect(actionRequest('reject', 't1', input({ comment: '不合规', attachments: files }))).toEqual({
      name: 'reject',
      body: { taskId: 't1', comment: '不合规', attachments: ['f1'] },
    });
    expect(actionRequest('return', 't1', input({ comment: '补充', returnTo: 'applicant' }))).toEqual({
      name: 'return',
      body: { taskId: 't1', to: 'applicant', comment: '补充' },
    });
  });
  it('transfer, delegate and add-sign: the users, never attachments or a signature', () => {
    const common = { comment: '请处理', attachments: files, signature: 'data:x' };
    expect(actionRequest('transfer', 't1', input({ ...common, toUser: 'u2' }))).toEqual({
      name: 'transfer',
      body: { taskId: 't1', to: 'u2', comment: '请处理' },
    });
    expect(actionRequest('delegate', 't1', input({ ...common, toUser: 'u3' }))).toEqual({
      name: 'delegate',
      body: { taskId: 't1', to: 'u3', comment: '请处理' },
    });
    expect(actionRequest('addSign', 't1', input({ ...common, addSignUsers: ['u4', 'u5'], addSignPosition: 'before' }))).toEqual({
      name: 'addSign',
      body: { taskId: 't1', users: ['u4', 'u5'], position: 'before', comment: '请处理' },
    });
  });
});

describe('approverEdits', () => {
  const perms = { beiZhu: 'editable', shenPiJinE: 'required', jinE: 'readonly', 'mingXi.shuLiang': 'editable', 'mingXi.danJia': 'readonly', yinCang: 'hidden' };
  it('opens a field, or the sub-form of an open column', () => {
    expect([...openKeys(perms)].sort()).toEqual(['beiZhu', 'mingXi', 'shenPiJinE']);
    expect(openKeys(null).size).toBe(0);
  });
  it('sends only the open fields that changed', () => {
    const stored = { beiZhu: '原', shenPiJinE: '100.00', jinE: '100.00', mingXi: [{ shuLiang: 1 }] };
    const values = { beiZhu: '改', shenPiJinE: '100.00', jinE: '999.00', mingXi: [{ shuLiang: 2 }], yinCang: 'x' };
    expect(approverEdits(values, stored, perms)).toEqual({ beiZhu: '改', mingXi: [{ shuLiang: 2 }] });
  });
  it('a value set where nothing was stored counts; undefined and null are the same', () => {
    expect(approverEdits({ beiZhu: 'x', shenPiJinE: null }, undefined, perms)).toEqual({ beiZhu: 'x' });
    expect(approverEdits({ beiZhu: 'x' }, { beiZhu: 'x' }, null)).toEqual({});
  });
});
