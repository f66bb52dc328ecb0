// Engine tests: the flow (conditions, parallel split/join, cc, skip and empty rules, picks),
// timeouts, return targets × resubmit rules, withdrawals, refusals with their codes, purity.
import { describe, expect, it } from 'vitest';
import { decide } from './engine';
import type { ProcessDefinition } from './model';
import type { InstanceState, ProcessAction } from './state';
import { DIRECTORY, N, Sim, U, effectsOf, graph, linear, makeEnv } from './testing';

const amountFlow = (): ProcessDefinition =>
  graph(
    [N.start(), N.condition('c'), N.approve('big', [U.xuqiang]), N.approve('mid', [U.wangfang]), N.approve('small', [U.lina]), N.end()],
    [
      ['start', 'c'],
      ['c', 'small'],
      ['c', 'mid', { condition: { '>': [{ var: 'shenQingJinE' }, 10000] }, priority: 2 }],
      ['c', 'big', { condition: { '>': [{ var: 'shenQingJinE' }, 50000] }, priority: 1 }],
      ['big', 'end'],
      ['mid', 'end'],
      ['small', 'end'],
    ],
  );

describe('conditions', () => {
  it.each([
    ['60000', 'big'],
    [60000, 'big'],
    ['50000.01', 'big'],
    ['50000', 'mid'],
    ['10000.5', 'mid'],
    ['100', 'small'],
    [null, 'small'],
  ])('amount %s goes to %s (priority order, then the default edge)', (amount, node) => {
    const sim = new Sim(amountFlow());
    sim.submit({ shenQingJinE: amount });
    expect(sim.active()).toEqual([node]);
    const cond = sim.s.runs.find((r) => r.nodeId === 'c');
    expect(cond?.outcome).toBe(sim.def.edges.find((e) => e.source === 'c' && e.target === node)?.id);
  });

  it('a condition that cannot be evaluated is false (the default edge is taken)', () => {
    const def = amountFlow();
    def.edges[2].condition = { nosuchop: [1] };
    def.edges[3].condition = { '>': [{ var: 'a.__proto__' }, 1] };
    const sim = new Sim(def);
    sim.submit({ shenQingJinE: '99999' });
    expect(sim.active()).toEqual(['small']);
  });

  it('a condition node without a default and no match refuses (badDefinition)', () => {
    const def = amountFlow();
    def.edges.splice(1, 1);
    const d = decide(def, null, { type: 'submit', by: U.zhangwei, data: { shenQingJinE: '1' } }, makeEnv());
    expect(d).toMatchObject({ ok: false, code: 'process.badDefinition' });
  });
});

describe('parallel split and join', () => {
  const parallel = () =>
    graph(
      [
        N.start(),
        N.parallel('p'),
        N.approve('x', [U.lina]),
        N.approve('y', [U.sunli]),
        N.cc('z', [U.chenjing]),
        N.join('j', 'p'),
        N.approve('after', [U.wangfang]),
        N.end(),
      ],
      [
        ['start', 'p'],
        ['p', 'x', { id: 'bx' }],
        ['p', 'y', { id: 'by' }],
        ['p', 'z', { id: 'bz' }],
        ['x', 'j'],
        ['y', 'j'],
        ['z', 'j'],
        ['j', 'after'],
        ['after', 'end'],
      ],
    );

  it('every branch starts; the join waits for all of them, then the main line goes on', () => {
    const sim = new Sim(parallel());
    sim.submit();
    expect(sim.active().sort()).toEqual(['x', 'y']);
    expect(sim.s.runs.find((r) => r.nodeId === 'x')?.branch).toBe('bx');
    expect(sim.s.joins.j).toEqual(['bz']);
    expect(sim.s.ccUserIds).toEqual([U.chenjing]);
    sim.approve(U.lina);
    expect(sim.s.joins.j.sort()).toEqual(['bx', 'bz']);
    expect(sim.active()).toEqual(['y']);
    sim.approve(U.sunli);
    expect(sim.active()).toEqual(['after']);
    const after = sim.s.runs.find((r) => r.nodeId === 'after');
    expect(after?.branch).toBe('');
    sim.approve(U.wangfang);
    expect(sim.s.status).toBe('approved');
  });

  it('a rejection in one branch ends the whole instance', () => {
    const sim = new Sim(parallel());
    sim.submit();
    sim.do({ type: 'reject', by: U.sunli, taskId: sim.taskOf(U.sunli).id, comment: 'no' });
    expect(sim.s.status).toBe('rejected');
    expect(sim.s.tasks.find((t) => t.assigneeId === U.lina)?.status).toBe('cancelled');
  });

  it('nested splits: branch paths, the inner join returns to the outer branch', () => {
    const def = graph(
      [
        N.start(),
        N.parallel('p'),
        N.parallel('q'),
        N.approve('a', [U.lina]),
        N.approve('b', [U.sunli]),
        N.join('jq', 'q'),
        N.approve('c', [U.wangfang]),
        N.join('jp', 'p'),
        N.end(),
      ],
      [
        ['start', 'p'],
        ['p', 'q', { id: 'o1' }],
        ['p', 'c', { id: 'o2' }],
        ['q', 'a', { id: 'i1' }],
        ['q', 'b', { id: 'i2' }],
        ['a', 'jq'],
        ['b', 'jq'],
        ['jq', 'jp'],
        ['c', 'jp'],
        ['jp', 'end'],
      ],
    );
    const sim = new Sim(def);
    sim.submit();
    expect(sim.s.runs.find((r) => r.nodeId === 'a')?.branch).toBe('o1/i1');
    sim.approve(U.lina);
    sim.approve(U.wangfang);
    expect(sim.s.status).toBe('running');
    sim.approve(U.sunli);
    expect(sim.s.status).toBe('approved');
    expect(sim.s.runs.filter((r) => r.nodeId === 'jq' && r.outcome === 'joined').map((r) => r.branch)).toEqual(['o1']);
  });
});

describe('broken graphs', () => {
  it('a loop of conditions stops with badDefinition instead of running forever', () => {
    const def = graph(
      [N.start(), N.condition('c1'), N.condition('c2'), N.end()],
      [
        ['start', 'c1'],
        ['c1', 'c2'],
        ['c2', 'c1'],
      ],
    );
    expect(decide(def, null, { type: 'submit', by: U.zhangwei, data: {} }, makeEnv())).toMatchObject({ ok: false, code: 'process.badDefinition' });
  });

  it('an edge to a node that does not exist, a join reached off its split', () => {
    const missing = linear(N.approve('a', [U.lina]));
    missing.edges[0].target = 'nowhere';
    expect(decide(missing, null, { type: 'submit', by: U.zhangwei, data: {} }, makeEnv())).toMatchObject({ ok: false, code: 'process.badDefinition' });
    const join = linear(N.join('j', 'p'));
    expect(decide(join, null, { type: 'submit', by: U.zhangwei, data: {} }, makeEnv())).toMatchObject({ ok: false, code: 'process.badDefinition' });
  });
});

describe('cc', () => {
  it('copies, notifies, moves on at once; a cc reader marks it read', () => {
    const sim = new Sim(linear(N.cc('copy', [U.chenjing, U.zhaolei]), N.approve('a', [U.lina])));
    const effects = sim.submit();
    expect(sim.s.ccUserIds).toEqual([U.chenjing, U.zhaolei]);
    expect(effectsOf(effects, 'notify')).toContainEqual({ type: 'notify', kind: 'cc', userIds: [U.chenjing, U.zhaolei] });
    expect(effectsOf(effects, 'history').map((e) => e.entry.action)).toContain('cc');
    expect(sim.active()).toEqual(['a']);
    const read = sim.do({ type: 'ccRead', by: U.chenjing });
    expect(effectsOf(read, 'history')[0].entry).toMatchObject({ action: 'ccRead', by: U.chenjing });
    expect(sim.try({ type: 'ccRead', by: U.lina })).toMatchObject({ ok: false, code: 'process.notCc' });
  });
});

describe('skip and empty rules', () => {
  it('skipIfApproved passes a node whose approvers all approved already; without it they approve again', () => {
    const sim = new Sim(linear(N.approve('a', [U.lina]), N.approve('b', [U.lina], { skipIfApproved: true }), N.approve('c', [U.lina])));
    sim.submit();
    sim.approve(U.lina);
    expect(sim.s.runs.find((r) => r.nodeId === 'b')).toMatchObject({ status: 'skipped', outcome: 'skip' });
    expect(sim.active()).toEqual(['c']);
    expect(effectsOf(sim.effects.at(-1)!, 'history').map((e) => e.entry.action)).toContain('skip');
  });

  it.each([
    ['autoPass', 'approved'],
    ['autoReject', 'rejected'],
  ] as const)('onEmpty %s', (onEmpty, status) => {
    const sim = new Sim(linear(N.approve('a', [U.ghost], { onEmpty })));
    const effects = sim.submit();
    expect(sim.s.status).toBe(status);
    expect(effectsOf(effects, 'history').map((e) => e.entry.action)).toContain(onEmpty);
    expect(effectsOf(effects, 'lifecycle')).toEqual([{ type: 'lifecycle', action: status === 'approved' ? 'approve' : 'reject' }]);
  });

  it('onEmpty toAdmin / toUser: a task for the administrator / the named user (origin empty)', () => {
    const admin = new Sim(linear(N.approve('a', [U.ghost])));
    admin.submit();
    expect(admin.taskOf(U.admin).origin).toBe('empty');
    const named = new Sim(linear(N.approve('a', [U.ghost], { onEmpty: 'toUser', emptyUserId: U.sunli })));
    named.submit();
    expect(named.taskOf(U.sunli).origin).toBe('empty');
  });

  it('nobody at all (toAdmin without an administrator) passes with noApprover in the history', () => {
    const sim = new Sim(linear(N.approve('a', [U.ghost])), { ...DIRECTORY, adminUserId: null });
    const effects = sim.submit();
    expect(sim.s.status).toBe('approved');
    expect(effectsOf(effects, 'history').find((e) => e.entry.action === 'autoPass')?.entry.detail).toEqual({ noApprover: true });
  });
});

describe('picks', () => {
  it('applicantPicks: the submit must pick for a node on the path; the pick is the approver', () => {
    const def = linear(N.approve('a', { kind: 'applicantPicks' }));
    expect(decide(def, null, { type: 'submit', by: U.zhangwei, data: {} }, makeEnv())).toEqual({
      ok: false,
      code: 'process.pickRequired',
      params: { node: 'a' },
      field: 'picks.a',
    });
    const sim = new Sim(def);
    sim.submit({}, { a: [U.sunli] });
    expect(sim.taskOf(U.sunli).nodeId).toBe('a');
  });

  it('applicantPicks off the path (another condition branch) needs no pick', () => {
    const def = amountFlow();
    def.nodes[2] = N.approve('big', { kind: 'applicantPicks' });
    const sim = new Sim(def);
    sim.submit({ shenQingJinE: '1' });
    expect(sim.active()).toEqual(['small']);
    expect(decide(def, null, { type: 'submit', by: U.zhangwei, data: { shenQingJinE: '90000' } }, makeEnv())).toMatchObject({ code: 'process.pickRequired' });
  });

  it('previousPicks: the approve leading into the node must pick', () => {
    const sim = new Sim(linear(N.approve('a', [U.lina]), N.approve('b', { kind: 'previousPicks' })));
    sim.submit();
    const task = sim.taskOf(U.lina);
    expect(sim.try({ type: 'approve', by: U.lina, taskId: task.id })).toEqual({
      ok: false,
      code: 'process.pickRequired',
      params: { node: 'b' },
      field: 'picks.b',
    });
    sim.do({ type: 'approve', by: U.lina, taskId: task.id, picks: { b: [U.wangfang] } });
    expect(sim.s.picks.b).toEqual([U.wangfang]);
    expect(sim.taskOf(U.wangfang).nodeId).toBe('b');
  });
});

describe('timeouts', () => {
  it('remind: notify and history, dueAt moved on, no dueAt after maxReminders', () => {
    const sim = new Sim(linear(N.approve('a', [U.lina], { timeout: { hours: 24, action: 'remind', maxReminders: 2 } })));
    sim.submit();
    const t = sim.taskOf(U.lina);
    expect(t.dueAt).toBe('2026-03-03T08:00:00.000Z');
    sim.later(24 * 60);
    const first = sim.do({ type: 'timeout', taskId: t.id });
    expect(effectsOf(first, 'notify')).toEqual([{ type: 'notify', kind: 'remind', userIds: [U.lina], taskId: t.id }]);
    expect(effectsOf(first, 'history')[0].entry).toMatchObject({ action: 'remind', by: null });
    expect(sim.taskOf(U.lina).dueAt).toBe('2026-03-04T08:00:00.000Z');
    sim.later(24 * 60).do({ type: 'timeout', taskId: t.id });
    expect(sim.taskOf(U.lina).dueAt).toBeUndefined();
    expect(sim.taskOf(U.lina).reminders).toBe(2);
  });

  it('approve: the system approves (by null, autoPass) and the flow moves on', () => {
    const sim = new Sim(linear(N.approve('a', [U.lina], { timeout: { hours: 1, action: 'approve' } }), N.approve('b', [U.sunli])));
    sim.submit();
    const t = sim.taskOf(U.lina);
    const effects = sim.do({ type: 'timeout', taskId: t.id });
    expect(effectsOf(effects, 'history')[0].entry).toMatchObject({ action: 'autoPass', by: null, taskId: t.id });
    expect(sim.s.tasks.find((x) => x.id === t.id)).toMatchObject({ status: 'approved', doneBy: null });
    expect(sim.s.approvedBy).toEqual([]);
    expect(sim.active()).toEqual(['b']);
    // the applicant may still withdraw: no person acted
    sim.do({ type: 'withdraw', by: U.zhangwei });
    expect(sim.s.status).toBe('withdrawn');
  });

  it('reject: the instance is rejected', () => {
    const sim = new Sim(linear(N.approve('a', [U.lina], { timeout: { hours: 1, action: 'reject' } })));
    sim.submit();
    const effects = sim.do({ type: 'timeout', taskId: sim.taskOf(U.lina).id });
    expect(sim.s.status).toBe('rejected');
    expect(effectsOf(effects, 'lifecycle')).toEqual([{ type: 'lifecycle', action: 'reject' }]);
  });

  it('a late timer on a task no longer pending is a no-op success; an unknown task is refused', () => {
    const sim = new Sim(linear(N.approve('a', [U.lina], { timeout: { hours: 1, action: 'reject' } }), N.approve('b', [U.sunli])));
    sim.submit();
    const t = sim.taskOf(U.lina);
    sim.approve(U.lina);
    const before = structuredClone(sim.s);
    const d = decide(sim.def, sim.s, { type: 'timeout', taskId: t.id }, sim.env);
    expect(d).toEqual({ ok: true, state: before, effects: [] });
    expect(decide(sim.def, sim.s, { type: 'timeout', taskId: 'nope' }, sim.env)).toMatchObject({ ok: false, code: 'process.taskNotFound' });
  });
});

describe('return targets × resubmit rules', () => {
  const flow = (resubmit: 'start' | 'returningNode', targets: ('applicant' | 'previous' | 'any')[]) =>
    linear(
      N.approve('a', [U.lina]),
      N.approve('b', [U.wangfang]),
      N.approve('c', [U.xuqiang], { returnRule: { targets, resubmit } }),
      N.approve('d', [U.sunli]),
    );

  const toC = (sim: Sim) => {
    sim.submit({ v: 1 });
    sim.approve(U.lina);
    sim.approve(U.wangfang);
  };

  it.each(['start', 'returningNode'] as const)('to the applicant, resubmit %s', (rule) => {
    const sim = new Sim(flow(rule, ['applicant']));
    toC(sim);
    sim.do({ type: 'return', by: U.xuqiang, taskId: sim.taskOf(U.xuqiang).id, to: 'applicant', comment: '补充' });
    expect(sim.s.status).toBe('returned');
    expect(sim.try({ type: 'resubmit', by: U.lina, data: {} })).toMatchObject({ ok: false, code: 'process.notApplicant' });
    const effects = sim.do({ type: 'resubmit', by: U.zhangwei, data: { v: 2 }, comment: '已补充' });
    expect(effectsOf(effects, 'lifecycle')).toEqual([]);
    expect(effectsOf(effects, 'callback')).toEqual([{ type: 'callback', event: 'resubmitted' }]);
    expect(effectsOf(effects, 'history')[0].entry).toMatchObject({ action: 'resubmit', by: U.zhangwei, comment: '已补充' });
    expect(sim.s.data).toEqual({ v: 2 });
    expect(sim.s.round).toBe(2);
    expect(sim.active()).toEqual([rule === 'start' ? 'a' : 'c']);
    if (rule === 'start') {
      sim.approve(U.lina);
      sim.approve(U.wangfang);
    }
    sim.approve(U.xuqiang);
    sim.approve(U.sunli);
    expect(sim.s.status).toBe('approved');
  });

  it('previous: only the last approve node before this one', () => {
    const sim = new Sim(flow('start', ['previous']));
    toC(sim);
    const t = sim.taskOf(U.xuqiang);
    expect(sim.try({ type: 'return', by: U.xuqiang, taskId: t.id, to: 'a', comment: 'x' })).toMatchObject({ code: 'process.returnNotAllowed' });
    expect(sim.try({ type: 'return', by: U.xuqiang, taskId: t.id, to: 'applicant', comment: 'x' })).toMatchObject({ code: 'process.returnNotAllowed' });
    const effects = sim.do({ type: 'return', by: U.xuqiang, taskId: t.id, to: 'b', comment: '请复核' });
    expect(effectsOf(effects, 'lifecycle')).toEqual([]);
    expect(sim.s.status).toBe('running');
    expect(sim.active()).toEqual(['b']);
    sim.approve(U.wangfang);
    expect(sim.active()).toEqual(['c']);
  });

  it('any: any approve node done earlier in this round; the flow runs on from there', () => {
    const sim = new Sim(flow('start', ['any']));
    toC(sim);
    sim.do({ type: 'return', by: U.xuqiang, taskId: sim.taskOf(U.xuqiang).id, to: 'a', comment: '重新审' });
    expect(sim.active()).toEqual(['a']);
    sim.approve(U.lina);
    sim.approve(U.wangfang);
    expect(sim.active()).toEqual(['c']);
  });

  it('resubmit to a returning node inside a parallel branch goes through the start instead', () => {
    const def = graph(
      [
        N.start(),
        N.parallel('p'),
        N.approve('x', [U.lina], { returnRule: { targets: ['applicant'], resubmit: 'returningNode' } }),
        N.approve('y', [U.sunli]),
        N.join('j', 'p'),
        N.end(),
      ],
      [
        ['start', 'p'],
        ['p', 'x'],
        ['p', 'y'],
        ['x', 'j'],
        ['y', 'j'],
        ['j', 'end'],
      ],
    );
    const sim = new Sim(def);
    sim.submit();
    sim.approve(U.sunli);
    sim.do({ type: 'return', by: U.lina, taskId: sim.taskOf(U.lina).id, to: 'applicant', comment: 'x' });
    sim.do({ type: 'resubmit', by: U.zhangwei, data: {} });
    expect(sim.active().sort()).toEqual(['x', 'y']);
    sim.approve(U.lina);
    sim.approve(U.sunli);
    expect(sim.s.status).toBe('approved');
  });

  it('a resubmit through the start approves again (skipIfApproved starts afresh)', () => {
    const def = linear(N.approve('a', [U.lina]), N.approve('b', [U.lina], { skipIfApproved: true, returnRule: { targets: ['applicant'] } }));
    const sim = new Sim(def);
    sim.submit();
    sim.approve(U.lina);
    expect(sim.active()).toEqual([]);
    const def2 = linear(
      N.approve('a', [U.lina]),
      N.approve('b', [U.sunli], { returnRule: { targets: ['applicant'] } }),
      N.approve('c', [U.lina], { skipIfApproved: true }),
    );
    const again = new Sim(def2);
    again.submit();
    again.approve(U.lina);
    again.do({ type: 'return', by: U.sunli, taskId: again.taskOf(U.sunli).id, to: 'applicant', comment: 'x' });
    again.do({ type: 'resubmit', by: U.zhangwei, data: {} });
    expect(again.s.approvedBy).toEqual([]);
    again.approve(U.lina);
    again.approve(U.sunli);
    expect(again.s.runs.filter((r) => r.nodeId === 'c').map((r) => r.outcome)).toEqual(['skip']);
    expect(again.s.status).toBe('approved');
  });

  it('return to a node with skipIfApproved activates it anyway', () => {
    const def = linear(N.approve('a', [U.lina], { skipIfApproved: true }), N.approve('b', [U.wangfang], { returnRule: { targets: ['previous'] } }));
    const sim = new Sim(def);
    sim.submit();
    sim.approve(U.lina);
    sim.do({ type: 'return', by: U.wangfang, taskId: sim.taskOf(U.wangfang).id, to: 'a', comment: 'x' });
    expect(sim.active()).toEqual(['a']);
  });

  it('no return rule: no return at all; a return needs a comment', () => {
    const sim = new Sim(linear(N.approve('a', [U.lina])));
    sim.submit();
    const t = sim.taskOf(U.lina);
    expect(sim.try({ type: 'return', by: U.lina, taskId: t.id, to: 'applicant', comment: 'x' })).toMatchObject({ code: 'process.returnNotAllowed' });
    expect(sim.try({ type: 'return', by: U.lina, taskId: t.id, to: 'applicant' })).toMatchObject({ code: 'process.commentRequired' });
  });

  it('earlier rounds do not count as targets', () => {
    const sim = new Sim(flow('returningNode', ['applicant', 'any']));
    toC(sim);
    sim.do({ type: 'return', by: U.xuqiang, taskId: sim.taskOf(U.xuqiang).id, to: 'applicant', comment: 'x' });
    sim.do({ type: 'resubmit', by: U.zhangwei, data: {} });
    expect(sim.try({ type: 'return', by: U.xuqiang, taskId: sim.taskOf(U.xuqiang).id, to: 'a', comment: 'x' })).toMatchObject({
      code: 'process.returnNotAllowed',
    });
  });
});

describe('withdraw', () => {
  const two = () => linear(N.approve('a', [U.lina]), N.approve('b', [U.sunli]), N.approve('c', [U.wangfang]));

  it('the applicant, before anyone acted: withdrawn, lifecycle withdraw', () => {
    const sim = new Sim(two());
    sim.submit();
    const effects = sim.do({ type: 'withdraw', by: U.zhangwei, comment: '不需要了' });
    expect(sim.s.status).toBe('withdrawn');
    expect(effectsOf(effects, 'lifecycle')).toEqual([{ type: 'lifecycle', action: 'withdraw' }]);
    expect(effectsOf(effects, 'callback')).toEqual([{ type: 'callback', event: 'withdrawn' }]);
  });

  it('the applicant, after an approval: too late; someone else: notApplicant', () => {
    const sim = new Sim(two());
    sim.submit();
    expect(sim.try({ type: 'withdraw', by: U.lina })).toMatchObject({ code: 'process.notApplicant' });
    sim.approve(U.lina);
    expect(sim.try({ type: 'withdraw', by: U.zhangwei })).toMatchObject({ code: 'process.withdrawTooLate' });
  });

  it('the applicant, after a transfer: too late (a person acted)', () => {
    const sim = new Sim(linear(N.approve('a', [U.lina], { actions: ['transfer'] })));
    sim.submit();
    sim.do({ type: 'transfer', by: U.lina, taskId: sim.taskOf(U.lina).id, to: U.liuyang });
    expect(sim.try({ type: 'withdraw', by: U.zhangwei })).toMatchObject({ code: 'process.withdrawTooLate' });
  });

  it('the applicant, after a resubmit: allowed again until someone acts in the new round', () => {
    const sim = new Sim(linear(N.approve('a', [U.lina], { returnRule: { targets: ['applicant'] } })));
    sim.submit();
    sim.do({ type: 'return', by: U.lina, taskId: sim.taskOf(U.lina).id, to: 'applicant', comment: 'x' });
    expect(sim.try({ type: 'withdraw', by: U.zhangwei })).toMatchObject({ code: 'process.notRunning' });
    sim.do({ type: 'resubmit', by: U.zhangwei, data: {} });
    sim.do({ type: 'withdraw', by: U.zhangwei });
    expect(sim.s.status).toBe('withdrawn');
  });

  it('an approver, before the next node acted: the next node is cancelled, the task is theirs again', () => {
    const sim = new Sim(two());
    sim.submit();
    const t = sim.taskOf(U.lina);
    sim.approve(U.lina);
    sim.do({ type: 'withdraw', by: U.lina, taskId: t.id });
    expect(sim.active()).toEqual(['a']);
    expect(sim.s.runs.find((r) => r.nodeId === 'b')?.status).toBe('cancelled');
    const again = sim.taskOf(U.lina);
    expect(again).toMatchObject({ fromTaskId: t.id, origin: 'node', status: 'pending' });
    sim.approve(U.lina);
    sim.approve(U.sunli);
    sim.approve(U.wangfang);
    expect(sim.s.status).toBe('approved');
  });

  it('an approver, after the next node acted: too late; someone else’s task: notAssignee; a pending task: invalid', () => {
    const sim = new Sim(two());
    sim.submit();
    const t = sim.taskOf(U.lina);
    expect(sim.try({ type: 'withdraw', by: U.lina, taskId: t.id })).toMatchObject({ code: 'process.invalidAction' });
    sim.approve(U.lina);
    expect(sim.try({ type: 'withdraw', by: U.sunli, taskId: t.id })).toMatchObject({ code: 'process.notAssignee' });
    sim.approve(U.sunli);
    expect(sim.try({ type: 'withdraw', by: U.lina, taskId: t.id })).toMatchObject({ code: 'process.withdrawTooLate' });
  });

  it('an approver, after the flow was sent back past their node: too late', () => {
    const def = linear(N.approve('a', [U.lina]), N.approve('b', [U.sunli], { returnRule: { targets: ['previous'] } }));
    const sim = new Sim(def);
    sim.submit();
    const t = sim.taskOf(U.lina);
    sim.approve(U.lina);
    sim.do({ type: 'return', by: U.sunli, taskId: sim.taskOf(U.sunli).id, to: 'a', comment: '重审' });
    expect(sim.try({ type: 'withdraw', by: U.lina, taskId: t.id })).toMatchObject({ code: 'process.withdrawTooLate' });
  });

  it('an approver of an all-node while another approver added signers: only their own approval comes back', () => {
    const def = linear(N.approve('a', [U.lina, U.sunli], { method: 'all', actions: ['addSign'] }));
    const sim = new Sim(def);
    sim.submit();
    const t = sim.taskOf(U.lina);
    sim.approve(U.lina);
    sim.do({ type: 'addSign', by: U.sunli, taskId: sim.taskOf(U.sunli).id, users: [U.liuyang], position: 'before' });
    sim.do({ type: 'withdraw', by: U.lina, taskId: t.id });
    expect(
      sim
        .pending()
        .map((x) => x.assigneeId)
        .sort(),
    ).toEqual([U.lina, U.liuyang].sort());
    sim.approve(U.liuyang);
    sim.approve(U.sunli);
    sim.approve(U.lina);
    expect(sim.s.status).toBe('approved');
  });

  it('an approver whose approval fired a join: the arrival is undone', () => {
    const def = graph(
      [N.start(), N.parallel('p'), N.approve('x', [U.lina]), N.approve('y', [U.sunli]), N.join('j', 'p'), N.approve('z', [U.wangfang]), N.end()],
      [
        ['start', 'p'],
        ['p', 'x', { id: 'bx' }],
        ['p', 'y', { id: 'by' }],
        ['x', 'j'],
        ['y', 'j'],
        ['j', 'z'],
        ['z', 'end'],
      ],
    );
    const sim = new Sim(def);
    sim.submit();
    sim.approve(U.sunli);
    const t = sim.taskOf(U.lina);
    sim.approve(U.lina);
    expect(sim.active()).toEqual(['z']);
    sim.do({ type: 'withdraw', by: U.lina, taskId: t.id });
    expect(sim.active()).toEqual(['x']);
    expect(sim.s.joins.j).toEqual(['by']);
    sim.approve(U.lina);
    sim.approve(U.wangfang);
    expect(sim.s.status).toBe('approved');
  });
});

describe('add-signers and delegates', () => {
  const def = () => linear(N.approve('a', [U.lina, U.sunli], { method: 'all', actions: ['transfer', 'delegate', 'addSign'] }), N.approve('b', [U.wangfang]));

  it('an add-signer may not hand the task on; they may add signers of their own', () => {
    const sim = new Sim(def());
    sim.submit();
    sim.do({ type: 'addSign', by: U.lina, taskId: sim.taskOf(U.lina).id, users: [U.liuyang, U.zhaolei], position: 'before' });
    const mine = sim.taskOf(U.liuyang);
    expect(sim.s.tasks.find((t) => t.assigneeId === U.zhaolei)?.status).toBe('waiting');
    expect(sim.try({ type: 'transfer', by: U.liuyang, taskId: mine.id, to: U.xuqiang })).toMatchObject({ code: 'process.actionNotAllowed' });
    expect(sim.try({ type: 'delegate', by: U.liuyang, taskId: mine.id, to: U.xuqiang })).toMatchObject({ code: 'process.actionNotAllowed' });
    sim.do({ type: 'addSign', by: U.liuyang, taskId: mine.id, users: [U.xuqiang], position: 'after' });
    sim.approve(U.xuqiang);
    // liuyang's group goes on: zhaolei, then lina
    sim.approve(U.zhaolei);
    expect(sim.taskOf(U.lina).origin).toBe('node');
    sim.approve(U.lina);
    expect(sim.active()).toEqual(['a']);
    sim.approve(U.sunli);
    expect(sim.active()).toEqual(['b']);
  });

  it('a delegate takes their approval back: the task is theirs again, it comes back to the owner after', () => {
    const sim = new Sim(def());
    sim.submit();
    sim.do({ type: 'delegate', by: U.lina, taskId: sim.taskOf(U.lina).id, to: U.liuyang });
    const lent = sim.taskOf(U.liuyang);
    sim.approve(U.liuyang);
    expect(sim.taskOf(U.lina).origin).toBe('delegateBack');
    sim.do({ type: 'withdraw', by: U.liuyang, taskId: lent.id });
    expect(sim.pending(U.lina)).toHaveLength(0);
    expect(sim.taskOf(U.liuyang)).toMatchObject({ origin: 'delegate', fromTaskId: lent.fromTaskId });
    sim.approve(U.liuyang);
    expect(sim.taskOf(U.lina).origin).toBe('delegateBack');
  });
});

describe('urge and cancel', () => {
  it('urge: the applicant tells the pending approvers', () => {
    const sim = new Sim(linear(N.approve('a', [U.lina, U.sunli], { method: 'all' })));
    sim.submit();
    const effects = sim.do({ type: 'urge', by: U.zhangwei });
    expect(effectsOf(effects, 'notify')).toEqual([{ type: 'notify', kind: 'urge', userIds: [U.lina, U.sunli] }]);
    expect(effectsOf(effects, 'history')).toHaveLength(1);
    expect(sim.try({ type: 'urge', by: U.lina })).toMatchObject({ code: 'process.notApplicant' });
  });

  it('cancel: administrators only; cancelled, lifecycle withdraw, callback cancelled', () => {
    const sim = new Sim(linear(N.approve('a', [U.lina])));
    sim.submit();
    expect(sim.try({ type: 'cancel', by: U.lina })).toMatchObject({ code: 'process.notAdmin' });
    const effects = sim.do({ type: 'cancel', by: U.admin, comment: '监控撤销' });
    expect(sim.s.status).toBe('cancelled');
    expect(effectsOf(effects, 'lifecycle')).toEqual([{ type: 'lifecycle', action: 'withdraw' }]);
    expect(effectsOf(effects, 'callback')).toEqual([{ type: 'callback', event: 'cancelled' }]);
    expect(sim.try({ type: 'cancel', by: U.admin })).toMatchObject({ code: 'process.notRunning' });
  });
});

describe('refusals', () => {
  const def = linear(N.approve('a', [U.lina], { commentRequired: true, signatureRequired: true, actions: ['transfer', 'addSign'] }), N.approve('b', [U.sunli]));
  const started = () => {
    const sim = new Sim(def);
    sim.submit();
    return sim;
  };
  const cases: [string, (sim: Sim) => ProcessAction, string][] = [
    ['taskNotFound', () => ({ type: 'approve', by: U.lina, taskId: '999' }), 'process.taskNotFound'],
    ['notAssignee', (sim) => ({ type: 'approve', by: U.sunli, taskId: sim.taskOf(U.lina).id, comment: 'x', signature: 's' }), 'process.notAssignee'],
    ['commentRequired (approve)', (sim) => ({ type: 'approve', by: U.lina, taskId: sim.taskOf(U.lina).id, signature: 's' }), 'process.commentRequired'],
    [
      'commentRequired (blank)',
      (sim) => ({ type: 'approve', by: U.lina, taskId: sim.taskOf(U.lina).id, comment: '  ', signature: 's' }),
      'process.commentRequired',
    ],
    ['signatureRequired', (sim) => ({ type: 'approve', by: U.lina, taskId: sim.taskOf(U.lina).id, comment: 'ok' }), 'process.signatureRequired'],
    ['commentRequired (reject)', (sim) => ({ type: 'reject', by: U.lina, taskId: sim.taskOf(U.lina).id }), 'process.commentRequired'],
    ['actionNotAllowed (delegate)', (sim) => ({ type: 'delegate', by: U.lina, taskId: sim.taskOf(U.lina).id, to: U.liuyang }), 'process.actionNotAllowed'],
    ['unknownUser (inactive)', (sim) => ({ type: 'transfer', by: U.lina, taskId: sim.taskOf(U.lina).id, to: U.ghost }), 'process.unknownUser'],
    [
      'unknownUser (no such user)',
      (sim) => ({ type: 'addSign', by: U.lina, taskId: sim.taskOf(U.lina).id, users: ['42'], position: 'before' }),
      'process.unknownUser',
    ],
    [
      'invalidAction (add-sign nobody)',
      (sim) => ({ type: 'addSign', by: U.lina, taskId: sim.taskOf(U.lina).id, users: [], position: 'after' }),
      'process.invalidAction',
    ],
    ['invalidAction (transfer to oneself)', (sim) => ({ type: 'transfer', by: U.lina, taskId: sim.taskOf(U.lina).id, to: U.lina }), 'process.invalidAction'],
    ['notReturned', () => ({ type: 'resubmit', by: U.zhangwei, data: {} }), 'process.notReturned'],
    ['alreadyStarted', () => ({ type: 'submit', by: U.zhangwei, data: {} }), 'process.alreadyStarted'],
    ['notCc', () => ({ type: 'ccRead', by: U.lina }), 'process.notCc'],
  ];
  it.each(cases)('%s', (_name, action, code) => {
    const sim = started();
    const before = structuredClone(sim.s);
    expect(sim.try(action(sim))).toMatchObject({ ok: false, code });
    expect(sim.s).toEqual(before);
  });

  it('taskDone: the loser of a race on one task', () => {
    const sim = started();
    const t = sim.taskOf(U.lina);
    const stale = structuredClone(sim.s);
    sim.do({ type: 'approve', by: U.lina, taskId: t.id, comment: 'ok', signature: 's' });
    expect(sim.try({ type: 'approve', by: U.lina, taskId: t.id, comment: 'ok', signature: 's' })).toMatchObject({ code: 'process.taskDone' });
    expect(decide(def, stale, { type: 'approve', by: U.lina, taskId: t.id, comment: 'ok', signature: 's' }, sim.env).ok).toBe(true);
  });

  it('notRunning: an action without an instance; noStartEdge: a start without its edge', () => {
    expect(decide(def, null, { type: 'urge', by: U.zhangwei }, makeEnv())).toMatchObject({ ok: false, code: 'process.notRunning' });
    const broken = { ...def, edges: def.edges.filter((e) => e.source !== 'start') };
    expect(decide(broken, null, { type: 'submit', by: U.zhangwei, data: {} }, makeEnv())).toMatchObject({ ok: false, code: 'process.noStartEdge' });
  });
});

describe('purity', () => {
  const deepFreeze = <T>(o: T): T => {
    if (o && typeof o === 'object') {
      for (const v of Object.values(o)) deepFreeze(v);
      Object.freeze(o);
    }
    return o;
  };

  it('does not mutate its inputs and answers the same for the same inputs', () => {
    const def = deepFreeze(linear(N.approve('a', [U.lina, U.sunli], { method: 'all' }), N.approve('b', [U.wangfang])));
    const sim = new Sim(def);
    sim.submit({ amount: '1' });
    const state: InstanceState = deepFreeze(structuredClone(sim.s));
    const action: ProcessAction = deepFreeze({ type: 'approve', by: U.lina, taskId: sim.taskOf(U.lina).id, picks: { b: [U.xuqiang] } });
    const a = decide(def, state, action, makeEnv());
    const b = decide(def, state, action, makeEnv());
    expect(a.ok).toBe(true);
    expect(a).toEqual(b);
  });
});
