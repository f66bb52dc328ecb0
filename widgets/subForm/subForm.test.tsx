import { describe, expect, it } from 'vitest';
import { within } from '@testing-library/react';
import { TC, type SubFormRow } from '../../schemas';
import { renderField } from '../testing/render';
import { SUB_FORM_FIELD, SUB_FORM_ROWS, manyRows } from './fixtures';
import { columnTotal, copyRow } from './rows';

describe('99997 子表单 sub-form', () => {
  it('edits a cell through the column widget: value out keeps the row id', async () => {
    const r = renderField(TC.SUB_FORM, { label: '费用明细', field: SUB_FORM_FIELD, value: SUB_FORM_ROWS });
    const qty = r.getByLabelText('第 1 行 数量');
    await r.user.clear(qty);
    await r.user.type(qty, '150');
    const rows = r.value() as SubFormRow[];
    expect(rows[0]).toEqual({ ...SUB_FORM_ROWS[0], quantity: 150 });
    expect(rows).toHaveLength(3);
  });

  it('adds, copies and deletes rows', async () => {
    const r = renderField(TC.SUB_FORM, { label: '费用明细', field: SUB_FORM_FIELD, value: SUB_FORM_ROWS });
    await r.user.click(r.getByRole('button', { name: /添加行/ }));
    let rows = r.value() as SubFormRow[];
    expect(rows).toHaveLength(4);
    expect(rows[3]._id).toMatch(/^\d{19}$/);
    await r.user.click(r.getByRole('button', { name: '复制第 1 行' }));
    rows = r.value() as SubFormRow[];
    expect(rows).toHaveLength(5);
    expect(rows[1]).toEqual({ ...SUB_FORM_ROWS[0], _id: rows[1]._id });
    expect(rows[1]._id).not.toBe(SUB_FORM_ROWS[0]._id);
    await r.user.click(r.getByRole('button', { name: '删除第 1 行' }));
    expect((r.value() as SubFormRow[])[0]._id).toBe(rows[1]._id);
  });

  it('shows column totals, exactly', async () => {
    const r = renderField(TC.SUB_FORM, { label: '费用明细', field: SUB_FORM_FIELD, value: SUB_FORM_ROWS });
    expect(r.getByTestId('total-quantity')).toHaveTextContent('245');
    expect(r.getByTestId('total-amount')).toHaveTextContent('10,926.00');
    expect(columnTotal([{ a: '0.1' }, { a: '0.2' }], { key: 'a', type: TC.DECIMAL, label: { 'zh-CN': 'a' } })).toBe('0.3');
  });

  it('shows per-row errors: required cells once touched, and errors from the host', async () => {
    const r = renderField(TC.SUB_FORM, {
      label: '费用明细',
      field: SUB_FORM_FIELD,
      value: SUB_FORM_ROWS,
      errors: { [`${SUB_FORM_ROWS[2]._id}.quantity`]: '数量不能超过库存 120' },
    });
    expect(r.getByText('数量不能超过库存 120')).toBeInTheDocument();
    const qty = r.getByLabelText('第 2 行 数量');
    await r.user.clear(qty);
    expect(within(r.getByTestId('subform-row-1')).getByText('请填写数量')).toBeInTheDocument();
  });

  it('shows the required errors of every row after a failed submit (host error)', () => {
    const r = renderField(TC.SUB_FORM, { label: '费用明细', field: SUB_FORM_FIELD, value: [{ _id: '1800997000000009999' }], error: '请完善明细' });
    expect(r.getByText('请填写单品')).toBeInTheDocument();
    expect(r.getByText('请填写金额')).toBeInTheDocument();
  });

  it('renders only a window of 500 rows (virtualised)', () => {
    const r = renderField(TC.SUB_FORM, { label: '费用明细', field: SUB_FORM_FIELD, value: manyRows(500) });
    const rendered = r.container.querySelectorAll('tr[data-index]');
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.length).toBeLessThan(40);
    expect(r.getByText('共 500 行')).toBeInTheDocument();
  });

  it('renders cells through the column Views in view mode', () => {
    const r = renderField(TC.SUB_FORM, { view: true, field: SUB_FORM_FIELD, value: SUB_FORM_ROWS });
    expect(r.getByText('4,260.00')).toBeInTheDocument();
    expect(r.getByText(String((SUB_FORM_ROWS[0].product as { name: string }).name))).toBeInTheDocument();
    expect(r.queryByRole('button', { name: /添加行/ })).toBeNull();
  });

  it('copies rows deeply under a new id', () => {
    const a = SUB_FORM_ROWS[0];
    const b = copyRow(a);
    expect(b._id).not.toBe(a._id);
    expect(b.product).toEqual(a.product);
    expect(b.product).not.toBe(a.product);
  });
});
