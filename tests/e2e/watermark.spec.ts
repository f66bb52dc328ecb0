// The page watermark (spec §9) in Chromium: drawn (faint text pixels on its canvas), over the
// visible part of the page while a long page scrolls, letting clicks through, and never the page's
// largest contentful paint (antd's page-sized background image was: LCP measured the watermark).
import { expect, test } from '@playwright/test';
import { apiLogin, withSession } from './fixtures';

test('the watermark is drawn over the visible page, lets clicks through and is not the LCP', async ({ page, request }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: string[] };
    w.__lcp = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { element?: Element | null; url?: string })[]) {
        w.__lcp.push(
          `${e.element?.closest('[data-testid="watermark-canvas"], [data-testid="watermark"] > div:first-child') ? 'WATERMARK ' : ''}${e.element?.tagName ?? '?'} ${e.url ?? ''}`,
        );
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await withSession(page, await apiLogin(request, 'zhangwei', 'Demo@123'));
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/web/system/gongZuoTai');
  await expect(page.getByTestId('workbench')).toBeVisible();
  const canvas = page.getByTestId('watermark-canvas');
  await expect(canvas).toBeAttached();
  await expect(page.getByTestId('watermark')).toHaveAttribute('data-watermark', /^张伟 13916002345 \d{8}$/);

  // drawn: some pixels of the canvas carry the faint text
  await expect
    .poll(() =>
      canvas.evaluate((c: HTMLCanvasElement) => {
        const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        let inked = 0;
        for (let i = 3; i < d.length; i += 4) if (d[i] > 0) inked++;
        return c.width > 0 && c.height > 0 ? inked : 0;
      }),
    )
    .toBeGreaterThan(100);

  // clicks pass through: the element under the canvas's middle is the page's, not the canvas
  const hit = await canvas.evaluate((c) => {
    const r = c.getBoundingClientRect();
    return document.elementFromPoint(r.left + r.width / 2, Math.min(r.top + 200, innerHeight - 10))?.getAttribute('data-testid');
  });
  expect(hit).not.toBe('watermark-canvas');

  // a long page: after scrolling down, the canvas still covers the screen's top
  await page.goto('/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingList');
  await page.evaluate(() => {
    const filler = document.createElement('div');
    filler.style.height = '4000px';
    document.querySelector('.page-card')?.appendChild(filler);
  });
  await page.mouse.wheel(0, 2500);
  await expect.poll(() => canvas.evaluate((c) => Math.round(c.getBoundingClientRect().top))).toBeLessThanOrEqual(120);

  const lcp = await page.evaluate(() => (window as unknown as { __lcp: string[] }).__lcp);
  expect(lcp.filter((l) => l.startsWith('WATERMARK'))).toEqual([]);
});
