// The formula builder's flat form: terms joined by + − × ÷ (× and ÷ bind tighter, as written on
// paper), optionally rounded. It converts to and from the formula tree; trees that need
// parentheses beyond that read back as null (the advanced JSON view edits them).
import type { ArithmeticOp, FormulaNode } from './formulaModel';

export type FormulaTerm = Extract<FormulaNode, { kind: 'field' | 'number' | 'sum' | 'count' }>;

export interface FormulaChain {
  terms: FormulaTerm[];
  /** ops[i] joins terms[i] and terms[i + 1] */
  ops: ArithmeticOp[];
  /** round the result to this many places */
  round?: number;
}

const isTerm = (n: FormulaNode): n is FormulaTerm => n.kind === 'field' || n.kind === 'number' || n.kind === 'sum' || n.kind === 'count';

function fold(terms: FormulaNode[], ops: ArithmeticOp[]): FormulaNode {
  let acc = terms[0];
  for (let i = 0; i < ops.length; i++) acc = { kind: 'op', op: ops[i], args: [acc, terms[i + 1]] };
  return acc;
}

export function chainToFormula(chain: FormulaChain): FormulaNode {
  if (chain.terms.length === 0) throw new Error('empty formula');
  if (chain.ops.length !== chain.terms.length - 1) throw new Error('ops and terms do not match');
  // products first
  const sums: FormulaNode[] = [];
  const sumOps: ArithmeticOp[] = [];
  let group: FormulaNode[] = [chain.terms[0]];
  let groupOps: ArithmeticOp[] = [];
  chain.ops.forEach((op, i) => {
    const next = chain.terms[i + 1];
    if (op === 'mul' || op === 'div') {
      group.push(next);
      groupOps.push(op);
    } else {
      sums.push(fold(group, groupOps));
      sumOps.push(op);
      group = [next];
      groupOps = [];
    }
  });
  sums.push(fold(group, groupOps));
  const node = fold(sums, sumOps);
  return chain.round === undefined ? node : { kind: 'round', arg: node, places: chain.round };
}

function product(n: FormulaNode): { terms: FormulaTerm[]; ops: ArithmeticOp[] } | null {
  if (isTerm(n)) return { terms: [n], ops: [] };
  if (n.kind === 'op' && (n.op === 'mul' || n.op === 'div')) {
    const head = product(n.args[0]);
    if (!head) return null;
    for (const a of n.args.slice(1)) {
      if (!isTerm(a)) return null;
      head.terms.push(a);
      head.ops.push(n.op);
    }
    return head;
  }
  return null;
}

function sum(n: FormulaNode): { terms: FormulaTerm[]; ops: ArithmeticOp[] } | null {
  if (n.kind === 'op' && (n.op === 'add' || n.op === 'sub')) {
    const head = sum(n.args[0]);
    if (!head) return null;
    for (const a of n.args.slice(1)) {
      const p = product(a);
      if (!p) return null;
      head.ops.push(n.op, ...p.ops);
      head.terms.push(...p.terms);
    }
    return head;
  }
  return product(n);
}

export function formulaToChain(node: FormulaNode): FormulaChain | null {
  if (node.kind === 'round') {
    const inner = sum(node.arg);
    return inner ? { ...inner, round: node.places } : null;
  }
  return sum(node);
}
