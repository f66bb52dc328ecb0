// What the read-only diagram highlights, from an instance's detail: the current nodes, the nodes
// done, the path taken (nodes and edges), the node that rejected or returned it. History names
// the nodes people and the engine acted on; gateways (condition, parallel, join) leave no entry,
// so one counts as passed when the flow reached it and left it.
import type { ProcessDefinition } from '../../schemas/process/model';
import type { ProcessNodeState } from './diagram/ProcessNodeCard';
import type { InstanceDetail } from './services';

export interface DiagramState {
  currentNodeIds: string[];
  doneNodeIds: string[];
  path: { nodeIds: string[]; edgeIds: string[] };
  rejectedNodeIds: string[];
  returnedNodeIds: string[];
}

const GATEWAYS = new Set(['condition', 'parallel', 'join']);

export function diagramState(definition: Pick<ProcessDefinition, 'nodes' | 'edges'>, detail: Pick<InstanceDetail, 'instance' | 'history'>): DiagramState {
  const status = detail.instance?.status;
  const current = status === 'running' ? (detail.instance?.currentNodes ?? []).map((n) => n.id) : [];
  const visited = new Set<string>();
  for (const h of detail.history) if (h.nodeId) visited.add(h.nodeId);
  const start = definition.nodes.find((n) => n.type === 'start');
  if (start && detail.history.length) visited.add(start.id);
  for (const id of current) visited.add(id);
  const types = new Map(definition.nodes.map((n) => [n.id, n.type]));
  // gateways between visited nodes
  for (let changed = true; changed;) {
    changed = false;
    for (const n of definition.nodes) {
      if (!GATEWAYS.has(n.type) || visited.has(n.id)) continue;
      const inOk = definition.edges.some((e) => e.target === n.id && visited.has(e.source));
      const outOk = definition.edges.some((e) => e.source === n.id && visited.has(e.target));
      if (inOk && outOk) {
        visited.add(n.id);
        changed = true;
      }
    }
  }
  const edgeIds = definition.edges.filter((e) => visited.has(e.source) && visited.has(e.target)).map((e) => e.id);
  const rejected: string[] = [];
  if (status === 'rejected') {
    const last = [...detail.history].reverse().find((h) => (h.action === 'reject' || h.action === 'autoReject') && h.nodeId);
    if (last?.nodeId) rejected.push(last.nodeId);
  }
  const returned = status === 'returned' && detail.instance?.returnedFrom ? [detail.instance.returnedFrom.id] : [];
  const marked = new Set([...current, ...rejected, ...returned]);
  const doneNodeIds = [...visited].filter((id) => !marked.has(id) && types.has(id));
  return {
    currentNodeIds: current,
    doneNodeIds,
    path: { nodeIds: [...visited].filter((id) => types.has(id)), edgeIds },
    rejectedNodeIds: rejected,
    returnedNodeIds: returned,
  };
}

/** The state a node is drawn in. */
export interface NodeStateSets {
  currentNodeIds?: readonly string[];
  doneNodeIds?: readonly string[];
  rejectedNodeIds?: readonly string[];
  returnedNodeIds?: readonly string[];
  pathNodeIds?: readonly string[];
}

export function nodeStateOf(id: string, s: NodeStateSets): ProcessNodeState {
  if (s.rejectedNodeIds?.includes(id)) return 'rejected';
  if (s.returnedNodeIds?.includes(id)) return 'returned';
  if (s.currentNodeIds?.includes(id)) return 'current';
  if (s.doneNodeIds?.includes(id)) return 'done';
  if (s.pathNodeIds?.includes(id)) return 'path';
  return 'idle';
}
