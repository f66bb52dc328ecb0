import { describe, expect, it } from 'vitest';
import { TC } from '../../schemas';
import { renderField } from '../testing/render';
import { fixDecimal } from './Widget';

describe('16 小数 decimal', () => {
  it('keeps the value a decimal string, fixed to the precision on leaving', async () => {
    const r = renderField(TC.DECIMAL, { label: '申请金额', field: { precision: 2 } });
    await r.user.type(r.input(), '1285000.5');
    expect(r.value()).toBe('1285000.5');
    await r.user.tab();
    expect(r.value()).toBe('1285000.50');
    expect(r.input()).toHaveValue('1285000.50');
  });

  it('rejects letters and too many decimals as they are typed', async () => {
    const r = renderField(TC.DECIMAL, { label: '申请金额', field: { precision: 2 } });
    await r.user.type(r.input(), '12a.3x45');
    expect(r.input()).toHaveValue('12.34');
    expect(r.value()).toBe('12.34');
    expect(r.container.textContent).toContain('最多 2 位小数');
  });

  it('never goes through a float', async () => {
    const r = renderField(TC.DECIMAL, { label: '申请金额', field: { precision: 2, length: 20 } });
    await r.user.type(r.input(), '12345678901234567.89');
    await r.user.tab();
    expect(r.value()).toBe('12345678901234567.89');
    expect(fixDecimal('0.1', 2)).toBe('0.10');
    expect(fixDecimal('', 2)).toBeUndefined();
  });

  it('shows amounts with two decimals and separators in the View', () => {
    expect(renderField(TC.DECIMAL, { view: true, value: '1285000.5', field: { money: true } }).getByText('1,285,000.50')).toBeInTheDocument();
    expect(renderField(TC.DECIMAL, { view: true, value: '12.3456', field: { precision: 4 } }).getByText('12.3456')).toBeInTheDocument();
  });
});
