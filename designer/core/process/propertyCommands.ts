// Property edits of a process definition (what the designer's property drawer changes): a node's
// name, strategy and rules, an edge's condition and label, the priority order of a condition
// node's branches and which branch is the default. Pure commands on the ProcessCommand contract
// (./command.ts): each rebuilds only the node or edges it changes and refuses, with a
// ProcessDesignerError, an edit the node type does not hold or that would break the gateway's
// one-default rule.
import type { ApproverStrategy, ProcessDefinition, ProcessEdge, ProcessNode, ProcessNodeType } from '../../../schemas/process/model';
import type { LocalizedText } from '../../../schemas/definition';
import type { ProcessCommand } from './command';
import { ProcessDesignerError } from './errors';

/** What a node's properties may change: everything but its id, type, join split and position (graph edits own those). */
export type NodePatch = { [K in Exclude<keyof ProcessNode, 'id' | 'type' | 'split' | 'position'>]?: ProcessNode[K] | undefined };
/** What an edge's properties may change (`condition: undefined` is refused: use setDefaultBranch). */
export type EdgePatch = { condition?: unknown; label?: string | undefined };

/** The node properties each node type holds (besides its name). */
const APPROVE_ONLY = [
  'method',
  'ratio',
  'onEmpty',
  'emptyUserId',
  'skipIfApproved',
  'skipApplicant',
  'commentRequired',
  'signatureRequired',
  'timeout',
  'returnRule',
  'actions',
] as const satisfies readonly (keyof NodePatch)[];

export function nodeHolds(type: ProcessNodeType, key: keyof NodePatch): boolean {
  if (key === 'name') return true;
  if (key === 'assignee') return type === 'approve' || type === 'cc';
  return type === 'approve' && (APPROVE_ONLY as readonly string[]).includes(key);
}

/**
 * The condition the old default branch receives when another branch becomes the default: an
 * empty AND group. It never matches (JSON Logic's `and` of nothing is falsy), it validates, and
 * the condition builder shows it as incomplete until conditions are added.
 */
export const PLACEHOLDER_CONDITION: { and: [] } = { and: [] };

export function isPlaceholderCondition(logic: unknown): boolean {
  if (logic === null || typeof logic !== 'object' || Array.isArray(logic)) return false;
  const keys = Object.keys(logic);
  if (keys.length !== 1 || (keys[0] !== 'and' && keys[0] !== 'or')) return false;
  const args = (logic as Record<string, unknown>)[keys[0]];
  return Array.isArray(args) && args.length === 0;
}

function nodeAt(def: ProcessDefinition, nodeId: string): number {
  const i = def.nodes.findIndex((n) => n.id === nodeId);
  if (i < 0) throw new ProcessDesignerError('unknownNode', { id: nodeId });
  return i;
}

function edgeAt(def: ProcessDefinition, edgeId: string): number {
  const i = def.edges.findIndex((e) => e.id === edgeId);
  if (i < 0) throw new ProcessDesignerError('unknownEdge', { id: edgeId });
  return i;
}

/** The condition node an edge leaves; refuses an edge that is not a branch. */
function gatewayOf(def: ProcessDefinition, edge: ProcessEdge): ProcessNode {
  const source = def.nodes.find((n) => n.id === edge.source);
  if (!source || source.type !== 'condition') throw new ProcessDesignerError('notABranch', { id: edge.id });
  return source;
}

function replaceAt<T>(list: readonly T[], at: number, item: T): T[] {
  const next = list.slice();
  next[at] = item;
  return next;
}

/** `patch` applied to `obj`: undefined values remove their key. */
function patched<T extends object>(obj: T, patch: object): T {
  const next: Record<string, unknown> = { ...(obj as Record<string, unknown>) };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) delete next[k];
    else next[k] = v;
  }
  return next as T;
}

function cleanName(name: LocalizedText): LocalizedText {
  const out: LocalizedText = { 'zh-CN': name['zh-CN'] };
  if (name['en-US']) out['en-US'] = name['en-US'];
  if (name['zh-TW']) out['zh-TW'] = name['zh-TW'];
  return out;
}

/**
 * Changes a node's properties. Keys the node type does not hold are refused (`notApplicable`);
 * an undefined value removes the property. Consecutive edits of the same node and fields are one
 * undo step (typing a name).
 */
export function updateNode(nodeId: string, patch: NodePatch): ProcessCommand {
  const keys = Object.keys(patch).sort() as (keyof NodePatch)[];
  return {
    type: 'updateNode',
    coalesceKey: `node:${nodeId}:${keys.join(',')}`,
    apply(def) {
      const at = nodeAt(def, nodeId);
      const node = def.nodes[at];
      const bad = keys.find((k) => !nodeHolds(node.type, k) || ['id', 'type', 'split', 'position'].includes(k));
      if (bad) throw new ProcessDesignerError('notApplicable', { id: nodeId, property: bad, type: node.type });
      let next = patched(node, patch);
      if ('name' in patch) {
        if (!patch.name || !patch.name['zh-CN']?.trim()) throw new ProcessDesignerError('nameRequired', { id: nodeId });
        next = { ...next, name: cleanName(patch.name) };
      }
      // a ratio only means something with method ratio; the user only with onEmpty toUser
      if ('method' in patch && next.method !== 'ratio') delete next.ratio;
      if ('method' in patch && next.method === 'ratio' && next.ratio === undefined) next.ratio = 50;
      if ('onEmpty' in patch && next.onEmpty !== 'toUser') delete next.emptyUserId;
      return { definition: { ...def, nodes: replaceAt(def.nodes, at, next) } };
    },
  };
}

/** Sets who approves (approve) or is copied (cc); undefined clears it. One undo step per node and strategy kind. */
export function setAssignee(nodeId: string, assignee: ApproverStrategy | undefined): ProcessCommand {
  return {
    type: 'setAssignee',
    coalesceKey: `assignee:${nodeId}:${assignee?.kind ?? ''}`,
    apply(def) {
      const at = nodeAt(def, nodeId);
      const node = def.nodes[at];
      if (!nodeHolds(node.type, 'assignee')) throw new ProcessDesignerError('notApplicable', { id: nodeId, property: 'assignee', type: node.type });
      return { definition: { ...def, nodes: replaceAt(def.nodes, at, patched(node, { assignee })) } };
    },
  };
}

/**
 * Changes an edge's condition or label. A condition only on a branch of a condition node, and not
 * on its default branch (`defaultBranch`: setDefaultBranch moves the default); a branch's
 * condition cannot be removed (`conditionRequired`), else the gateway would have two defaults.
 */
export function updateEdge(edgeId: string, patch: EdgePatch): ProcessCommand {
  const keys = Object.keys(patch).sort();
  return {
    type: 'updateEdge',
    coalesceKey: `edge:${edgeId}:${keys.join(',')}`,
    apply(def) {
      const at = edgeAt(def, edgeId);
      const edge = def.edges[at];
      if ('condition' in patch) {
        gatewayOf(def, edge);
        if (edge.condition === undefined) throw new ProcessDesignerError('defaultBranch', { id: edgeId });
        if (patch.condition === undefined) throw new ProcessDesignerError('conditionRequired', { id: edgeId });
      }
      const next = patched(edge, { ...patch, ...('label' in patch ? { label: patch.label?.trim() ? patch.label : undefined } : {}) });
      return { definition: { ...def, edges: replaceAt(def.edges, at, next) } };
    },
  };
}

/** A condition node's outgoing edges (its branches) in the order the engine tries them: by priority, then document order; the default last. */
export function branchesOf(def: ProcessDefinition, conditionNodeId: string): ProcessEdge[] {
  return def.edges
    .map((e, i) => ({ e, i }))
    .filter(({ e }) => e.source === conditionNodeId)
    .sort(
      (a, b) =>
        Number(a.e.condition === undefined) - Number(b.e.condition === undefined) ||
        (a.e.priority ?? Number.MAX_SAFE_INTEGER) - (b.e.priority ?? Number.MAX_SAFE_INTEGER) ||
        a.i - b.i,
    )
    .map(({ e }) => e);
}

/**
 * Puts a condition node's branches in the given order: `edgeIds` is every outgoing edge of the
 * node, once; priorities are rewritten 0, 1, 2, … (the default branch is tried last wherever it stands).
 */
export function reorderBranches(conditionNodeId: string, edgeIds: readonly string[]): ProcessCommand {
  return {
    type: 'reorderBranches',
    apply(def) {
      const node = def.nodes[nodeAt(def, conditionNodeId)];
      if (node.type !== 'condition') throw new ProcessDesignerError('notApplicable', { id: conditionNodeId, property: 'priority', type: node.type });
      const outgoing = def.edges.filter((e) => e.source === conditionNodeId).map((e) => e.id);
      const same = edgeIds.length === outgoing.length && new Set(edgeIds).size === edgeIds.length && edgeIds.every((id) => outgoing.includes(id));
      if (!same) throw new ProcessDesignerError('branchOrder', { id: conditionNodeId });
      const priority = new Map(edgeIds.map((id, i) => [id, i]));
      const edges = def.edges.map((e) => (priority.has(e.id) && e.priority !== priority.get(e.id) ? { ...e, priority: priority.get(e.id)! } : e));
      return { definition: { ...def, edges } };
    },
  };
}

/**
 * Makes a branch the default of its condition node: its condition is removed and the old default
 * gets PLACEHOLDER_CONDITION (shown as incomplete until the admin builds its condition).
 */
export function setDefaultBranch(edgeId: string): ProcessCommand {
  return {
    type: 'setDefaultBranch',
    apply(def) {
      const edge = def.edges[edgeAt(def, edgeId)];
      const gateway = gatewayOf(def, edge);
      if (edge.condition === undefined) return { definition: def };
      const edges = def.edges.map((e) => {
        if (e.id === edgeId) return patched(e, { condition: undefined });
        if (e.source === gateway.id && e.condition === undefined) return { ...e, condition: PLACEHOLDER_CONDITION };
        return e;
      });
      return { definition: { ...def, edges } };
    },
  };
}
