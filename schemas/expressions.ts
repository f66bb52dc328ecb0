// What the project's JSON Logic expressions may contain, and how to read their references.
// Evaluation lives in runtime/engine (client) and is reused by the server through this same
// vocabulary; both refuse operators outside it.

/** Standard json-logic-js operators allowed in definitions. */
export const STANDARD_OPERATORS = [
  'var',
  'missing',
  'missing_some',
  'if',
  '?:',
  '==',
  '===',
  '!=',
  '!==',
  '!',
  '!!',
  'or',
  'and',
  '>',
  '>=',
  '<',
  '<=',
  'max',
  'min',
  '+',
  '-',
  '*',
  '/',
  '%',
  'in',
  'cat',
  'substr',
  'merge',
  'map',
  'filter',
  'reduce',
  'all',
  'none',
  'some',
] as const;

/**
 * This product's operators (decimal-exact money arithmetic and sub-form aggregates):
 * - `colSum`: `{"colSum": ["detail", "amount"]}` — decimal sum of a sub-form column
 * - `colCount`: `{"colCount": ["detail"]}` — number of rows of a sub-form
 * - `dAdd`, `dSub`, `dMul`, `dDiv`: decimal-exact + − × ÷ of their arguments (strings or numbers)
 * - `round`: `{"round": [value, places]}` — half-up rounding to `places` decimals
 * - `days`: `{"days": [start, end]}` — inclusive day count between two dates
 */
export const CUSTOM_OPERATORS = ['colSum', 'colCount', 'dAdd', 'dSub', 'dMul', 'dDiv', 'round', 'days'] as const;
export type CustomOperator = (typeof CUSTOM_OPERATORS)[number];
export const ALLOWED_OPERATORS: ReadonlySet<string> = new Set<string>([...STANDARD_OPERATORS, ...CUSTOM_OPERATORS]);

export interface ExpressionReferences {
  /** `var` paths, as written (e.g. "amount", "detail.amount", "row.qty") */
  vars: string[];
  /** sub-form keys aggregated by colSum/colCount, with the column when there is one */
  columns: { subForm: string; column?: string }[];
  /** operators found that are not allowed */
  unknownOperators: string[];
}

/** Walk an expression and collect every field it reads. */
export function collectReferences(expr: unknown): ExpressionReferences {
  const out: ExpressionReferences = { vars: [], columns: [], unknownOperators: [] };
  // `map`/`filter`/`reduce`/`all`/`some`/`none` evaluate their second argument against array
  // items; vars inside it are item-relative, not record fields.
  const ITEM_SCOPED = new Set(['map', 'filter', 'reduce', 'all', 'none', 'some']);
  const walk = (e: unknown, itemScope: boolean): void => {
    if (Array.isArray(e)) {
      for (const x of e) walk(x, itemScope);
      return;
    }
    if (e === null || typeof e !== 'object') return;
    const keys = Object.keys(e);
    if (keys.length !== 1) {
      // Not an operation: a literal object. json-logic treats it as data.
      return;
    }
    const op = keys[0];
    const args = (e as Record<string, unknown>)[op];
    if (!ALLOWED_OPERATORS.has(op)) out.unknownOperators.push(op);
    if (op === 'var') {
      const path = Array.isArray(args) ? args[0] : args;
      if (!itemScope && typeof path === 'string' && path !== '') out.vars.push(path);
      if (Array.isArray(args) && args.length > 1) walk(args[1], itemScope);
      return;
    }
    if (op === 'colSum' || op === 'colCount') {
      const [subForm, column] = Array.isArray(args) ? args : [args];
      if (typeof subForm === 'string') out.columns.push(typeof column === 'string' ? { subForm, column } : { subForm });
      return;
    }
    if (ITEM_SCOPED.has(op) && Array.isArray(args)) {
      walk(args[0], itemScope);
      for (const x of args.slice(1)) walk(x, true);
      return;
    }
    walk(args, itemScope);
  };
  walk(expr, false);
  return out;
}
