import { describe, expect, it } from 'vitest';
import { validateProcessDefinition } from '../../../schemas/process/validate';
import { chooseEdge } from '../../../schemas/process/engine';
import { graph, N, U } from '../../../schemas/process/testing';
import type { ApproverStrategy, ProcessDefinition } from '../../../schemas/process/model';
import { ProcessDesignerError } from './errors';
import {
  PLACEHOLDER_CONDITION,
  branchesOf,
  isPlaceholderCondition,
  reorderBranches,
  setAssignee,
  setDefaultBranch,
  updateEdge,
  updateNode,
} from './propertyCommands';

/** start → leader → gate ─(amount > 10000)→ director → end; gate ─(type promo)→ finance → end; gate ─default→ end */
function flow(): ProcessDefinition {
  return graph(
    [N.start(), N.approve('leader', { kind: 'deptLeader' }), N.condition('gate'), N.approve('director', [U.xuqiang]), N.cc('finance', [U.sunli]), N.end()],
    [
      ['start', 'leader'],
      ['leader', 'gate'],
      ['gate', 'director', { id: 'big', condition: { '>': [{ var: 'amount' }, 10000] }, priority: 0 }],
      ['gate', 'finance', { id: 'promo', condition: { '==': [{ var: 'expenseType' }, 'promo'] }, priority: 1 }],
      ['gate', 'end', { id: 'dflt' }],
      ['director', 'end'],
      ['finance', 'end'],
    ],
  );
}

const valid = (d: ProcessDefinition) => validateProcessDefinition(d).errors.map((e) => `${e.path} ${e.code}`);
const refusal = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    if (e instanceof ProcessDesignerError) return e.code;
    throw e;
  }
  return 'accepted';
};

describe('updateNode', () => {
  it('changes the properties the node type holds, leaves the input untouched and validates', () => {
    const before = flow();
    expect(valid(before)).toEqual([]);
    const copy = structuredClone(before);
    const { definition } = updateNode('leader', {
      name: { 'zh-CN': '领导', 'en-US': 'Leader', 'zh-TW': '' },
      method: 'all',
      commentRequired: true,
      timeout: { hours: 24, action: 'remind', maxReminders: 3 },
      returnRule: { targets: ['applicant', 'previous'], resubmit: 'returningNode' },
      actions: ['transfer', 'addSign'],
    }).apply(before);
    const leader = definition.nodes.find((n) => n.id === 'leader')!;
    expect(leader).toMatchObject({ name: { 'zh-CN': '领导', 'en-US': 'Leader' }, method: 'all', commentRequired: true, actions: ['transfer', 'addSign'] });
    expect(leader.name).not.toHaveProperty('zh-TW');
    expect(before).toEqual(copy);
    expect(definition.nodes.find((n) => n.id === 'director')).toBe(before.nodes.find((n) => n.id === 'director'));
    expect(valid(definition)).toEqual([]);
  });

  it('an undefined value removes the property; ratio and the empty-approver user follow their rule', () => {
    let d = updateNode('leader', { method: 'ratio' }).apply(flow()).definition;
    expect(d.nodes[1]).toMatchObject({ method: 'ratio', ratio: 50 });
    expect(valid(d)).toEqual([]);
    d = updateNode('leader', { ratio: 60 }).apply(d).definition;
    d = updateNode('leader', { method: 'any' }).apply(d).definition;
    expect(d.nodes[1]).not.toHaveProperty('ratio');
    d = updateNode('leader', { onEmpty: 'toUser', emptyUserId: U.admin }).apply(d).definition;
    expect(valid(d)).toEqual([]);
    d = updateNode('leader', { onEmpty: 'autoPass' }).apply(d).definition;
    expect(d.nodes[1]).not.toHaveProperty('emptyUserId');
    d = updateNode('leader', { timeout: undefined, commentRequired: undefined, onEmpty: undefined }).apply(d).definition;
    expect(Object.keys(d.nodes[1]).sort()).toEqual(['assignee', 'id', 'method', 'name', 'type']);
  });

  it('refuses what the node type does not hold, an unknown node and an empty zh-CN name', () => {
    expect(refusal(() => updateNode('gate', { method: 'all' }).apply(flow()))).toBe('notApplicable');
    expect(refusal(() => updateNode('finance', { commentRequired: true }).apply(flow()))).toBe('notApplicable');
    expect(refusal(() => updateNode('start', { assignee: { kind: 'applicant' } }).apply(flow()))).toBe('notApplicable');
    expect(refusal(() => updateNode('nope', { name: { 'zh-CN': 'x' } }).apply(flow()))).toBe('unknownNode');
    expect(refusal(() => updateNode('leader', { name: { 'zh-CN': '  ' } }).apply(flow()))).toBe('nameRequired');
    expect(refusal(() => updateNode('gate', { name: { 'zh-CN': '判断' } }).apply(flow()))).toBe('accepted');
  });

  it('coalesces per node and field', () => {
    expect(updateNode('leader', { name: { 'zh-CN': 'a' } }).coalesceKey).toBe(updateNode('leader', { name: { 'zh-CN': 'ab' } }).coalesceKey);
    expect(updateNode('leader', { name: { 'zh-CN': 'a' } }).coalesceKey).not.toBe(updateNode('director', { name: { 'zh-CN': 'a' } }).coalesceKey);
    expect(updateNode('leader', { name: { 'zh-CN': 'a' } }).coalesceKey).not.toBe(updateNode('leader', { method: 'all' }).coalesceKey);
  });
});

describe('setAssignee', () => {
  it('sets each kind of strategy on approve and cc nodes, and the result validates', () => {
    const strategies = [
      { kind: 'users', userIds: [U.lina] },
      { kind: 'roles', roleCodes: ['caiWuZhuGuan'] },
      { kind: 'posts', postCodes: ['quYuZongJian'] },
      { kind: 'deptMembers', deptCodes: ['XS'] },
      { kind: 'deptLeader' },
      { kind: 'leaderChain', levels: 2 },
      { kind: 'fieldDeptLeader', field: 'costDept' },
      { kind: 'fieldUser', field: 'reviewer' },
      { kind: 'applicant' },
      { kind: 'applicantPicks', multiple: true },
      { kind: 'previousPicks', candidates: [U.lina, U.xuqiang] },
      { kind: 'groups', groupCodes: ['reviewers'] },
      { kind: 'matrix', matrix: 'quYuShenPiJuZhen', by: { jingXiaoShang: 'dealer' }, column: 'quYuZongJian' },
      { kind: 'expression', logic: { if: [{ '>': [{ var: 'amount' }, 10000] }, [U.xuqiang], [U.lina]] } },
    ] satisfies ApproverStrategy[];
    for (const s of strategies) {
      for (const id of ['director', 'finance']) {
        const d = setAssignee(id, s).apply(flow()).definition;
        expect(d.nodes.find((n) => n.id === id)!.assignee).toEqual(s);
        expect(valid(d)).toEqual([]);
      }
    }
  });

  it('clearing the strategy leaves a node the publish lint flags; non-approver nodes refuse', () => {
    const d = setAssignee('director', undefined).apply(flow()).definition;
    expect(d.nodes[3]).not.toHaveProperty('assignee');
    expect(valid(d)).toEqual(['/nodes/3 process.noStrategy']);
    expect(refusal(() => setAssignee('gate', { kind: 'applicant' }).apply(flow()))).toBe('notApplicable');
  });
});

describe('updateEdge', () => {
  it("changes a branch's condition and label; a blank label is removed", () => {
    const cond = { and: [{ '>': [{ var: 'amount' }, 5000] }, { '==': [{ var: 'expenseType' }, 'travel'] }] };
    let d = updateEdge('big', { condition: cond, label: '大额差旅' }).apply(flow()).definition;
    expect(d.edges.find((e) => e.id === 'big')).toMatchObject({ condition: cond, label: '大额差旅', priority: 0 });
    expect(valid(d)).toEqual([]);
    d = updateEdge('big', { label: ' ' }).apply(d).definition;
    expect(d.edges.find((e) => e.id === 'big')).not.toHaveProperty('label');
    d = updateEdge('dflt', { label: '其他' }).apply(d).definition;
    expect(d.edges.find((e) => e.id === 'dflt')!.label).toBe('其他');
  });

  it('refuses a condition on the default branch, on an edge out of another node, and removing a condition', () => {
    expect(refusal(() => updateEdge('dflt', { condition: { '!!': [{ var: 'amount' }] } }).apply(flow()))).toBe('defaultBranch');
    expect(refusal(() => updateEdge('e1', { condition: true }).apply(flow()))).toBe('notABranch');
    expect(refusal(() => updateEdge('big', { condition: undefined }).apply(flow()))).toBe('conditionRequired');
    expect(refusal(() => updateEdge('nope', { label: 'x' }).apply(flow()))).toBe('unknownEdge');
  });

  it('coalesces per edge and field', () => {
    expect(updateEdge('big', { label: 'a' }).coalesceKey).toBe(updateEdge('big', { label: 'ab' }).coalesceKey);
    expect(updateEdge('big', { label: 'a' }).coalesceKey).not.toBe(updateEdge('promo', { label: 'a' }).coalesceKey);
  });
});

describe('reorderBranches', () => {
  it('rewrites priorities in the given order, which the engine then follows', () => {
    const data = { amount: 20000, expenseType: 'promo' };
    expect(
      chooseEdge(
        flow().edges.filter((e) => e.source === 'gate'),
        data,
      )!.edge.id,
    ).toBe('big');
    const d = reorderBranches('gate', ['promo', 'big', 'dflt']).apply(flow()).definition;
    expect(d.edges.filter((e) => e.source === 'gate').map((e) => [e.id, e.priority])).toEqual([
      ['big', 1],
      ['promo', 0],
      ['dflt', 2],
    ]);
    expect(
      chooseEdge(
        d.edges.filter((e) => e.source === 'gate'),
        data,
      )!.edge.id,
    ).toBe('promo');
    expect(branchesOf(d, 'gate').map((e) => e.id)).toEqual(['promo', 'big', 'dflt']);
    expect(valid(d)).toEqual([]);
  });

  it('refuses a list that is not exactly the branches, and a node that is not a condition', () => {
    expect(refusal(() => reorderBranches('gate', ['promo', 'big']).apply(flow()))).toBe('branchOrder');
    expect(refusal(() => reorderBranches('gate', ['promo', 'big', 'big']).apply(flow()))).toBe('branchOrder');
    expect(refusal(() => reorderBranches('gate', ['promo', 'big', 'e1']).apply(flow()))).toBe('branchOrder');
    expect(refusal(() => reorderBranches('leader', ['e2']).apply(flow()))).toBe('notApplicable');
  });

  it('branchesOf keeps the default last whatever its priority', () => {
    const d = reorderBranches('gate', ['dflt', 'promo', 'big']).apply(flow()).definition;
    expect(branchesOf(d, 'gate').map((e) => e.id)).toEqual(['promo', 'big', 'dflt']);
  });
});

describe('setDefaultBranch', () => {
  it('moves the default: the branch loses its condition, the old default gets the placeholder; still exactly one default', () => {
    const d = setDefaultBranch('promo').apply(flow()).definition;
    const promo = d.edges.find((e) => e.id === 'promo')!;
    const old = d.edges.find((e) => e.id === 'dflt')!;
    expect(promo).not.toHaveProperty('condition');
    expect(old.condition).toEqual(PLACEHOLDER_CONDITION);
    expect(isPlaceholderCondition(old.condition)).toBe(true);
    expect(valid(d)).toEqual([]);
    // the placeholder never matches: records go to the new default
    expect(
      chooseEdge(
        d.edges.filter((e) => e.source === 'gate'),
        { amount: 1, expenseType: 'x' },
      )!.edge.id,
    ).toBe('promo');
  });

  it('is a no-op on the default itself and refuses an edge that is not a branch', () => {
    const before = flow();
    expect(setDefaultBranch('dflt').apply(before).definition).toBe(before);
    expect(refusal(() => setDefaultBranch('e1').apply(flow()))).toBe('notABranch');
    expect(refusal(() => setDefaultBranch('zzz').apply(flow()))).toBe('unknownEdge');
  });
});
