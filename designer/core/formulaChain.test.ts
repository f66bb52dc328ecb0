import { describe, expect, it } from 'vitest';
import { chainToFormula, formulaToChain, type FormulaChain } from './formulaChain';
import { formulaToJsonLogic, jsonLogicToFormula } from './formulaModel';

const f = (path: string) => ({ kind: 'field' as const, path });
const n = (value: string) => ({ kind: 'number' as const, value });

describe('formula chain', () => {
  it('gives × and ÷ precedence over + and −', () => {
    const chain: FormulaChain = { terms: [f('a'), f('b'), f('c'), n('2')], ops: ['add', 'mul', 'sub'] };
    expect(formulaToJsonLogic(chainToFormula(chain))).toEqual({ dSub: [{ dAdd: [{ var: 'a' }, { dMul: [{ var: 'b' }, { var: 'c' }] }] }, '2'] });
  });

  it('round-trips chains, with rounding', () => {
    const chains: FormulaChain[] = [
      { terms: [f('qty')], ops: [] },
      { terms: [f('qty'), f('price')], ops: ['mul'] },
      { terms: [{ kind: 'sum', subForm: 'detail', column: 'amount' }, n('1.06'), f('x'), f('y')], ops: ['mul', 'sub', 'div'], round: 2 },
    ];
    for (const c of chains) expect(formulaToChain(chainToFormula(c))).toEqual(c);
  });

  it('reads n-ary JSON Logic and refuses what needs parentheses', () => {
    expect(formulaToChain(jsonLogicToFormula({ dAdd: [{ var: 'a' }, { var: 'b' }, { var: 'c' }] })!)).toEqual({
      terms: [f('a'), f('b'), f('c')],
      ops: ['add', 'add'],
    });
    expect(formulaToChain(jsonLogicToFormula({ dMul: [{ dAdd: [{ var: 'a' }, { var: 'b' }] }, { var: 'c' }] })!)).toBeNull();
    expect(formulaToChain(jsonLogicToFormula({ dSub: [{ var: 'a' }, { dAdd: [{ var: 'b' }, { var: 'c' }] }] })!)).toBeNull();
  });

  it('refuses an empty or inconsistent chain', () => {
    expect(() => chainToFormula({ terms: [], ops: [] })).toThrow();
    expect(() => chainToFormula({ terms: [f('a')], ops: ['add'] })).toThrow();
  });
});
