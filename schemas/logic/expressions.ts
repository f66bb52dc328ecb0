// JSON Logic evaluation for linkage rules and formulas, on json-logic-js. Lives in schemas/ so
// the client runtime (runtime/engine re-exports it) and the server evaluate the same rules the
// same way.
//
// Decisions (also in runtime/README.md):
// - Only the operators of `ALLOWED_OPERATORS` (schemas/expressions.ts) are accepted; an
//   expression with any other operator is refused when it is compiled, before it ever runs.
// - Expressions read only the record's own fields: every `var` path must start with a field key
//   of the definition (in row scope: a column of the row's sub-form, `row.<column>`, or a main
//   field). Computed `var` paths and prototype keys are refused.
// - Arithmetic is decimal-exact everywhere: `+ - * /` are rewritten to `dAdd dSub dMul dDiv`
//   (decimal.js, 40 significant digits) at compile time, and `< <= > >=` compare numeric
//   operands as decimals (so "10.00" > "9.5" even when both are strings). Arithmetic results are
//   plain decimal strings; the engine rounds them half-up to the target field's precision, so
//   0.1 + 0.2 gives "0.30" at precision 2.
import jsonLogic from 'json-logic-js';
import dayjs from 'dayjs';
import { ALLOWED_OPERATORS } from '../expressions';
import { Decimal, decimalString, isNumeric, toDecimal } from './decimal';

/** What an expression depends on, in the engine's dependency vocabulary. */
export interface Dependency {
  /**
   * `field` (main field), `subForm.column` (a column), `subForm` (the whole sub-form value: any
   * cell or row), or `subForm[]` (only which rows there are: colCount, colSum)
   */
  key: string;
  /** in row scope: the dependency is on the same row's cell only */
  rowLocal: boolean;
}

export interface CompiledExpression {
  /** the rewritten JSON Logic, ready for `evaluate` */
  logic: unknown;
  deps: Dependency[];
}

/** The field keys an expression may read. */
export interface ExpressionScope {
  /** main field keys that hold values */
  fields: ReadonlySet<string>;
  /** sub-form key → its column keys */
  subForms: ReadonlyMap<string, ReadonlySet<string>>;
  /** row scope: the sub-form whose row the expression is evaluated in */
  rowOf?: string;
}

export class ExpressionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExpressionError';
  }
}

const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'prototype', 'constructor']);
const ARITHMETIC: Record<string, string> = { '+': 'dAdd', '-': 'dSub', '*': 'dMul', '/': 'dDiv' };
const COMPARISONS: Record<string, string> = { '<': 'fwLt', '<=': 'fwLe', '>': 'fwGt', '>=': 'fwGe' };
const ITEM_SCOPED = new Set(['map', 'filter', 'reduce', 'all', 'none', 'some']);

/** Compile (check, rewrite and collect the dependencies of) one expression. */
export function compileExpression(expr: unknown, scope: ExpressionScope): CompiledExpression {
  const deps = new Map<string, Dependency>();
  const addDep = (key: string, rowLocal: boolean) => deps.set(`${key}|${rowLocal}`, { key, rowLocal });
  const rowColumns = scope.rowOf ? scope.subForms.get(scope.rowOf) : undefined;

  const readVar = (path: string) => {
    const segments = path.split('.');
    for (const s of segments) if (FORBIDDEN_SEGMENTS.has(s)) throw new ExpressionError(`expression reads a forbidden path: ${path}`);
    let [head] = segments;
    let rowLocal = false;
    if (rowColumns && head === 'row' && !rowColumns.has('row') && segments.length > 1) {
      head = segments[1];
      if (!rowColumns.has(head)) throw new ExpressionError(`expression reads an unknown column: ${path}`);
      rowLocal = true;
    } else if (rowColumns && rowColumns.has(head)) {
      rowLocal = true;
    }
    if (rowLocal) return addDep(`${scope.rowOf}.${head}`, true);
    if (scope.fields.has(head)) return addDep(head, false);
    if (scope.subForms.has(head)) {
      // reading the rows themselves: depends on every column and on the rows
      addDep(head, false);
      for (const c of scope.subForms.get(head)!) addDep(`${head}.${c}`, false);
      return;
    }
    throw new ExpressionError(`expression reads an unknown field: ${path}`);
  };

  const walk = (e: unknown, itemScope: boolean): unknown => {
    if (Array.isArray(e)) return e.map((x) => walk(x, itemScope));
    if (e === null || typeof e !== 'object') return e;
    const keys = Object.keys(e);
    if (keys.length !== 1) {
      throw new ExpressionError('an expression object must have exactly one operator');
    }
    const op = keys[0];
    const args = (e as Record<string, unknown>)[op];
    if (!ALLOWED_OPERATORS.has(op)) throw new ExpressionError(`operator not allowed: ${op}`);
    if (op === 'var') {
      const list = Array.isArray(args) ? args : [args];
      const path = list[0];
      if (typeof path === 'number' && itemScope) return e;
      if (typeof path !== 'string') throw new ExpressionError('a var path must be a string');
      if (itemScope) {
        // item-relative (map/filter/…); the items themselves were read through the array's var
        for (const s of path.split('.')) if (FORBIDDEN_SEGMENTS.has(s)) throw new ExpressionError(`expression reads a forbidden path: ${path}`);
        return { var: list.length > 1 ? [path, walk(list[1], itemScope)] : path };
      }
      if (path !== '') readVar(path);
      else throw new ExpressionError('expression reads the whole record');
      return { var: list.length > 1 ? [path, walk(list[1], itemScope)] : path };
    }
    if (op === 'colSum' || op === 'colCount') {
      const list = Array.isArray(args) ? args : [args];
      const [subForm, column] = list;
      if (typeof subForm !== 'string' || !scope.subForms.has(subForm)) throw new ExpressionError(`${op} needs a sub-form key`);
      if (op === 'colSum') {
        if (typeof column !== 'string' || !scope.subForms.get(subForm)!.has(column)) throw new ExpressionError(`colSum needs a column of ${subForm}`);
        addDep(`${subForm}.${column}`, false);
      }
      // the rows themselves (added or removed), not every cell
      addDep(`${subForm}[]`, false);
      return { [op]: list };
    }
    if (op === 'missing' || op === 'missing_some') {
      const names = op === 'missing' ? (Array.isArray(args) ? args.flat() : [args]) : Array.isArray(args) && Array.isArray(args[1]) ? args[1] : [];
      for (const n of names) if (typeof n === 'string' && !itemScope) readVar(n);
      return { [op]: walk(args, itemScope) };
    }
    const target = ARITHMETIC[op] ?? COMPARISONS[op] ?? op;
    if (ITEM_SCOPED.has(op) && Array.isArray(args)) {
      return { [target]: [walk(args[0], itemScope), ...args.slice(1).map((x) => walk(x, true))] };
    }
    return { [target]: walk(args, itemScope) };
  };

  const logic = walk(expr, false);
  return { logic, deps: [...deps.values()] };
}

// ---------------------------------------------------------------------------------------------
// Custom operations (registered once on json-logic-js; names are those of schemas/expressions.ts
// plus the engine's private comparison operators that compiled expressions use).

const num = (v: unknown): Decimal | null => toDecimal(v);
const out = (d: Decimal | null): string | null => (d ? decimalString(d) : null);

function dAdd(...args: unknown[]): string | null {
  let acc = new Decimal(0);
  for (const a of args) {
    const d = num(a);
    if (!d) return null;
    acc = acc.plus(d);
  }
  return out(acc);
}
function dSub(a: unknown, b?: unknown): string | null {
  const x = num(a);
  if (!x) return null;
  if (b === undefined) return out(x.negated());
  const y = num(b);
  return y ? out(x.minus(y)) : null;
}
function dMul(...args: unknown[]): string | null {
  let acc = new Decimal(1);
  for (const a of args) {
    const d = num(a);
    if (!d) return null;
    acc = acc.times(d);
  }
  return out(acc);
}
function dDiv(a: unknown, b: unknown): string | null {
  const x = num(a);
  const y = num(b);
  if (!x || !y || y.isZero()) return null;
  return out(x.dividedBy(y));
}
function round(v: unknown, places?: unknown): string | null {
  const d = num(v);
  const p = places === undefined ? 0 : Number(places);
  if (!d || !Number.isInteger(p) || p < 0 || p > 20) return null;
  return d.toFixed(p, Decimal.ROUND_HALF_UP);
}
/** Inclusive day count between two dates (spec §9: the day count includes both ends). */
function days(start: unknown, end?: unknown): number | null {
  let s = start;
  let e = end;
  if (Array.isArray(start) && end === undefined) [s, e] = start;
  if (typeof s !== 'string' || typeof e !== 'string' || !s || !e) return null;
  const a = dayjs(s.slice(0, 10));
  const b = dayjs(e.slice(0, 10));
  if (!a.isValid() || !b.isValid()) return null;
  return b.startOf('day').diff(a.startOf('day'), 'day') + 1;
}
function rowsOf(data: unknown, subForm: unknown): Record<string, unknown>[] {
  if (typeof subForm !== 'string' || data === null || typeof data !== 'object') return [];
  const rows = (data as Record<string, unknown>)[subForm];
  return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
}
function colSum(this: unknown, subForm: unknown, column: unknown): string | null {
  let acc = new Decimal(0);
  for (const row of rowsOf(this, subForm)) {
    const d = num(row?.[column as string]);
    if (!d) return null;
    acc = acc.plus(d);
  }
  return out(acc);
}
function colCount(this: unknown, subForm: unknown): number {
  return rowsOf(this, subForm).length;
}
function compare(cmp: (c: number) => boolean, js: (a: never, b: never) => boolean) {
  return (...args: unknown[]): boolean => {
    for (let i = 0; i + 1 < args.length; i++) {
      const a = args[i];
      const b = args[i + 1];
      const ok = isNumeric(a) && isNumeric(b) ? cmp(new Decimal(String(a)).comparedTo(new Decimal(String(b)))) : js(a as never, b as never);
      if (!ok) return false;
    }
    return true;
  };
}

let registered = false;
/** Register the custom operations on json-logic-js (idempotent). */
export function registerOperations(): void {
  if (registered) return;
  registered = true;
  const ops: Record<string, (...args: never[]) => unknown> = {
    dAdd,
    dSub,
    dMul,
    dDiv,
    round,
    days,
    colSum,
    colCount,
    fwLt: compare(
      (c) => c < 0,
      (a, b) => a < b,
    ),
    fwLe: compare(
      (c) => c <= 0,
      (a, b) => a <= b,
    ),
    fwGt: compare(
      (c) => c > 0,
      (a, b) => a > b,
    ),
    fwGe: compare(
      (c) => c >= 0,
      (a, b) => a >= b,
    ),
  };
  for (const [name, fn] of Object.entries(ops)) jsonLogic.add_operation(name, fn);
}

/** Evaluate a compiled expression over data; a failing evaluation yields `null`. */
export function evaluate(compiled: CompiledExpression, data: unknown): unknown {
  registerOperations();
  try {
    return jsonLogic.apply(compiled.logic as Parameters<typeof jsonLogic.apply>[0], data);
  } catch {
    return null;
  }
}

/** JSON Logic truthiness (empty arrays are false). */
export function truthy(v: unknown): boolean {
  return jsonLogic.truthy(v);
}
