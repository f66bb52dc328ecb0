import { describe, expect, it } from 'vitest';
import { TC } from '../../schemas';
import { renderField, renderWidget } from '../testing/render';

describe('19 单选框 radio', () => {
  it('checks an option: value out is its value', async () => {
    const r = renderField(TC.RADIO, { label: '是否含税' });
    await r.user.click(r.getByLabelText('否'));
    expect(r.value()).toBe('0');
    expect(r.getByRole('radiogroup')).toHaveAttribute('aria-labelledby', 'fw-radioField-label');
  });

  it('does not change when read-only', async () => {
    const r = renderWidget(TC.RADIO, { label: '是否含税', value: '1', readOnly: true });
    expect(r.getByLabelText('否')).toBeDisabled();
    expect(r.getByLabelText('是')).toBeChecked();
    await r.user.click(r.getByLabelText('否'));
    expect(r.emitted).toEqual([]);
  });

  it('shows the label in the View', () => {
    expect(renderField(TC.RADIO, { view: true, value: '1' }).getByText('是')).toBeInTheDocument();
  });
});
