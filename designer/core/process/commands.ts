// The process designer's graph commands (command.ts contract): insert on an edge (approver,
// CC, condition group, parallel group), delete nodes (a gateway or join with its whole group),
// add a branch, move, auto layout, rename. Each is a pure function of the definition; a command
// on a definition that validates (schemas/process/validate.ts) answers one that still does.
import type { LocalizedText } from '../../../schemas/definition';
import type { ProcessDefinition, ProcessEdge, ProcessNode } from '../../../schemas/process/model';
import type { ProcessCommand, ProcessCommandResult } from './command';
import { ProcessDesignerError } from './errors';
import { PLACEHOLDER_CONDITION } from './propertyCommands';
import { edgeById, freshId, freshIds, mergeNode, nodeById, outEdges, partnerOf, reachable } from './graph';

/** What the "+" on an edge inserts. */
export const INSERT_KINDS = ['approve', 'cc', 'condition', 'parallel'] as const;
export type InsertKind = (typeof INSERT_KINDS)[number];

/** Names of new nodes (data of the definition, in the three locales). */
export const DEFAULT_NODE_NAMES: Record<'approve' | 'cc' | 'condition' | 'parallel' | 'join', LocalizedText> = {
  approve: { 'zh-CN': '审批人', 'en-US': 'Approver', 'zh-TW': '審批人' },
  cc: { 'zh-CN': '抄送人', 'en-US': 'CC', 'zh-TW': '抄送人' },
  condition: { 'zh-CN': '条件分支', 'en-US': 'Condition', 'zh-TW': '條件分支' },
  parallel: { 'zh-CN': '并行分支', 'en-US': 'Parallel', 'zh-TW': '並行分支' },
  join: { 'zh-CN': '汇合', 'en-US': 'Join', 'zh-TW': '匯合' },
};

const ID_PREFIX: Record<ProcessNode['type'], string> = {
  start: 'start',
  approve: 'approver',
  cc: 'cc',
  condition: 'condition',
  parallel: 'parallel',
  join: 'join',
  end: 'end',
};

function requireEdge(def: ProcessDefinition, id: string): ProcessEdge {
  const e = edgeById(def, id);
  if (!e) throw new ProcessDesignerError('unknownEdge', { id });
  return e;
}
function requireNode(def: ProcessDefinition, id: string): ProcessNode {
  const n = nodeById(def, id);
  if (!n) throw new ProcessDesignerError('unknownNode', { id });
  return n;
}

/** `nodes` inserted after the node `afterId` (document order follows the flow). */
function insertNodesAfter(nodes: readonly ProcessNode[], afterId: string, added: ProcessNode[]): ProcessNode[] {
  const at = nodes.findIndex((n) => n.id === afterId);
  const i = at < 0 ? nodes.length : at + 1;
  return [...nodes.slice(0, i), ...added, ...nodes.slice(i)];
}
function insertEdgesAfter(edges: readonly ProcessEdge[], afterId: string, replaced: ProcessEdge, added: ProcessEdge[]): ProcessEdge[] {
  const out: ProcessEdge[] = [];
  for (const e of edges) {
    if (e.id === afterId) out.push(replaced, ...added);
    else out.push(e);
  }
  return out;
}

/**
 * The definition with no stored position: a change of the graph's shape (insert, delete, a new
 * branch) re-flows the whole process top-down, so a new node never lands on a node an admin had
 * moved; moves made since persist until the next change of shape (undo brings them back).
 */
function reflowed(def: ProcessDefinition): ProcessDefinition {
  if (!def.nodes.some((n) => n.position)) return def;
  return {
    ...def,
    nodes: def.nodes.map((n) => {
      if (!n.position) return n;
      const { position: _drop, ...rest } = n;
      void _drop;
      return rest;
    }),
  };
}

/** Insert an approver, a CC, a condition group or a parallel group on edge `edgeId`. */
export function insertOnEdge(edgeId: string, kind: InsertKind, names: Partial<typeof DEFAULT_NODE_NAMES> = {}): ProcessCommand {
  return {
    type: `insert.${kind}`,
    apply(def): ProcessCommandResult {
      const edge = requireEdge(def, edgeId);
      const source = requireNode(def, edge.source);
      requireNode(def, edge.target);
      const name = (k: keyof typeof DEFAULT_NODE_NAMES) => names[k] ?? DEFAULT_NODE_NAMES[k];
      const taken = new Set<string>();
      const nodeId = freshId(def, ID_PREFIX[kind], taken);
      taken.add(nodeId);
      const redirected: ProcessEdge = { ...edge, target: nodeId };
      let addedNodes: ProcessNode[];
      let addedEdges: ProcessEdge[];
      if (kind === 'approve' || kind === 'cc') {
        // a new approver starts as a new process's does: any one approves, nobody found → the
        // administrator, and it may send the document back to the applicant (who resubmits from the start)
        addedNodes = [
          kind === 'approve'
            ? {
                id: nodeId,
                type: kind,
                name: name(kind),
                assignee: { kind: 'deptLeader' },
                method: 'any',
                onEmpty: 'toAdmin',
                returnRule: { targets: ['applicant'], resubmit: 'start' },
              }
            : { id: nodeId, type: kind, name: name(kind), assignee: { kind: 'deptLeader' } },
        ];
        const [e1] = freshIds(def, 'edge', 1, taken);
        addedEdges = [{ id: e1, source: nodeId, target: edge.target }];
      } else if (kind === 'condition') {
        addedNodes = [{ id: nodeId, type: 'condition', name: name('condition') }];
        const [e1, e2] = freshIds(def, 'edge', 2, taken);
        addedEdges = [
          { id: e1, source: nodeId, target: edge.target, condition: structuredClone(PLACEHOLDER_CONDITION), priority: 1 },
          { id: e2, source: nodeId, target: edge.target },
        ];
      } else {
        const joinId = freshId(def, ID_PREFIX.join, taken);
        taken.add(joinId);
        addedNodes = [
          { id: nodeId, type: 'parallel', name: name('parallel') },
          { id: joinId, type: 'join', name: name('join'), split: nodeId },
        ];
        const [e1, e2, e3] = freshIds(def, 'edge', 3, taken);
        addedEdges = [
          { id: e1, source: nodeId, target: joinId },
          { id: e2, source: nodeId, target: joinId },
          { id: e3, source: joinId, target: edge.target },
        ];
      }
      return {
        definition: reflowed({
          ...def,
          nodes: insertNodesAfter(def.nodes, source.id, addedNodes),
          edges: insertEdgesAfter(def.edges, edge.id, redirected, addedEdges),
        }),
        selection: { nodes: [nodeId], edges: [] },
      };
    },
  };
}

/** Add a branch to a condition node (a new conditional branch, tried last) or a parallel split. */
export function addBranch(gatewayId: string): ProcessCommand {
  return {
    type: 'addBranch',
    apply(def) {
      const gateway = requireNode(def, gatewayId);
      if (gateway.type !== 'condition' && gateway.type !== 'parallel') throw new ProcessDesignerError('notABranch', { id: gatewayId });
      const outs = outEdges(def, gatewayId);
      let target = mergeNode(def, gatewayId);
      if (target === null) {
        // branches that never meet: the new one joins the default branch's first node
        const fallback = outs.find((e) => e.condition === undefined) ?? outs[0];
        if (!fallback) throw new ProcessDesignerError('notABranch', { id: gatewayId });
        target = fallback.target;
      }
      const id = freshId(def, 'edge');
      const edge: ProcessEdge =
        gateway.type === 'condition'
          ? { id, source: gatewayId, target, condition: structuredClone(PLACEHOLDER_CONDITION), priority: Math.max(0, ...outs.map((e) => e.priority ?? 0)) + 1 }
          : { id, source: gatewayId, target };
      const lastOut = outs[outs.length - 1];
      const edges = lastOut ? insertEdgesAfter(def.edges, lastOut.id, lastOut, [edge]) : [...def.edges, edge];
      return { definition: reflowed({ ...def, edges }), selection: { nodes: [], edges: [id] } };
    },
  };
}

/** The definition without node `id`, its group removed when it is a gateway or join. */
function removeOne(def: ProcessDefinition, id: string): ProcessDefinition {
  const node = nodeById(def, id);
  if (!node) return def; // already gone with an earlier group of the same delete
  if (node.type === 'start' || node.type === 'end') throw new ProcessDesignerError('notDeletable', { id, name: node.name['zh-CN'] });
  const outs = outEdges(def, id);
  if (node.type === 'approve' || node.type === 'cc') {
    const next = outs[0]?.target;
    if (next === undefined) {
      // a dead end: drop it and what pointed to it
      return { ...def, nodes: def.nodes.filter((n) => n.id !== id), edges: def.edges.filter((e) => e.source !== id && e.target !== id) };
    }
    return {
      ...def,
      nodes: def.nodes.filter((n) => n.id !== id),
      edges: def.edges.filter((e) => e.source !== id).map((e) => (e.target === id ? { ...e, target: next } : e)),
    };
  }
  // a group: condition node (up to where its branches meet), or parallel split with its join
  const split = node.type === 'join' ? partnerOf(def, node) : node;
  const head = split ?? node;
  let continueAt: string | undefined;
  const inner = new Set<string>([head.id]);
  if (head.type === 'parallel') {
    const join = partnerOf(def, head);
    if (join) {
      inner.add(join.id);
      continueAt = outEdges(def, join.id)[0]?.target;
    }
  } else if (node.type === 'join' && !split) {
    inner.add(node.id);
    continueAt = outs[0]?.target;
  } else {
    const merge = mergeNode(def, head.id);
    const headOuts = outEdges(def, head.id);
    continueAt = merge ?? (headOuts.find((e) => e.condition === undefined) ?? headOuts[0])?.target;
  }
  if (continueAt === undefined) throw new ProcessDesignerError('notDeletable', { id, name: node.name['zh-CN'] });
  // candidates: what the group's head reaches before where the flow continues
  const candidates = reachable(def, head.id, continueAt);
  candidates.delete(continueAt);
  const redirected: ProcessEdge[] = def.edges
    .filter((e) => !inner.has(e.source))
    .map((e) => (inner.has(e.target) && !candidates.has(e.source) ? { ...e, target: continueAt } : e));
  let next: ProcessDefinition = { ...def, nodes: def.nodes.filter((n) => !inner.has(n.id)), edges: redirected };
  // drop the group's nodes nothing reaches any more (the branches' contents)
  const start = next.nodes.find((n) => n.type === 'start');
  const live = start ? reachable(next, start.id) : new Set(next.nodes.map((n) => n.id));
  const dead = new Set([...candidates].filter((c) => !live.has(c)));
  if (dead.size)
    next = { ...next, nodes: next.nodes.filter((n) => !dead.has(n.id)), edges: next.edges.filter((e) => !dead.has(e.source) && !dead.has(e.target)) };
  return next;
}

/** Delete nodes (a condition node, parallel split or join takes its whole group); start and end stay. */
export function deleteNodes(ids: readonly string[]): ProcessCommand {
  return {
    type: 'deleteNodes',
    apply(def) {
      for (const id of ids) requireNode(def, id);
      let next = def;
      for (const id of ids) next = removeOne(next, id);
      return { definition: reflowed(next), selection: { nodes: [], edges: [] } };
    },
  };
}

/**
 * Delete a branch edge of a condition node or parallel split (the default branch stays; a
 * gateway keeps at least two branches): the edge and the nodes only it reached.
 */
export function deleteBranch(edgeId: string): ProcessCommand {
  return {
    type: 'deleteBranch',
    apply(def) {
      const edge = requireEdge(def, edgeId);
      const gateway = requireNode(def, edge.source);
      if (gateway.type !== 'condition' && gateway.type !== 'parallel') throw new ProcessDesignerError('notABranch', { id: edgeId });
      if (gateway.type === 'condition' && edge.condition === undefined) throw new ProcessDesignerError('defaultBranch', { id: edgeId });
      if (outEdges(def, gateway.id).length <= 2) throw new ProcessDesignerError('notDeletable', { id: edgeId, name: edge.label ?? edgeId });
      let next: ProcessDefinition = { ...def, edges: def.edges.filter((e) => e.id !== edgeId) };
      const start = next.nodes.find((n) => n.type === 'start');
      const live = start ? reachable(next, start.id) : new Set(next.nodes.map((n) => n.id));
      const dead = new Set(next.nodes.filter((n) => !live.has(n.id) && reachable(def, edge.target).has(n.id)).map((n) => n.id));
      if (dead.size)
        next = { ...next, nodes: next.nodes.filter((n) => !dead.has(n.id)), edges: next.edges.filter((e) => !dead.has(e.source) && !dead.has(e.target)) };
      return { definition: reflowed(next), selection: { nodes: [], edges: [] } };
    },
  };
}

/** Delete what is selected: nodes (with their groups) and branch edges. */
export function deleteSelection(selection: { nodes: readonly string[]; edges: readonly string[] }): ProcessCommand {
  return {
    type: 'deleteSelection',
    apply(def) {
      let next = def;
      for (const id of selection.edges) if (edgeById(next, id)) next = deleteBranch(id).apply(next).definition;
      const nodes = selection.nodes.filter((id) => nodeById(next, id));
      if (nodes.length) next = deleteNodes(nodes).apply(next).definition;
      return { definition: next === def ? def : reflowed(next), selection: { nodes: [], edges: [] } };
    },
  };
}

export type PositionMap = Readonly<Record<string, { x: number; y: number }>>;

/**
 * Store positions (a mouse drag's end, arrow-key moves). `coalesceKey`: moves of the same nodes
 * in a quick series (arrow keys) are one undo step.
 */
export function moveNodes(positions: PositionMap, coalesce = false): ProcessCommand {
  const ids = Object.keys(positions).sort();
  return {
    type: 'moveNodes',
    coalesceKey: coalesce ? `move:${ids.join(',')}` : undefined,
    apply(def) {
      for (const id of ids) requireNode(def, id);
      let changed = false;
      const nodes = def.nodes.map((n) => {
        const p = positions[n.id];
        if (!p) return n;
        const x = Math.round(p.x);
        const y = Math.round(p.y);
        if (n.position && n.position.x === x && n.position.y === y) return n;
        changed = true;
        return { ...n, position: { x, y } };
      });
      return { definition: changed ? { ...def, nodes } : def };
    },
  };
}

/** Auto layout: forget every stored position, so the top-down layout places all nodes. */
export function autoLayout(): ProcessCommand {
  return {
    type: 'autoLayout',
    apply(def) {
      return { definition: reflowed(def) };
    },
  };
}

/** Rename a node (typing: one undo step per run). */
export function renameNode(id: string, name: LocalizedText): ProcessCommand {
  return {
    type: 'renameNode',
    coalesceKey: `rename:${id}`,
    apply(def) {
      requireNode(def, id);
      return { definition: { ...def, nodes: def.nodes.map((n) => (n.id === id ? { ...n, name } : n)) } };
    },
  };
}

/** Rename the process. */
export function renameProcess(name: LocalizedText): ProcessCommand {
  return {
    type: 'renameProcess',
    coalesceKey: 'rename:process',
    apply(def) {
      return { definition: { ...def, name } };
    },
  };
}
