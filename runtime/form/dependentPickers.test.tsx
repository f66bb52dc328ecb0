// Dependent pickers in the runtime form: a picker whose dataSource.params read other fields
// (`{pinPai.id}`) queries with their values, waits (disabled, 请先选择…) while they are empty,
// loses its value when they change, and — with autoPickSingle — takes the only match.
import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFINITION_SCHEMA_VERSION, FORM_MODES, TC, validateDefinition, type FormDefinition } from '../../schemas';
import type { PickerQuery, WidgetServices } from '../../widgets/types';
import { createFormModel, type FormModel } from '../engine';
import { DefinitionForm } from './DefinitionForm';
import { onFieldChange } from './onFieldChange';
import { dependentParams } from '../../widgets/shared/pickerWidget';

const t = (zh: string) => ({ 'zh-CN': zh });
const user = { id: '1000000000000000001', name: '张三', departmentName: '市场部', mobile: '13800000000' };

function definition(): FormDefinition {
  return {
    schemaVersion: DEFINITION_SCHEMA_VERSION,
    code: 'depPickers',
    name: t('依赖选择'),
    version: 1,
    formType: 0,
    fields: [
      { key: 'caiWuNian', type: TC.FISCAL_YEAR, label: t('财年') },
      { key: 'feiYongKeMu', type: TC.EXPENSE_SUBJECT, label: t('费用科目') },
      {
        key: 'yuSuanChi',
        type: TC.BUDGET_POOL,
        label: t('预算池'),
        // params in another order than the form's (a stored definition's JSON reorders keys): the hint follows the form
        dataSource: { params: { subjectId: '{feiYongKeMu.id}', fiscalYearId: '{caiWuNian.id}' }, autoPickSingle: true },
      },
      {
        key: 'mingXi',
        type: TC.SUB_FORM,
        label: t('明细'),
        fields: [
          { key: 'pinPai', type: TC.BRAND, label: t('品牌') },
          { key: 'danPin', type: TC.PRODUCT, label: t('单品'), dataSource: { params: { brandId: '{pinPai.id}' } } },
          { key: 'yuSuanChi', type: TC.BUDGET_POOL, label: t('行预算池'), dataSource: { params: { fiscalYearId: '{caiWuNian.id}' } } },
        ],
      },
    ],
  };
}

// master data as the server filters it (server/modules/masterData/repository.ts): products by
// brandId, pools by fiscalYearId and subjectId
const products = [
  { id: 'p1', name: '甲品牌-单品一', brandId: 'b1' },
  { id: 'p2', name: '甲品牌-单品二', brandId: 'b1' },
  { id: 'p3', name: '乙品牌-单品三', brandId: 'b2' },
];
const pools = [
  { id: 'pool1', name: '2026 陈列费池', fiscalYearId: 'fy26', subjectId: 's1' },
  { id: 'pool2', name: '2026 促销费池 A', fiscalYearId: 'fy26', subjectId: 's2' },
  { id: 'pool3', name: '2026 促销费池 B', fiscalYearId: 'fy26', subjectId: 's2' },
];

function services(queries: PickerQuery[]): WidgetServices {
  return {
    search: async (q) => {
      queries.push(q);
      const p = q.params ?? {};
      const rows =
        q.endpoint === 'danPin'
          ? products.filter((r) => !p.brandId || r.brandId === p.brandId)
          : q.endpoint === 'yuSuanChi'
            ? pools.filter((r) => (!p.fiscalYearId || r.fiscalYearId === p.fiscalYearId) && (!p.subjectId || r.subjectId === p.subjectId))
            : [];
      const hits = rows.filter((r) => !q.keyword || r.name.includes(q.keyword));
      return { rows: hits.slice((q.page - 1) * q.pageSize, q.page * q.pageSize).map((r) => ({ id: r.id, name: r.name })), totalRecord: hits.length };
    },
  };
}

function draw(queries: PickerQuery[]) {
  let model: FormModel | null = null;
  render(
    <DefinitionForm
      definition={definition()}
      mode={FORM_MODES.ADD}
      user={user}
      services={services(queries)}
      onSubmit={() => {}}
      onModel={(m) => (model = m)}
    />,
  );
  return () => model!;
}

const combobox = (id: string) => document.getElementById(id) as HTMLInputElement;

describe('dependent pickers', () => {
  it('the definition is valid', () => {
    expect(validateDefinition(definition()).errors).toEqual([]);
  });

  it('the widget’s params: filled in, or waiting for the empty fields in the form’s order; a host without values does not wait', () => {
    const params = { subjectId: '{feiYongKeMu.id}', fiscalYearId: '{caiWuNian.id}', enabled: '1' };
    const labels = { caiWuNian: '财年', feiYongKeMu: '费用科目' };
    expect(dependentParams(params, {}, labels)).toEqual({ params: { enabled: '1' }, waitingFor: ['财年', '费用科目'] });
    expect(dependentParams(params, { caiWuNian: { id: 'fy26', name: '2026' } }, labels)).toEqual({
      params: { fiscalYearId: 'fy26', enabled: '1' },
      waitingFor: ['费用科目'],
    });
    expect(dependentParams(params, undefined, undefined)).toEqual({ params: { enabled: '1' }, waitingFor: [] });
    expect(dependentParams(undefined, {}, labels)).toEqual({ waitingFor: [] });
  });

  it('changing a dependency clears what no longer belongs, row by row and down from the header', () => {
    const m = createFormModel({ definition: definition(), mode: FORM_MODES.ADD, user });
    m.addRow('mingXi');
    m.addRow('mingXi');
    onFieldChange(m, 'caiWuNian', { id: 'fy26', name: '2026' });
    onFieldChange(m, 'mingXi.0.pinPai', { id: 'b1', name: '甲' });
    onFieldChange(m, 'mingXi.0.danPin', { id: 'p1', name: '甲品牌-单品一' });
    onFieldChange(m, 'mingXi.1.pinPai', { id: 'b2', name: '乙' });
    onFieldChange(m, 'mingXi.1.danPin', { id: 'p3', name: '乙品牌-单品三' });
    onFieldChange(m, 'mingXi.0.yuSuanChi', { id: 'pool1', name: '池' });
    onFieldChange(m, 'yuSuanChi', { id: 'pool1', name: '池' });
    // the same brand again keeps the product
    onFieldChange(m, 'mingXi.0.pinPai', { id: 'b1', name: '甲' });
    expect(m.getValue('mingXi.0.danPin')).toEqual({ id: 'p1', name: '甲品牌-单品一' });
    // another brand in row 0 clears row 0's product only
    onFieldChange(m, 'mingXi.0.pinPai', { id: 'b2', name: '乙' });
    expect(m.getValue('mingXi.0.danPin')).toBeUndefined();
    expect(m.getValue('mingXi.1.danPin')).toEqual({ id: 'p3', name: '乙品牌-单品三' });
    // another fiscal year clears the header pool and the rows' pools
    onFieldChange(m, 'caiWuNian', { id: 'fy27', name: '2027' });
    expect(m.getValue('yuSuanChi')).toBeUndefined();
    expect(m.getValue('mingXi.0.yuSuanChi')).toBeUndefined();
    expect(m.getValue('mingXi.1.danPin')).toEqual({ id: 'p3', name: '乙品牌-单品三' });
  });

  it('the product picker waits for the row’s brand, then offers that brand’s products only; a new brand clears it', async () => {
    const queries: PickerQuery[] = [];
    const model = draw(queries);
    await act(async () => void model().addRow('mingXi'));
    const product = combobox('fw-mingXi-0-danPin');
    expect(product).toBeDisabled();
    expect(screen.getByTestId('cell-mingXi.0.danPin')).toHaveTextContent('请先选择品牌');

    await act(async () => onFieldChange(model(), 'mingXi.0.pinPai', { id: 'b1', name: '甲品牌' }));
    await waitFor(() => expect(combobox('fw-mingXi-0-danPin')).not.toBeDisabled());
    const ue = userEvent.setup({ delay: null });
    await ue.click(combobox('fw-mingXi-0-danPin'));
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="甲品牌-单品二"]')).not.toBeNull(), { timeout: 3000 });
    expect(document.querySelector('.ant-select-item-option[title="乙品牌-单品三"]')).toBeNull();
    expect(queries.filter((q) => q.endpoint === 'danPin').every((q) => q.params?.brandId === 'b1')).toBe(true);
    await ue.click(document.querySelector<HTMLElement>('.ant-select-item-option[title="甲品牌-单品二"]')!);
    await waitFor(() => expect(model().getValue('mingXi.0.danPin')).toEqual({ id: 'p2', name: '甲品牌-单品二' }));

    await act(async () => onFieldChange(model(), 'mingXi.0.pinPai', { id: 'b2', name: '乙品牌' }));
    expect(model().getValue('mingXi.0.danPin')).toBeUndefined();
    await waitFor(() => expect(screen.getByTestId('cell-mingXi.0.danPin')).not.toHaveTextContent('甲品牌-单品二'));
  }, 30_000);

  it('the pool is picked when exactly one matches the fiscal year and subject, not when two do', async () => {
    const queries: PickerQuery[] = [];
    const model = draw(queries);
    expect(combobox('fw-yuSuanChi')).toBeDisabled();
    expect(screen.getByTestId('field-yuSuanChi')).toHaveTextContent('请先选择财年、费用科目');
    await act(async () => onFieldChange(model(), 'caiWuNian', { id: 'fy26', name: '2026' }));
    // still waiting for the subject: no query yet
    expect(screen.getByTestId('field-yuSuanChi')).toHaveTextContent('请先选择费用科目');
    expect(queries.filter((q) => q.endpoint === 'yuSuanChi')).toEqual([]);

    await act(async () => onFieldChange(model(), 'feiYongKeMu', { id: 's2', name: '促销费' }));
    await waitFor(() => expect(queries.some((q) => q.endpoint === 'yuSuanChi' && q.params?.subjectId === 's2')).toBe(true));
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(model().getValue('yuSuanChi')).toBeUndefined();

    await act(async () => onFieldChange(model(), 'feiYongKeMu', { id: 's1', name: '陈列费' }));
    await waitFor(() => expect(model().getValue('yuSuanChi')).toEqual({ id: 'pool1', name: '2026 陈列费池' }));
    expect(queries.find((q) => q.params?.subjectId === 's1')).toMatchObject({ keyword: '', params: { fiscalYearId: 'fy26', subjectId: 's1' } });
  }, 30_000);
});
