// Automatic top-down layout of a process graph (dagre), and the route of every edge. Plain
// TypeScript, no React: the approval screens' read-only diagram and the process designer's canvas
// (designer/process, through designer/core) both place nodes with it; the designer keeps an
// admin's own moves as `node.position` and lays out only what has none (or everything, on "auto
// layout").
//
// Edges are routed, not drawn as a straight or stepped line between their two nodes (which ran a
// condition's default branch straight through the approver on the other branch): dagre gives
// every edge a chain of points, one per rank it spans, each point kept clear of the nodes of its
// rank, and reserves a box for the edge's label (the caller says how big: a branch label, the
// designer's "+") on the edge's middle rank. The route goes through those points with vertical
// segments inside a rank and horizontal ones only in the free gap between two ranks, so it never
// enters a node's box nor another edge's label box.
import dagre from '@dagrejs/dagre';
import type { ProcessDefinition, ProcessEdge, ProcessNodeType } from '../../schemas/process/model';

export interface NodeBox {
  width: number;
  height: number;
}

/** The size each node type is drawn at (the diagram and the designer draw the same boxes). */
export const NODE_SIZE: Readonly<Record<ProcessNodeType, NodeBox>> = {
  start: { width: 200, height: 56 },
  approve: { width: 220, height: 76 },
  cc: { width: 220, height: 76 },
  condition: { width: 200, height: 56 },
  parallel: { width: 160, height: 44 },
  join: { width: 160, height: 44 },
  end: { width: 160, height: 44 },
};

export interface LayoutOptions {
  /** vertical gap between ranks of nodes (px); an edge's label sits in the middle of it, with half of it above and below */
  rankSep?: number;
  /** horizontal gap between nodes of one rank (px) */
  nodeSep?: number;
  /** horizontal gap between two edges running side by side (px) */
  edgeSep?: number;
  /** keep the stored `position` of nodes that have one (default true) */
  keepPositions?: boolean;
  /** the box an edge's label takes (centred on the edge); the layout keeps it clear of nodes and of other edges */
  labelSize?: (edge: ProcessEdge) => NodeBox | null | undefined;
}

export interface Point {
  x: number;
  y: number;
}

/** Top-left positions by node id (React Flow's convention). */
export type Positions = Record<string, Point>;

/** Where an edge runs, in the same coordinates as the positions. */
export interface EdgeRoute {
  /**
   * From the middle of the source's bottom side to the middle of the target's top side, through
   * vertical and horizontal segments only (corners at most: no two consecutive points repeat a
   * direction).
   */
  points: Point[];
  /** the middle of the edge's label box (on the route) */
  label: Point;
}

export interface ProcessLayout {
  positions: Positions;
  /**
   * The route of each edge laid out between nodes at their automatic positions. With
   * `keepPositions`, an edge with an end at a stored position has none (draw it as a plain line).
   */
  routes: Record<string, EdgeRoute>;
}

/**
 * Positions for every node of `definition`: dagre's top-down ranking, edges out of a condition
 * node ordered by priority so branches read left to right in the order they are tried (where
 * dagre's ordering has most of them the other way round, the layout is mirrored). With
 * `keepPositions` a node that has a stored position keeps it.
 */
export function layoutProcess(definition: Pick<ProcessDefinition, 'nodes' | 'edges'>, options: LayoutOptions = {}): Positions {
  return layoutProcessGraph(definition, options).positions;
}

const boxOf = (type: ProcessNodeType): NodeBox => NODE_SIZE[type] ?? NODE_SIZE.approve;

/** The positions (as layoutProcess) and the route of every edge. */
export function layoutProcessGraph(definition: Pick<ProcessDefinition, 'nodes' | 'edges'>, options: LayoutOptions = {}): ProcessLayout {
  const { rankSep = 56, nodeSep = 48, edgeSep = 24, keepPositions = true, labelSize } = options;
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'TB', ranksep: rankSep, nodesep: nodeSep, edgesep: edgeSep, marginx: 24, marginy: 24 });
  g.setDefaultEdgeLabel(() => ({}));
  const types = new Map<string, ProcessNodeType>();
  for (const n of definition.nodes) {
    const box = boxOf(n.type);
    g.setNode(n.id, { width: box.width, height: box.height });
    types.set(n.id, n.type);
  }
  const edges = [...definition.edges]
    .sort((a, b) => (a.priority ?? 0) - (b.priority ?? 0) || Number(!a.condition) - Number(!b.condition))
    .filter((e) => types.has(e.source) && types.has(e.target) && e.source !== e.target);
  for (const e of edges) {
    const box = labelSize?.(e);
    // labelpos 'c': the label's box sits centred on the edge (dagre's default puts it to the right)
    g.setEdge(e.source, e.target, { width: box?.width ?? 0, height: box?.height ?? 0, labelpos: 'c' }, e.id);
  }
  dagre.layout(g);
  if (branchesReversed(g, edges, types)) mirror(g);

  const auto: Positions = {};
  for (const n of definition.nodes) {
    const p = g.node(n.id) as { x: number; y: number } | undefined;
    const box = boxOf(n.type);
    auto[n.id] = p ? { x: Math.round(p.x - box.width / 2), y: Math.round(p.y - box.height / 2) } : { x: 0, y: 0 };
  }
  const positions: Positions = {};
  const stored = new Set<string>();
  for (const n of definition.nodes) {
    if (keepPositions && n.position) {
      positions[n.id] = { x: n.position.x, y: n.position.y };
      stored.add(n.id);
    } else positions[n.id] = auto[n.id];
  }

  // the half height of each rank's band (its tallest node or label box), by the rank's centre y
  const half = new Map<number, number>();
  const widen = (y: number, h: number) => {
    const k = Math.round(y);
    half.set(k, Math.max(half.get(k) ?? 0, h / 2));
  };
  for (const n of definition.nodes) widen(auto[n.id].y + boxOf(n.type).height / 2, boxOf(n.type).height);
  type DagreEdge = LaidEdge & { width?: number; height?: number };
  const laid = edges.map((e) => ({ e, d: g.edge(e.source, e.target, e.id) as DagreEdge | undefined }));
  for (const { d } of laid) if (d?.y !== undefined && d.height) widen(d.y, d.height);
  const halfAt = (y: number) => half.get(Math.round(y)) ?? 0;
  /** the middle of the free gap between the band of the rank at y1 and that of the next one down at y2 */
  const gapMid = (y1: number, y2: number) => Math.round((y1 + halfAt(y1) + (y2 - halfAt(y2))) / 2);

  const routes: Record<string, EdgeRoute> = {};
  for (const { e, d } of laid) {
    if (!d?.points || d.points.length < 2 || stored.has(e.source) || stored.has(e.target)) continue;
    const sb = boxOf(types.get(e.source)!);
    const tb = boxOf(types.get(e.target)!);
    const s = auto[e.source];
    const t = auto[e.target];
    const source = { x: s.x + sb.width / 2, y: s.y + sb.height / 2 };
    const target = { x: t.x + tb.width / 2, y: t.y + tb.height / 2 };
    // an edge dagre turned round to break a cycle runs upwards: no route (drawn as a plain line)
    if (target.y <= source.y) continue;
    // dagre's first and last points are where the straight line meets the node's border; the
    // route leaves from the bottom middle and arrives at the top middle instead (the handles)
    const stations = [source, ...d.points.slice(1, -1).map((p) => ({ x: Math.round(p.x), y: Math.round(p.y) })), target];
    const points: Point[] = [{ x: source.x, y: s.y + sb.height }];
    let cur = source;
    for (let i = 1; i < stations.length; i++) {
      const next = stations[i];
      const last = i === stations.length - 1;
      // a pixel of rounding between two points of one vertical run is no bend
      const x = !last && Math.abs(next.x - cur.x) <= 1 ? cur.x : next.x;
      if (x !== cur.x) {
        const gy = gapMid(cur.y, next.y);
        points.push({ x: cur.x, y: gy }, { x, y: gy });
      }
      cur = { x, y: next.y };
    }
    points.push({ x: target.x, y: t.y });
    const label = d.x !== undefined && d.y !== undefined ? { x: Math.round(d.x), y: Math.round(d.y) } : routeMidpoint(points);
    routes[e.id] = { points: simplify(points), label };
  }
  return { positions, routes };
}

type LaidEdge = { points?: Point[]; x?: number; y?: number };
type Graph = InstanceType<typeof dagre.graphlib.Graph>;

/**
 * Whether, over all condition nodes, more pairs of branches run right to left than left to right
 * in the order they are tried (dagre orders a rank to cut crossings, not by priority). Compared where the branches leave their
 * condition: the first point of each below it, all on the next rank.
 */
function branchesReversed(g: Graph, edges: readonly ProcessEdge[], types: ReadonlyMap<string, ProcessNodeType>): boolean {
  const bySource = new Map<string, number[]>();
  // tried in priority order, the default (no condition) last
  const rank = (e: ProcessEdge) => (e.condition === undefined ? Number.POSITIVE_INFINITY : (e.priority ?? 0));
  const branches = edges.filter((e) => types.get(e.source) === 'condition').sort((a, b) => rank(a) - rank(b));
  for (const e of branches) {
    const x = (g.edge(e.source, e.target, e.id) as LaidEdge | undefined)?.points?.[1]?.x;
    if (x !== undefined) bySource.set(e.source, [...(bySource.get(e.source) ?? []), x]);
  }
  let score = 0;
  for (const xs of bySource.values()) for (let i = 0; i < xs.length; i++) for (let j = i + 1; j < xs.length; j++) score += Math.sign(xs[j] - xs[i]);
  return score < 0;
}

/** Mirror dagre's layout left to right (it stays free of crossings; the branches then read in priority order). */
function mirror(g: Graph) {
  const width = (g.graph() as { width?: number }).width ?? 0;
  for (const v of g.nodes()) {
    const n = g.node(v) as { x?: number } | undefined;
    if (n?.x !== undefined) n.x = width - n.x;
  }
  for (const ref of g.edges()) {
    const e = g.edge(ref) as LaidEdge;
    if (e.x !== undefined) e.x = width - e.x;
    e.points = e.points?.map((p) => ({ x: width - p.x, y: p.y }));
  }
}

/** Without repeated points and without points in the middle of a straight run. */
export function simplify(points: readonly Point[]): Point[] {
  const out: Point[] = [];
  for (const p of points) {
    const a = out[out.length - 1];
    if (a && a.x === p.x && a.y === p.y) continue;
    const b = out[out.length - 2];
    if (a && b && ((b.x === a.x && a.x === p.x) || (b.y === a.y && a.y === p.y))) out[out.length - 1] = p;
    else out.push(p);
  }
  return out;
}

/** The point halfway along a polyline. */
export function routeMidpoint(points: readonly Point[]): Point {
  if (!points.length) return { x: 0, y: 0 };
  let total = 0;
  for (let i = 1; i < points.length; i++) total += Math.hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y);
  let left = total / 2;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len >= left && len > 0) return { x: a.x + ((b.x - a.x) * left) / len, y: a.y + ((b.y - a.y) * left) / len };
    left -= len;
  }
  return { ...points[points.length - 1] };
}

/**
 * The width (px) a line of text takes at `fontPx` — an estimate for reserving label room without
 * a DOM: CJK and full-width characters one em, others about 0.6 em.
 */
export function textWidth(text: string, fontPx = 12): number {
  let w = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    const wide =
      (c >= 0x2e80 && c <= 0x9fff) ||
      (c >= 0xac00 && c <= 0xd7a3) ||
      (c >= 0xf900 && c <= 0xfaff) ||
      (c >= 0xfe30 && c <= 0xfe4f) ||
      (c >= 0xff00 && c <= 0xff60);
    w += wide ? fontPx : fontPx * 0.6;
  }
  return Math.ceil(w);
}
