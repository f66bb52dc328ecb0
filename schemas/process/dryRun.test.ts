// Tests of the approver dry-run: the steps the engine takes for given values, with condition
// choices, skip/empty rules, cc, picks and parallel branches.
import { describe, expect, it } from 'vitest';
import { dryRun } from './dryRun';
import { DIRECTORY, N, U, graph, linear } from './testing';

const expenseFlow = () =>
  graph(
    [
      N.start(),
      N.approve('bm', { kind: 'deptLeader' }, { name: { 'zh-CN': '部门经理审批' } }),
      N.condition('c'),
      N.approve('dq', { kind: 'matrix', matrix: 'quYuShenPiJuZhen', by: { jingXiaoShang: 'jingXiaoShang' }, column: 'quYuZongJian' }),
      N.approve('cw', { kind: 'roles', roleCodes: ['caiWuZhuGuan'] }),
      N.cc('cs', { kind: 'applicant' }),
      N.end(),
    ],
    [
      ['start', 'bm'],
      ['bm', 'c'],
      ['c', 'dq', { condition: { '>': [{ var: 'shenQingJinE' }, 50000] }, priority: 1, label: '> 5万' }],
      ['c', 'cw'],
      ['dq', 'cw'],
      ['cw', 'cs'],
      ['cs', 'end'],
    ],
  );

describe('dryRun', () => {
  it('a big amount: department leader, the matrix director (condition matched), finance, cc, end', () => {
    const r = dryRun(expenseFlow(), { data: { shenQingJinE: '60000', jingXiaoShang: { id: 'dealer1' } }, applicantId: U.zhangwei, directory: DIRECTORY });
    expect(r.end).toBe('approved');
    expect(r.error).toBeUndefined();
    expect(r.steps.map((s) => [s.nodeId, s.outcome, s.approvers])).toEqual([
      ['bm', 'approve', [U.lina]],
      ['dq', 'approve', [U.xuqiang]],
      ['cw', 'approve', [U.sunli, U.chenjing]],
      ['cs', 'cc', [U.zhangwei]],
      ['end', 'end', []],
    ]);
    expect(r.steps[0]).toMatchObject({
      name: { 'zh-CN': '部门经理审批' },
      type: 'approve',
      method: 'any',
      approverNames: ['李娜'],
      reason: { key: 'process.why.deptLeader' },
    });
    expect(r.steps[1].condition).toEqual({ nodeId: 'c', edgeId: 'e3', label: '> 5万', matched: true });
  });

  it('a small amount takes the default edge', () => {
    const r = dryRun(expenseFlow(), { data: { shenQingJinE: '100' }, applicantId: U.zhangwei, directory: DIRECTORY });
    expect(r.steps.map((s) => s.nodeId)).toEqual(['bm', 'cw', 'cs', 'end']);
    expect(r.steps[1].condition).toEqual({ nodeId: 'c', edgeId: 'e4', matched: false });
  });

  it('skip, autoPass and autoReject show as outcomes', () => {
    const skip = dryRun(
      linear(N.approve('a', [U.lina]), N.approve('b', [U.lina], { skipIfApproved: true }), N.approve('g', [U.ghost], { onEmpty: 'autoPass' })),
      {
        data: {},
        applicantId: U.zhangwei,
        directory: DIRECTORY,
      },
    );
    expect(skip.steps.map((s) => s.outcome)).toEqual(['approve', 'skipped', 'autoPass', 'end']);
    const rejected = dryRun(linear(N.approve('g', [U.ghost], { onEmpty: 'autoReject' })), { data: {}, applicantId: U.zhangwei, directory: DIRECTORY });
    expect(rejected.end).toBe('rejected');
    expect(rejected.steps.map((s) => s.outcome)).toEqual(['autoReject']);
  });

  it('picks: missing → needsPick with the field; given → the picked people', () => {
    const def = linear(N.approve('a', { kind: 'applicantPicks' }), N.approve('b', { kind: 'previousPicks' }));
    expect(dryRun(def, { data: {}, applicantId: U.zhangwei, directory: DIRECTORY })).toEqual({
      steps: [],
      end: 'needsPick',
      error: { code: 'process.pickRequired', params: { node: 'a' }, field: 'picks.a' },
    });
    const half = dryRun(def, { data: {}, applicantId: U.zhangwei, picks: { a: [U.sunli] }, directory: DIRECTORY });
    expect(half.end).toBe('needsPick');
    expect(half.error?.field).toBe('picks.b');
    expect(half.steps.map((s) => [s.nodeId, s.approvers])).toEqual([['a', [U.sunli]]]);
    const full = dryRun(def, { data: {}, applicantId: U.zhangwei, picks: { a: [U.sunli], b: [U.lina] }, directory: DIRECTORY });
    expect(full.end).toBe('approved');
    expect(full.steps.map((s) => s.approvers)).toEqual([[U.sunli], [U.lina], []]);
  });

  it('parallel branches carry their branch', () => {
    const def = graph(
      [N.start(), N.parallel('p'), N.approve('x', [U.lina]), N.approve('y', [U.sunli]), N.join('j', 'p'), N.end()],
      [
        ['start', 'p'],
        ['p', 'x', { id: 'bx' }],
        ['p', 'y', { id: 'by' }],
        ['x', 'j'],
        ['y', 'j'],
        ['j', 'end'],
      ],
    );
    const r = dryRun(def, { data: {}, applicantId: U.zhangwei, directory: DIRECTORY });
    expect(r.end).toBe('approved');
    expect(r.steps.map((s) => [s.nodeId, s.branch])).toEqual([
      ['x', 'bx'],
      ['y', 'by'],
      ['end', ''],
    ]);
  });

  it('a broken graph: rejected with the refusal', () => {
    const def = linear(N.approve('a', [U.lina]));
    def.edges = def.edges.filter((e) => e.source !== 'a');
    const r = dryRun(def, { data: {}, applicantId: U.zhangwei, directory: DIRECTORY });
    expect(r.end).toBe('rejected');
    expect(r.error).toMatchObject({ code: 'process.badDefinition', params: { node: 'a' } });
    expect(r.steps.map((s) => s.nodeId)).toEqual(['a']);
  });
});
