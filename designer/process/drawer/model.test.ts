import { describe, expect, it } from 'vitest';
import { conditionHolds } from '../../../schemas/process/engine';
import { resolveStrategy } from '../../../schemas/process/approvers';
import { DIRECTORY, N, U } from '../../../schemas/process/testing';
import {
  expressionComplete,
  expressionToLogic,
  expressionUserIds,
  groupComplete,
  groupToLogic,
  logicToExpression,
  logicToGroup,
  numericValue,
  opsFor,
  valueKind,
  withField,
  withOp,
  conditionFields,
  deptFields,
  userFields,
  type ConditionGroup,
} from './model';
import { expenseForm, formFieldsOf } from './testing';

const fields = formFieldsOf(expenseForm());
const field = (p: string) => fields.find((f) => f.path === p);

describe('condition groups', () => {
  it('round-trip through JSON Logic and evaluate like the engine does', () => {
    const g: ConditionGroup = {
      combinator: 'and',
      conditions: [
        { field: 'amount', op: 'gt', value: 10000 },
        { field: 'expenseType', op: 'in', value: ['promo', 'display'] },
      ],
    };
    const logic = groupToLogic(g);
    expect(logic).toEqual({ and: [{ '>': [{ var: 'amount' }, 10000] }, { in: [{ var: 'expenseType' }, ['promo', 'display']] }] });
    expect(logicToGroup(logic)).toEqual(g);
    expect(conditionHolds(logic, { amount: '12000.00', expenseType: 'promo' })).toBe(true);
    expect(conditionHolds(logic, { amount: '9000.00', expenseType: 'promo' })).toBe(false);
    const or = { ...g, combinator: 'or' as const };
    expect(conditionHolds(groupToLogic(or), { amount: '9000.00', expenseType: 'promo' })).toBe(true);
    expect(logicToGroup(groupToLogic(or))).toEqual(or);
  });

  it('one row is the bare comparison; nothing is an empty group that never holds and is incomplete', () => {
    expect(groupToLogic({ combinator: 'or', conditions: [{ field: 'amount', op: 'gte', value: 1 }] })).toEqual({ '>=': [{ var: 'amount' }, 1] });
    const empty = groupToLogic({ combinator: 'and', conditions: [] });
    expect(empty).toEqual({ and: [] });
    expect(logicToGroup(empty)).toEqual({ combinator: 'and', conditions: [] });
    expect(conditionHolds(empty, { amount: 1 })).toBe(false);
    expect(groupComplete({ combinator: 'and', conditions: [] })).toBe(false);
    expect(groupComplete({ combinator: 'and', conditions: [{ field: 'amount', op: 'gt', value: '' }] })).toBe(false);
    expect(groupComplete({ combinator: 'and', conditions: [{ field: 'amount', op: 'notEmpty' }] })).toBe(true);
  });

  it('reads back null what the builder cannot show', () => {
    expect(logicToGroup({ '>': [{ dAdd: [{ var: 'a' }, 1] }, 2] })).toBeNull();
    expect(logicToGroup({ and: [{ or: [] }] })).toBeNull();
    expect(logicToGroup(true)).toBeNull();
  });
});

describe('fields and operators', () => {
  it('numeric fields compare as numbers, option fields offer options, pickers only empty/not empty', () => {
    expect(valueKind(field('amount'))).toBe('number');
    expect(valueKind(field('days'))).toBe('number');
    expect(opsFor(field('amount'))).toContain('gt');
    expect(opsFor(field('amount'))).not.toContain('contains');
    expect(valueKind(field('expenseType'))).toBe('options');
    expect(opsFor(field('expenseType'))).toEqual(['eq', 'ne', 'empty', 'notEmpty', 'in']);
    expect(valueKind(field('costDept'))).toBe('none');
    expect(opsFor(field('dealer'))).toEqual(['empty', 'notEmpty']);
    expect(valueKind(field('subject'))).toBe('text');
  });

  it('numbers are JSON numbers when exact, decimal strings otherwise, null when not a number', () => {
    expect(numericValue('10000')).toBe(10000);
    expect(numericValue(' 0.5 ')).toBe(0.5);
    expect(numericValue('10000.00')).toBe('10000.00');
    expect(numericValue('12345678901234567890.12')).toBe('12345678901234567890.12');
    expect(numericValue('1e3')).toBeNull();
    expect(numericValue('abc')).toBeNull();
    expect(numericValue('')).toBeNull();
  });

  it('a changed field picks a sensible operator; a changed operator keeps what fits', () => {
    expect(withField({ field: 'subject', op: 'contains', value: 'x' }, field('amount'), 'amount')).toEqual({ field: 'amount', op: 'gt', value: '' });
    expect(withField({ field: 'amount', op: 'gt', value: 1 }, field('expenseType'), 'expenseType')).toEqual({ field: 'expenseType', op: 'eq', value: '' });
    expect(withField({ field: 'amount', op: 'gt', value: 1 }, field('dealer'), 'dealer')).toEqual({ field: 'dealer', op: 'empty' });
    expect(withOp({ field: 'expenseType', op: 'eq', value: 'promo' }, 'in')).toEqual({ field: 'expenseType', op: 'in', value: ['promo'] });
    expect(withOp({ field: 'expenseType', op: 'in', value: ['promo', 'x'] }, 'eq')).toEqual({ field: 'expenseType', op: 'eq', value: 'promo' });
    expect(withOp({ field: 'amount', op: 'gt', value: 3 }, 'empty')).toEqual({ field: 'amount', op: 'empty' });
  });

  it('lists the fields each picker offers', () => {
    expect(conditionFields(fields).map((f) => f.path)).toEqual(['subject', 'amount', 'days', 'expenseType', 'costDept', 'reviewer', 'dealer']);
    expect(deptFields(fields).map((f) => f.path)).toEqual(['costDept']);
    expect(userFields(fields).map((f) => f.path)).toEqual(['reviewer']);
    expect(fields.filter((f) => f.parent).map((f) => f.path)).toEqual(['detail.item', 'detail.lineAmount']);
  });
});

describe('expression strategy', () => {
  const model = {
    cases: [
      { when: { combinator: 'and' as const, conditions: [{ field: 'amount', op: 'gt' as const, value: 10000 }] }, userIds: [U.xuqiang] },
      { when: { combinator: 'and' as const, conditions: [{ field: 'expenseType', op: 'eq' as const, value: 'travel' }] }, userIds: [U.sunli, U.lina] },
    ],
    otherwise: [U.lina],
  };

  it('round-trips and resolves like the engine', () => {
    const logic = expressionToLogic(model);
    expect(logic).toEqual({
      if: [{ '>': [{ var: 'amount' }, 10000] }, [U.xuqiang], { '==': [{ var: 'expenseType' }, 'travel'] }, [U.sunli, U.lina], [U.lina]],
    });
    expect(logicToExpression(logic)).toEqual(model);
    const resolve = (data: Record<string, unknown>) =>
      resolveStrategy({ kind: 'expression', logic }, { node: N.approve('x', []), data, applicantId: U.zhangwei, picks: {}, directory: DIRECTORY }).userIds;
    expect(resolve({ amount: '20000.00', expenseType: 'travel' })).toEqual([U.xuqiang]);
    expect(resolve({ amount: '200.00', expenseType: 'travel' })).toEqual([U.sunli, U.lina]);
    expect(resolve({ amount: '200.00', expenseType: 'promo' })).toEqual([U.lina]);
    expect(expressionUserIds(model)).toEqual([U.xuqiang, U.sunli, U.lina]);
    expect(expressionComplete(model)).toBe(true);
    expect(expressionComplete({ ...model, cases: [{ ...model.cases[0], userIds: [] }] })).toBe(false);
  });

  it('reads back null what is not an if over groups and user lists', () => {
    expect(logicToExpression({ var: 'reviewer' })).toBeNull();
    expect(logicToExpression({ if: [true, ['1'], ['2']] })).toBeNull();
    expect(logicToExpression({ if: [{ '>': [{ var: 'amount' }, 1] }, 'x', ['2']] })).toBeNull();
    expect(logicToExpression({ if: [{ '>': [{ var: 'amount' }, 1] }, ['1']] })).toBeNull();
  });
});
