// From a process definition to what React Flow draws, in plain TypeScript (no React): one flow
// node per process node (its position: stored, else the top-down layout), one flow edge per
// process edge with what its label shows (branch priority, default, placeholder condition), its
// route from the layout (it runs around the nodes, with room kept for its branch label and "+"),
// the sideways offset of the plain curve drawn instead when an end was moved (two edges between
// the same nodes stay apart), and the dry-run's path. Objects are reused while nothing of theirs changed, so
// React Flow and the memoised node components skip the untouched ones.
import type { Edge, Node } from '@xyflow/react';
import type { ProcessDefinition, ProcessEdge, ProcessNode } from '../../schemas/process/model';
import { translate } from '../../schemas/locales';
import { NODE_SIZE, layoutProcessGraph, textWidth, type EdgeRoute, type NodeBox } from '../../runtime/approval/layout';
import { isPlaceholderCondition } from '../core/process/propertyCommands';

export interface FlowNodeData extends Record<string, unknown> {
  node: ProcessNode;
  problems: number;
  /** on the dry-run's path */
  onPath: boolean;
}

export type EdgeRole = 'plain' | 'conditional' | 'default' | 'parallel';

export interface FlowEdgeData extends Record<string, unknown> {
  edge: ProcessEdge;
  role: EdgeRole;
  /** the order among the condition node's conditional branches (1 first); 0 otherwise */
  order: number;
  /** a conditional branch whose condition is not built yet */
  placeholder: boolean;
  /** where the edge runs (the automatic layout), while both its nodes are where the layout put them */
  route?: EdgeRoute;
  /** sideways offset (px) of the curve between two nodes joined by more than one edge (drawn without a route) */
  offset: number;
  problems: number;
  onPath: boolean;
  /** the source node's name (the "+" button's accessible name) */
  sourceId: string;
}

export type FlowNode = Node<FlowNodeData>;
export type FlowEdge = Edge<FlowEdgeData>;

export interface CanvasDecor {
  problemsByNode?: Readonly<Record<string, readonly unknown[]>>;
  problemsByEdge?: Readonly<Record<string, readonly unknown[]>>;
  pathNodes?: ReadonlySet<string>;
  pathEdges?: ReadonlySet<string>;
  selectedNodes?: readonly string[];
  selectedEdges?: readonly string[];
}

export const OFFSET_STEP = 90;

/** The label's parts (processDesigner.css): the branch button (at most 180 px wide), the "+" under it. */
export const BRANCH_MAX_WIDTH = 180;
export const BRANCH_HEIGHT = 26;
export const PLUS_SIZE = 24;
export const LABEL_GAP = 4;
/** room kept around an edge's label (px, each direction) */
export const LABEL_MARGIN = 6;

export type Translate = (key: string, params?: Record<string, unknown>) => string;
const ZH_CN: Translate = (key, params) => translate('zh-CN', 'process', key, params);

/** What a branch edge's label says: "优先级 1：金额大于 1 万", "默认分支", "优先级 2：未设置条件"; '' on other edges. */
export function branchText(t: Translate, d: Pick<FlowEdgeData, 'edge' | 'role' | 'order' | 'placeholder'>): string {
  if (d.role === 'conditional') {
    if (d.placeholder) return t('canvas.branchUnset', { order: d.order });
    return d.edge.label ? t('canvas.branchLabel', { label: d.edge.label, order: d.order }) : t('canvas.branchNumbered', { order: d.order });
  }
  if (d.role === 'default') return d.edge.label ? t('canvas.defaultLabel', { label: d.edge.label }) : t('canvas.default');
  return '';
}

/** The box an edge's label takes on the canvas (the layout keeps it clear): the branch text over the "+"; on a read-only canvas the branch text only. */
export function labelBox(text: string, readOnly: boolean): NodeBox | null {
  const branch = text ? { width: Math.min(BRANCH_MAX_WIDTH, textWidth(text) + 18), height: BRANCH_HEIGHT } : null;
  const plus = readOnly ? null : { width: PLUS_SIZE, height: PLUS_SIZE };
  if (!branch && !plus) return null;
  const width = Math.max(branch?.width ?? 0, plus?.width ?? 0);
  const height = (branch?.height ?? 0) + (plus?.height ?? 0) + (branch && plus ? LABEL_GAP : 0);
  return { width: width + 2 * LABEL_MARGIN, height: height + 2 * LABEL_MARGIN };
}

export interface CanvasModelOptions {
  /** the texts branch labels are written in (their width is reserved in the layout); zh-CN by default */
  t?: Translate;
  /** no "+" on the edges */
  readOnly?: boolean;
}

/** The role and order of each edge (branches of condition and parallel nodes). */
export function edgeRoles(def: Pick<ProcessDefinition, 'nodes' | 'edges'>): Map<string, { role: EdgeRole; order: number }> {
  const types = new Map(def.nodes.map((n) => [n.id, n.type]));
  const out = new Map<string, { role: EdgeRole; order: number }>();
  const conditional = new Map<string, ProcessEdge[]>();
  for (const e of def.edges) {
    const t = types.get(e.source);
    if (t === 'condition') {
      if (e.condition === undefined) out.set(e.id, { role: 'default', order: 0 });
      else conditional.set(e.source, [...(conditional.get(e.source) ?? []), e]);
    } else if (t === 'parallel') out.set(e.id, { role: 'parallel', order: 0 });
    else out.set(e.id, { role: 'plain', order: 0 });
  }
  for (const list of conditional.values()) {
    const sorted = list.map((e, i) => ({ e, i })).sort((a, b) => (a.e.priority ?? 0) - (b.e.priority ?? 0) || a.i - b.i);
    sorted.forEach(({ e }, k) => out.set(e.id, { role: 'conditional', order: k + 1 }));
  }
  return out;
}

/** Offsets for edges sharing a source and target: spread evenly around the straight line. */
export function edgeOffsets(edges: readonly ProcessEdge[], roles?: Map<string, { role: EdgeRole; order: number }>): Map<string, number> {
  const groups = new Map<string, ProcessEdge[]>();
  for (const e of edges) groups.set(`${e.source}\u0000${e.target}`, [...(groups.get(`${e.source}\u0000${e.target}`) ?? []), e]);
  const out = new Map<string, number>();
  for (const list of groups.values()) {
    // conditional branches left to right in the order they are tried, the default last
    const rank = (e: ProcessEdge) => {
      const r = roles?.get(e.id);
      return r?.role === 'default' ? Number.MAX_SAFE_INTEGER : (r?.order ?? 0);
    };
    const sorted = [...list].sort((a, b) => rank(a) - rank(b));
    sorted.forEach((e, i) => out.set(e.id, (i - (sorted.length - 1) / 2) * OFFSET_STEP));
  }
  return out;
}

export class CanvasModel {
  private nodeCache = new Map<string, FlowNode>();
  private edgeCache = new Map<string, FlowEdge>();
  /** the automatic layout (every node placed by dagre, every edge routed) and the graph it was computed for */
  private layoutOf: { edges: ProcessDefinition['edges']; shape: string } | null = null;
  private auto: Record<string, { x: number; y: number }> = {};
  private routes: Record<string, EdgeRoute> = {};
  private readonly t: Translate;
  private readonly readOnly: boolean;

  constructor(options: CanvasModelOptions = {}) {
    this.t = options.t ?? ZH_CN;
    this.readOnly = options.readOnly ?? false;
  }
  private positionsOf: Pick<ProcessDefinition, 'nodes' | 'edges'> | null = null;
  private positions: Record<string, { x: number; y: number }> = {};

  /**
   * Positions for the definition: stored positions over the automatic layout. The layout depends
   * only on the graph's shape (node ids and types, the edges), so it is recomputed only when that
   * changed — not when a node is moved or renamed (a drag's end re-runs no dagre over 500 nodes).
   * The edges' routes come from the same layout.
   */
  positionsFor(def: Pick<ProcessDefinition, 'nodes' | 'edges'>): Record<string, { x: number; y: number }> {
    if (this.positionsOf && this.positionsOf.nodes === def.nodes && this.positionsOf.edges === def.edges) return this.positions;
    const shape = def.nodes.map((n) => `${n.id}\u0000${n.type}`).join('\u0001');
    if (!this.layoutOf || this.layoutOf.edges !== def.edges || this.layoutOf.shape !== shape) {
      const roles = edgeRoles(def);
      const laid = layoutProcessGraph(def, {
        keepPositions: false,
        labelSize: (e) => {
          const { role, order } = roles.get(e.id) ?? { role: 'plain' as const, order: 0 };
          const text = branchText(this.t, { edge: e, role, order, placeholder: role === 'conditional' && isPlaceholderCondition(e.condition) });
          return labelBox(text, this.readOnly);
        },
      });
      this.auto = laid.positions;
      this.routes = laid.routes;
      this.layoutOf = { edges: def.edges, shape };
    }
    const out = { ...this.auto };
    for (const n of def.nodes) if (n.position) out[n.id] = { x: n.position.x, y: n.position.y };
    this.positions = out;
    this.positionsOf = def;
    return out;
  }

  nodes(def: Pick<ProcessDefinition, 'nodes' | 'edges'>, decor: CanvasDecor = {}): FlowNode[] {
    const positions = this.positionsFor(def);
    const selected = new Set(decor.selectedNodes ?? []);
    const next = new Map<string, FlowNode>();
    const list = def.nodes.map((n) => {
      const position = positions[n.id] ?? { x: 0, y: 0 };
      const problems = decor.problemsByNode?.[n.id]?.length ?? 0;
      const onPath = decor.pathNodes?.has(n.id) ?? false;
      const isSelected = selected.has(n.id);
      const old = this.nodeCache.get(n.id);
      const flow: FlowNode =
        old &&
        old.data.node === n &&
        old.data.problems === problems &&
        old.data.onPath === onPath &&
        old.selected === isSelected &&
        old.position.x === position.x &&
        old.position.y === position.y
          ? old
          : {
              id: n.id,
              type: n.type,
              position,
              data: { node: n, problems, onPath },
              selected: isSelected,
              deletable: n.type !== 'start' && n.type !== 'end',
              connectable: false,
              // sizes are fixed per type: React Flow needs no measuring pass to place and cull them
              width: (NODE_SIZE[n.type] ?? NODE_SIZE.approve).width,
              height: (NODE_SIZE[n.type] ?? NODE_SIZE.approve).height,
              measured: { ...(NODE_SIZE[n.type] ?? NODE_SIZE.approve) },
            };
      next.set(n.id, flow);
      return flow;
    });
    this.nodeCache = next;
    return list;
  }

  edges(def: Pick<ProcessDefinition, 'nodes' | 'edges'>, decor: CanvasDecor = {}): FlowEdge[] {
    const positions = this.positionsFor(def);
    const atAuto = (id: string) => {
      const p = positions[id];
      const a = this.auto[id];
      return !!p && !!a && p.x === a.x && p.y === a.y;
    };
    const roles = edgeRoles(def);
    const offsets = edgeOffsets(def.edges, roles);
    const selected = new Set(decor.selectedEdges ?? []);
    const next = new Map<string, FlowEdge>();
    const list = def.edges.map((e) => {
      const { role, order } = roles.get(e.id) ?? { role: 'plain' as const, order: 0 };
      const offset = offsets.get(e.id) ?? 0;
      // a route is laid out for the nodes' automatic places: an edge with a moved end is a plain line
      const route = atAuto(e.source) && atAuto(e.target) ? this.routes[e.id] : undefined;
      const problems = decor.problemsByEdge?.[e.id]?.length ?? 0;
      const onPath = decor.pathEdges?.has(e.id) ?? false;
      const isSelected = selected.has(e.id);
      const old = this.edgeCache.get(e.id);
      const d = old?.data;
      const flow: FlowEdge =
        old &&
        d &&
        d.edge === e &&
        d.role === role &&
        d.order === order &&
        d.offset === offset &&
        d.route === route &&
        d.problems === problems &&
        d.onPath === onPath &&
        old.selected === isSelected
          ? old
          : {
              id: e.id,
              source: e.source,
              target: e.target,
              type: 'process',
              selected: isSelected,
              focusable: false,
              deletable: false,
              data: {
                edge: e,
                role,
                order,
                placeholder: role === 'conditional' && isPlaceholderCondition(e.condition),
                route,
                offset,
                problems,
                onPath,
                sourceId: e.source,
              },
            };
      next.set(e.id, flow);
      return flow;
    });
    this.edgeCache = next;
    return list;
  }
}

/** The nodes and edges a dry-run went through (its steps' nodes and the condition edges taken, and the edges between consecutive path nodes). */
export function dryRunPath(
  def: Pick<ProcessDefinition, 'nodes' | 'edges'>,
  steps: readonly { nodeId: string; condition?: { nodeId: string; edgeId: string } }[],
): { nodes: Set<string>; edges: Set<string> } {
  const nodes = new Set<string>();
  const taken = new Set<string>();
  for (const s of steps) {
    nodes.add(s.nodeId);
    if (s.condition) {
      nodes.add(s.condition.nodeId);
      taken.add(s.condition.edgeId);
    }
  }
  const start = def.nodes.find((n) => n.type === 'start');
  if (start) nodes.add(start.id);
  // walk from the start: an edge is on the path when its source is and it is the condition edge
  // taken, or its target is on the path (parallel splits and joins, never steps, join in)
  const types = new Map(def.nodes.map((n) => [n.id, n.type]));
  const edges = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const e of def.edges) {
      if (edges.has(e.id) || !nodes.has(e.source)) continue;
      const fromCondition = types.get(e.source) === 'condition';
      const through = fromCondition ? taken.has(e.id) : nodes.has(e.target) || types.get(e.target) === 'join' || types.get(e.target) === 'parallel';
      if (!through) continue;
      edges.add(e.id);
      if (!nodes.has(e.target)) {
        nodes.add(e.target);
        grew = true;
      }
    }
  }
  return { nodes, edges };
}
