import { describe, expect, it } from 'vitest';
import { layoutProcess, layoutProcessGraph, routeMidpoint, simplify, textWidth, NODE_SIZE, type LayoutOptions, type NodeBox } from './layout';
import { fitRoute, roundedPath } from './diagram/routePath';
import { routeProblems as checkRoutes } from './diagram/routeCheck';
import type { ProcessDefinition, ProcessEdge } from '../../schemas/process/model';
import { MODEL_DEFS, N, graph } from '../../schemas/process/testing';

const name = { 'zh-CN': 'x' };
const lead = { kind: 'deptLeader' } as const;
function def(): Pick<ProcessDefinition, 'nodes' | 'edges'> {
  return {
    nodes: [
      { id: 'start', type: 'start', name },
      { id: 'c', type: 'condition', name },
      { id: 'a1', type: 'approve', name, assignee: { kind: 'deptLeader' } },
      { id: 'a2', type: 'approve', name, assignee: { kind: 'deptLeader' } },
      { id: 'end', type: 'end', name },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'c' },
      { id: 'e2', source: 'c', target: 'a2', condition: { '>': [{ var: 'amount' }, 1] }, priority: 1 },
      { id: 'e3', source: 'c', target: 'a1' },
      { id: 'e4', source: 'a1', target: 'end' },
      { id: 'e5', source: 'a2', target: 'end' },
    ],
  };
}

describe('layoutProcess', () => {
  it('ranks top-down: every edge goes downwards, branches side by side', () => {
    const d = def();
    const p = layoutProcess(d);
    for (const e of d.edges) expect(p[e.target].y, `${e.source}→${e.target}`).toBeGreaterThan(p[e.source].y);
    expect(p.a1.y).toBe(p.a2.y);
    expect(Math.abs(p.a1.x - p.a2.x)).toBeGreaterThanOrEqual(NODE_SIZE.approve.width);
  });

  it('keeps stored positions unless told not to', () => {
    const d = def();
    d.nodes[2] = { ...d.nodes[2], position: { x: 999, y: 7 } };
    expect(layoutProcess(d).a1).toEqual({ x: 999, y: 7 });
    expect(layoutProcess(d, { keepPositions: false }).a1).not.toEqual({ x: 999, y: 7 });
  });

  it('ignores edges to unknown nodes and self-loops', () => {
    const d = def();
    d.edges.push({ id: 'bad', source: 'a1', target: 'ghost' }, { id: 'loop', source: 'a2', target: 'a2' });
    const p = layoutProcess(d);
    expect(Object.keys(p).sort()).toEqual(['a1', 'a2', 'c', 'end', 'start']);
  });
});

// ─── routes ─────────────────────────────────────────────────────────────────────────────────

const catalog = import.meta.glob<ProcessDefinition>('../../schemas/catalog/*.process.json', { eager: true, import: 'default' });

/** Branch labels 150×40 (text over a "+"), other edges a 24×24 "+" — about the designer's boxes. */
const labelSize = (e: ProcessEdge): NodeBox => (e.condition !== undefined || e.label ? { width: 150, height: 40 } : { width: 24, height: 24 });

const routeProblems = (d: Pick<ProcessDefinition, 'nodes' | 'edges'>, options: LayoutOptions = { labelSize }) =>
  checkRoutes(d, layoutProcessGraph(d, options), options.labelSize);

describe('layoutProcessGraph routes', () => {
  it('two branches, the default straight to the end: the default runs beside the director, not through it', () => {
    const d = graph(
      [N.start(), N.approve('leader', lead), N.condition('c'), N.approve('director', lead), N.end()],
      [
        ['start', 'leader'],
        ['leader', 'c'],
        ['c', 'director', { id: 'high', condition: { '>': [{ var: 'amount' }, 10000] }, priority: 1, label: '金额大于 1 万' }],
        ['director', 'end'],
        ['c', 'end', { id: 'dflt' }],
      ],
    );
    expect(routeProblems(d)).toEqual([]);
    const { positions, routes } = layoutProcessGraph(d, { labelSize });
    const director = { ...positions.director, ...NODE_SIZE.approve };
    // the default's vertical run at the director's height lies clear of it, on one side
    const side = routes.dflt.points.filter(
      (p, i, ps) => i > 0 && ps[i - 1].x === p.x && Math.max(p.y, ps[i - 1].y) > director.y && Math.min(p.y, ps[i - 1].y) < director.y + director.height,
    );
    expect(side.length).toBe(1);
    expect(side[0].x < director.x || side[0].x > director.x + director.width).toBe(true);
    // the label box is beside the director as well, and the branch order reads left to right
    expect(routes.high.label.x).toBeLessThan(routes.dflt.label.x);
    expect(routeProblems(d, {})).toEqual([]);
  });

  it('three branches of a condition, the default straight on to the end', () => {
    const d = graph(
      [N.start(), N.condition('c'), N.approve('a1', lead), N.approve('a2', lead), N.cc('cc', lead), N.end()],
      [
        ['start', 'c'],
        ['c', 'a1', { id: 'b1', condition: { '>': [{ var: 'amount' }, 50000] }, priority: 1, label: '金额 > 50,000' }],
        ['c', 'a2', { id: 'b2', condition: { '>': [{ var: 'amount' }, 10000] }, priority: 2, label: '金额 > 10,000' }],
        ['c', 'end', { id: 'b3' }],
        ['a1', 'cc'],
        ['cc', 'end'],
        ['a2', 'end'],
      ],
    );
    expect(routeProblems(d)).toEqual([]);
    expect(routeProblems(d, {})).toEqual([]);
    // where the branches leave the condition, more of them read left to right in the order they
    // are tried than the other way round (dagre orders ranks to cut crossings; the layout is
    // mirrored when most read backwards)
    for (const options of [{ labelSize }, {}]) {
      const { routes } = layoutProcessGraph(d, options);
      const xs = ['b1', 'b2', 'b3'].map((id) => routes[id].points.find((p, i) => i > 0 && p.x !== routes[id].points[0].x)?.x ?? routes[id].points[0].x);
      let score = 0;
      for (let i = 0; i < xs.length; i++) for (let j = i + 1; j < xs.length; j++) score += Math.sign(xs[j] - xs[i]);
      expect(score, `${JSON.stringify(options)} ${xs}`).toBeGreaterThan(0);
    }
  });

  it('parallel groups: nested, and a new group with two empty branches (two edges between the same nodes)', () => {
    expect(routeProblems(MODEL_DEFS[2])).toEqual([]);
    const d = graph(
      [N.start(), N.parallel('p'), N.join('j', 'p'), N.approve('a', lead), N.end()],
      [
        ['start', 'p'],
        ['p', 'j', { id: 'x1' }],
        ['p', 'j', { id: 'x2' }],
        ['p', 'a', { id: 'x3' }],
        ['a', 'j'],
        ['j', 'end'],
      ],
    );
    expect(routeProblems(d)).toEqual([]);
    const { routes } = layoutProcessGraph(d, { labelSize });
    expect(routes.x1.label.x).not.toBe(routes.x2.label.x);
  });

  it.each(Object.entries(catalog).map(([file, d]) => [file.split('/').pop()!, d] as const))('the catalog process %s', (_file, d) => {
    expect(routeProblems(d)).toEqual([]);
    expect(routeProblems(d, {})).toEqual([]);
    // the amount branch (tried first) left of the default
    for (const options of [{ labelSize }, {}]) {
      const { routes } = layoutProcessGraph(d, options);
      const branches = d.edges.filter((e) => d.nodes.find((n) => n.id === e.source)?.type === 'condition');
      const xs = branches.map((e) => routes[e.id].label.x);
      expect(xs).toEqual([...xs].sort((a, b) => a - b));
    }
  });

  it('the engine fixtures', () => {
    for (const d of MODEL_DEFS) expect(routeProblems(d)).toEqual([]);
  });

  it('no route for an edge with an end at a stored position (unless positions are ignored)', () => {
    const d = def();
    d.nodes[2] = { ...d.nodes[2], position: { x: 999, y: 7 } };
    const kept = layoutProcessGraph(d);
    expect(Object.keys(kept.routes).sort()).toEqual(['e1', 'e2', 'e5']);
    expect(Object.keys(layoutProcessGraph(d, { keepPositions: false }).routes).sort()).toEqual(['e1', 'e2', 'e3', 'e4', 'e5']);
    expect(layoutProcess(d)).toEqual(kept.positions);
  });
});

describe('route geometry', () => {
  it('rounds corners, fits the ends to the handles, refuses a moved end', () => {
    const pts = [
      { x: 0, y: 0 },
      { x: 0, y: 20 },
      { x: 100, y: 20 },
      { x: 100, y: 60 },
    ];
    expect(roundedPath(pts, 10)).toBe('M 0,0 L 0,10 Q 0,20 10,20 L 90,20 Q 100,20 100,30 L 100,60');
    const route = { points: pts, label: { x: 100, y: 40 } };
    expect(fitRoute(route, { x: 0.5, y: 3 }, { x: 100, y: 57 })).toEqual([
      { x: 0.5, y: 3 },
      { x: 0.5, y: 20 },
      { x: 100, y: 20 },
      { x: 100, y: 57 },
    ]);
    expect(fitRoute(route, { x: 40, y: 3 }, { x: 100, y: 57 })).toBeNull();
    expect(fitRoute(undefined, { x: 0, y: 0 }, { x: 0, y: 0 })).toBeNull();
    expect(routeMidpoint(pts)).toEqual({ x: 60, y: 20 });
    expect(
      simplify([
        { x: 0, y: 0 },
        { x: 0, y: 0 },
        { x: 0, y: 5 },
        { x: 0, y: 9 },
        { x: 4, y: 9 },
      ]),
    ).toEqual([
      { x: 0, y: 0 },
      { x: 0, y: 9 },
      { x: 4, y: 9 },
    ]);
  });

  it('estimates text widths: CJK one em, Latin about 0.6 em', () => {
    expect(textWidth('默认分支')).toBe(48);
    expect(textWidth('abcde')).toBe(36);
  });
});
