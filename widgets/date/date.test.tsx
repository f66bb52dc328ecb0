import { describe, expect, it } from 'vitest';
import { fireEvent, waitFor } from '@testing-library/react';
import { TC } from '../../schemas';
import { renderField } from '../testing/render';

describe('80 日期 date', () => {
  it('types a date in, YYYY-MM-DD out', async () => {
    const r = renderField(TC.DATE, { label: '活动日期' });
    const input = r.input() as HTMLInputElement;
    await r.user.click(input);
    await r.user.type(input, '2026-11-05');
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(r.value()).toBe('2026-11-05'));
  });

  it('keeps HH:mm with time (spec §9 form format)', () => {
    const r = renderField(TC.DATE, { label: '开始时间', field: { withTime: true }, value: '2026-11-05 09:30' });
    expect(r.input()).toHaveValue('2026-11-05 09:30');
  });

  it('shows a date, a date with time and a range per spec §9 in the View', () => {
    expect(renderField(TC.DATE, { view: true, value: '2026-11-01' }).getByText('2026-11-01')).toBeInTheDocument();
    expect(renderField(TC.DATE, { view: true, value: '2026-11-01 09:30', field: { withTime: true } }).getByText('2026-11-01 09:30')).toBeInTheDocument();
    expect(
      renderField(TC.DATE, { view: true, value: ['2026-11-01', '2026-11-03'], field: { range: true } }).getByText('2026-11-01 至 2026-11-03（共3天）'),
    ).toBeInTheDocument();
  });

  it('shows a range in both inputs', () => {
    const r = renderField(TC.DATE, { label: '活动期间', field: { range: true }, value: ['2026-11-01', '2026-11-03'] });
    const inputs = r.container.querySelectorAll('input');
    expect(inputs[0]).toHaveValue('2026-11-01');
    expect(inputs[1]).toHaveValue('2026-11-03');
  });
});
