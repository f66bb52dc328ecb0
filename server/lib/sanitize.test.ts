import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('rich text sanitizing', () => {
  it('drops images that load from anywhere (tracking pixels): other sites, this server, protocol-relative, srcset', () => {
    for (const src of [
      'https://tracker.example/p.gif?u=1',
      'http://evil.example/x.png',
      '//evil.example/x.png',
      '/emp/api/v2/logout',
      'x',
      'javascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'data:image/svg+xml;base64,PHN2Zz4=',
    ]) {
      const out = sanitizeRichText(`<p>报告<img src="${src}" alt="a" width="1" height="1"></p>`);
      expect(out, src).toBe('<p>报告</p>');
    }
    expect(sanitizeRichText('<p><img srcset="https://t.example/a.png 1x" alt="b"></p>')).toBe('<p></p>');
    expect(sanitizeRichText('<p><IMG SRC="HTTPS://T.EXAMPLE/A.PNG"></p>')).toBe('<p></p>');
  });

  it('keeps inline raster images (they load nothing) and the rest of the text', () => {
    for (const type of ['png', 'jpeg', 'gif', 'webp']) {
      const src = PNG.replace('image/png', `image/${type}`);
      expect(sanitizeRichText(`<p>a<img src="${src}" alt="图"></p>`)).toBe(`<p>a<img src="${src}" alt="图" /></p>`);
    }
    expect(sanitizeRichText('<p onclick="x()">hi<script>alert(1)</script><a href="https://example.com/x">l</a></p>')).toBe(
      '<p>hi<a href="https://example.com/x" rel="noopener noreferrer">l</a></p>',
    );
  });
});
