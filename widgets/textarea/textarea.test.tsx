import { describe, expect, it } from 'vitest';
import { TC } from '../../schemas';
import { renderField } from '../testing/render';

describe('1 多行文本 textarea', () => {
  it('types lines in and out with a character counter', async () => {
    const r = renderField(TC.TEXTAREA, { label: '活动说明', field: { length: 50 } });
    await r.user.type(r.input(), '第一行{Enter}第二行');
    expect(r.value()).toBe('第一行\n第二行');
    expect(r.container.textContent).toContain('7 / 50');
  });

  it('rejects text over the limit', async () => {
    const r = renderField(TC.TEXTAREA, { label: '活动说明', field: { length: 5 } });
    await r.user.type(r.input(), '一二三四五六七');
    expect(r.value()).toBe('一二三四五');
  });

  it('keeps line breaks in the View', () => {
    const r = renderField(TC.TEXTAREA, { view: true, value: '甲\n乙' });
    expect(r.container.querySelector('.fw-view')?.textContent).toBe('甲\n乙');
  });

  it('mounts as a plain 3-row box (no autoSize measuring until it is focused)', () => {
    const r = renderField(TC.TEXTAREA, { label: '活动说明' });
    const input = r.input() as HTMLTextAreaElement;
    expect(input.getAttribute('rows')).toBe('3');
    expect(input.style.height).toBe('');
  });
});
