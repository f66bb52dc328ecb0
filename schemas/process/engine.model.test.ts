// Property test of the engine (fast-check): random sequences of actions — valid and invalid,
// by the right people and the wrong ones — over a handful of definitions that use every node
// type, method, rule and action. After every decision: decide never threw, never touched its
// inputs (they are deep-frozen and compared), a refusal left nothing behind, and a success keeps
// the invariants (testing.ts invariantViolations: no open task outside a running instance, a
// finished task never changes, runs and tasks agree, …) and wrote history.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decide } from './engine';
import type { ProcessDefinition } from './model';
import type { DecideEnv, InstanceState, ProcessAction } from './state';
import { DIRECTORY, MODEL_DEFS as DEFS, T0, U, idCounter, invariantViolations, sensibleAction } from './testing';

const PEOPLE = [...Object.values(U), '9999999999999999999'];

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    for (const v of Object.values(o)) deepFreeze(v);
    Object.freeze(o);
  }
  return o;
}

const Step = fc.record({ kind: fc.nat(17), a: fc.nat(), b: fc.nat(), c: fc.nat(), comment: fc.boolean(), minutes: fc.nat(300) });
type Step = typeof Step extends fc.Arbitrary<infer T> ? T : never;

/** One action from a step, against the current state (mostly sensible, sometimes not). */
function actionOf(def: ProcessDefinition, state: InstanceState, st: Step): ProcessAction {
  const pick = <T>(xs: readonly T[], n: number): T | undefined => (xs.length ? xs[n % xs.length] : undefined);
  const pending = state.tasks.filter((t) => t.status === 'pending');
  const task = (st.b % 6 !== 0 ? pick(pending, st.a) : undefined) ?? pick(state.tasks, st.a);
  const taskId = task?.id ?? 'missing';
  const by = st.b % 7 !== 0 && task ? task.assigneeId : (pick(PEOPLE, st.c) ?? U.lina);
  const comment = st.comment ? '意见' : undefined;
  const picks = st.c % 3 === 0 ? undefined : Object.fromEntries(def.nodes.map((n) => [n.id, [pick(PEOPLE, st.c + n.id.length) ?? U.sunli]]));
  const nodeIds = def.nodes.filter((n) => n.type === 'approve').map((n) => n.id);
  switch (st.kind) {
    case 0:
    case 1:
    case 2:
    case 3:
      return { type: 'approve', by, taskId, comment: st.comment || st.kind > 1 ? '同意' : undefined, signature: 's', picks };
    case 4:
      return { type: 'reject', by, taskId, comment };
    case 5:
      return { type: 'return', by, taskId, comment: comment ?? '退回', to: st.c % 3 === 0 ? 'applicant' : (pick(nodeIds, st.c) ?? 'applicant') };
    case 6:
    case 7:
      return { type: 'resubmit', by: st.b % 5 === 0 ? by : state.applicantId, data: { amount: String(st.c % 100000) }, picks };
    case 8:
      return st.b % 2 === 0 ? { type: 'withdraw', by: state.applicantId } : { type: 'withdraw', by, taskId };
    case 9:
      return { type: 'transfer', by, taskId, to: pick(PEOPLE, st.c) ?? U.liuyang };
    case 10:
      return { type: 'delegate', by, taskId, to: pick(PEOPLE, st.c) ?? U.liuyang };
    case 11: {
      const users = PEOPLE.filter((_, i) => (st.c >> i) & 1).slice(0, 3);
      return { type: 'addSign', by, taskId, users, position: (['before', 'after', 'alongside'] as const)[st.a % 3] };
    }
    case 12:
      return { type: 'urge', by: st.b % 3 === 0 ? by : state.applicantId };
    case 13:
      return { type: 'ccRead', by: pick(state.ccUserIds, st.c) ?? by };
    case 14:
    case 15:
      return { type: 'timeout', taskId };
    case 16:
      return { type: 'cancel', by: st.b % 4 === 0 ? U.admin : by };
    default:
      return { type: 'approve', by, taskId, comment: '同意', signature: 's', picks };
  }
}

describe('engine model (fast-check)', () => {
  it('sensible action sequences keep the invariants and reach the end of every definition', () => {
    const ends = new Set<string>();
    fc.assert(
      fc.property(fc.nat(DEFS.length - 1), fc.nat(120000), fc.array(Step, { minLength: 1, maxLength: 80 }), (defIndex, amount, steps) => {
        const def = deepFreeze(structuredClone(DEFS[defIndex]));
        const env: DecideEnv = { directory: DIRECTORY, now: T0, newId: idCounter() };
        const first = decide(def, null, { type: 'submit', by: U.zhangwei, data: { amount: String(amount) }, picks: { pick: [U.sunli], dq: [U.xuqiang] } }, env);
        if (!first.ok) throw new Error(`submit refused: ${first.code}`);
        let state: InstanceState = deepFreeze(first.state);
        for (const st of steps) {
          if (state.status !== 'running' && state.status !== 'returned') break;
          const action = deepFreeze(sensibleAction(def, state, st));
          const d = decide(def, state, action, env);
          if (!d.ok) continue;
          const broken = invariantViolations(d.state, state);
          if (broken.length > 0) throw new Error(`${JSON.stringify(action)} broke: ${broken.join('; ')}`);
          state = deepFreeze(d.state);
        }
        ends.add(`${defIndex}:${state.status}`);
      }),
      { numRuns: 400 },
    );
    for (let i = 0; i < DEFS.length; i++) expect(ends.has(`${i}:approved`), `definition ${i} reached approved`).toBe(true);
  });

  it('random action sequences keep the invariants; decide never throws and never mutates its inputs', () => {
    fc.assert(
      fc.property(fc.nat(DEFS.length - 1), fc.nat(120000), fc.array(Step, { minLength: 1, maxLength: 40 }), (defIndex, amount, steps) => {
        const def = deepFreeze(structuredClone(DEFS[defIndex]));
        const env: DecideEnv = { directory: deepFreeze(structuredClone(DIRECTORY)), now: T0, newId: idCounter() };
        const submit: ProcessAction = {
          type: 'submit',
          by: U.zhangwei,
          data: { amount: String(amount) },
          picks: { pick: [U.sunli], dq: [U.xuqiang] },
        };
        const first = decide(def, null, submit, env);
        if (!first.ok) throw new Error(`submit refused: ${first.code}`);
        let state: InstanceState = deepFreeze(first.state);
        expect(invariantViolations(state)).toEqual([]);
        let minutes = 0;
        for (const st of steps) {
          minutes += st.minutes;
          env.now = new Date(Date.parse(T0) + minutes * 60_000).toISOString();
          const action = deepFreeze(actionOf(def, state, st));
          const before = JSON.stringify(state);
          const d = decide(def, state, action, env);
          expect(JSON.stringify(state)).toBe(before);
          if (!d.ok) {
            expect(d.code).toMatch(/^process\./);
            continue;
          }
          const broken = invariantViolations(d.state, state);
          if (broken.length > 0) throw new Error(`${JSON.stringify(action)} broke: ${broken.join('; ')}`);
          const noOp = action.type === 'timeout' && d.effects.length === 0;
          if (noOp) expect(JSON.stringify(d.state)).toBe(before);
          else expect(d.effects.some((e) => e.type === 'history')).toBe(true);
          if (!noOp) expect(d.state.step).toBe(state.step + 1);
          state = deepFreeze(d.state);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('finished instances refuse every action but cc read and late timers', () => {
    const def = DEFS[0];
    const env: DecideEnv = { directory: DIRECTORY, now: T0, newId: idCounter() };
    const d = decide(def, null, { type: 'submit', by: U.zhangwei, data: {} }, env);
    if (!d.ok) throw new Error(d.code);
    const w = decide(def, d.state, { type: 'withdraw', by: U.zhangwei }, env);
    if (!w.ok) throw new Error(w.code);
    const task = w.state.tasks[0];
    for (const a of [
      { type: 'approve', by: task.assigneeId, taskId: task.id },
      { type: 'reject', by: task.assigneeId, taskId: task.id, comment: 'x' },
      { type: 'urge', by: U.zhangwei },
      { type: 'withdraw', by: U.zhangwei },
      { type: 'cancel', by: U.admin },
      { type: 'resubmit', by: U.zhangwei, data: {} },
    ] satisfies ProcessAction[]) {
      expect(decide(def, w.state, a, env).ok, a.type).toBe(false);
    }
    expect(decide(def, w.state, { type: 'timeout', taskId: task.id }, env)).toMatchObject({ ok: true, effects: [] });
  });
});
