// Engine tests: a submit → approve path through a node of each of the 14 approver strategies,
// resolved by resolveNode (approvers.ts) against the directory fixture of testing.ts.
import { describe, expect, it } from 'vitest';
import { APPROVER_STRATEGIES, type ApproverStrategy, type ApproverStrategyKind } from './model';
import { DEPT, N, Sim, U, linear } from './testing';

interface Case {
  strategy: ApproverStrategy;
  data?: Record<string, unknown>;
  picks?: Record<string, string[]>;
  expected: string[];
  sequential?: boolean;
}

const CASES: Record<ApproverStrategyKind, Case> = {
  users: { strategy: { kind: 'users', userIds: [U.sunli, U.ghost] }, expected: [U.sunli] },
  roles: { strategy: { kind: 'roles', roleCodes: ['caiWuZhuGuan'] }, expected: [U.sunli, U.chenjing] },
  posts: { strategy: { kind: 'posts', postCodes: ['quYuZongJian'] }, expected: [U.xuqiang] },
  deptMembers: { strategy: { kind: 'deptMembers', deptCodes: ['CW'] }, expected: [U.sunli, U.zhaolei, U.chenjing] },
  deptLeader: { strategy: { kind: 'deptLeader' }, expected: [U.lina] },
  leaderChain: { strategy: { kind: 'leaderChain', levels: 2 }, expected: [U.lina, U.wangfang], sequential: true },
  fieldDeptLeader: { strategy: { kind: 'fieldDeptLeader', field: 'dept' }, data: { dept: { id: DEPT.finance, name: '财务部' } }, expected: [U.sunli] },
  fieldUser: { strategy: { kind: 'fieldUser', field: 'reviewer' }, data: { reviewer: U.xuqiang }, expected: [U.xuqiang] },
  applicant: { strategy: { kind: 'applicant' }, expected: [U.zhangwei] },
  applicantPicks: { strategy: { kind: 'applicantPicks' }, picks: { n: [U.zhaolei] }, expected: [U.zhaolei] },
  previousPicks: { strategy: { kind: 'previousPicks' }, picks: { n: [U.chenjing] }, expected: [U.chenjing] },
  groups: { strategy: { kind: 'groups', groupCodes: ['reviewers'] }, expected: [U.zhaolei, U.chenjing] },
  matrix: {
    strategy: { kind: 'matrix', matrix: 'quYuShenPiJuZhen', by: { jingXiaoShang: 'jingXiaoShang' }, column: 'quYuZongJian' },
    data: { jingXiaoShang: { id: 'dealer1', name: '华东经销商' } },
    expected: [U.xuqiang],
  },
  expression: {
    strategy: { kind: 'expression', logic: { if: [{ '>': [{ var: 'amount' }, 100] }, U.sunli, U.lina] } },
    data: { amount: '500' },
    expected: [U.sunli],
  },
};

describe.each(APPROVER_STRATEGIES)('strategy %s', (kind) => {
  const c = CASES[kind];

  it.each(['all', 'any'] as const)('submit → approve (method %s) → approved', (method) => {
    const first = kind === 'previousPicks' ? [N.approve('first', [U.liuyang])] : [];
    const sim = new Sim(linear(...first, N.approve('n', c.strategy, { method }), N.approve('last', [U.admin])));
    sim.submit(c.data ?? {}, kind === 'applicantPicks' ? c.picks : undefined);
    if (kind === 'previousPicks') sim.approve(U.liuyang, { picks: c.picks });
    const run = sim.s.runs.find((r) => r.nodeId === 'n')!;
    expect(run.resolution?.userIds).toEqual(c.expected);
    expect(run.resolution?.reason.key).toBe(`process.why.${kind}`);
    const sequential = c.sequential === true;
    expect(run.method).toBe(sequential ? 'sequential' : method);
    expect(sim.pending().map((t) => t.assigneeId)).toEqual(sequential ? [c.expected[0]] : c.expected);
    const approvals = sequential || method === 'all' ? c.expected : [c.expected[0]];
    for (const u of approvals) sim.approve(u);
    expect(sim.active()).toEqual(['last']);
    sim.approve(U.admin);
    expect(sim.s.status).toBe('approved');
  });
});
