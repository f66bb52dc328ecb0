import { describe, expect, it } from 'vitest';
import { TC } from '../../schemas';
import { renderField, renderWidget } from '../testing/render';

describe('0 单行文本 text', () => {
  it('types a value in and out', async () => {
    const r = renderField(TC.TEXT, { label: '活动主题' });
    await r.user.type(r.input(), '华东端架陈列');
    expect(r.value()).toBe('华东端架陈列');
    await r.user.clear(r.input());
    expect(r.value()).toBeUndefined();
  });

  it('stops at the maximum length', async () => {
    const r = renderField(TC.TEXT, { label: '活动主题', field: { length: 10 } });
    await r.user.type(r.input(), 'abcdefghijklmnop');
    expect(r.value()).toBe('abcdefghij');
  });

  it('labels the input, marks it required and describes the error', () => {
    const r = renderField(TC.TEXT, { label: '活动主题', required: true, error: '请填写活动主题' });
    const input = r.input();
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(r.getByRole('alert')).toHaveTextContent('请填写活动主题');
    expect(input.getAttribute('aria-describedby')).toContain(r.getByRole('alert').id);
    expect(r.getByTestId('required-asterisk')).toHaveTextContent('*');
  });

  it('shows the value in the View, and a dash when empty', () => {
    expect(renderField(TC.TEXT, { view: true, value: '华东端架陈列' }).getByText('华东端架陈列')).toBeInTheDocument();
    expect(renderField(TC.TEXT, { view: true }).container.querySelector('[data-empty="true"]')).not.toBeNull();
  });

  it('is disabled on request', () => {
    expect(renderWidget(TC.TEXT, { label: '甲', disabled: true }).input()).toBeDisabled();
  });

  it('is read-only on request', () => {
    const r = renderWidget(TC.TEXT, { label: '乙', readOnly: true });
    expect(r.input()).toHaveAttribute('readonly');
  });
});
