// The rule graph of a definition: every formula and every linkage rule is a node, compiled once,
// with the field keys it reads (`deps`) and the value keys it writes (`outputs`). One graph serves
// both sides: the runtime's incremental form model (runtime/engine) re-runs only the nodes that
// read a changed key, the server's whole-record evaluation (schemas/ruleEffects.ts) runs them all.
//
// - Dependency keys (schemas/logic/expressions.ts): `field`, `subForm.column` (a column: any row's
//   cell, or the same row's cell when `rowLocal`), `subForm` (the whole sub-form value), and
//   `subForm[]` (only which rows there are: colSum, colCount).
// - Order: topological over "a node writes a key another node reads" (Kahn, ties in definition
//   order: formulas, then rules). Nodes in a cycle and what follows them keep definition order
//   at the end, and the cycles are listed in `cycles` (validateDefinition refuses formula cycles
//   before a definition is published; evaluation only guarantees one pass and termination).
// - A node reading its own output (a rule whose condition reads its setValue target) is no cycle.
import type { FieldDefinition, FormDefinition, RuleAction } from '../definition';
import { compileExpression, type CompiledExpression, type Dependency } from './expressions';
import { definitionScope, type DefinitionScope } from './scope';

interface NodeBase {
  /** position in the evaluation order */
  index: number;
  /** the formula's or rule's id */
  id: string;
  deps: Dependency[];
  /** value keys the node writes (`key`, `subForm.column`) */
  outputs: string[];
}

export interface FormulaNode extends NodeBase {
  kind: 'formula';
  /** row scope: the sub-form whose rows the formula runs on */
  rowOf?: string;
  /** row scope: the target column */
  column?: string;
  /** `total` or `detail.amount` */
  target: string;
  field: FieldDefinition | undefined;
  precision?: number;
  expr: CompiledExpression;
}

export interface RuleNode extends NodeBase {
  kind: 'rule';
  /** position in `definition.rules`: state actions apply in this order, later ones winning */
  ruleIndex: number;
  /** the condition */
  expr: CompiledExpression;
  then: readonly RuleAction[];
  otherwise: readonly RuleAction[];
  /** compiled setValue expressions (an action whose expression was refused has none) */
  values: Map<RuleAction, CompiledExpression>;
}

export type GraphNode = FormulaNode | RuleNode;

export interface Dependent {
  node: GraphNode;
  /** the node reads the same row's cell only (a row formula's own-row column) */
  rowLocal: boolean;
}

export interface RuleGraph extends DefinitionScope {
  /** every node in evaluation order */
  nodes: GraphNode[];
  /** dependency key → the nodes that read it */
  dependents: Map<string, Dependent[]>;
  /** formula targets (`key`, `subForm.column`): computed, never typed */
  computedTargets: Set<string>;
  /** state path → the rules with a state action on it, in rule order */
  rulesByStateTarget: Map<string, RuleNode[]>;
  /** sub-form key → the nodes that write into its columns (row formulas, column setValue rules) */
  writersOf: Map<string, GraphNode[]>;
  /** the node ids of each cycle (strongly connected component of two or more nodes) */
  cycles: string[][];
  /** expressions refused while building with `invalid: 'skip'` (their nodes left out) */
  problems: { id: string; message: string }[];
}

export interface RuleGraphOptions {
  /**
   * An expression the evaluator refuses: `throw` (the form model: such a definition does not
   * render) or `skip` (the server: the formula, or the rule / setValue action, is left out and
   * reported in `problems`). Default `throw`.
   */
  invalid?: 'throw' | 'skip';
}

const NO_ACTIONS: readonly RuleAction[] = Object.freeze([]);

/** Build the rule graph of a definition. */
export function buildRuleGraph(def: FormDefinition, opts: RuleGraphOptions = {}): RuleGraph {
  const scopeInfo = definitionScope(def);
  const { fieldByPath, scope } = scopeInfo;
  const problems: RuleGraph['problems'] = [];
  const compile = (id: string, expr: unknown, rowOf?: string): CompiledExpression | null => {
    try {
      return compileExpression(expr, rowOf ? { ...scope, rowOf } : scope);
    } catch (err) {
      if (opts.invalid !== 'skip') throw err;
      problems.push({ id, message: err instanceof Error ? err.message : String(err) });
      return null;
    }
  };

  const nodes: GraphNode[] = [];
  const computedTargets = new Set<string>();
  for (const f of def.formulas ?? []) {
    const [head, col] = f.target.split('.');
    const rowOf = col !== undefined ? head : undefined;
    computedTargets.add(f.target);
    const expr = compile(f.id, f.expression, rowOf);
    if (!expr) continue;
    nodes.push({
      kind: 'formula',
      index: 0,
      id: f.id,
      rowOf,
      column: rowOf ? col : undefined,
      target: f.target,
      field: fieldByPath.get(f.target),
      precision: f.precision,
      expr,
      deps: expr.deps,
      outputs: [f.target],
    });
  }
  const rulesByStateTarget = new Map<string, RuleNode[]>();
  (def.rules ?? []).forEach((r, ruleIndex) => {
    const expr = compile(r.id, r.when);
    if (!expr) return;
    const node: RuleNode = {
      kind: 'rule',
      index: 0,
      id: r.id,
      ruleIndex,
      expr,
      then: r.then,
      otherwise: r.otherwise ?? NO_ACTIONS,
      values: new Map(),
      deps: [...expr.deps],
      outputs: [],
    };
    for (const a of [...r.then, ...(r.otherwise ?? [])]) {
      if (a.action === 'setValue') {
        const c = compile(r.id, a.value ?? null);
        if (!c) continue;
        node.values.set(a, c);
        node.deps.push(...c.deps);
        node.outputs.push(a.target);
      } else {
        const list = rulesByStateTarget.get(a.target) ?? [];
        if (!list.includes(node)) list.push(node);
        rulesByStateTarget.set(a.target, list);
      }
    }
    nodes.push(node);
  });

  const dependents = new Map<string, Dependent[]>();
  for (const n of nodes) {
    for (const d of n.deps) {
      const list = dependents.get(d.key) ?? [];
      list.push({ node: n, rowLocal: d.rowLocal && n.kind === 'formula' && n.rowOf !== undefined });
      dependents.set(d.key, list);
    }
  }
  const writersOf = new Map<string, GraphNode[]>();
  for (const n of nodes) {
    for (const o of n.outputs) {
      const dot = o.indexOf('.');
      if (dot < 0) continue;
      const sub = o.slice(0, dot);
      const list = writersOf.get(sub) ?? [];
      if (!list.includes(n)) list.push(n);
      writersOf.set(sub, list);
    }
  }

  const edges = new Map<GraphNode, Set<GraphNode>>(nodes.map((n) => [n, new Set()]));
  for (const n of nodes) {
    for (const o of n.outputs) for (const d of dependents.get(o) ?? []) if (d.node !== n) edges.get(n)!.add(d.node);
  }
  const ordered = topologicalOrder(nodes, edges);
  ordered.forEach((n, i) => (n.index = i));

  return {
    ...scopeInfo,
    nodes: ordered,
    dependents,
    computedTargets,
    rulesByStateTarget,
    writersOf,
    cycles: cyclesOf(nodes, edges).map((c) => c.map((n) => n.id)),
    problems,
  };
}

/** Kahn's order (ties in the given order); nodes left in or behind a cycle follow in the given order. */
export function topologicalOrder<N>(nodes: readonly N[], edges: ReadonlyMap<N, ReadonlySet<N>>): N[] {
  const indeg = new Map<N, number>(nodes.map((n) => [n, 0]));
  for (const n of nodes) for (const m of edges.get(n) ?? []) indeg.set(m, indeg.get(m)! + 1);
  const order: N[] = [];
  const placed = new Set<N>();
  const ready = nodes.filter((n) => indeg.get(n) === 0);
  for (let i = 0; i < ready.length; i++) {
    const n = ready[i];
    order.push(n);
    placed.add(n);
    for (const m of edges.get(n) ?? []) {
      indeg.set(m, indeg.get(m)! - 1);
      if (indeg.get(m) === 0) ready.push(m);
    }
  }
  for (const n of nodes) if (!placed.has(n)) order.push(n);
  return order;
}

/** The strongly connected components of two or more nodes (Tarjan), members in the given order. */
export function cyclesOf<N>(nodes: readonly N[], edges: ReadonlyMap<N, ReadonlySet<N>>): N[][] {
  const index = new Map<N, number>();
  const low = new Map<N, number>();
  const onStack = new Set<N>();
  const stack: N[] = [];
  const out: N[][] = [];
  let next = 0;
  const visit = (v: N) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc = new Set<N>();
      let w: N;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.add(w);
      } while (w !== v);
      if (scc.size > 1) out.push(nodes.filter((n) => scc.has(n)));
    }
  };
  for (const n of nodes) if (!index.has(n)) visit(n);
  return out;
}
