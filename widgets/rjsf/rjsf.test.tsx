// The interop theme on its own: a catalog definition's compiled record schema inside a plain
// @rjsf/core <Form> with our widgets — rendered, edited, validated.
import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Form from '@rjsf/core';
import { CATALOG_BY_CODE } from '../../schemas/catalog';
import { fixtureServices } from '../testing/fixtures';
import { StoryProviders } from '../testing/storyDecorators';
import { formworkRjsf, recordValidator, toRjsf, type FormworkFormContext } from './index';

const def = CATALOG_BY_CODE.get('feiYongShenQing')!;

function Host({ view, initial, onSubmit }: { view?: boolean; initial: Record<string, unknown>; onSubmit?: (data: unknown) => void }) {
  const [data, setData] = useState(initial);
  const { schema, uiSchema } = toRjsf(def, { mode: 0, view });
  const ctx: FormworkFormContext = { locale: 'zh-CN', services: fixtureServices() };
  return (
    <StoryProviders locale="zh-CN">
      <Form
        {...formworkRjsf}
        schema={schema}
        uiSchema={uiSchema}
        formData={data}
        validator={recordValidator(def, { mode: 0, locale: 'zh-CN' })}
        formContext={ctx}
        showErrorList={false}
        noHtml5Validate
        onChange={(e) => setData(e.formData as Record<string, unknown>)}
        onSubmit={(e) => onSubmit?.(e.formData)}
      >
        <output data-testid="data">{JSON.stringify(data)}</output>
        <button type="submit">提交</button>
      </Form>
    </StoryProviders>
  );
}

const dataOf = (c: HTMLElement) => JSON.parse(within(c).getByTestId('data').textContent || '{}') as Record<string, unknown>;

describe('rjsf interop theme', () => {
  it('takes the compiled record schema as the JSON Schema and draws every field through the registry', () => {
    const { schema, uiSchema } = toRjsf(def);
    expect(Object.keys(schema.properties!)).not.toContain('fenGeJiBenXinXi'); // dividers hold no value
    expect(schema.required).toContain('huoDongMingCheng');
    expect(uiSchema.huoDongMingCheng['ui:field']).toBe('formworkField');
    const r = render(<Host initial={{}} />);
    expect(r.getByTestId('section-fenGeJiBenXinXi')).toHaveTextContent('基本信息');
    expect(r.getByTestId('field-huoDongMingCheng').querySelector('[data-testid="required-asterisk"]')).not.toBeNull();
    expect(r.getByTestId('field-huoDongMingCheng')).toHaveAttribute('data-span', '12');
    expect(r.getByTestId('add-row-mingXi')).toBeInTheDocument();
  });

  it('edits values, sub-form rows included', async () => {
    const user = userEvent.setup({ delay: null });
    const r = render(<Host initial={{}} />);
    await user.type(r.container.querySelector('#root_huoDongMingCheng') as HTMLElement, '端架陈列');
    await waitFor(() => expect(dataOf(r.container).huoDongMingCheng).toBe('端架陈列'));
    await user.click(r.getByTestId('add-row-mingXi'));
    await waitFor(() => expect(dataOf(r.container).mingXi).toHaveLength(1));
    await user.type(r.getByLabelText('数量 1'), '12');
    await waitFor(() => expect((dataOf(r.container).mingXi as Record<string, unknown>[])[0].shuLiang).toBe(12));
  });

  it('validates with the record validator: localised messages in the fields, submit blocked', async () => {
    const user = userEvent.setup({ delay: null });
    const submitted: unknown[] = [];
    const r = render(<Host initial={{ huoDongMingCheng: '端架陈列' }} onSubmit={(d) => submitted.push(d)} />);
    await user.click(r.getByRole('button', { name: '提交' }));
    expect(await within(r.getByTestId('field-caiWuNian')).findByRole('alert')).toHaveTextContent('「财年」不能为空');
    expect(within(r.getByTestId('field-huoDongMingCheng')).queryByRole('alert')).toBeNull();
    expect(submitted).toEqual([]);
  });

  it('draws Views in view mode', () => {
    const r = render(<Host view initial={{ huoDongMingCheng: '端架陈列', shenQingJinE: '1285000.5' }} />);
    expect(r.getByText('端架陈列')).toBeInTheDocument();
    expect(r.getByText('1,285,000.50')).toBeInTheDocument();
    expect(r.queryByTestId('add-row-mingXi')).toBeNull();
  });
});
