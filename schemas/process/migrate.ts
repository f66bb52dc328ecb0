// Process definition migration: schemaVersion 2 (the pre-engine shape) → 3 (model.ts).
// Migration changes the format only: run `validateProcessDefinition` on the result.
//
// ## Format version 2
//
// ```jsonc
// {
//   "schemaVersion": 2, "code": "…", "name": {…}, "version": 1, "formCode": "…",
//   "nodes": [
//     {
//       "id": "buMenJingLi", "type": "approve",          // start | approve | condition | cc | end
//       "approvers": {                                   // v3: `assignee`, a strategy
//         "kind": "user" | "role" | "deptLeader" | "applicant" | "matrix",
//         "ids": ["…"],                                  // user ids (user) or role codes (role)
//         "matrix": "quYuShenPiJuZhen",                  // matrix code
//         "matrixField": "jingXiaoShang"                 // the field whose value picks the row
//       },
//       "multi": "any" | "all" | "sequential",           // v3: `method`
//       "allowReturn": true,                             // v3: `returnRule.targets` ['applicant']
//       "resubmitTo": "start" | "returningNode"          // v3: `returnRule.resubmit`
//     }
//   ],
//   "edges": [ { "id", "source", "target", "condition"?, "priority"?, "label"? } ]  // conditions out of any node
// }
// ```
//
// The steps:
// - approvers: user → users {userIds}, role → roles {roleCodes}, deptLeader, applicant,
//   matrix → matrix {matrix, by: {matrixField: matrixField}, column: the node's id} (v2 named
//   no column; its seeded matrix nodes were named after the matrix's approver column, and the
//   key column after the field, e.g. quYuZongJian by jingXiaoShang).
// - multi → method; allowReturn → returnRule {targets: ['applicant'], resubmit: resubmitTo ??
//   'start'}; resubmitTo without allowReturn is dropped (nobody could return).
// - a node other than a condition node with several outgoing edges, or with a conditioned edge,
//   gets a condition node `<id>Gate` inserted after it: one edge node → gate, and its outgoing
//   edges (conditions, priorities and labels kept) leave from the gate instead.
import type { LocalizedText } from '../definition';
import { PROCESS_SCHEMA_VERSION, type ApproveMethod, type ApproverStrategy, type ProcessDefinition, type ProcessEdge, type ProcessNode } from './model';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const strings = (v: unknown): string[] => arr(v).filter((x): x is string => typeof x === 'string');

const GATE_NAME: LocalizedText = { 'zh-CN': '条件分支', 'en-US': 'Branch', 'zh-TW': '條件分支' };
const isV2Method = (v: unknown): v is ApproveMethod => v === 'any' || v === 'all' || v === 'sequential';

function text(v: unknown): LocalizedText {
  if (isObj(v) && typeof v['zh-CN'] === 'string') {
    const out: LocalizedText = { 'zh-CN': v['zh-CN'] };
    if (typeof v['en-US'] === 'string') out['en-US'] = v['en-US'];
    if (typeof v['zh-TW'] === 'string') out['zh-TW'] = v['zh-TW'];
    return out;
  }
  return { 'zh-CN': typeof v === 'string' ? v : '' };
}

function strategyOf(a: Obj, nodeId: string): ApproverStrategy | undefined {
  switch (a.kind) {
    case 'user':
      return { kind: 'users', userIds: strings(a.ids) };
    case 'role':
      return { kind: 'roles', roleCodes: strings(a.ids) };
    case 'deptLeader':
      return { kind: 'deptLeader' };
    case 'applicant':
      return { kind: 'applicant' };
    case 'matrix': {
      const field = str(a.matrixField);
      return { kind: 'matrix', matrix: str(a.matrix) ?? '', by: field ? { [field]: field } : {}, column: nodeId };
    }
    default:
      return undefined;
  }
}

function nodeOf(n: Obj): ProcessNode {
  const id = str(n.id) ?? '';
  const type = str(n.type);
  const node: ProcessNode = {
    id,
    type: type === 'start' || type === 'approve' || type === 'cc' || type === 'condition' || type === 'end' ? type : 'approve',
    name: text(n.name),
  };
  const assignee = isObj(n.approvers) ? strategyOf(n.approvers, id) : undefined;
  if (assignee) node.assignee = assignee;
  if (isV2Method(n.multi)) node.method = n.multi;
  if (n.allowReturn === true) node.returnRule = { targets: ['applicant'], resubmit: n.resubmitTo === 'returningNode' ? 'returningNode' : 'start' };
  if (isObj(n.position) && typeof n.position.x === 'number' && typeof n.position.y === 'number') node.position = { x: n.position.x, y: n.position.y };
  return node;
}

function edgeOf(e: Obj): ProcessEdge {
  const edge: ProcessEdge = { id: str(e.id) ?? '', source: str(e.source) ?? '', target: str(e.target) ?? '' };
  if (e.condition !== undefined) edge.condition = e.condition;
  if (typeof e.priority === 'number') edge.priority = e.priority;
  if (typeof e.label === 'string') edge.label = e.label;
  return edge;
}

/** A name not yet taken (`base`, `base2`, `base3` …), reserved on return. */
function fresh(taken: Set<string>, base: string): string {
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base}${i}`;
  taken.add(name);
  return name;
}

/**
 * Upgrade a stored process definition to the current schema version (3). A version 3 document
 * is returned as it is; anything else is read as version 2 (see the header).
 */
export function upgradeProcessDefinition(doc: unknown): ProcessDefinition {
  if (isObj(doc) && doc.schemaVersion === PROCESS_SCHEMA_VERSION) return doc as ProcessDefinition;
  const d = isObj(doc) ? doc : {};
  const nodes = arr(d.nodes).filter(isObj).map(nodeOf);
  const edges = arr(d.edges).filter(isObj).map(edgeOf);

  const nodeIds = new Set(nodes.map((n) => n.id));
  const edgeIds = new Set(edges.map((e) => e.id));
  for (const node of [...nodes]) {
    if (node.type === 'condition') continue;
    const out = edges.filter((e) => e.source === node.id);
    if (out.length < 2 && !out.some((e) => e.condition !== undefined)) continue;
    const gate: ProcessNode = { id: fresh(nodeIds, `${node.id}Gate`), type: 'condition', name: GATE_NAME };
    if (node.position) gate.position = { x: node.position.x, y: node.position.y + 60 };
    nodes.splice(nodes.indexOf(node) + 1, 0, gate);
    for (const e of out) e.source = gate.id;
    edges.splice(edges.indexOf(out[0]), 0, { id: fresh(edgeIds, `${node.id}-${gate.id}`), source: node.id, target: gate.id });
  }

  const def: ProcessDefinition = {
    schemaVersion: PROCESS_SCHEMA_VERSION,
    code: str(d.code) ?? '',
    name: text(d.name),
    version: typeof d.version === 'number' ? d.version : 0,
    nodes,
    edges,
  };
  if (typeof d.formCode === 'string') def.formCode = d.formCode;
  if (typeof d.callbackUrl === 'string') def.callbackUrl = d.callbackUrl;
  return def;
}
