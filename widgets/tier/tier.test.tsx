import { describe, expect, it } from 'vitest';
import { TC, type TierRow } from '../../schemas';
import { renderField } from '../testing/render';

const rows: TierRow[] = [
  { from: '0', to: '100000', value: '1' },
  { from: '100000', to: null, value: '2' },
];

describe('84 阶梯 tier', () => {
  it('edits a tier: value out is the rows as decimal strings', async () => {
    const r = renderField(TC.TIER, { label: '返利阶梯', value: rows });
    const value = r.getByLabelText('第 2 档 取值');
    await r.user.clear(value);
    await r.user.type(value, '2.5');
    expect(r.value()).toEqual([rows[0], { from: '100000', to: null, value: '2.5' }]);
  });

  it('adds a tier that starts where the last one ends', async () => {
    const r = renderField(TC.TIER, { label: '返利阶梯', value: [{ from: '0', to: '100', value: '1' }] });
    await r.user.click(r.getByRole('button', { name: /添加阶梯/ }));
    expect(r.value()).toEqual([
      { from: '0', to: '100', value: '1' },
      { from: '100', to: null, value: '' },
    ]);
  });

  it('flags overlapping tiers on the row', async () => {
    const r = renderField(TC.TIER, { label: '返利阶梯', value: rows });
    const from = r.getByLabelText('第 2 档 起始值');
    await r.user.clear(from);
    await r.user.type(from, '80000');
    expect(r.getByTestId('tier-problem-1')).toHaveTextContent('与第 1 档重叠');
    expect(from).toHaveAttribute('aria-invalid', 'true');
  });

  it('flags a gap', () => {
    const r = renderField(TC.TIER, { label: '返利阶梯', value: [rows[0], { from: '120000', to: null, value: '2' }] });
    expect(r.getByTestId('tier-problem-1')).toHaveTextContent('与第 1 档之间有空档');
  });

  it('rejects letters in a tier', async () => {
    const r = renderField(TC.TIER, { label: '返利阶梯', value: rows });
    const value = r.getByLabelText('第 1 档 取值');
    await r.user.type(value, 'x');
    expect(r.value()).toEqual(rows);
  });

  it('deletes a tier', async () => {
    const r = renderField(TC.TIER, { label: '返利阶梯', value: rows });
    await r.user.click(r.getByRole('button', { name: '删除第 2 档' }));
    expect(r.value()).toEqual([rows[0]]);
  });

  it('shows the tiers formatted in the View', () => {
    const r = renderField(TC.TIER, { view: true, value: rows });
    expect(r.getByText('0.00 – 100,000.00')).toBeInTheDocument();
    expect(r.getByText('100,000.00 及以上')).toBeInTheDocument();
  });
});
