import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import { TC, type FieldDefinition } from '../../schemas';
import { formworkRjsf, toRjsf, type FormworkFormContext } from './index';
import { fixtureServices, fixtureValue } from '../testing/fixtures';
import { SUB_FORM_FIELD, SUB_FORM_ROWS } from '../subForm/fixtures';
import { StoryProviders } from '../testing/storyDecorators';

const fields: FieldDefinition[] = [
  { key: 'basic', type: TC.DIVIDER, label: { 'zh-CN': '基本信息' } },
  { key: 'subject', type: TC.TEXT, label: { 'zh-CN': '活动主题' }, required: true, width: 12 },
  { key: 'amount', type: TC.DECIMAL, label: { 'zh-CN': '申请金额' }, precision: 2, money: true, width: 12 },
  { key: 'dealer', type: TC.DEALER, label: { 'zh-CN': '经销商' } },
  { key: 'period', type: TC.DATE, label: { 'zh-CN': '活动期间' }, range: true },
  { key: 'lines', type: TC.SUB_FORM, label: { 'zh-CN': '费用明细' }, ...SUB_FORM_FIELD } as FieldDefinition,
];

function Host({ view, initial, extraErrors }: { view?: boolean; initial: Record<string, unknown>; extraErrors?: Record<string, unknown> }) {
  const [data, setData] = useState(initial);
  const { schema, uiSchema } = toRjsf(fields, { view });
  const ctx: FormworkFormContext = { locale: 'zh-CN', services: fixtureServices() };
  return (
    <StoryProviders locale="zh-CN">
      <Form
        {...formworkRjsf}
        schema={schema}
        uiSchema={uiSchema}
        formData={data}
        validator={validator}
        formContext={ctx}
        extraErrors={extraErrors as never}
        showErrorList={false}
        noHtml5Validate
        onChange={(e) => setData(e.formData as Record<string, unknown>)}
      >
        <output data-testid="data">{JSON.stringify(data)}</output>
      </Form>
    </StoryProviders>
  );
}

const dataOf = (c: HTMLElement) => JSON.parse(within(c).getByTestId('data').textContent || '{}') as Record<string, unknown>;

describe('rjsf adapters', () => {
  it('maps definition fields to a schema and uiSchema', () => {
    const { schema, uiSchema } = toRjsf(fields);
    expect(Object.keys(schema.properties!)).toEqual(['basic', 'subject', 'amount', 'dealer', 'period', 'lines']);
    expect(schema.required).toEqual(['subject']);
    expect(uiSchema.subject['ui:field']).toBe('formworkField');
    expect(uiSchema.lines['ui:field']).toBe('formworkSubForm');
    expect(uiSchema.basic['ui:field']).toBe('formworkDivider');
  });

  it('renders every field through the registry inside FieldShell, values in and out', async () => {
    const user = userEvent.setup({ delay: null });
    const r = render(<Host initial={{ amount: '100', lines: SUB_FORM_ROWS }} />);
    expect(r.getByRole('heading', { name: '基本信息' })).toBeInTheDocument();
    expect(r.getByTestId('field-subject').querySelector('[data-testid="required-asterisk"]')).not.toBeNull();
    expect(r.getByTestId('field-subject').className).toContain('ant-col-12');
    await user.type(r.container.querySelector('#root_subject') as HTMLElement, '端架陈列');
    await waitFor(() => expect(dataOf(r.container).subject).toBe('端架陈列'));
    const amount = r.container.querySelector('#root_amount') as HTMLElement;
    await user.type(amount, '.5x');
    await user.tab();
    await waitFor(() => expect(dataOf(r.container).amount).toBe('100.50'));
    expect(r.getByTestId('total-amount')).toHaveTextContent('10,926.00');
  });

  it('shows extra errors in the field error slot', () => {
    const r = render(<Host initial={{}} extraErrors={{ subject: { __errors: ['请填写活动主题'] } }} />);
    expect(within(r.getByTestId('field-subject')).getByRole('alert')).toHaveTextContent('请填写活动主题');
  });

  it('draws Views in view mode', () => {
    const dealer = fixtureValue('dealerConnTable', 0);
    const r = render(<Host view initial={{ amount: '1285000.5', dealer, period: ['2026-11-01', '2026-11-03'], lines: SUB_FORM_ROWS }} />);
    expect(r.getByText('1,285,000.50')).toBeInTheDocument();
    expect(r.getByTestId('field-dealer')).toHaveTextContent(dealer.name);
    expect(r.getByText('2026-11-01 至 2026-11-03（共3天）')).toBeInTheDocument();
    expect(r.queryByRole('button', { name: /添加行/ })).toBeNull();
  });
});
