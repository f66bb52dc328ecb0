import { describe, expect, it } from 'vitest';
import { compileExpression, evaluate, ExpressionError } from '.';

const scope = {
  fields: new Set(['a', 'b', 'total', 'start', 'end', 'name']),
  subForms: new Map([['detail', new Set(['qty', 'price', 'amount'])]]),
};
const run = (expr: unknown, data: Record<string, unknown>) => evaluate(compileExpression(expr, scope), data);

describe('expressions', () => {
  it('refuses operators outside ALLOWED_OPERATORS', () => {
    expect(() => compileExpression({ log: 'x' }, scope)).toThrow(ExpressionError);
    expect(() => compileExpression({ '+': [1, { method: [{ var: 'a' }, 'toString'] }] }, scope)).toThrow(/not allowed: method/);
  });
  it('refuses reads outside the record and prototype keys', () => {
    expect(() => compileExpression({ var: 'nope' }, scope)).toThrow(/unknown field/);
    expect(() => compileExpression({ var: 'a.__proto__' }, scope)).toThrow(/forbidden/);
    expect(() => compileExpression({ var: '' }, scope)).toThrow(/whole record/);
    expect(() => compileExpression({ var: [{ var: 'name' }] }, scope)).toThrow(/must be a string/);
  });
  it('adds decimals exactly: 0.1 + 0.2 is 0.3, with + and with dAdd', () => {
    expect(run({ '+': [{ var: 'a' }, { var: 'b' }] }, { a: '0.1', b: '0.2' })).toBe('0.3');
    expect(run({ dAdd: [0.1, 0.2] }, {})).toBe('0.3');
    expect(run({ '*': ['1.1', '1.1'] }, {})).toBe('1.21');
    expect(run({ '-': ['0.3', '0.1'] }, {})).toBe('0.2');
    expect(run({ '-': ['5'] }, {})).toBe('-5');
    expect(run({ '/': ['1', '3'] }, {})).toMatch(/^0\.3333333333/);
    expect(run({ '/': ['1', '0'] }, {})).toBeNull();
    expect(run({ '+': ['abc', 1] }, {})).toBeNull();
    expect(run({ '+': [{ var: 'a' }, 1] }, {})).toBe('1');
  });
  it('rounds half up and counts days inclusively', () => {
    expect(run({ round: ['2.345', 2] }, {})).toBe('2.35');
    expect(run({ round: ['-2.345', 2] }, {})).toBe('-2.35');
    expect(run({ days: [{ var: 'start' }, { var: 'end' }] }, { start: '2026-01-30', end: '2026-02-02' })).toBe(4);
    expect(run({ days: [{ var: 'start' }, { var: 'end' }] }, { start: '2026-01-30' })).toBeNull();
  });
  it('compares numeric strings as decimals', () => {
    expect(run({ '>': [{ var: 'a' }, { var: 'b' }] }, { a: '10.00', b: '9.5' })).toBe(true);
    expect(run({ '<': ['1', { var: 'a' }, '3'] }, { a: '2' })).toBe(true);
    expect(run({ '<=': ['0.30', { dAdd: ['0.1', '0.2'] }] }, {})).toBe(true);
  });
  it('sums and counts sub-form columns', () => {
    const rows = Array.from({ length: 500 }, (_, i) => ({ amount: i % 2 ? '0.1' : '0.2' }));
    expect(run({ colSum: ['detail', 'amount'] }, { detail: rows })).toBe('75');
    expect(run({ colCount: ['detail'] }, { detail: rows })).toBe(500);
    expect(() => compileExpression({ colSum: ['detail', 'nope'] }, scope)).toThrow();
  });
  it('collects dependencies, row-local in row scope', () => {
    const c = compileExpression({ '*': [{ var: 'qty' }, { var: 'row.price' }, { var: 'a' }] }, { ...scope, rowOf: 'detail' });
    expect(c.deps).toEqual(
      expect.arrayContaining([
        { key: 'detail.qty', rowLocal: true },
        { key: 'detail.price', rowLocal: true },
        { key: 'a', rowLocal: false },
      ]),
    );
    const s = compileExpression({ colSum: ['detail', 'amount'] }, scope);
    expect(s.deps).toEqual(
      expect.arrayContaining([
        { key: 'detail.amount', rowLocal: false },
        { key: 'detail[]', rowLocal: false },
      ]),
    );
  });
});
