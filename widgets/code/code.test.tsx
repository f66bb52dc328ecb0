import { describe, expect, it } from 'vitest';
import { CODE_MAX_LENGTH, TC } from '../../schemas';
import { renderField } from '../testing/render';

describe('92 编号 code', () => {
  it('types a code in and out', async () => {
    const r = renderField(TC.CODE, { label: '协议编号' });
    await r.user.type(r.input(), 'XY-2026-001');
    expect(r.value()).toBe('XY-2026-001');
  });

  it('cuts a 31-character code to 30', async () => {
    const r = renderField(TC.CODE, { label: '协议编号' });
    await r.user.type(r.input(), 'A'.repeat(31));
    expect(r.value()).toBe('A'.repeat(CODE_MAX_LENGTH));
    expect(CODE_MAX_LENGTH).toBe(30);
  });

  it('never allows more than 30 even if the definition says so', async () => {
    const r = renderField(TC.CODE, { label: '协议编号', field: { length: 50 } });
    await r.user.type(r.input(), 'B'.repeat(40));
    expect(r.value()).toBe('B'.repeat(30));
  });

  it("shows the server's uniqueness error in the error slot", () => {
    const r = renderField(TC.CODE, { label: '协议编号', value: 'XY-1', error: '编号已存在' });
    expect(r.getByRole('alert')).toHaveTextContent('编号已存在');
    expect(r.input()).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows 自动生成 for an empty code in the View', () => {
    expect(renderField(TC.CODE, { view: true }).getByText('自动生成')).toBeInTheDocument();
  });
});
