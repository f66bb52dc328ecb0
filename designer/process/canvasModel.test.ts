import { describe, expect, it } from 'vitest';
import { N, graph, linear } from '../../schemas/process/testing';
import { dryRun } from '../../schemas/process/dryRun';
import { DIRECTORY, U } from '../../schemas/process/testing';
import {
  CanvasModel,
  OFFSET_STEP,
  branchText,
  dryRunPath,
  edgeOffsets,
  edgeRoles,
  labelBox,
  type FlowEdge,
  type FlowNode,
  type Translate,
} from './canvasModel';
import { autoLayout, insertOnEdge, moveNodes } from '../core/process/commands';
import type { ProcessDefinition } from '../../schemas/process/model';
import { translate } from '../../schemas/locales';
import { routeProblems } from '../../runtime/approval/diagram/routeCheck';

const catalog = import.meta.glob<ProcessDefinition>('../../schemas/catalog/*.process.json', { eager: true, import: 'default' });
const tIn =
  (locale: 'zh-CN' | 'en-US'): Translate =>
  (key, params) =>
    translate(locale, 'process', key, params);

/** The canvas's nodes and routed edges checked as the layout's routes (designer label boxes: branch text over the "+"). */
function canvasProblems(def: Pick<ProcessDefinition, 'nodes' | 'edges'>, options: { t?: Translate; readOnly?: boolean } = {}): string[] {
  const model = new CanvasModel(options);
  const nodes: FlowNode[] = model.nodes(def);
  const edges: FlowEdge[] = model.edges(def);
  const positions = Object.fromEntries(nodes.map((n) => [n.id, n.position]));
  const routes = Object.fromEntries(edges.flatMap((e) => (e.data?.route ? [[e.id, e.data.route]] : [])));
  const data = new Map(edges.map((e) => [e.id, e.data!]));
  return routeProblems(def, { positions, routes }, (e) => labelBox(branchText(options.t ?? tIn('zh-CN'), data.get(e.id)!), options.readOnly ?? false));
}

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

describe('CanvasModel routes', () => {
  it('routes every edge around the nodes, with room for the branch labels and "+" (two branches, the default straight to the end)', () => {
    const def = graph(
      [N.start(), N.approve('leader', lead), N.condition('c'), N.approve('director', lead), N.end()],
      [
        ['start', 'leader'],
        ['leader', 'c'],
        ['c', 'director', { id: 'high', condition: { '>': [{ var: 'amount' }, 10000] }, priority: 1, label: '金额大于 1 万' }],
        ['director', 'end'],
        ['c', 'end', { id: 'dflt' }],
      ],
    );
    expect(canvasProblems(def)).toEqual([]);
    expect(canvasProblems(def, { t: tIn('en-US') })).toEqual([]);
    expect(canvasProblems(def, { readOnly: true })).toEqual([]);
  });

  it.each(Object.entries(catalog).map(([file, d]) => [file.split('/').pop()!, d] as const))('the catalog process %s', (_file, d) => {
    expect(canvasProblems(d)).toEqual([]);
    expect(canvasProblems(d, { t: tIn('en-US') })).toEqual([]);
  });

  it('a three-branch condition and parallel groups (a new group inserted on an edge, nested groups)', () => {
    let def = linear(N.approve('a', lead), N.approve('b', lead));
    def = insertOnEdge('e2', 'condition').apply(def).definition;
    def = insertOnEdge('e3', 'parallel').apply(def).definition;
    expect(canvasProblems(def)).toEqual([]);
    const three = graph(
      [N.start(), N.condition('c'), N.approve('a1', lead), N.approve('a2', lead), N.cc('cc', lead), N.end()],
      [
        ['start', 'c'],
        ['c', 'a1', { id: 'b1', condition: { '>': [{ var: 'amount' }, 50000] }, priority: 1, label: '金额 > 50,000' }],
        ['c', 'a2', { id: 'b2', condition: { '>': [{ var: 'amount' }, 10000] }, priority: 2 }],
        ['c', 'end', { id: 'b3' }],
        ['a1', 'cc'],
        ['cc', 'end'],
        ['a2', 'end'],
      ],
    );
    expect(canvasProblems(three)).toEqual([]);
    // a longer chain with condition and parallel groups inserted here and there
    let long = linear(...['a', 'b', 'c', 'd', 'e', 'f'].map((id) => N.approve(id, lead)));
    for (const [edge, kind] of [
      ['e2', 'condition'],
      ['e4', 'parallel'],
      ['e6', 'condition'],
      ['e3', 'cc'],
    ] as const)
      long = insertOnEdge(edge, kind).apply(long).definition;
    expect(canvasProblems(long)).toEqual([]);
  });

  it('an edge whose end was moved has no route (a plain line); the others keep theirs, objects reused', () => {
    const def = linear(N.approve('a', lead), N.approve('b', lead));
    const model = new CanvasModel();
    const first = model.edges(def);
    expect(first.every((e) => e.data?.route)).toBe(true);
    const moved = moveNodes({ b: { x: 900, y: 900 } }).apply(def).definition;
    const second = model.edges(moved);
    expect(second.map((e) => !!e.data?.route)).toEqual([true, false, false]);
    expect(second[0]).toBe(first[0]);
    // back to the automatic layout: routed again
    const back = model.edges(autoLayout().apply(moved).definition);
    expect(back.every((e) => e.data?.route)).toBe(true);
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
