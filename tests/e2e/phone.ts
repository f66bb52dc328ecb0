// Shared helpers of the phone specs (issue 17): a 360 × 740 touch phone, a signed-in page on
// it, client-side navigation, "the page is shown" without fixed sleeps, and the phone checks of
// a page — nothing wider than the viewport, every input inside it, axe clean (serious/critical,
// with `target-size` switched on: axe leaves it off by default).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

/** The phone of the issue: 360 × 740 CSS px, mobile, touch, a 2× screen. */
export const PHONE = { width: 360, height: 740 } as const;

export async function phoneContext(browser: Browser, extra: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  return browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2, ...extra });
}

/** Start pages of this context with `session` in storage (an employee's, or a dealer's). */
export async function seedSession(page: Page, session: Record<string, unknown>, dealer = false) {
  await page.addInitScript(
    ([s, d]) => {
      if (sessionStorage.getItem('__seeded')) return;
      sessionStorage.setItem('__seeded', '1');
      for (const [k, v] of Object.entries(s as Record<string, unknown>)) {
        if (v !== null && v !== undefined && v !== '') sessionStorage.setItem(k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v));
      }
      localStorage.setItem('isLogin', '1');
      localStorage.setItem('isDealer', d ? '1' : '0');
      localStorage.setItem('duoYuYanType', '1');
    },
    [session, dealer] as const,
  );
}

/** Navigate inside the app without reloading: the data router follows popstate. */
export async function goClient(page: Page, to: string) {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, to);
}

export interface Expected {
  /** a form page: the form of this code in this mode */
  form?: { code: string; mode: number };
  /** a list page of the route table: its list */
  list?: boolean;
}

/**
 * The page of `route` is shown: the frame's active tab is its route (when the tab strip is on
 * screen), the expected form / list is there, nothing loads, a heading or content is there.
 * Answers '' when shown, else what it still waits for after the timeout.
 */
export async function settled(page: Page, route: string, want: Expected = {}, timeout = 45_000): Promise<string> {
  try {
    await expect
      .poll(
        () =>
          page.evaluate(
            ([r, w]) => {
              const visible = (el: Element | null) => !!el && (el as HTMLElement).getClientRects().length > 0;
              const tabs = document.querySelector('[data-testid="page-tabs"]');
              if (visible(tabs) && !tabs!.querySelector(`.ant-tabs-tab-active[data-node-key="${CSS.escape(r)}"]`)) return 'previous page';
              if (w.form) {
                const page = document.querySelector('[data-testid="definition-page"]');
                const code = page?.getAttribute('data-form-code');
                if (page && code && code !== w.form.code) return 'previous definition';
                const f = document.querySelector('[data-testid="definition-form"]');
                if (!f) return 'no form';
                if (f.getAttribute('data-mode') !== String(w.form.mode)) return `form in mode ${f.getAttribute('data-mode')}`;
                // a long form mounts its fields a screenful at a time: all of them
                if (f.querySelector('.fw-form-body[data-complete="false"]')) return 'fields mounting';
              }
              if (w.list && !document.querySelector('[data-testid="not-configured"]')) {
                if (!document.querySelector('[data-testid="definition-list"]')) return 'no list';
                if (document.querySelector('[data-testid="definition-list"][data-loading="true"]')) return 'list loading';
              }
              if (document.querySelector('[data-testid="loading-overlay"]')) return 'loading';
              if (document.querySelector('.ant-spin-spinning')) return 'spinning';
              if (document.querySelector('.ant-skeleton-active')) return 'skeleton';
              const content = (document.querySelector('.page-card, [data-testid="dealer-frame"] main, main, #root') as HTMLElement | null)?.innerText.trim();
              return content ? 'ok' : 'empty';
            },
            [route, want] as const,
          ),
        { message: route, timeout, intervals: [50, 100, 200, 400] },
      )
      .toBe('ok');
    return '';
  } catch (e) {
    // what the page shows instead (an error result, an alert), to tell a slow page from a broken one
    const shown = await page
      .locator('.ant-result-title, .ant-alert-message, [role="alert"]')
      .allInnerTexts()
      .catch(() => [] as string[]);
    const received =
      String(e)
        .split('\n')
        .find((l) => l.includes('Received'))
        ?.trim() ?? 'did not settle';
    return `${received} after ${timeout / 1000} s${shown.length ? `; the page shows: ${shown.join(' / ').slice(0, 200)}` : ''}`;
  }
}

export interface PhoneFinding {
  page: string;
  check: string;
  element: string;
}

/**
 * The layout checks of a page at the phone's width: the document is exactly as wide as the
 * viewport (naming the outermost elements that stick out), and every visible input, select,
 * textarea, antd select or picker lies inside [0, width].
 */
export async function layoutFindings(page: Page, label: string): Promise<PhoneFinding[]> {
  const raw = await page.evaluate((width) => {
    const out: { check: string; element: string }[] = [];
    const describe = (el: Element) => {
      const h = el as HTMLElement;
      const own = h.getAttribute('data-testid') ? `[data-testid=${h.getAttribute('data-testid')}]` : '';
      const id = h.id ? `#${h.id}` : '';
      const cls = typeof h.className === 'string' && h.className.trim() ? `.${h.className.trim().split(/\s+/).slice(0, 3).join('.')}` : '';
      const holder = h.parentElement?.closest('[data-testid]');
      const r = h.getBoundingClientRect();
      return `${h.tagName.toLowerCase()}${id}${own}${cls} [${Math.round(r.left)}…${Math.round(r.right)}]${holder ? ` in [data-testid=${holder.getAttribute('data-testid')}]` : ''}`;
    };
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      const s = getComputedStyle(el);
      return s.visibility !== 'hidden' && s.display !== 'none' && (el as HTMLElement).getClientRects().length > 0;
    };
    const sw = document.documentElement.scrollWidth;
    if (sw !== width) {
      // the outermost elements past the right edge (their parent is inside it)
      const culprits: string[] = [];
      for (const el of document.body.querySelectorAll('*')) {
        const r = el.getBoundingClientRect();
        if (r.right <= width + 0.5 || !shown(el)) continue;
        const p = el.parentElement;
        if (p && p !== document.body && p.getBoundingClientRect().right > width + 0.5) continue;
        culprits.push(describe(el));
        if (culprits.length >= 5) break;
      }
      out.push({ check: `scrollWidth ${sw} ≠ ${width}`, element: culprits.join(' | ') || '(none found)' });
    }
    const inputs = document.querySelectorAll(
      'input:not([type="hidden"]):not([type="file"]):not([type="checkbox"]):not([type="radio"]), select, textarea, .ant-select, .ant-picker',
    );
    for (const el of inputs) {
      if (!shown(el)) continue;
      // an antd select's own search input: the select's box is checked instead
      if (el.tagName === 'INPUT' && el.closest('.ant-select')) continue;
      if (el.tagName === 'INPUT' && el.closest('.ant-picker') && el.closest('.ant-picker') !== el) continue;
      const r = el.getBoundingClientRect();
      if (r.left < -0.5 || r.right > width + 0.5) out.push({ check: 'input outside the viewport', element: describe(el) });
    }
    return out;
  }, PHONE.width);
  return raw.map((f) => ({ page: label, ...f }));
}

/** axe on the page: serious and critical violations, one finding per rule and node. */
export async function axeFindings(page: Page, label: string): Promise<PhoneFinding[]> {
  const results = await new AxeBuilder({ page }).options({ rules: { 'target-size': { enabled: true } } }).analyze();
  const out: PhoneFinding[] = [];
  for (const v of results.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    for (const n of v.nodes.slice(0, 6)) out.push({ page: label, check: `axe ${v.impact} ${v.id}`, element: n.target.join(' ') });
    if (v.nodes.length > 6) out.push({ page: label, check: `axe ${v.impact} ${v.id}`, element: `… and ${v.nodes.length - 6} more` });
  }
  return out;
}

export const findingLine = (f: PhoneFinding) => `${f.page} — ${f.check}: ${f.element}`;
