// Reading a process graph for the designer's commands: edges in and out of a node, what a node
// reaches, where a gateway's branches meet again, and fresh ids. Plain functions over the
// definition (schemas/process/model.ts).
import type { ProcessDefinition, ProcessEdge, ProcessNode } from '../../../schemas/process/model';

type Graph = Pick<ProcessDefinition, 'nodes' | 'edges'>;

/** The id pattern of nodes (and, by our convention, edges). */
export const PROCESS_ID_PATTERN = /^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/;

export const nodeById = (def: Graph, id: string): ProcessNode | undefined => def.nodes.find((n) => n.id === id);
export const edgeById = (def: Graph, id: string): ProcessEdge | undefined => def.edges.find((e) => e.id === id);
export const outEdges = (def: Graph, id: string): ProcessEdge[] => def.edges.filter((e) => e.source === id);
export const inEdges = (def: Graph, id: string): ProcessEdge[] => def.edges.filter((e) => e.target === id);

/** A fresh id `prefix` + the smallest number not used by any node or edge (deterministic). */
export function freshId(def: Graph, prefix: string, taken: ReadonlySet<string> = new Set()): string {
  const used = new Set<string>([...def.nodes.map((n) => n.id), ...def.edges.map((e) => e.id), ...taken]);
  for (let i = 1; ; i++) {
    const id = `${prefix}${i}`;
    if (!used.has(id)) return id;
  }
}

/** `count` fresh ids with the same prefix. */
export function freshIds(def: Graph, prefix: string, count: number, taken: Set<string> = new Set()): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = freshId(def, prefix, taken);
    taken.add(id);
    out.push(id);
  }
  return out;
}

function adjacency(def: Graph): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const e of def.edges) out.set(e.source, [...(out.get(e.source) ?? []), e.target]);
  return out;
}

/** Every node reachable from `from` (included), optionally not walking past `stop`. */
export function reachable(def: Graph, from: string, stop?: string, adj: Map<string, string[]> = adjacency(def)): Set<string> {
  const seen = new Set<string>([from]);
  const queue = [from];
  while (queue.length) {
    const id = queue.shift()!;
    if (id === stop && id !== from) continue;
    for (const t of adj.get(id) ?? []) {
      if (!seen.has(t)) {
        seen.add(t);
        queue.push(t);
      }
    }
  }
  return seen;
}

/** Node ids in a topological order (nodes on a cycle last, in document order). */
export function topoOrder(def: Graph): string[] {
  const indeg = new Map(def.nodes.map((n) => [n.id, 0]));
  for (const e of def.edges) if (indeg.has(e.target) && indeg.has(e.source)) indeg.set(e.target, indeg.get(e.target)! + 1);
  const adj = adjacency(def);
  const queue = def.nodes.filter((n) => indeg.get(n.id) === 0).map((n) => n.id);
  const order: string[] = [];
  while (queue.length) {
    const id = queue.shift()!;
    order.push(id);
    for (const t of adj.get(id) ?? []) {
      if (!indeg.has(t)) continue;
      indeg.set(t, indeg.get(t)! - 1);
      if (indeg.get(t) === 0) queue.push(t);
    }
  }
  const placed = new Set(order);
  for (const n of def.nodes) if (!placed.has(n.id)) order.push(n.id);
  return order;
}

/**
 * Where the branches of a gateway meet again: for a parallel split its join; for a condition
 * node the first node (in topological order) that every branch reaches. Null when the branches
 * never meet (each runs to its own end).
 */
export function mergeNode(def: Graph, gatewayId: string): string | null {
  const gateway = nodeById(def, gatewayId);
  if (!gateway) return null;
  if (gateway.type === 'parallel') return def.nodes.find((n) => n.type === 'join' && n.split === gatewayId)?.id ?? null;
  const adj = adjacency(def);
  const branches = outEdges(def, gatewayId).map((e) => reachable(def, e.target, undefined, adj));
  if (branches.length === 0) return null;
  for (const id of topoOrder(def)) if (id !== gatewayId && branches.every((b) => b.has(id))) return id;
  return null;
}

/** The join of a parallel split, or the split of a join. */
export function partnerOf(def: Graph, node: ProcessNode): ProcessNode | undefined {
  if (node.type === 'parallel') return def.nodes.find((n) => n.type === 'join' && n.split === node.id);
  if (node.type === 'join') return node.split ? nodeById(def, node.split) : undefined;
  return undefined;
}
