// Tests of approver resolution: every strategy on its own against a small organisation (a
// department tree with leaders, users with posts/roles/groups, an approver matrix), then the
// node rules (inactive and unknown users, duplicates, skipApplicant, onEmpty) and the reasons.
import { describe, expect, it } from 'vitest';
import { STRATEGIES, resolveNode, resolveStrategy, type ResolveInput } from './approvers';
import type { ApproverStrategy, ProcessNode } from './model';
import type { Directory, DirectoryUser } from './state';
import { translate } from '../locales';
import { LOCALES } from '../constants';

const user = (id: string, name: string, departmentId: string | null, more: Partial<DirectoryUser> = {}): DirectoryUser => ({
  id,
  username: name,
  name,
  departmentId,
  postCode: null,
  roleCodes: [],
  groupCodes: [],
  active: true,
  isAdmin: false,
  ...more,
});

// 总部 D00 (boss) ← 销售中心 D10 (xuqiang) ← 华东 D11 (lina) ; 财务部 D30 (no leader)
const directory: Directory = {
  users: {
    '1001': user('1001', 'zhangwei', 'd11', { postCode: 'P01', roleCodes: ['employee'], groupCodes: ['g1'] }),
    '1002': user('1002', 'lina', 'd11', { postCode: 'P03', roleCodes: ['employee', 'deptLeader'] }),
    '1011': user('1011', 'xuqiang', 'd10', { postCode: 'P04', groupCodes: ['g1', 'g2'] }),
    '1012': user('1012', 'sunli', 'd30', { postCode: 'P06', roleCodes: ['caiWuZhuGuan'] }),
    '1013': user('1013', 'machao', 'd30', { roleCodes: ['caiWuZhuGuan'], active: false }),
    '1000': user('1000', 'boss', 'd00', { postCode: 'P04' }),
    '9999': user('9999', 'admin', null, { isAdmin: true }),
  },
  departments: {
    d00: { id: 'd00', code: 'D00', name: '总部', parentId: null, leaderUserId: '1000' },
    d10: { id: 'd10', code: 'D10', name: '销售中心', parentId: 'd00', leaderUserId: '1011' },
    d11: { id: 'd11', code: 'D11', name: '华东大区销售部', parentId: 'd10', leaderUserId: '1002' },
    d30: { id: 'd30', code: 'D30', name: '财务部', parentId: 'd00', leaderUserId: null },
  },
  matrices: {
    quYuShenPiJuZhen: {
      code: 'quYuShenPiJuZhen',
      keys: ['jingXiaoShang', 'qvDao'],
      columns: ['quYuZongJian', 'caiWu'],
      rows: [
        { keys: { jingXiaoShang: '301', qvDao: 'KA' }, cells: { quYuZongJian: ['1011'], caiWu: ['1012'] } },
        { keys: { jingXiaoShang: '302', qvDao: 'KA' }, cells: { quYuZongJian: ['1000', '1011'] } },
        { keys: { jingXiaoShang: '302', qvDao: 'TT' }, cells: { quYuZongJian: ['1002'] } },
      ],
    },
  },
  adminUserId: '9999',
};

const node = (assignee: ApproverStrategy | undefined, more: Partial<ProcessNode> = {}): ProcessNode => ({
  id: 'n1',
  type: 'approve',
  name: { 'zh-CN': '审批' },
  ...(assignee ? { assignee } : {}),
  ...more,
});

const input = (assignee: ApproverStrategy | undefined, more: Partial<ResolveInput> = {}, nodeMore: Partial<ProcessNode> = {}): ResolveInput => ({
  node: node(assignee, nodeMore),
  data: {},
  applicantId: '1001',
  picks: {},
  directory,
  ...more,
});

const run = (s: ApproverStrategy, more: Partial<ResolveInput> = {}) => resolveStrategy(s, input(s, more));

describe('approver strategies', () => {
  it('users: the named users, in order', () => {
    expect(STRATEGIES.users({ kind: 'users', userIds: ['1012', '1002'] }, input(undefined))).toEqual({
      userIds: ['1012', '1002'],
      reason: { key: 'process.why.users', params: { count: 2 } },
    });
  });

  it('roles: members holding any of the roles', () => {
    const r = run({ kind: 'roles', roleCodes: ['deptLeader', 'caiWuZhuGuan'] });
    expect(r.userIds).toEqual(['1002', '1012', '1013']);
    expect(r.reason).toEqual({ key: 'process.why.roles', params: { roles: 'deptLeader、caiWuZhuGuan' } });
    expect(run({ kind: 'roles', roleCodes: ['nobody'] }).userIds).toEqual([]);
  });

  it('posts: holders of the posts', () => {
    expect(run({ kind: 'posts', postCodes: ['P04'] }).userIds).toEqual(['1000', '1011']);
    expect(run({ kind: 'posts', postCodes: ['P06', 'P01'] }).userIds).toEqual(['1001', '1012']);
  });

  it('deptMembers: members of the departments (by code or id)', () => {
    const r = run({ kind: 'deptMembers', deptCodes: ['D11', 'd30'] });
    expect(r.userIds).toEqual(['1001', '1002', '1012', '1013']);
    expect(r.reason.params).toEqual({ depts: '华东大区销售部、财务部' });
  });

  it("deptLeader: the applicant's department leader; a leader applicant gets the parent's leader", () => {
    expect(run({ kind: 'deptLeader' })).toEqual({ userIds: ['1002'], reason: { key: 'process.why.deptLeader', params: { dept: '华东大区销售部' } } });
    expect(run({ kind: 'deptLeader' }, { applicantId: '1002' })).toEqual({
      userIds: ['1011'],
      reason: { key: 'process.why.parentDeptLeader', params: { dept: '销售中心', own: '华东大区销售部' } },
    });
    expect(run({ kind: 'deptLeader' }, { applicantId: '1012' })).toEqual({ userIds: [], reason: { key: 'process.why.noLeader', params: { dept: '财务部' } } });
    expect(run({ kind: 'deptLeader' }, { applicantId: '9999' })).toEqual({ userIds: [], reason: { key: 'process.why.noDepartment' } });
    // the root's leader has no parent to go to
    expect(run({ kind: 'deptLeader' }, { applicantId: '1000' }).userIds).toEqual([]);
  });

  it('leaderChain: leaders up N levels in order, sequential, distinct', () => {
    const r = run({ kind: 'leaderChain', levels: 2 });
    expect(r).toEqual({
      userIds: ['1002', '1011'],
      sequential: true,
      reason: { key: 'process.why.leaderChain', params: { levels: 2, depts: '华东大区销售部、销售中心' } },
    });
    expect(run({ kind: 'leaderChain', levels: 10 }).userIds).toEqual(['1002', '1011', '1000']);
    expect(run({ kind: 'leaderChain', levels: 1 }).userIds).toEqual(['1002']);
    // a department without a leader is passed over; the chain goes on upward
    expect(run({ kind: 'leaderChain', levels: 2 }, { applicantId: '1012' }).userIds).toEqual(['1000']);
    // the same person leading two levels appears once
    const twice: Directory = { ...directory, departments: { ...directory.departments, d10: { ...directory.departments.d10, leaderUserId: '1002' } } };
    expect(run({ kind: 'leaderChain', levels: 3 }, { directory: twice }).userIds).toEqual(['1002', '1000']);
  });

  it('fieldDeptLeader: the leader of the department(s) in a field, any value shape, by id or code', () => {
    const s = { kind: 'fieldDeptLeader', field: 'chengDanBuMen' } as const;
    expect(run(s, { data: { chengDanBuMen: 'd10' } }).userIds).toEqual(['1011']);
    expect(run(s, { data: { chengDanBuMen: { id: 'D11', name: '华东' } } }).userIds).toEqual(['1002']);
    expect(run(s, { data: { chengDanBuMen: [{ id: 'd00' }, 'D10', 'nope'] } }).userIds).toEqual(['1000', '1011']);
    expect(run(s, { data: {} }).userIds).toEqual([]);
    expect(run(s, { data: { chengDanBuMen: 'd30' } })).toEqual({
      userIds: [],
      reason: { key: 'process.why.fieldDeptLeader', params: { field: 'chengDanBuMen', depts: '财务部' } },
    });
  });

  it('fieldUser: the user(s) in a field, any value shape, sub-form columns too', () => {
    const s = { kind: 'fieldUser', field: 'jingLi' } as const;
    expect(run(s, { data: { jingLi: '1011' } }).userIds).toEqual(['1011']);
    expect(run(s, { data: { jingLi: { id: '1012', name: '孙丽' } } }).userIds).toEqual(['1012']);
    expect(run(s, { data: { jingLi: [{ id: '1012' }, '1002'] } }).userIds).toEqual(['1012', '1002']);
    expect(run(s, { data: { jingLi: null } }).userIds).toEqual([]);
    expect(run({ kind: 'fieldUser', field: 'rows.who' }, { data: { rows: [{ who: '1002' }, { who: { id: '1011' } }, { x: 1 }] } }).userIds).toEqual([
      '1002',
      '1011',
    ]);
  });

  it('applicant', () => {
    expect(run({ kind: 'applicant' })).toEqual({ userIds: ['1001'], reason: { key: 'process.why.applicant' } });
  });

  it('applicantPicks / previousPicks: the picks of this node, within the candidates, one unless multiple', () => {
    const picks = { n1: ['1012', '1011'], other: ['1000'] };
    expect(run({ kind: 'applicantPicks' }, { picks })).toEqual({ userIds: ['1012'], reason: { key: 'process.why.applicantPicks', params: { count: 1 } } });
    expect(run({ kind: 'applicantPicks', multiple: true }, { picks }).userIds).toEqual(['1012', '1011']);
    expect(run({ kind: 'previousPicks', multiple: true, candidates: ['1011', '1000'] }, { picks }).userIds).toEqual(['1011']);
    expect(run({ kind: 'previousPicks' }, { picks }).reason.key).toBe('process.why.previousPicks');
    expect(run({ kind: 'previousPicks', candidates: ['1000'] }, { picks }).userIds).toEqual([]);
    expect(run({ kind: 'applicantPicks' }).userIds).toEqual([]);
  });

  it('groups: members of the user groups', () => {
    expect(run({ kind: 'groups', groupCodes: ['g1'] }).userIds).toEqual(['1001', '1011']);
    expect(run({ kind: 'groups', groupCodes: ['g2', 'g9'] }).userIds).toEqual(['1011']);
  });

  it('matrix: the rows whose every key equals the field value (pickers by id), the column cells', () => {
    const s: ApproverStrategy = { kind: 'matrix', matrix: 'quYuShenPiJuZhen', by: { jingXiaoShang: 'jingXiaoShang' }, column: 'quYuZongJian' };
    expect(run(s, { data: { jingXiaoShang: { id: '301', name: '上海华联' } } })).toEqual({
      userIds: ['1011'],
      reason: { key: 'process.why.matrix', params: { matrix: 'quYuShenPiJuZhen', column: 'quYuZongJian', values: '301' } },
    });
    // two rows of dealer 302 (both channels): both rows' cells
    expect(run(s, { data: { jingXiaoShang: '302' } }).userIds).toEqual(['1000', '1011', '1002']);
    const two: ApproverStrategy = { ...s, by: { jingXiaoShang: 'jingXiaoShang', qvDao: 'qd' } };
    expect(run(two, { data: { jingXiaoShang: { id: '302' }, qd: 'TT' } }).userIds).toEqual(['1002']);
    expect(run(two, { data: { jingXiaoShang: { id: '302' } } })).toEqual({
      userIds: [],
      reason: { key: 'process.why.matrixNoRow', params: { matrix: 'quYuShenPiJuZhen', values: '302, ' } },
    });
    // a number compares as its string; a missing column answers nobody
    expect(run(s, { data: { jingXiaoShang: 301 } }).userIds).toEqual(['1011']);
    expect(run({ ...s, column: 'caiWu' }, { data: { jingXiaoShang: '302' } }).userIds).toEqual([]);
    expect(run({ ...s, matrix: 'nope' }, { data: { jingXiaoShang: '301' } }).reason).toEqual({ key: 'process.why.matrixMissing', params: { matrix: 'nope' } });
  });

  it('expression: JSON Logic over the record answering a user id or a list', () => {
    const logic = { if: [{ '>': [{ var: 'jinE' }, 50000] }, ['1011', '1012'], { var: 'jingLi.id' }] };
    expect(run({ kind: 'expression', logic }, { data: { jinE: '60000.00' } }).userIds).toEqual(['1011', '1012']);
    expect(run({ kind: 'expression', logic }, { data: { jinE: '600.00', jingLi: { id: '1002' } } }).userIds).toEqual(['1002']);
    // a field the snapshot lacks reads as null; sub-form aggregates work
    expect(run({ kind: 'expression', logic }, { data: {} }).userIds).toEqual([]);
    const agg = { if: [{ '>': [{ colSum: ['mingXi', 'jinE'] }, 100] }, '1011', '1002'] };
    expect(run({ kind: 'expression', logic: agg }, { data: { mingXi: [{ jinE: '60' }, { jinE: '70' }] } }).userIds).toEqual(['1011']);
    // an operator outside the allowed set resolves nobody instead of throwing
    expect(run({ kind: 'expression', logic: { bogus: [1] } })).toEqual({ userIds: [], reason: { key: 'process.why.expressionFailed' } });
  });
});

describe('resolveNode: the node rules', () => {
  it('drops inactive and unknown users, removes duplicates keeping the order', () => {
    const r = resolveNode(input({ kind: 'users', userIds: ['1013', '1012', 'ghost', '1002', '1012'] }));
    expect(r).toEqual({ userIds: ['1012', '1002'], reason: { key: 'process.why.users', params: { count: 5 } } });
    expect(resolveNode(input({ kind: 'expression', logic: ['1002', 'ghost', '1002'] })).userIds).toEqual(['1002']);
  });

  it('skipApplicant removes the applicant only while someone else remains', () => {
    const s: ApproverStrategy = { kind: 'users', userIds: ['1001', '1002'] };
    expect(resolveNode(input(s, {}, { skipApplicant: true })).userIds).toEqual(['1002']);
    expect(resolveNode(input(s)).userIds).toEqual(['1001', '1002']);
    expect(resolveNode(input({ kind: 'applicant' }, {}, { skipApplicant: true })).userIds).toEqual(['1001']);
  });

  it('keeps leaderChain sequential', () => {
    expect(resolveNode(input({ kind: 'leaderChain', levels: 2 }))).toMatchObject({ userIds: ['1002', '1011'], sequential: true });
  });

  it('onEmpty: toAdmin by default, autoPass, autoReject, toUser (admin when that user is unknown)', () => {
    const nobody: ApproverStrategy = { kind: 'roles', roleCodes: ['nobody'] };
    expect(resolveNode(input(nobody))).toEqual({
      userIds: ['9999'],
      empty: 'toAdmin',
      reason: { key: 'process.why.empty.toAdmin', params: { roles: 'nobody', cause: 'process.why.roles' } },
    });
    expect(resolveNode(input(nobody, {}, { onEmpty: 'autoPass' }))).toMatchObject({
      userIds: [],
      empty: 'autoPass',
      reason: { key: 'process.why.empty.autoPass' },
    });
    expect(resolveNode(input(nobody, {}, { onEmpty: 'autoReject' }))).toMatchObject({ userIds: [], empty: 'autoReject' });
    expect(resolveNode(input(nobody, {}, { onEmpty: 'toUser', emptyUserId: '1012' }))).toMatchObject({
      userIds: ['1012'],
      empty: 'toUser',
      reason: { key: 'process.why.empty.toUser', params: { user: 'sunli' } },
    });
    expect(resolveNode(input(nobody, {}, { onEmpty: 'toUser', emptyUserId: 'ghost' }))).toMatchObject({ userIds: ['9999'], empty: 'toAdmin' });
    expect(resolveNode(input(nobody, {}, { onEmpty: 'toUser', emptyUserId: '1013' }))).toMatchObject({ userIds: ['9999'], empty: 'toAdmin' });
    // only inactive people found: empty too
    expect(resolveNode(input({ kind: 'users', userIds: ['1013'] }, {}, { onEmpty: 'autoPass' }))).toMatchObject({ userIds: [], empty: 'autoPass' });
    // no admin in the directory: nobody, still marked
    expect(resolveNode(input(nobody, { directory: { ...directory, adminUserId: null } }))).toMatchObject({ userIds: [], empty: 'toAdmin' });
    // no strategy at all
    expect(resolveNode(input(undefined, {}, { onEmpty: 'autoReject' }))).toMatchObject({
      empty: 'autoReject',
      reason: { params: { cause: 'process.why.noStrategy' } },
    });
  });

  it('a cc node copies whoever resolved; the empty rule does not apply', () => {
    expect(resolveNode(input({ kind: 'roles', roleCodes: ['nobody'] }, {}, { type: 'cc' }))).toEqual({
      userIds: [],
      reason: { key: 'process.why.roles', params: { roles: 'nobody' } },
    });
  });

  it('every reason has a message in every locale', () => {
    const keys = [
      'users',
      'roles',
      'posts',
      'deptMembers',
      'deptLeader',
      'parentDeptLeader',
      'noLeader',
      'noDepartment',
      'leaderChain',
      'fieldDeptLeader',
      'fieldUser',
      'applicant',
      'applicantPicks',
      'previousPicks',
      'groups',
      'matrix',
      'matrixNoRow',
      'matrixMissing',
      'expression',
      'expressionFailed',
      'noStrategy',
      'empty.autoPass',
      'empty.autoReject',
      'empty.toAdmin',
      'empty.toUser',
    ].map((k) => `process.why.${k}`);
    for (const l of LOCALES) for (const k of keys) expect(translate(l, 'schemas', k), `${l} ${k}`).not.toBe(k);
    expect(translate('zh-CN', 'schemas', 'process.why.deptLeader', { dept: '华东大区销售部' })).toBe('申请人所在部门「华东大区销售部」的负责人');
  });
});
