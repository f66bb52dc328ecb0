import { describe, expect, it } from 'vitest';
import { TC } from '../../schemas';
import { renderField, renderWidget } from '../testing/render';
import { isEmptyRichText, sanitizeRichText } from './sanitize';

const dirty = '<p>方案<strong>说明</strong></p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">链接</a>';

describe('65 富文本 rich text', () => {
  it('strips <script>, event handlers and javascript: links in the View', () => {
    const r = renderField(TC.RICH_TEXT, { view: true, value: dirty });
    const view = r.getByTestId('richtext-view');
    expect(view.querySelector('script')).toBeNull();
    expect(view.innerHTML).not.toContain('onerror');
    expect(view.innerHTML).not.toContain('javascript:');
    expect(view.querySelector('strong')).toHaveTextContent('说明');
  });

  it('loads a value into the editor without its script', async () => {
    const r = renderField(TC.RICH_TEXT, { label: '活动方案', value: dirty });
    // the editor (TipTap) is loaded on first use
    const editor = await r.findByRole('textbox', { name: '活动方案' });
    expect(editor.querySelector('strong')).toHaveTextContent('说明');
    expect(editor.innerHTML).not.toContain('script');
    expect(r.getByRole('toolbar', { name: '格式工具栏' })).toBeInTheDocument();
  });

  it('is read-only when asked', async () => {
    const r = renderWidget(TC.RICH_TEXT, { label: '活动方案', value: '<p>甲</p>', readOnly: true });
    expect(await r.findByRole('textbox', { name: '活动方案' })).toHaveAttribute('contenteditable', 'false');
    expect(r.queryByRole('toolbar')).toBeNull();
  });

  it('sanitizes and detects empty HTML as plain functions', () => {
    expect(sanitizeRichText('<p onclick="x()">a</p><script>b</script>')).toBe('<p>a</p>');
    expect(isEmptyRichText('<p></p>')).toBe(true);
    expect(isEmptyRichText('<p><br></p>')).toBe(true);
    expect(isEmptyRichText('<p>a</p>')).toBe(false);
  });

  it('drops images a reader would fetch from elsewhere (tracking pixels), keeps inline pictures', () => {
    const pixel = 'data:image/png;base64,iVBORw0KGgo=';
    expect(sanitizeRichText('<p>a<img src="https://track.example/p.gif?u=1"></p>')).toBe('<p>a</p>');
    expect(sanitizeRichText('<p><img src="//track.example/p.gif"><img src="/emp/api/x.png"></p>')).toBe('<p></p>');
    expect(sanitizeRichText(`<p><img src="${pixel}" srcset="https://track.example/p.gif 2x"></p>`)).toBe(`<p><img src="${pixel}"></p>`);
  });
});
