// Process definition validation: structure by ajv against ProcessDefinition (model.ts), then
// the graph and node checks a JSON Schema cannot express — a process that passes can run:
//   - one start, at least one end, unique node ids, edges between existing nodes, every node
//     reachable from the start, no directed cycle (returns are actions, not edges);
//   - conditions only on edges out of a condition node; a condition node has exactly one
//     default (unconditioned) edge; a parallel node at least two branches and a join naming it;
//     a join names a parallel split; every other node but an end exactly one outgoing edge, an
//     end none;
//   - approve and cc nodes have a strategy (`assignee`); method ratio has its ratio; onEmpty
//     toUser names its user;
//   - with the bound form: conditions and expression strategies read only its fields (JSON
//     Logic checked like rules), and a strategy's form fields (fieldUser/fieldDeptLeader
//     `field`, matrix `by`) exist.
// Errors have JSON-pointer paths, stable codes (DEFINITION_ERROR_CODES) and messages in the
// caller's locale (`definition.process.*` of the schemas namespace).
import type { ValidateFunction } from 'ajv';
import { ProcessDefinition } from './model';
import type { FormDefinition } from '../definition';
import type { Locale } from '../constants';
import { createAjv, forAjv } from '../ajv';
import {
  Collector,
  checkExpression,
  checkOperators,
  indexFields,
  mergeErrors,
  resolveFieldPath,
  structuralErrors,
  type DefinitionValidation,
  type FieldIndex,
} from '../validateDefinition';

let validator: ValidateFunction | null = null;

function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}
function processValidate(): ValidateFunction {
  if (!validator) {
    const ajv = createAjv({ strict: false });
    // callbackUrl: an absolute http(s) URL (the server's allowlist decides where it may go)
    ajv.addFormat('uri', { type: 'string', validate: isHttpUrl });
    validator = ajv.compile(forAjv(ProcessDefinition));
  }
  return validator;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
/** A JSON pointer segment (RFC 6901). */
const pointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

interface NodeAt {
  node: Obj;
  at: number;
  id: string;
}
interface EdgeAt {
  edge: Obj;
  at: number;
  source: string;
  target: string;
}

/** The strategy's references to the form: fields, matrix keys, expressions. */
function checkStrategy(s: Obj, base: string, index: FieldIndex | null, c: Collector): void {
  const field = (path: string, at: string) => {
    if (index && !resolveFieldPath(index, path)) c.add(at, 'process.unknownField', { field: path });
  };
  if ((s.kind === 'fieldUser' || s.kind === 'fieldDeptLeader') && typeof s.field === 'string') field(s.field, `${base}/field`);
  if (s.kind === 'matrix' && isObj(s.by)) {
    for (const [column, path] of Object.entries(s.by)) if (typeof path === 'string') field(path, `${base}/by/${pointer(column)}`);
  }
  if (s.kind === 'expression' && s.logic !== undefined) {
    if (index) checkExpression(s.logic, `${base}/logic`, index, c, 'process.unknownField');
    else checkOperators(s.logic, `${base}/logic`, c);
  }
}

/** Each directed cycle once (by its member set), reported at its first node. */
function checkCycles(nodes: NodeAt[], out: Map<string, EdgeAt[]>, c: Collector): void {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const reported = new Set<string>();
  const visit = (id: string): void => {
    state.set(id, 1);
    stack.push(id);
    for (const e of out.get(id) ?? []) {
      if (!byId.has(e.target)) continue;
      if (state.get(e.target) === 1) {
        const members = stack.slice(stack.indexOf(e.target));
        const sig = [...members].sort().join('|');
        if (!reported.has(sig)) {
          reported.add(sig);
          c.add(`/nodes/${byId.get(e.target)!.at}`, 'process.cycle', { cycle: [...members, e.target].join(' → '), nodes: members });
        }
      } else if (!state.has(e.target)) visit(e.target);
    }
    stack.pop();
    state.set(id, 2);
  };
  for (const n of nodes) if (!state.has(n.id)) visit(n.id);
}

/**
 * Validate a process definition (v3, model.ts): structure and meaning (see the header); with
 * `form`, its references to the bound form's fields too. Semantic checks run even when the
 * structure is broken, as far as the document allows.
 */
export function validateProcessDefinition(def: unknown, locale: Locale = 'zh-CN', form?: FormDefinition): DefinitionValidation {
  const validate = processValidate();
  const ok = validate(def);
  const structural = ok ? [] : structuralErrors(validate.errors, locale);
  const c = new Collector(locale);
  if (isObj(def)) {
    const index = form ? indexFields(form) : null;
    // nodes
    const nodes: NodeAt[] = [];
    const byId = new Map<string, NodeAt>();
    arr(def.nodes).forEach((n, at) => {
      const id = isObj(n) ? str(n.id) : undefined;
      if (!isObj(n) || id === undefined) return;
      if (byId.has(id)) c.add(`/nodes/${at}/id`, 'process.duplicateNodeId', { node: id });
      else byId.set(id, { node: n, at, id });
      nodes.push({ node: n, at, id });
    });
    const starts = nodes.filter((n) => n.node.type === 'start');
    if (starts.length === 0) c.add('/nodes', 'process.noStart');
    if (starts.length > 1) c.add('/nodes', 'process.multipleStart', { count: starts.length });
    if (!nodes.some((n) => n.node.type === 'end')) c.add('/nodes', 'process.noEnd');

    // edges
    const out = new Map<string, EdgeAt[]>();
    arr(def.edges).forEach((e, at) => {
      if (!isObj(e)) return;
      const source = str(e.source);
      const target = str(e.target);
      if (source !== undefined && !byId.has(source)) c.add(`/edges/${at}/source`, 'process.edgeUnknownNode', { edge: str(e.id) ?? at, node: source });
      if (target !== undefined && !byId.has(target)) c.add(`/edges/${at}/target`, 'process.edgeUnknownNode', { edge: str(e.id) ?? at, node: target });
      if (source !== undefined && target !== undefined) out.set(source, [...(out.get(source) ?? []), { edge: e, at, source, target }]);
      if (e.condition !== undefined) {
        const from = source !== undefined ? byId.get(source) : undefined;
        if (from && from.node.type !== 'condition')
          c.add(`/edges/${at}/condition`, 'process.conditionOutsideGateway', { edge: str(e.id) ?? at, node: from.id });
        if (index) checkExpression(e.condition, `/edges/${at}/condition`, index, c, 'process.unknownField');
        else checkOperators(e.condition, `/edges/${at}/condition`, c);
      }
    });

    // reachability from the start
    const start = starts.length === 1 ? starts[0].id : undefined;
    if (start !== undefined) {
      const seen = new Set<string>([start]);
      const queue = [start];
      while (queue.length) {
        for (const e of out.get(queue.shift()!) ?? []) {
          if (!seen.has(e.target)) {
            seen.add(e.target);
            queue.push(e.target);
          }
        }
      }
      for (const n of nodes) if (!seen.has(n.id)) c.add(`/nodes/${n.at}`, 'process.unreachableNode', { node: n.id });
    }

    // per node: ways out, gateways, strategies and rules
    const joinsOf = new Set(nodes.filter((n) => n.node.type === 'join').map((n) => str(n.node.split)));
    for (const { node: n, at, id } of nodes) {
      const p = `/nodes/${at}`;
      const edges = out.get(id) ?? [];
      const type = n.type;
      if (type === 'end') {
        if (edges.length > 0) c.add(p, 'process.endHasOutgoing', { node: id });
      } else if (edges.length === 0) {
        c.add(p, 'process.deadEnd', { node: id });
      } else if (type === 'condition') {
        const defaults = edges.filter((e) => e.edge.condition === undefined);
        if (defaults.length === 0) c.add(p, 'process.noDefaultEdge', { node: id });
        for (const e of defaults.slice(1)) c.add(`/edges/${e.at}`, 'process.multipleDefaultEdges', { node: id });
      } else if (type === 'parallel') {
        if (edges.length < 2) c.add(p, 'process.parallelTooFewBranches', { node: id, count: edges.length });
      } else if (edges.length > 1) {
        c.add(p, 'process.multipleOutgoing', { node: id, count: edges.length });
      }
      if (type === 'parallel' && !joinsOf.has(id)) c.add(p, 'process.joinWithoutSplit', { node: id });
      if (type === 'join') {
        const split = str(n.split);
        if (split === undefined || byId.get(split)?.node.type !== 'parallel') c.add(p, 'process.joinWithoutSplit', { node: id, split: split ?? '' });
      }
      if (type === 'approve' || type === 'cc') {
        if (!isObj(n.assignee)) c.add(p, 'process.noStrategy', { node: id });
        else checkStrategy(n.assignee, `${p}/assignee`, index, c);
      }
      if (n.method === 'ratio' && n.ratio === undefined) c.add(`${p}/ratio`, 'process.ratioWithoutValue', { node: id });
      if (n.onEmpty === 'toUser' && !n.emptyUserId) c.add(`${p}/emptyUserId`, 'process.emptyUser', { node: id });
    }
    checkCycles(nodes, out, c);
  }
  const errors = mergeErrors(structural, c.errors);
  return { valid: errors.length === 0, errors };
}
