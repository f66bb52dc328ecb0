// Automatic top-down layout of a process graph (dagre). Plain TypeScript, no React: the
// approval screens' read-only diagram and the process designer's canvas (designer/process,
// through designer/core) both place nodes with it; the designer keeps an admin's own moves as
// `node.position` and lays out only what has none (or everything, on "auto layout").
import dagre from '@dagrejs/dagre';
import type { ProcessDefinition, ProcessNodeType } from '../../schemas/process/model';

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
  /** vertical gap between ranks (px) */
  rankSep?: number;
  /** horizontal gap between nodes of one rank (px) */
  nodeSep?: number;
  /** keep the stored `position` of nodes that have one (default true) */
  keepPositions?: boolean;
}

/** Top-left positions by node id (React Flow's convention). */
export type Positions = Record<string, { x: number; y: number }>;

/**
 * Positions for every node of `definition`: dagre's top-down ranking, edges out of a condition
 * node ordered by priority so branches read left to right in the order they are tried. With
 * `keepPositions` a node that has a stored position keeps it.
 */
export function layoutProcess(definition: Pick<ProcessDefinition, 'nodes' | 'edges'>, options: LayoutOptions = {}): Positions {
  const { rankSep = 56, nodeSep = 48, keepPositions = true } = options;
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'TB', ranksep: rankSep, nodesep: nodeSep, marginx: 24, marginy: 24 });
  g.setDefaultEdgeLabel(() => ({}));
  const ids = new Set<string>();
  for (const n of definition.nodes) {
    const box = NODE_SIZE[n.type] ?? NODE_SIZE.approve;
    g.setNode(n.id, { width: box.width, height: box.height });
    ids.add(n.id);
  }
  const edges = [...definition.edges].sort((a, b) => (a.priority ?? 0) - (b.priority ?? 0) || Number(!a.condition) - Number(!b.condition));
  for (const e of edges) if (ids.has(e.source) && ids.has(e.target) && e.source !== e.target) g.setEdge(e.source, e.target, {}, e.id);
  dagre.layout(g);
  const out: Positions = {};
  for (const n of definition.nodes) {
    if (keepPositions && n.position) {
      out[n.id] = { x: n.position.x, y: n.position.y };
      continue;
    }
    const p = g.node(n.id) as { x: number; y: number; width: number; height: number } | undefined;
    const box = NODE_SIZE[n.type] ?? NODE_SIZE.approve;
    out[n.id] = p ? { x: Math.round(p.x - box.width / 2), y: Math.round(p.y - box.height / 2) } : { x: 0, y: 0 };
  }
  return out;
}
