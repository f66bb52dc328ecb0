import { describe, expect, it } from 'vitest';
import { TC } from '../../schemas';
import { renderField } from '../testing/render';

describe('15 整数 integer', () => {
  it('types digits in, a number out', async () => {
    const r = renderField(TC.INTEGER, { label: '门店数量' });
    await r.user.type(r.input(), '-32');
    expect(r.value()).toBe(-32);
  });

  it('rejects letters and says why', async () => {
    const r = renderField(TC.INTEGER, { label: '门店数量' });
    await r.user.type(r.input(), '1a2.5');
    expect(r.input()).toHaveValue('125');
    expect(r.value()).toBe(125);
    await r.user.type(r.input(), 'x');
    expect(r.input()).toHaveValue('125');
    expect(r.container.textContent).toContain('只能输入整数');
  });

  it('stops at the digit limit', async () => {
    const r = renderField(TC.INTEGER, { label: '门店数量', field: { length: 3 } });
    await r.user.type(r.input(), '12345');
    expect(r.value()).toBe(123);
  });

  it('clears to undefined', async () => {
    const r = renderField(TC.INTEGER, { label: '门店数量', value: 8 });
    await r.user.clear(r.input());
    expect(r.value()).toBeUndefined();
  });

  it('shows thousands separators in the View', () => {
    expect(renderField(TC.INTEGER, { view: true, value: 1234567 }).getByText('1,234,567')).toBeInTheDocument();
  });
});
