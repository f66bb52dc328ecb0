// Tests of the read helpers: approval fields (spec §3), pending/open tasks, return targets and
// the actions a user may take now.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decide } from './engine';
import type { ProcessDefinition } from './model';
import type { DecideEnv, InstanceState, ProcessAction } from './state';
import { DIRECTORY, MODEL_DEFS, N, Sim, T0, U, graph, idCounter, linear, sensibleAction } from './testing';
import {
  USER_ACTIONS,
  allowedActions,
  approvalFields,
  currentNodeIds,
  openTasksOf,
  pendingTasks,
  returnTargets,
  withdrawableTask,
  type UserAction,
} from './views';

describe('approvalFields', () => {
  it('running: active node names, the first pending assignee, the role code of a roles node, the instance id', () => {
    const def = linear(N.approve('a', { kind: 'roles', roleCodes: ['caiWuZhuGuan'] }, { name: { 'zh-CN': '财务审批' } }));
    const sim = new Sim(def);
    sim.submit();
    expect(approvalFields(def, sim.s, '4000000000000000001')).toEqual({
      stateName: '财务审批',
      shenPiRen: U.sunli,
      shiYongJueSeId: 'caiWuZhuGuan',
      liuChengId: '4000000000000000001',
    });
  });

  it('parallel: names joined by 、, at most 100 characters; no role for other strategies', () => {
    const long = '很长的节点名称'.repeat(20);
    const def = graph(
      [
        N.start(),
        N.parallel('p'),
        N.approve('x', [U.lina], { name: { 'zh-CN': '部门审批' } }),
        N.approve('y', [U.sunli], { name: { 'zh-CN': long } }),
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
    const f = approvalFields(def, sim.s, '1');
    expect(Array.from(f.stateName)).toHaveLength(100);
    expect(f.stateName.startsWith('部门审批、很长')).toBe(true);
    expect(f.shiYongJueSeId).toBeNull();
    expect(f.shenPiRen).toBe(U.lina);
  });

  it('approved: the end node’s name; rejected/withdrawn: empty, no approver', () => {
    const def = linear(N.approve('a', [U.lina], { returnRule: { targets: ['applicant'] } }));
    const sim = new Sim(def);
    sim.submit();
    sim.approve(U.lina);
    expect(approvalFields(def, sim.s, '1')).toMatchObject({ stateName: '结束', shenPiRen: null });
    const other = new Sim(def);
    other.submit();
    other.do({ type: 'return', by: U.lina, taskId: other.taskOf(U.lina).id, to: 'applicant', comment: 'x' });
    expect(approvalFields(def, other.s, '1')).toMatchObject({ stateName: '', shenPiRen: null, shiYongJueSeId: null });
  });
});

describe('tasks and nodes', () => {
  it('pending and open tasks, current nodes', () => {
    const def = linear(N.approve('a', [U.lina, U.sunli], { method: 'sequential' }));
    const sim = new Sim(def);
    sim.submit();
    expect(pendingTasks(sim.s).map((t) => t.assigneeId)).toEqual([U.lina]);
    expect(openTasksOf(sim.s, U.sunli)).toEqual([]);
    expect(openTasksOf(sim.s, U.lina)).toHaveLength(1);
    expect(currentNodeIds(sim.s)).toEqual(['a']);
  });
});

describe('returnTargets', () => {
  it('the applicant and earlier nodes with their names, as the rule allows', () => {
    const def = linear(
      N.approve('a', [U.lina], { name: { 'zh-CN': '部门经理审批' } }),
      N.approve('b', [U.wangfang]),
      N.approve('c', [U.xuqiang], { returnRule: { targets: ['applicant', 'any'] } }),
      N.approve('d', [U.sunli], { returnRule: { targets: ['previous'] } }),
    );
    const sim = new Sim(def);
    sim.submit();
    expect(returnTargets(def, sim.s, sim.taskOf(U.lina).id)).toEqual([]);
    sim.approve(U.lina);
    sim.approve(U.wangfang);
    expect(returnTargets(def, sim.s, sim.taskOf(U.xuqiang).id)).toEqual([
      { kind: 'applicant', to: 'applicant' },
      { kind: 'node', to: 'a', name: { 'zh-CN': '部门经理审批' } },
      { kind: 'node', to: 'b', name: { 'zh-CN': '审批b' } },
    ]);
    sim.approve(U.xuqiang);
    expect(returnTargets(def, sim.s, sim.taskOf(U.sunli).id).map((t) => t.to)).toEqual(['c']);
    expect(returnTargets(def, sim.s, 'nope')).toEqual([]);
  });
});

describe('allowedActions', () => {
  const def = linear(
    N.approve('a', [U.lina], { actions: ['transfer', 'addSign'], returnRule: { targets: ['applicant'] } }),
    N.cc('copy', [U.chenjing]),
    N.approve('b', [U.sunli]),
  );

  it('approver, applicant, cc reader, stranger — as the instance moves on', () => {
    const sim = new Sim(def);
    sim.submit();
    expect(allowedActions(def, sim.s, U.lina)).toEqual(['approve', 'reject', 'return', 'transfer', 'addSign']);
    expect(allowedActions(def, sim.s, U.zhangwei)).toEqual(['withdraw', 'urge']);
    expect(allowedActions(def, sim.s, U.xuqiang)).toEqual([]);
    const t = sim.taskOf(U.lina);
    sim.approve(U.lina);
    expect(allowedActions(def, sim.s, U.zhangwei)).toEqual(['urge']);
    expect(allowedActions(def, sim.s, U.lina)).toEqual(['withdraw']);
    expect(withdrawableTask(def, sim.s, U.lina)).toBe(t.id);
    expect(allowedActions(def, sim.s, U.chenjing)).toEqual(['ccRead']);
    expect(allowedActions(def, sim.s, U.sunli)).toEqual(['approve', 'reject']);
    sim.approve(U.sunli);
    expect(allowedActions(def, sim.s, U.lina)).toEqual([]);
    expect(withdrawableTask(def, sim.s, U.lina)).toBeNull();
    expect(allowedActions(def, sim.s, U.chenjing)).toEqual(['ccRead']);
  });

  it('returned: the applicant may resubmit', () => {
    const sim = new Sim(def);
    sim.submit();
    sim.do({ type: 'return', by: U.lina, taskId: sim.taskOf(U.lina).id, to: 'applicant', comment: 'x' });
    expect(allowedActions(def, sim.s, U.zhangwei)).toEqual(['resubmit']);
    expect(allowedActions(def, sim.s, U.lina)).toEqual([]);
  });

  it('a delegate may only approve', () => {
    const d = linear(N.approve('a', [U.lina], { actions: ['delegate'] }));
    const sim = new Sim(d);
    sim.submit();
    sim.do({ type: 'delegate', by: U.lina, taskId: sim.taskOf(U.lina).id, to: U.liuyang });
    expect(allowedActions(d, sim.s, U.liuyang)).toEqual(['approve']);
  });
});

describe('allowedActions agrees with the engine (fast-check)', () => {
  const PEOPLE = Object.values(U);
  const Step = fc.record({ kind: fc.nat(17), a: fc.nat(), b: fc.nat(), c: fc.nat() });

  /** The action a user would send for an offered action name (sensible parameters); null: none to try. */
  function attempt(def: ProcessDefinition, state: InstanceState, user: string, name: UserAction): ProcessAction[] {
    const task = openTasksOf(state, user)[0];
    const picks = Object.fromEntries(def.nodes.map((n) => [n.id, [U.sunli]]));
    const other = [U.liuyang, U.zhaolei].find((u) => u !== user) ?? U.liuyang;
    const base = { by: user, comment: '意见' };
    switch (name) {
      case 'approve':
        return task ? [{ type: 'approve', ...base, taskId: task.id, signature: 's', picks }] : [];
      case 'reject':
        return task ? [{ type: 'reject', ...base, taskId: task.id }] : [];
      case 'return':
        return task ? returnTargets(def, state, task.id).map((r) => ({ type: 'return', ...base, taskId: task.id, to: r.to })) : [];
      case 'transfer':
      case 'delegate':
        return task ? [{ type: name, ...base, taskId: task.id, to: other }] : [];
      case 'addSign':
        return task ? [{ type: 'addSign', ...base, taskId: task.id, users: [other], position: 'alongside' }] : [];
      case 'withdraw': {
        const taskId = withdrawableTask(def, state, user);
        return [{ type: 'withdraw', ...base }, ...(taskId ? [{ type: 'withdraw' as const, ...base, taskId }] : [])];
      }
      case 'urge':
        return [{ type: 'urge', ...base }];
      case 'resubmit':
        return [{ type: 'resubmit', ...base, data: { amount: '1' }, picks }];
      case 'ccRead':
        return [{ type: 'ccRead', ...base }];
    }
  }

  it('every offered action is accepted; an action not offered is refused', () => {
    fc.assert(
      fc.property(fc.nat(MODEL_DEFS.length - 1), fc.array(Step, { maxLength: 25 }), (defIndex, steps) => {
        const def = MODEL_DEFS[defIndex];
        const env: DecideEnv = { directory: DIRECTORY, now: T0, newId: idCounter() };
        const first = decide(def, null, { type: 'submit', by: U.zhangwei, data: { amount: '60000' }, picks: { pick: [U.sunli], dq: [U.xuqiang] } }, env);
        if (!first.ok) throw new Error(first.code);
        let state = first.state;
        for (const st of steps) {
          for (const user of PEOPLE) {
            const allowed = allowedActions(def, state, user);
            for (const name of USER_ACTIONS) {
              const tries = attempt(def, state, user, name);
              const accepted = tries.some((a) => decide(def, state, a, env).ok);
              if (accepted !== allowed.includes(name)) {
                throw new Error(`${name} for ${user}: offered ${allowed.includes(name)}, engine ${accepted} (${state.status})`);
              }
            }
          }
          const d = decide(def, state, sensibleAction(def, state, st), env);
          if (d.ok) state = d.state;
        }
      }),
      { numRuns: 60 },
    );
  });
});
