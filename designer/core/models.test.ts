import jsonLogic from 'json-logic-js';
import { describe, expect, it } from 'vitest';
import { formulaFields, formulaToJsonLogic, formulaToText, jsonLogicToFormula, type FormulaNode } from './formulaModel';
import { conditionToJsonLogic, jsonLogicToCondition, linkageRuleToModel, ruleToLinkageRule, type RuleCondition, type RuleModel } from './ruleModel';

describe('rule model', () => {
  const model: RuleModel = {
    id: 'big',
    name: '大额需说明',
    combinator: 'and',
    conditions: [
      { field: 'amount', op: 'gt', value: 10000 },
      { field: 'dealer', op: 'notEmpty' },
    ],
    then: [{ action: 'require', target: 'remark' }],
    otherwise: [{ action: 'optional', target: 'remark' }],
  };

  it('compiles to JSON Logic that json-logic-js evaluates as meant', () => {
    const rule = ruleToLinkageRule(model);
    expect(rule.when).toEqual({ and: [{ '>': [{ var: 'amount' }, 10000] }, { '!!': { var: 'dealer' } }] });
    expect(jsonLogic.apply(rule.when as jsonLogic.RulesLogic, { amount: '15000.50', dealer: { id: '1', name: 'A' } })).toBe(true);
    expect(jsonLogic.apply(rule.when as jsonLogic.RulesLogic, { amount: '9999.99', dealer: { id: '1', name: 'A' } })).toBe(false);
    expect(jsonLogic.apply(rule.when as jsonLogic.RulesLogic, { amount: '15000', dealer: null })).toBe(false);
  });

  it('reads its own output back', () => {
    expect(linkageRuleToModel(ruleToLinkageRule(model))).toEqual(model);
    const or = { ...model, combinator: 'or' as const, otherwise: undefined };
    delete or.otherwise;
    expect(linkageRuleToModel(ruleToLinkageRule(or))).toEqual(or);
    const always = { id: 'a', combinator: 'and' as const, conditions: [], then: [{ action: 'hide' as const, target: 'x' }] };
    expect(ruleToLinkageRule(always).when).toBe(true);
    expect(linkageRuleToModel(ruleToLinkageRule(always))).toEqual(always);
  });

  it('round-trips every operator and evaluates it', () => {
    const cases: [RuleCondition, Record<string, unknown>, boolean][] = [
      [{ field: 'kind', op: 'eq', value: 'A' }, { kind: 'A' }, true],
      [{ field: 'kind', op: 'ne', value: 'A' }, { kind: 'A' }, false],
      [{ field: 'n', op: 'gte', value: 5 }, { n: 5 }, true],
      [{ field: 'n', op: 'lt', value: 5 }, { n: 5 }, false],
      [{ field: 'n', op: 'lte', value: 5 }, { n: 4 }, true],
      [{ field: 'note', op: 'empty' }, { note: '' }, true],
      [{ field: 'kind', op: 'in', value: ['A', 'B'] }, { kind: 'B' }, true],
      [{ field: 'note', op: 'contains', value: '急' }, { note: '加急处理' }, true],
    ];
    for (const [c, data, expected] of cases) {
      const logic = conditionToJsonLogic(c);
      expect(jsonLogicToCondition(logic)).toEqual(c);
      expect(!!jsonLogic.apply(logic as jsonLogic.RulesLogic, data)).toBe(expected);
    }
  });

  it('answers null for expressions the builder cannot show', () => {
    expect(linkageRuleToModel({ id: 'x', when: { '>': [{ var: 'a' }, { var: 'b' }] }, then: [{ action: 'show', target: 'c' }] })).toBeNull();
    expect(linkageRuleToModel({ id: 'x', when: { and: [{ '==': [{ var: 'a' }, 1] }, { or: [] }] }, then: [{ action: 'show', target: 'c' }] })).toBeNull();
  });
});

describe('formula model', () => {
  const tree: FormulaNode = {
    kind: 'round',
    places: 2,
    arg: {
      kind: 'op',
      op: 'add',
      args: [
        { kind: 'sum', subForm: 'detail', column: 'lineAmount' },
        {
          kind: 'op',
          op: 'mul',
          args: [
            { kind: 'field', path: 'amount' },
            { kind: 'number', value: '0.06' },
          ],
        },
      ],
    },
  };

  it('compiles to decimal-exact operators and reads back', () => {
    const logic = formulaToJsonLogic(tree);
    expect(logic).toEqual({ round: [{ dAdd: [{ colSum: ['detail', 'lineAmount'] }, { dMul: [{ var: 'amount' }, '0.06'] }] }, 2] });
    expect(jsonLogicToFormula(logic)).toEqual(tree);
  });

  it('reads the same row in a row-scope formula', () => {
    const row: FormulaNode = {
      kind: 'op',
      op: 'mul',
      args: [
        { kind: 'field', path: 'detail.qty' },
        { kind: 'field', path: 'detail.price' },
      ],
    };
    const logic = formulaToJsonLogic(row, 'detail');
    expect(logic).toEqual({ dMul: [{ var: 'qty' }, { var: 'price' }] });
    expect(jsonLogicToFormula(logic, 'detail')).toEqual(row);
    expect(formulaFields(row)).toEqual(['detail.qty', 'detail.price']);
  });

  it('handles count and days, and refuses what it cannot show', () => {
    const days: FormulaNode = { kind: 'days', start: { kind: 'field', path: 'start' }, end: { kind: 'field', path: 'end' } };
    expect(jsonLogicToFormula(formulaToJsonLogic(days))).toEqual(days);
    expect(jsonLogicToFormula({ colCount: ['detail'] })).toEqual({ kind: 'count', subForm: 'detail' });
    expect(jsonLogicToFormula({ '+': [1, 2] })).toBeNull();
    expect(jsonLogicToFormula({ dAdd: [{ var: 'a' }] })).toBeNull();
    expect(jsonLogicToFormula('abc')).toBeNull();
    expect(() => formulaToJsonLogic({ kind: 'number', value: '1e5' })).toThrow();
  });

  it('renders a readable text with labels', () => {
    const labels: Record<string, string> = { amount: '金额', 'detail.lineAmount': '明细金额' };
    expect(formulaToText(tree, (p) => labels[p] ?? p)).toBe('ROUND(SUM([明细金额]) + ([金额] × 0.06), 2)');
  });
});
