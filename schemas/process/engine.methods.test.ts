// Engine tests: every task action × every approve method (any / all / ratio / one after another)
// with one to three approvers, on start → a → b (finance) → end. Sim checks the engine's
// invariants after every decision.
import { describe, expect, it } from 'vitest';
import type { ApproveMethod } from './model';
import { N, Sim, U, effectsOf, linear } from './testing';

const PEOPLE = [U.lina, U.wangfang, U.xuqiang];
const METHODS: ApproveMethod[] = ['any', 'all', 'ratio', 'sequential'];
const RATIO = 60;

/** Seat approvals node a needs with k seats. */
const needed = (method: ApproveMethod, k: number) => (method === 'any' ? 1 : method === 'ratio' ? Math.ceil((RATIO * k) / 100) : k);

function setup(method: ApproveMethod, n: number, timeout?: 'approve' | 'reject'): Sim {
  const def = linear(
    N.approve('a', PEOPLE.slice(0, n), {
      method,
      ratio: RATIO,
      actions: ['transfer', 'delegate', 'addSign'],
      returnRule: { targets: ['applicant'] },
      ...(timeout ? { timeout: { hours: 1, action: timeout } } : {}),
    }),
    N.approve('b', [U.sunli]),
  );
  const sim = new Sim(def);
  sim.submit({ amount: '100' });
  return sim;
}

const aActive = (sim: Sim) => sim.active().includes('a');
const pendingIn = (sim: Sim, nodeId: string) => sim.pending().filter((t) => t.nodeId === nodeId);

/** Approve a's pending tasks (first first) until a is done; answers the number of approvals. */
function approveA(sim: Sim): number {
  let count = 0;
  while (aActive(sim)) {
    const [t] = pendingIn(sim, 'a');
    if (!t) throw new Error('a active without a pending task');
    // one after another: one seat at a time (an alongside signer is pending beside it)
    if (sim.s.runs.find((r) => r.id === t.runId)?.method === 'sequential')
      expect(pendingIn(sim, 'a').filter((x) => x.origin !== 'addSignAlongside').length).toBeLessThanOrEqual(1);
    sim.later().do({ type: 'approve', by: t.assigneeId, taskId: t.id });
    if (t.origin !== 'delegate' && t.origin !== 'addSignBefore' && t.origin !== 'addSignAfter') count++;
    if (count > 10) throw new Error('node a never finishes');
  }
  return count;
}

function finish(sim: Sim): void {
  approveA(sim);
  sim.approve(U.sunli);
  expect(sim.s.status).toBe('approved');
}

describe.each(METHODS.flatMap((m) => [1, 2, 3].map((n) => [m, n] as const)))('method %s with %i approver(s)', (method, n) => {
  it('starts the right tasks pending', () => {
    const sim = setup(method, n);
    expect(pendingIn(sim, 'a').map((t) => t.assigneeId)).toEqual(method === 'sequential' ? [PEOPLE[0]] : PEOPLE.slice(0, n));
    expect(sim.s.tasks.filter((t) => t.status === 'waiting')).toHaveLength(method === 'sequential' ? n - 1 : 0);
  });

  it('approve: the node is done after the approvals its method needs, the rest cancelled', () => {
    const sim = setup(method, n);
    expect(approveA(sim)).toBe(needed(method, n));
    const aTasks = sim.s.tasks.filter((t) => t.nodeId === 'a');
    expect(aTasks.filter((t) => t.status === 'approved')).toHaveLength(needed(method, n));
    expect(aTasks.filter((t) => t.status === 'cancelled')).toHaveLength(n - needed(method, n));
    expect(sim.taskOf(U.sunli).nodeId).toBe('b');
    const last = sim.effects.at(-1)!;
    expect(effectsOf(last, 'callback')).toEqual([{ type: 'callback', event: 'nodeDone', nodeId: 'a' }]);
    expect(effectsOf(last, 'notify')).toEqual([{ type: 'notify', kind: 'todo', userIds: [U.sunli], taskId: sim.taskOf(U.sunli).id }]);
    expect(sim.s.approvedBy).toEqual(PEOPLE.slice(0, needed(method, n)));
    sim.approve(U.sunli);
    expect(sim.s.status).toBe('approved');
    expect(effectsOf(sim.effects.at(-1)!, 'lifecycle')).toEqual([{ type: 'lifecycle', action: 'approve' }]);
  });

  it('reject: the instance ends rejected, every open task cancelled', () => {
    const sim = setup(method, n);
    const [t] = pendingIn(sim, 'a');
    const effects = sim.do({ type: 'reject', by: t.assigneeId, taskId: t.id, comment: '不同意' });
    expect(sim.s.status).toBe('rejected');
    expect(sim.s.tasks.find((x) => x.id === t.id)?.status).toBe('rejected');
    expect(effectsOf(effects, 'lifecycle')).toEqual([{ type: 'lifecycle', action: 'reject' }]);
    expect(effectsOf(effects, 'callback')).toEqual([{ type: 'callback', event: 'rejected' }]);
    expect(effectsOf(effects, 'history')[0].entry).toMatchObject({ action: 'reject', by: t.assigneeId, comment: '不同意', nodeId: 'a' });
  });

  it('return to the applicant: returned, returnedFrom a', () => {
    const sim = setup(method, n);
    const [t] = pendingIn(sim, 'a');
    const effects = sim.do({ type: 'return', by: t.assigneeId, taskId: t.id, to: 'applicant', comment: '补充发票' });
    expect(sim.s.status).toBe('returned');
    expect(sim.s.returnedFrom).toBe('a');
    expect(effectsOf(effects, 'lifecycle')).toEqual([{ type: 'lifecycle', action: 'return' }]);
    expect(effectsOf(effects, 'callback')).toEqual([{ type: 'callback', event: 'returned', nodeId: 'a' }]);
  });

  it('transfer: the new assignee holds the seat', () => {
    const sim = setup(method, n);
    const [t] = pendingIn(sim, 'a');
    sim.do({ type: 'transfer', by: t.assigneeId, taskId: t.id, to: U.liuyang });
    expect(sim.s.tasks.find((x) => x.id === t.id)?.status).toBe('transferred');
    const moved = sim.taskOf(U.liuyang);
    expect(moved).toMatchObject({ origin: 'transfer', fromTaskId: t.id, order: t.order });
    expect(approveA(sim)).toBe(needed(method, n));
    sim.approve(U.sunli);
    expect(sim.s.status).toBe('approved');
  });

  it('delegate: the delegate approves, the task comes back to its owner, the node waits for the owner', () => {
    const sim = setup(method, n);
    const [t] = pendingIn(sim, 'a');
    sim.do({ type: 'delegate', by: t.assigneeId, taskId: t.id, to: U.liuyang });
    const lent = sim.taskOf(U.liuyang);
    expect(lent.origin).toBe('delegate');
    // a delegate may not decide for the owner
    expect(sim.try({ type: 'reject', by: U.liuyang, taskId: lent.id, comment: 'x' })).toMatchObject({ ok: false, code: 'process.actionNotAllowed' });
    expect(sim.try({ type: 'return', by: U.liuyang, taskId: lent.id, to: 'applicant', comment: 'x' })).toMatchObject({
      ok: false,
      code: 'process.actionNotAllowed',
    });
    sim.approve(U.liuyang);
    expect(aActive(sim)).toBe(true);
    const back = sim.taskOf(t.assigneeId);
    expect(back).toMatchObject({ origin: 'delegateBack', fromTaskId: lent.id });
    expect(approveA(sim)).toBe(needed(method, n));
    sim.approve(U.sunli);
    expect(sim.s.status).toBe('approved');
  });

  it('add-sign before: the added signer first, then the task is the owner’s again', () => {
    const sim = setup(method, n);
    const [t] = pendingIn(sim, 'a');
    sim.do({ type: 'addSign', by: t.assigneeId, taskId: t.id, users: [U.liuyang], position: 'before' });
    expect(sim.s.tasks.find((x) => x.id === t.id)?.status).toBe('waiting');
    sim.approve(U.liuyang);
    expect(sim.s.tasks.find((x) => x.id === t.id)?.status).toBe('pending');
    expect(approveA(sim)).toBe(needed(method, n));
    finish(sim);
  });

  it('add-sign after: the owner’s approval counts, the node waits for the added signer', () => {
    const sim = setup(method, n);
    const [t] = pendingIn(sim, 'a');
    sim.do({ type: 'addSign', by: t.assigneeId, taskId: t.id, users: [U.liuyang], position: 'after' });
    expect(sim.s.tasks.find((x) => x.id === t.id)?.status).toBe('approved');
    expect(aActive(sim)).toBe(true);
    sim.approve(U.liuyang);
    expect(approveA(sim)).toBe(needed(method, n) - 1);
    finish(sim);
  });

  it('add-sign alongside: the added signer is one more seat of the method', () => {
    const sim = setup(method, n);
    const [t] = pendingIn(sim, 'a');
    sim.do({ type: 'addSign', by: t.assigneeId, taskId: t.id, users: [U.liuyang], position: 'alongside' });
    expect(sim.taskOf(U.liuyang).origin).toBe('addSignAlongside');
    expect(approveA(sim)).toBe(needed(method, n + 1));
    finish(sim);
  });

  it('timeout approve: the system’s approvals count like the people’s', () => {
    const sim = setup(method, n, 'approve');
    let count = 0;
    while (aActive(sim)) {
      const [t] = pendingIn(sim, 'a');
      expect(t.dueAt).toBe('2026-03-02T09:00:00.000Z');
      sim.do({ type: 'timeout', taskId: t.id });
      count++;
    }
    expect(count).toBe(needed(method, n));
    expect(sim.s.approvedBy).toEqual([]);
    sim.approve(U.sunli);
    expect(sim.s.status).toBe('approved');
  });

  it('timeout reject: the first due task rejects the instance', () => {
    const sim = setup(method, n, 'reject');
    sim.do({ type: 'timeout', taskId: pendingIn(sim, 'a')[0].id });
    expect(sim.s.status).toBe('rejected');
  });

  it('withdraw by the applicant before anyone acted; cancel by an administrator', () => {
    const sim = setup(method, n);
    sim.do({ type: 'withdraw', by: U.zhangwei });
    expect(sim.s.status).toBe('withdrawn');
    expect(sim.s.tasks.every((t) => t.status === 'cancelled')).toBe(true);
    const other = setup(method, n);
    other.do({ type: 'cancel', by: U.admin });
    expect(other.s.status).toBe('cancelled');
  });

  it('urge tells every pending approver of the node', () => {
    const sim = setup(method, n);
    const [urge] = effectsOf(sim.do({ type: 'urge', by: U.zhangwei }), 'notify');
    expect(urge.userIds).toEqual(pendingIn(sim, 'a').map((t) => t.assigneeId));
  });

  it('withdraw by the approver: the approval comes back as a pending task, what it started is cancelled', () => {
    const sim = setup(method, n);
    const [t] = pendingIn(sim, 'a');
    sim.do({ type: 'approve', by: t.assigneeId, taskId: t.id });
    const nodeDone = !aActive(sim);
    expect(nodeDone).toBe(needed(method, n) === 1);
    const effects = sim.do({ type: 'withdraw', by: t.assigneeId, taskId: t.id });
    expect(effectsOf(effects, 'history')[0].entry).toMatchObject({ action: 'withdraw', by: t.assigneeId, taskId: t.id });
    expect(sim.s.tasks.find((x) => x.id === t.id)?.status).toBe('withdrawn');
    expect(aActive(sim)).toBe(true);
    expect(sim.pending(U.sunli)).toHaveLength(0);
    expect(sim.s.approvedBy).not.toContain(t.assigneeId);
    const again = pendingIn(sim, 'a').map((x) => x.assigneeId);
    expect(again.sort()).toEqual(method === 'sequential' ? [t.assigneeId] : PEOPLE.slice(0, n).sort());
    expect(approveA(sim)).toBe(needed(method, n));
    sim.approve(U.sunli);
    expect(sim.s.status).toBe('approved');
  });
});
