// Running one node of the rule graph over a record's data: a formula computes its target (a row
// formula on the given rows), a rule evaluates its condition, activates `then` or `otherwise`
// (the field states follow, see fieldStates.ts) and computes its setValue actions. The runtime's
// incremental model and the server's whole-record evaluation both run nodes through here; they
// differ only in which nodes and rows they run and in what a write sets off.
import type { RuleAction } from '../definition';
import { evaluate, truthy } from './expressions';
import { coerceFormulaResult } from './coerce';
import type { GraphNode, RuleGraph, RuleNode } from './ruleGraph';

type Row = Record<string, unknown>;

/** Rows a node runs on: every row, or the listed row indices. */
export type NodeRows = 'all' | ReadonlySet<number>;

export interface NodeContext {
  /** the live data (written through `write`) */
  readonly data: Record<string, unknown>;
  /** compute formulas and setValue actions (rules' conditions are evaluated regardless) */
  readonly computeValues: boolean;
  /** write a computed value at `key` or `subForm.i.column` */
  write(path: string, value: unknown, node: GraphNode): void;
  /** a rule's active actions (`then` or `otherwise`, the same array each time) */
  activate(node: RuleNode, actions: readonly RuleAction[]): void;
  /** counts evaluations (tests and benchmarks) */
  readonly stats?: { evaluations: number };
}

/** Empty values: absent, null and '' are one; objects compare by content. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return (a === undefined || a === '' || a === null) && (b === undefined || b === '' || b === null);
}

/** The object rows of a sub-form with their indices (other entries skipped, indices kept). */
export function rowsOf(data: Record<string, unknown>, subForm: string): [Row, number][] {
  const list = data[subForm];
  if (!Array.isArray(list)) return [];
  const out: [Row, number][] = [];
  list.forEach((r, i) => {
    if (r !== null && typeof r === 'object') out.push([r as Row, i]);
  });
  return out;
}

/** What a row formula reads: the row's columns over the main data, and `row` for the row itself. */
export function rowScope(graph: RuleGraph, data: Record<string, unknown>, subForm: string, row: Row): Row {
  const s = Object.create(data) as Row;
  // every column of the row shadows a main field of the same key, also when the row has no value
  // for it (a row formula reads its row's empty cell, never the main field behind it)
  for (const c of graph.subForms.get(subForm) ?? []) s[c] = undefined;
  Object.assign(s, row);
  if (!graph.subForms.get(subForm)!.has('row')) s.row = row;
  return s;
}

/** The actions of a rule that hold over the data. */
export function activeActionsOf(node: RuleNode, data: Record<string, unknown>): readonly RuleAction[] {
  return truthy(evaluate(node.expr, data)) ? node.then : node.otherwise;
}

/** Run one node over the data (a row formula on `rows`). */
export function evaluateNode(graph: RuleGraph, node: GraphNode, rows: NodeRows, ctx: NodeContext): void {
  const { data, stats } = ctx;
  if (node.kind === 'formula') {
    if (!ctx.computeValues) return;
    if (node.rowOf !== undefined) {
      const list = Array.isArray(data[node.rowOf]) ? (data[node.rowOf] as unknown[]) : [];
      const indices = rows === 'all' ? list.map((_, i) => i) : [...rows].filter((i) => i < list.length);
      for (const i of indices) {
        const row = list[i];
        if (row === null || typeof row !== 'object') continue;
        if (stats) stats.evaluations++;
        const v = coerceFormulaResult(node.field, evaluate(node.expr, rowScope(graph, data, node.rowOf, row as Row)), node.precision);
        ctx.write(`${node.rowOf}.${i}.${node.column}`, v, node);
      }
    } else {
      if (stats) stats.evaluations++;
      ctx.write(node.target, coerceFormulaResult(node.field, evaluate(node.expr, data), node.precision), node);
    }
    return;
  }
  if (stats) stats.evaluations++;
  const actions = activeActionsOf(node, data);
  ctx.activate(node, actions);
  if (!ctx.computeValues) return;
  for (const a of actions) {
    if (a.action !== 'setValue') continue;
    const compiled = node.values.get(a);
    if (!compiled) continue;
    if (stats) stats.evaluations++;
    const v = coerceFormulaResult(graph.fieldByPath.get(a.target), evaluate(compiled, data), undefined);
    const dot = a.target.indexOf('.');
    if (dot < 0) {
      ctx.write(a.target, v, node);
    } else {
      const sub = a.target.slice(0, dot);
      const col = a.target.slice(dot + 1);
      for (const [, i] of rowsOf(data, sub)) ctx.write(`${sub}.${i}.${col}`, v, node);
    }
  }
}

/** Write a value at `key` or `subForm.i.column` of plain data; returns whether it changed. */
export function writeValue(data: Record<string, unknown>, path: string, value: unknown): boolean {
  const parts = path.split('.');
  if (parts.length === 1) {
    if (sameValue(data[path], value)) return false;
    if (value === undefined) delete data[path];
    else data[path] = value;
    return true;
  }
  const row = (data[parts[0]] as Row[] | undefined)?.[Number(parts[1])];
  if (!row || typeof row !== 'object' || sameValue(row[parts[2]], value)) return false;
  if (value === undefined) delete row[parts[2]];
  else row[parts[2]] = value;
  return true;
}
