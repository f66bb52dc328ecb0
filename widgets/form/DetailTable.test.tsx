// useTotals: the column totals of a detail table follow each cell's change by the difference,
// exactly, without reading every row again (a key in a 500-row table).
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { SUB_FORM_ROW_ID, TC, type FieldDefinition } from '../../schemas';
import { createLocalSource } from './localSource';
import { useTotals } from './DetailTable';

const label = (s: string) => ({ 'zh-CN': s, 'en-US': s });
const columns: FieldDefinition[] = [
  { key: 'qty', type: TC.DECIMAL, label: label('数量'), precision: 2 },
  { key: 'amount', type: TC.DECIMAL, label: label('金额'), precision: 2, money: true },
];
const field: FieldDefinition = { key: 'detail', type: TC.SUB_FORM, label: label('明细'), fields: columns, totals: ['qty', 'amount'] };

/** n rows whose `amount` counts its reads (by row) */
function countedRows(n: number) {
  const reads = { count: 0, rows: new Set<number>() };
  const rows = Array.from({ length: n }, (_, i) => {
    const row: Record<string, unknown> = { [SUB_FORM_ROW_ID]: `r${i}`, qty: '1' };
    const amount = i === 3 ? '0.10' : '12.34';
    Object.defineProperty(row, 'amount', { enumerable: true, get: () => (reads.count++, reads.rows.add(i), amount) });
    return row;
  });
  return { rows, reads };
}

describe('useTotals', () => {
  it('adjusts a column total by the changed cell only, exactly, and rebuilds when rows change', () => {
    const { rows, reads } = countedRows(500);
    const source = createLocalSource({ fields: [field], values: { detail: rows } });
    const { result } = renderHook(() => useTotals(source, field, columns));
    expect(result.current.values.amount).toBe('6,157.76'); // 499 × 12.34 + 0.10
    expect(result.current.values.qty).toBe('500.00');
    reads.count = 0;
    reads.rows.clear();
    act(() => source.change('detail.3.amount', '0.20'));
    expect(result.current.values.amount).toBe('6,157.86');
    // the other 499 rows were not read again (the store copied the changed row: read once)
    expect([...reads.rows]).toEqual([3]);
    expect(reads.count).toBe(1);
    act(() => source.change('detail.0.amount', 'x'));
    expect(result.current.values.amount).toBe('');
    act(() => source.change('detail.0.amount', '2.34'));
    expect(result.current.values.amount).toBe('6,147.86');
    act(() => source.change('detail.0.qty', undefined));
    expect(result.current.values.qty).toBe('499.00');
    // a row removed: rebuilt from the rows
    act(() => source.removeRow('detail', 3));
    expect(result.current.values.amount).toBe('6,147.66');
  });
});
