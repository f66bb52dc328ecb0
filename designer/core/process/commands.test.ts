import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { N, graph, linear } from '../../../schemas/process/testing';
import type { ProcessDefinition } from '../../../schemas/process/model';
import {
  addBranch,
  autoLayout,
  deleteBranch,
  deleteNodes,
  deleteSelection,
  insertOnEdge,
  moveNodes,
  renameNode,
  renameProcess,
  INSERT_KINDS,
} from './commands';
import { PROCESS_ID_PATTERN, mergeNode, outEdges } from './graph';
import { ProcessDesignerError } from './errors';
import { applyChecked, problemsOf } from './testing';

const lead = { kind: 'deptLeader' } as const;
const base = (): ProcessDefinition => linear(N.approve('a', lead));

function refusal(def: ProcessDefinition, cmd: { apply: (d: ProcessDefinition) => unknown }): string {
  try {
    cmd.apply(def);
  } catch (e) {
    if (e instanceof ProcessDesignerError) return e.code;
    throw e;
  }
  return 'none';
}

const path = (def: ProcessDefinition): string[] => {
  // the main line from start following the single (or default) edge
  const out: string[] = [];
  let id: string | undefined = 'start';
  while (id && out.length < 100) {
    out.push(id);
    const outs = outEdges(def, id);
    id = (outs.find((e) => e.condition === undefined) ?? outs[0])?.target;
  }
  return out;
};

describe('insertOnEdge', () => {
  it('inserts an approver on an edge, keeping the edge and selecting the new node', () => {
    const def = base();
    const store = applyChecked(def, insertOnEdge('e1', 'approve'));
    expect(path(store)).toEqual(['start', 'approver1', 'a', 'end']);
    const node = store.nodes.find((n) => n.id === 'approver1')!;
    expect(node.type).toBe('approve');
    expect(node.assignee).toEqual({ kind: 'deptLeader' });
    expect(node.name['zh-CN']).toBe('审批人');
    expect(store.edges.find((e) => e.id === 'e1')).toMatchObject({ source: 'start', target: 'approver1' });
    expect(insertOnEdge('e1', 'approve').apply(def).selection).toEqual({ nodes: ['approver1'], edges: [] });
  });

  it('inserts a CC node', () => {
    const after = applyChecked(base(), insertOnEdge('e2', 'cc'));
    expect(path(after)).toEqual(['start', 'a', 'cc1', 'end']);
    expect(after.nodes.find((n) => n.id === 'cc1')?.type).toBe('cc');
  });

  it('inserts a condition group: one conditional branch and a default, meeting where the edge led', () => {
    const after = applyChecked(base(), insertOnEdge('e2', 'condition'));
    const outs = outEdges(after, 'condition1');
    expect(outs).toHaveLength(2);
    expect(outs.every((e) => e.target === 'end')).toBe(true);
    expect(outs.filter((e) => e.condition === undefined)).toHaveLength(1);
    expect(outs.find((e) => e.condition !== undefined)?.priority).toBe(1);
    expect(mergeNode(after, 'condition1')).toBe('end');
  });

  it('inserts a parallel group: the split, two branches and its join', () => {
    const after = applyChecked(base(), insertOnEdge('e1', 'parallel'));
    const join = after.nodes.find((n) => n.type === 'join')!;
    expect(join.split).toBe('parallel1');
    expect(outEdges(after, 'parallel1').map((e) => e.target)).toEqual([join.id, join.id]);
    expect(outEdges(after, join.id).map((e) => e.target)).toEqual(['a']);
  });

  it('keeps a condition branch’s condition on the edge out of the condition node', () => {
    const def = applyChecked(base(), insertOnEdge('e2', 'condition'));
    const branch = outEdges(def, 'condition1').find((e) => e.condition !== undefined)!;
    const after = applyChecked(def, insertOnEdge(branch.id, 'approve'));
    const e = after.edges.find((x) => x.id === branch.id)!;
    expect(e.condition).toEqual(branch.condition);
    expect(e.target).toBe('approver1');
    expect(outEdges(after, 'approver1')[0].condition).toBeUndefined();
  });

  it('refuses an unknown edge', () => {
    expect(refusal(base(), insertOnEdge('nope', 'approve'))).toBe('unknownEdge');
  });

  it('generates unique valid ids for nodes and edges in any sequence of inserts', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), fc.constantFrom(...INSERT_KINDS)), { minLength: 1, maxLength: 12 }), (steps) => {
        let def = base();
        for (const [pick, kind] of steps) def = insertOnEdge(def.edges[pick % def.edges.length].id, kind).apply(def).definition;
        const ids = [...def.nodes.map((n) => n.id), ...def.edges.map((e) => e.id)];
        expect(new Set(ids).size).toBe(ids.length);
        for (const id of ids) expect(id).toMatch(PROCESS_ID_PATTERN);
        expect(problemsOf(def)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});

describe('deleteNodes', () => {
  it('deletes an approver and reconnects its neighbours', () => {
    const def = linear(N.approve('a', lead), N.approve('b', lead));
    const after = applyChecked(def, deleteNodes(['a']));
    expect(path(after)).toEqual(['start', 'b', 'end']);
  });

  it('refuses start and end', () => {
    expect(refusal(base(), deleteNodes(['start']))).toBe('notDeletable');
    expect(refusal(base(), deleteNodes(['end']))).toBe('notDeletable');
    expect(refusal(base(), deleteNodes(['ghost']))).toBe('unknownNode');
  });

  it('deleting a branch’s only node keeps the branch as a direct edge with its condition', () => {
    let def = applyChecked(base(), insertOnEdge('e2', 'condition'));
    const branch = outEdges(def, 'condition1').find((e) => e.condition !== undefined)!;
    def = applyChecked(def, insertOnEdge(branch.id, 'approve'));
    const after = applyChecked(def, deleteNodes(['approver1']));
    const e = after.edges.find((x) => x.id === branch.id)!;
    expect(e).toMatchObject({ source: 'condition1', target: 'end', priority: 1 });
    expect(e.condition).toEqual(branch.condition);
  });

  it('deleting a condition node removes its whole group and reconnects to where the branches met', () => {
    let def = applyChecked(base(), insertOnEdge('e2', 'condition'));
    const [b1, b2] = outEdges(def, 'condition1');
    def = applyChecked(def, insertOnEdge(b1.id, 'approve'));
    def = applyChecked(def, insertOnEdge(b2.id, 'cc'));
    const after = applyChecked(def, deleteNodes(['condition1']));
    expect(after.nodes.map((n) => n.id)).toEqual(['start', 'a', 'end']);
    expect(path(after)).toEqual(['start', 'a', 'end']);
  });

  it('deleting a parallel split or its join removes the group', () => {
    let def = applyChecked(base(), insertOnEdge('e1', 'parallel'));
    const [b1] = outEdges(def, 'parallel1');
    def = applyChecked(def, insertOnEdge(b1.id, 'approve'));
    for (const id of ['parallel1', 'join1']) {
      const after = applyChecked(def, deleteNodes([id]));
      expect(after.nodes.map((n) => n.id)).toEqual(['start', 'a', 'end']);
    }
  });

  it('deletes a condition group whose branches end separately, keeping the default branch', () => {
    const def = graph(
      [N.start(), N.condition('c'), N.approve('x', lead), N.end('end1'), N.approve('y', lead), N.end('end2')],
      [
        ['start', 'c'],
        ['c', 'x', { condition: { '==': [1, 1] }, priority: 1 }],
        ['x', 'end1'],
        ['c', 'y'],
        ['y', 'end2'],
      ],
    );
    expect(problemsOf(def)).toEqual([]);
    const after = applyChecked(def, deleteNodes(['c']));
    expect(path(after)).toEqual(['start', 'y', 'end2']);
    expect(after.nodes.map((n) => n.id)).toEqual(['start', 'y', 'end2']);
  });

  it('deletes several nodes at once, groups included, via the selection', () => {
    let def = applyChecked(base(), insertOnEdge('e2', 'parallel'));
    def = applyChecked(def, insertOnEdge('e1', 'approve'));
    const after = applyChecked(def, deleteSelection({ nodes: ['approver1', 'join1', 'parallel1'], edges: [] }));
    expect(path(after)).toEqual(['start', 'a', 'end']);
  });

  it('any sequence of inserts then deletes of every inserted node gives back a valid flow', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), fc.constantFrom(...INSERT_KINDS)), { minLength: 1, maxLength: 10 }), fc.nat(), (steps, seed) => {
        let def = base();
        for (const [pick, kind] of steps) def = insertOnEdge(def.edges[pick % def.edges.length].id, kind).apply(def).definition;
        let guard = 0;
        while (def.nodes.some((n) => !['start', 'end', 'a'].includes(n.id)) && guard++ < 50) {
          const victims = def.nodes.filter((n) => !['start', 'end', 'a'].includes(n.id));
          def = deleteNodes([victims[(seed + guard) % victims.length].id]).apply(def).definition;
          expect(problemsOf(def)).toEqual([]);
        }
        expect(path(def)).toEqual(['start', 'a', 'end']);
      }),
      { numRuns: 60 },
    );
  });
});

describe('branches', () => {
  it('adds a conditional branch to a condition group, tried last', () => {
    let def = applyChecked(base(), insertOnEdge('e2', 'condition'));
    def = applyChecked(def, addBranch('condition1'));
    const outs = outEdges(def, 'condition1');
    expect(outs).toHaveLength(3);
    expect(outs.filter((e) => e.condition !== undefined).map((e) => e.priority)).toEqual([1, 2]);
    expect(outs.every((e) => e.target === 'end')).toBe(true);
  });

  it('adds a branch to a parallel group, meeting at its join', () => {
    let def = applyChecked(base(), insertOnEdge('e2', 'parallel'));
    const [b1] = outEdges(def, 'parallel1');
    def = applyChecked(def, insertOnEdge(b1.id, 'approve'));
    def = applyChecked(def, addBranch('parallel1'));
    expect(outEdges(def, 'parallel1').map((e) => e.target)).toEqual(['approver1', 'join1', 'join1']);
  });

  it('refuses a branch on a node that is no gateway', () => {
    expect(refusal(base(), addBranch('a'))).toBe('notABranch');
  });

  it('deletes a conditional branch with its nodes, never the default or below two branches', () => {
    let def = applyChecked(base(), insertOnEdge('e2', 'condition'));
    def = applyChecked(def, addBranch('condition1'));
    const outs = outEdges(def, 'condition1');
    const [c1, , c2] = [outs.find((e) => e.priority === 1)!, null, outs.find((e) => e.priority === 2)!];
    const dflt = outs.find((e) => e.condition === undefined)!;
    def = applyChecked(def, insertOnEdge(c2.id, 'approve'));
    expect(refusal(def, deleteBranch(dflt.id))).toBe('defaultBranch');
    const after = applyChecked(def, deleteBranch(c2.id));
    expect(after.nodes.some((n) => n.id === 'approver1')).toBe(false);
    expect(outEdges(after, 'condition1')).toHaveLength(2);
    expect(refusal(after, deleteBranch(c1.id))).toBe('notDeletable');
    expect(refusal(after, deleteBranch('e1'))).toBe('notABranch');
  });
});

describe('move, layout, rename', () => {
  it('moves nodes (rounded) and does nothing when nothing moved', () => {
    const after = applyChecked(base(), moveNodes({ a: { x: 10.4, y: 20.6 } }));
    expect(after.nodes.find((n) => n.id === 'a')?.position).toEqual({ x: 10, y: 21 });
    expect(moveNodes({ a: { x: 10, y: 21 } }).apply(after).definition).toBe(after);
    expect(refusal(base(), moveNodes({ ghost: { x: 0, y: 0 } }))).toBe('unknownNode');
  });

  it('auto layout forgets every stored position', () => {
    const moved = applyChecked(base(), moveNodes({ a: { x: 1, y: 2 }, end: { x: 3, y: 4 } }));
    const after = applyChecked(moved, autoLayout());
    expect(after.nodes.every((n) => n.position === undefined)).toBe(true);
    expect(autoLayout().apply(after).definition).toBe(after);
  });

  it('a change of shape re-flows the process: insert, new branch and delete forget stored positions; a move or rename keeps them', () => {
    const moved = applyChecked(base(), moveNodes({ a: { x: 1, y: 2 }, end: { x: 3, y: 4 } }));
    const edge = moved.edges.find((e) => e.target === 'end')!;
    for (const kind of INSERT_KINDS) expect(applyChecked(moved, insertOnEdge(edge.id, kind)).nodes.every((n) => n.position === undefined)).toBe(true);
    const withGroup = applyChecked(moved, insertOnEdge(edge.id, 'condition'));
    const gateway = withGroup.nodes.find((n) => n.type === 'condition')!;
    const regrouped = applyChecked(withGroup, moveNodes({ a: { x: 5, y: 6 } }));
    expect(applyChecked(regrouped, addBranch(gateway.id)).nodes.every((n) => n.position === undefined)).toBe(true);
    expect(applyChecked(regrouped, deleteNodes([gateway.id])).nodes.every((n) => n.position === undefined)).toBe(true);
    expect(applyChecked(moved, renameNode('a', { 'zh-CN': '主管' })).nodes.find((n) => n.id === 'a')?.position).toEqual({ x: 1, y: 2 });
  });

  it('renames a node and the process', () => {
    const after = applyChecked(base(), renameNode('a', { 'zh-CN': '主管', 'en-US': 'Manager' }));
    expect(after.nodes.find((n) => n.id === 'a')?.name).toEqual({ 'zh-CN': '主管', 'en-US': 'Manager' });
    expect(applyChecked(base(), renameProcess({ 'zh-CN': '新流程' })).name).toEqual({ 'zh-CN': '新流程' });
  });
});
