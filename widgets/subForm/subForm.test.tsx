import { describe, expect, it } from 'vitest';
import { render, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TC, type FieldDefinition, type SubFormRow } from '../../schemas';
import { renderField } from '../testing/render';
import { StoryProviders } from '../testing/storyDecorators';
import { fixtureServices } from '../testing/fixtures';
import { registryCells } from '../registry';
import { CellHostContext } from '../form/cells';
import { SUB_FORM_FIELD, SUB_FORM_ROWS, manyRows } from './fixtures';
import { Widget } from './Widget';

// The sub-form is drawn the way the runtime form draws it: the detail table of widgets/form.
describe('99997 子表单 sub-form', () => {
  it('edits a cell through the column widget: value out keeps the row id', async () => {
    const r = renderField(TC.SUB_FORM, { label: '费用明细', field: SUB_FORM_FIELD, value: SUB_FORM_ROWS });
    const qty = r.getByLabelText('数量 1');
    await r.user.clear(qty);
    await r.user.type(qty, '150');
    const rows = r.value() as SubFormRow[];
    expect(rows[0]).toEqual({ ...SUB_FORM_ROWS[0], quantity: 150 });
    expect(rows).toHaveLength(3);
  });

  it('adds and deletes rows', async () => {
    const r = renderField(TC.SUB_FORM, { label: '费用明细', field: SUB_FORM_FIELD, value: SUB_FORM_ROWS });
    await r.user.click(r.getByTestId('add-row-subFormField'));
    let rows = r.value() as SubFormRow[];
    expect(rows).toHaveLength(4);
    expect(rows[3]._id).toMatch(/^\d{19}$/);
    expect(r.getByTestId('row-subFormField-3')).toBeInTheDocument();
    await r.user.click(r.getByRole('button', { name: '删除 1' }));
    rows = r.value() as SubFormRow[];
    expect(rows.map((x) => x._id)).toEqual([SUB_FORM_ROWS[1]._id, SUB_FORM_ROWS[2]._id, rows[2]._id]);
    expect(r.queryByTestId('row-subFormField-3')).toBeNull();
  });

  it('shows column totals, exactly, and follows edits', async () => {
    const r = renderField(TC.SUB_FORM, { label: '费用明细', field: SUB_FORM_FIELD, value: SUB_FORM_ROWS });
    expect(r.getByTestId('total-subFormField.quantity')).toHaveTextContent(/^245$/);
    expect(r.getByTestId('total-subFormField.amount')).toHaveTextContent('10,926.00');
    const amount = r.getByLabelText('金额 2');
    await r.user.clear(amount);
    await r.user.type(amount, '0.1');
    await r.user.tab();
    expect(r.getByTestId('total-subFormField.amount')).toHaveTextContent('7,086.10');
  });

  it('shows cell errors and the table error the host places', () => {
    const r = renderField(TC.SUB_FORM, {
      label: '费用明细',
      field: SUB_FORM_FIELD,
      value: SUB_FORM_ROWS,
      error: '请完善明细',
      errors: { 'subFormField.2.quantity': '数量不能超过库存 120' },
    });
    expect(within(r.getByTestId('row-subFormField-2')).getByRole('alert')).toHaveTextContent('数量不能超过库存 120');
    expect(r.getByTestId('error-subFormField')).toHaveTextContent('请完善明细');
  });

  it('marks required columns with the red asterisk', () => {
    const r = renderField(TC.SUB_FORM, { label: '费用明细', field: SUB_FORM_FIELD, value: SUB_FORM_ROWS });
    expect(within(r.getByTestId('col-subFormField.quantity')).getByTestId('required-asterisk')).toBeInTheDocument();
    expect(within(r.getByTestId('col-subFormField.remark')).queryByTestId('required-asterisk')).toBeNull();
  });

  it('renders only a window of 500 rows (virtualised)', () => {
    const r = renderField(TC.SUB_FORM, { label: '费用明细', field: SUB_FORM_FIELD, value: manyRows(500) });
    expect(r.getByTestId('scroll-subFormField')).toBeInTheDocument();
    expect(r.container.querySelectorAll('[data-testid^="row-subFormField-"]').length).toBeLessThan(40);
    expect(r.getByRole('table')).toHaveAttribute('aria-rowcount', '501');
  });

  it('renders cells through the column Views in view mode', () => {
    const r = renderField(TC.SUB_FORM, { view: true, field: SUB_FORM_FIELD, value: SUB_FORM_ROWS });
    expect(r.getByText('4,260.00')).toBeInTheDocument();
    expect(r.getByText(String((SUB_FORM_ROWS[0].product as { name: string }).name))).toBeInTheDocument();
    expect(r.queryByTestId('add-row-subFormField')).toBeNull();
  });

  it('as a value-based widget (for hosts holding the rows) takes its cells from the host and gives rows out', async () => {
    const field = { key: 'lines', type: TC.SUB_FORM, label: { 'zh-CN': '费用明细' }, ...SUB_FORM_FIELD } as FieldDefinition;
    const out: unknown[] = [];
    const draw = (cells: typeof registryCells | null) =>
      render(
        <StoryProviders locale="zh-CN">
          <CellHostContext.Provider value={cells}>
            <Widget id="lines" field={field} value={SUB_FORM_ROWS} onChange={(v) => out.push(v)} locale="zh-CN" services={fixtureServices()} />
          </CellHostContext.Provider>
        </StoryProviders>,
      );
    expect(within(draw(null).container).getByRole('alert')).toHaveTextContent('宿主未提供单元格组件');
    const table = within(draw(registryCells).container);
    const user = userEvent.setup({ delay: null });
    await user.click(table.getByRole('button', { name: '删除 1' }));
    expect(out.at(-1)).toEqual(SUB_FORM_ROWS.slice(1));
    expect(table.getByTestId('total-lines.quantity')).toHaveTextContent('125');
  });
});
