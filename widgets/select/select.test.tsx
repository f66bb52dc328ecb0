import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { TC } from '../../schemas';
import { pickOption, renderField } from '../testing/render';

const options = [
  { value: '1', label: { 'zh-CN': '陈列费' } },
  { value: '2', label: { 'zh-CN': '促销费' } },
];

describe('2 下拉框 select', () => {
  it('picks an option: value out is its value', async () => {
    const r = renderField(TC.SELECT, { label: '费用类型', field: { options } });
    await pickOption(r.user, r.input(), '', '促销费');
    await waitFor(() => expect(r.value()).toBe('2'));
  });

  it('shows the option label in the View', () => {
    expect(renderField(TC.SELECT, { view: true, value: '1', field: { options } }).getByText('陈列费')).toBeInTheDocument();
  });
});
