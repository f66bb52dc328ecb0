// Dirty propagation over the rule graph (schemas/logic/ruleGraph.ts): a changed value marks only
// the nodes that read it (a row formula: only for the changed row), the marked nodes run once in
// evaluation order (schemas/logic/evaluateNode.ts), and a node whose result changed a value
// marks its own dependents, which come later in that order. A keystroke never recomputes the
// whole form: its work is the nodes downstream of the typed path.
import type { RuleGraph, GraphNode } from '../../schemas/logic/ruleGraph';
import { evaluateNode, type NodeContext } from '../../schemas/logic/evaluateNode';
import type { FieldStates } from '../../schemas/logic/fieldStates';
import type { ValuesStore } from './valuesStore';

/** Rows a node must run on: every row, or the listed row indices. */
type Pending = 'all' | Set<number>;

export interface Recompute {
  /** compute formulas and setValue actions (rules' conditions always run) */
  computeValues: boolean;
  /** the value at `path` changed: mark what reads it */
  markDependents(path: string): void;
  /** a sub-form's rows changed: one added at `added`, all replaced ('all'), or one removed (-1) */
  markRows(subForm: string, added: number | 'all'): void;
  /** mark every node (the first pass) */
  markAll(): void;
  /** run the marked nodes in order; every changed value and state path goes into `changed` */
  flush(changed: Set<string>): void;
}

export function createRecompute(graph: RuleGraph, store: ValuesStore, states: FieldStates, stats: { evaluations: number }, computeValues: boolean): Recompute {
  const { dependents, subForms } = graph;
  const pending = new Map<GraphNode, Pending>();
  const mark = (n: GraphNode, rows: Pending) => {
    const cur = pending.get(n);
    if (cur === 'all') return;
    if (rows === 'all' || n.kind !== 'formula' || n.rowOf === undefined) return void pending.set(n, 'all');
    const set = cur ?? new Set<number>();
    for (const r of rows) set.add(r);
    pending.set(n, set);
  };
  const markKey = (key: string) => {
    for (const d of dependents.get(key) ?? []) mark(d.node, 'all');
  };

  let changed = new Set<string>();
  const ctx: NodeContext = {
    data: store.data,
    get computeValues() {
      return recompute.computeValues;
    },
    write(path, value) {
      if (store.write(path, value)) {
        changed.add(path);
        recompute.markDependents(path);
      }
    },
    activate(rule, actions) {
      for (const p of states.activate(rule, actions)) changed.add(p);
    },
    stats,
  };

  const recompute: Recompute = {
    computeValues,
    markDependents(path) {
      const { key, row, col } = store.parsePath(path);
      if (col === undefined) {
        markKey(key);
        if (subForms.has(key)) {
          // the rows themselves changed: every column dependency
          for (const c of subForms.get(key)!) markKey(`${key}.${c}`);
          markKey(`${key}[]`);
        }
        return;
      }
      for (const d of dependents.get(`${key}.${col}`) ?? []) mark(d.node, d.rowLocal ? new Set([row!]) : 'all');
      markKey(key);
    },
    markRows(subForm, added) {
      markKey(subForm);
      markKey(`${subForm}[]`);
      const rows: Pending | null = added === 'all' ? 'all' : added >= 0 ? new Set([added]) : null;
      for (const c of subForms.get(subForm) ?? []) {
        for (const d of dependents.get(`${subForm}.${c}`) ?? []) {
          if (!d.rowLocal) mark(d.node, 'all');
          else if (rows) mark(d.node, rows);
        }
      }
      // new rows get what the row formulas and column setValue actions write into them
      if (rows) for (const n of graph.writersOf.get(subForm) ?? []) mark(n, rows);
    },
    markAll() {
      for (const n of graph.nodes) pending.set(n, 'all');
    },
    flush(into) {
      changed = into;
      // one forward pass in evaluation order; a node only marks nodes after it (cycles aside)
      for (const n of graph.nodes) {
        const rows = pending.get(n);
        if (rows === undefined) continue;
        pending.delete(n);
        evaluateNode(graph, n, rows, ctx);
      }
      pending.clear();
    },
  };
  return recompute;
}
