// The visual formula model: a tree of field references, numbers, arithmetic and sub-form
// aggregates that the builder edits, compiled to the project's decimal-exact JSON Logic
// (dAdd/dSub/dMul/dDiv, colSum, colCount, round, days) and read back from it. Expressions the
// model cannot represent read back as null (the advanced JSON view then edits them).

export type ArithmeticOp = 'add' | 'sub' | 'mul' | 'div';

export type FormulaNode =
  | { kind: 'field'; path: string }
  | { kind: 'number'; value: string }
  | { kind: 'op'; op: ArithmeticOp; args: FormulaNode[] }
  | { kind: 'sum'; subForm: string; column: string }
  | { kind: 'count'; subForm: string }
  | { kind: 'round'; arg: FormulaNode; places: number }
  | { kind: 'days'; start: FormulaNode; end: FormulaNode };

const OP_TO_LOGIC: Record<ArithmeticOp, string> = { add: 'dAdd', sub: 'dSub', mul: 'dMul', div: 'dDiv' };
const LOGIC_TO_OP: Record<string, ArithmeticOp> = { dAdd: 'add', dSub: 'sub', dMul: 'mul', dDiv: 'div' };
export const DECIMAL_LITERAL = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/**
 * Compile a formula tree. `scope` is the sub-form of a row-scope formula: a field of that
 * sub-form is read from the same row (a bare `var`).
 */
export function formulaToJsonLogic(node: FormulaNode, scope: string | null = null): unknown {
  switch (node.kind) {
    case 'field':
      return { var: scope !== null && node.path.startsWith(`${scope}.`) ? node.path.slice(scope.length + 1) : node.path };
    case 'number':
      if (!DECIMAL_LITERAL.test(node.value)) throw new Error(`not a decimal: ${node.value}`);
      return node.value;
    case 'op':
      return { [OP_TO_LOGIC[node.op]]: node.args.map((a) => formulaToJsonLogic(a, scope)) };
    case 'sum':
      return { colSum: [node.subForm, node.column] };
    case 'count':
      return { colCount: [node.subForm] };
    case 'round':
      return { round: [formulaToJsonLogic(node.arg, scope), node.places] };
    case 'days':
      return { days: [formulaToJsonLogic(node.start, scope), formulaToJsonLogic(node.end, scope)] };
  }
}

/** Read JSON Logic back into a formula tree; null when it uses anything the builder does not offer. */
export function jsonLogicToFormula(expr: unknown, scope: string | null = null): FormulaNode | null {
  if (typeof expr === 'number' && Number.isFinite(expr)) return { kind: 'number', value: String(expr) };
  if (typeof expr === 'string') return DECIMAL_LITERAL.test(expr) ? { kind: 'number', value: expr } : null;
  if (expr === null || typeof expr !== 'object' || Array.isArray(expr)) return null;
  const keys = Object.keys(expr);
  if (keys.length !== 1) return null;
  const op = keys[0];
  const args = (expr as Record<string, unknown>)[op];
  if (op === 'var') {
    const p = Array.isArray(args) ? (args.length === 1 ? args[0] : undefined) : args;
    if (typeof p !== 'string' || p === '') return null;
    return { kind: 'field', path: scope !== null && !p.includes('.') ? `${scope}.${p}` : p };
  }
  if (op in LOGIC_TO_OP) {
    if (!Array.isArray(args) || args.length < 2) return null;
    const parts = args.map((a) => jsonLogicToFormula(a, scope));
    if (parts.some((p) => p === null)) return null;
    return { kind: 'op', op: LOGIC_TO_OP[op], args: parts as FormulaNode[] };
  }
  if (op === 'colSum' && Array.isArray(args) && args.length === 2 && typeof args[0] === 'string' && typeof args[1] === 'string') {
    return { kind: 'sum', subForm: args[0], column: args[1] };
  }
  if (op === 'colCount' && Array.isArray(args) && args.length === 1 && typeof args[0] === 'string') return { kind: 'count', subForm: args[0] };
  if (op === 'round' && Array.isArray(args) && args.length === 2 && Number.isInteger(args[1])) {
    const arg = jsonLogicToFormula(args[0], scope);
    return arg ? { kind: 'round', arg, places: args[1] as number } : null;
  }
  if (op === 'days' && Array.isArray(args) && args.length === 2) {
    const start = jsonLogicToFormula(args[0], scope);
    const end = jsonLogicToFormula(args[1], scope);
    return start && end ? { kind: 'days', start, end } : null;
  }
  return null;
}

const SYMBOL: Record<ArithmeticOp, string> = { add: '+', sub: '−', mul: '×', div: '÷' };

/** A readable text of a formula for the builder, with field labels from `labelOf`. */
export function formulaToText(
  node: FormulaNode,
  labelOf: (path: string) => string,
  fn: { sum: string; count: string; round: string; days: string } = { sum: 'SUM', count: 'COUNT', round: 'ROUND', days: 'DAYS' },
): string {
  const text = (n: FormulaNode, nested: boolean): string => {
    switch (n.kind) {
      case 'field':
        return `[${labelOf(n.path)}]`;
      case 'number':
        return n.value;
      case 'op': {
        const s = n.args.map((a) => text(a, true)).join(` ${SYMBOL[n.op]} `);
        return nested ? `(${s})` : s;
      }
      case 'sum':
        return `${fn.sum}([${labelOf(`${n.subForm}.${n.column}`)}])`;
      case 'count':
        return `${fn.count}([${labelOf(n.subForm)}])`;
      case 'round':
        return `${fn.round}(${text(n.arg, false)}, ${n.places})`;
      case 'days':
        return `${fn.days}(${text(n.start, false)}, ${text(n.end, false)})`;
    }
  };
  return text(node, false);
}

/** The field paths a formula reads (for reference checks and the builder's field chips). */
export function formulaFields(node: FormulaNode): string[] {
  switch (node.kind) {
    case 'field':
      return [node.path];
    case 'number':
      return [];
    case 'op':
      return node.args.flatMap(formulaFields);
    case 'sum':
      return [`${node.subForm}.${node.column}`];
    case 'count':
      return [node.subForm];
    case 'round':
      return formulaFields(node.arg);
    case 'days':
      return [...formulaFields(node.start), ...formulaFields(node.end)];
  }
}
