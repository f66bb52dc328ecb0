import { describe, expect, it } from 'vitest';
import { N, graph, linear } from '../../schemas/process/testing';
import { dryRun } from '../../schemas/process/dryRun';
import { DIRECTORY, U } from '../../schemas/process/testing';
import { CanvasModel, OFFSET_STEP, dryRunPath, edgeOffsets, edgeRoles } from './canvasModel';
import { insertOnEdge, moveNodes } from '../core/process/commands';

const lead = { kind: 'deptLeader' } as const;

describe('CanvasModel', () => {
  it('places every node (stored positions kept) and reuses untouched objects', () => {
    const def = linear(N.approve('a', lead), N.approve('b', lead));
    const model = new CanvasModel();
    const first = model.nodes(def);
    expect(first.map((n) => n.id)).toEqual(['start', 'a', 'b', 'end']);
    expect(first[0].position.y).toBeLessThan(first[1].position.y);
    expect(first.find((n) => n.id === 'start')?.deletable).toBe(false);
    const moved = moveNodes({ b: { x: 900, y: 900 } }).apply(def).definition;
    const second = model.nodes(moved);
    expect(second[3]).toBe(first[3]);
    expect(second[2]).not.toBe(first[2]);
    expect(second[2].position).toEqual({ x: 900, y: 900 });
    const third = model.nodes(moved, { selectedNodes: ['a'], problemsByNode: { b: [1, 2] } });
    expect(third[1].selected).toBe(true);
    expect(third[2].data.problems).toBe(2);
    expect(third[0]).toBe(second[0]);
  });

  it('labels branches: conditional ones in priority order, the default apart, offsets spread', () => {
    let def = linear(N.approve('a', lead));
    def = insertOnEdge('e2', 'condition').apply(def).definition;
    const roles = edgeRoles(def);
    const outs = def.edges.filter((e) => e.source === 'condition1');
    expect(outs.map((e) => roles.get(e.id)?.role).sort()).toEqual(['conditional', 'default']);
    const offsets = edgeOffsets(def.edges, roles);
    const cond = outs.find((e) => e.condition !== undefined)!;
    const dflt = outs.find((e) => e.condition === undefined)!;
    expect(offsets.get(cond.id)).toBe(-OFFSET_STEP / 2);
    expect(offsets.get(dflt.id)).toBe(OFFSET_STEP / 2);
    expect(offsets.get('e1')).toBe(0);
    const edges = new CanvasModel().edges(def);
    expect(edges.find((e) => e.id === cond.id)?.data).toMatchObject({ role: 'conditional', order: 1, placeholder: true });
  });
});

describe('dryRunPath', () => {
  it('marks the nodes and edges the dry-run went through, the branch not taken left out', () => {
    const def = graph(
      [N.start(), N.approve('a', lead), N.condition('c'), N.approve('big', [U.xuqiang]), N.end()],
      [
        ['start', 'a'],
        ['a', 'c'],
        ['c', 'big', { id: 'high', condition: { '>': [{ var: 'amount' }, 10000] }, priority: 1 }],
        ['big', 'end'],
        ['c', 'end', { id: 'low' }],
      ],
    );
    const high = dryRun(def, { data: { amount: 12000 }, applicantId: U.zhangwei, directory: DIRECTORY });
    const p = dryRunPath(def, high.steps);
    expect([...p.nodes].sort()).toEqual(['a', 'big', 'c', 'end', 'start']);
    expect([...p.edges].sort()).toEqual(['e1', 'e2', 'e4', 'high']);
    const low = dryRun(def, { data: { amount: 100 }, applicantId: U.zhangwei, directory: DIRECTORY });
    const q = dryRunPath(def, low.steps);
    expect(q.nodes.has('big')).toBe(false);
    expect([...q.edges].sort()).toEqual(['e1', 'e2', 'low']);
  });
});
