// Walks every route of the admin's menu (with the configured lists of the menu's area indexes
// and the add forms of its lists) in each locale and fails on what a user should never read:
// - a raw i18n key (a text that is a dotted key of our bundles);
// - a pinyin heading (a camelCase identifier, the route's own path segment, or in Chinese a
//   heading of Latin letters only), an identifier as a label;
// - a menu page headed by something else than its menu entry (待结案费用 headed 费用申请);
// - an untranslated label: in en-US Chinese in the page chrome (headings, the active tab,
//   breadcrumbs, menu, buttons, form labels, column headers, placeholders, area links); in
//   zh-CN / zh-TW an English text of our own en-US bundles; in zh-TW a simplified-only character.
// Data values (grid cells, inputs, picker values, read-only values, the user's name) are never
// checked. One page per locale, the three locales at once; client-side navigation
// (history.pushState + popstate); a page counts as shown once the frame's active tab is its
// route, its definition is on screen, a heading is there and no request is in flight — no
// fixed sleeps.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin } from './fixtures';
import { areaLists, routeEntryOf } from '../../src/routes/routeTable';

type Locale = 'zh-CN' | 'en-US' | 'zh-TW';
const LOCALES: { locale: Locale; type: number }[] = [
  { locale: 'zh-CN', type: 1 },
  { locale: 'en-US', type: 3 },
  { locale: 'zh-TW', type: 2 },
];

interface MenuNode {
  id: string;
  name: Record<string, string> | string;
  path: string | null;
  children?: MenuNode[];
}

// ---- our own i18n bundles: every key (raw-key check) and every English text (zh check) ----
const LOCALE_DIR = path.resolve('schemas/locales');
const KEYS = new Set<string>();
const ENGLISH = new Set<string>();
const CHINESE = new Set<string>();
function walkBundle(ns: string, o: unknown, prefix: string, into: 'en' | 'zh' | 'keys') {
  if (!o || typeof o !== 'object') return;
  for (const [k, v] of Object.entries(o as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') {
      if (into === 'keys') {
        KEYS.add(key);
        KEYS.add(`${ns}:${key}`);
      } else if (into === 'en') ENGLISH.add(v.trim());
      else CHINESE.add(v.trim());
    } else walkBundle(ns, v, key, into);
  }
}
for (const ns of readdirSync(LOCALE_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)) {
  for (const loc of ['zh-CN', 'en-US', 'zh-TW']) {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(path.join(LOCALE_DIR, ns, `${loc}.json`), 'utf8'));
    } catch {
      continue;
    }
    walkBundle(ns, json, '', 'keys');
    walkBundle(ns, json, '', loc === 'en-US' ? 'en' : 'zh');
  }
}
// only keys with a dot: a bare word (`add`) may well be a real label
const DOTTED_KEYS = new Set([...KEYS].filter((k) => k.includes('.')));
// English texts that are ours and are not also a Chinese text (brand names, "TPM", codes)
const OUR_ENGLISH = new Set([...ENGLISH].filter((s) => /[a-z]{3,}/.test(s) && !CHINESE.has(s) && /^[A-Za-z][A-Za-z ,'()/-]+$/.test(s)));

/** Characters that exist only in simplified Chinese (their traditional forms differ). */
const SIMPLIFIED_ONLY = new Set([...'费务设单审计项户门预认称号类记间员销结签这们个为说动时实现发经处据报无关权导开选择数页输请确删编辑闭']);

const RAW_KEY = /^(?:[a-z]+:)?[a-z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9_]+)+$/;
const CAMEL = /^[a-z]+[A-Z][A-Za-z0-9]*$/;
const CJK = /[\u3400-\u9fff]/;

interface Finding {
  locale: Locale;
  path: string;
  kind: string;
  text: string;
}

/** Texts of the page, split into chrome (labels, headings, buttons…) and everything else. */
async function collect(page: Page) {
  return page.evaluate(() => {
    // the signed-in user's names are data wherever they appear (「欢迎，系统管理员」)
    const names = [sessionStorage.getItem('empName'), sessionStorage.getItem('username')];
    const visible = (el: Element) => {
      const r = (el as HTMLElement).getBoundingClientRect();
      if (r.width === 0 && r.height === 0) return false;
      const s = getComputedStyle(el as HTMLElement);
      return s.visibility !== 'hidden' && s.display !== 'none';
    };
    // data, never checked: the user's name, the watermark, the language names, cell values,
    // form inputs' values, picker values, read-only field values
    const DATA =
      '[data-testid="user-name"], [data-testid="language-select"], .ant-select-selection-item, ' +
      '.ag-cell, .ag-row, input, textarea, .ant-form-item-control, .ant-descriptions-item-content, .ant-table-cell:not(th), .ant-typography-secondary';
    const own = (el: Element) => !el.closest(DATA);
    const headingSel =
      'h1, h2, h3, h4, h5, .ant-result-title, .ant-card-head-title, ' +
      '[data-testid="page-tabs"] .ant-tabs-tab-active a, [data-testid="breadcrumbs"] li:last-child';
    const chromeSel =
      headingSel +
      ', .ant-menu-title-content, .ant-breadcrumb-link, button, .ant-btn, .ant-form-item-label label, .ag-header-cell-text, th, ' +
      '.ant-card-head-title, .ant-result-subtitle > div:first-child, .ant-empty-description, .ant-tag, .frame-admin-tag, .ant-radio-button-wrapper, .ant-checkbox-wrapper, ' +
      '.ant-segmented-item-label, .ant-steps-item-title, .ant-collapse-header-text, .ant-alert-message, .ant-descriptions-item-label, label, ' +
      '[data-testid="area-index"] a, .fw-field-label';
    const text = (el: Element) => {
      let t = (el as HTMLElement).innerText ?? el.textContent ?? '';
      // the data inside a label (the user's name in the user menu) is not the label
      for (const d of el.querySelectorAll(DATA)) t = t.replace((d as HTMLElement).innerText ?? '', ' ');
      for (const v of names) if (v) t = t.split(v).join(' ');
      return t.replace(/\s+/g, ' ').trim();
    };
    const headings = [...document.querySelectorAll(headingSel)].filter(visible).map(text).filter(Boolean);
    const chrome = [...document.querySelectorAll(chromeSel)]
      .filter((el) => visible(el) && own(el))
      .map(text)
      .filter(Boolean);
    const placeholders = [...document.querySelectorAll('.frame-content [placeholder], .page-card [placeholder]')]
      .filter(visible)
      .map((el) => el.getAttribute('placeholder') ?? '')
      .filter(Boolean);
    // every visible text node (for raw keys, which are wrong anywhere)
    const all: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const v = (n.nodeValue ?? '').trim();
      if (v && n.parentElement && visible(n.parentElement)) all.push(v);
    }
    const content = document.querySelector('.page-card') ?? document.body;
    // the page's own heading, else the frame's title of it (its active tab)
    const pageHeading =
      content.querySelector('h1, h2, h3, h4, h5, .ant-result-title, .ant-card-head-title') ??
      document.querySelector('[data-testid="page-tabs"] .ant-tabs-tab-active a');
    const definitionHeading = document.querySelector('[data-testid="definition-page"] > h4');
    return {
      headings,
      chrome: [...chrome, ...placeholders],
      all,
      pageHeading: pageHeading ? text(pageHeading) : null,
      definitionHeading: definitionHeading ? text(definitionHeading) : null,
    };
  });
}

/** Navigate inside the app without reloading: the data router follows popstate. */
async function goClient(page: Page, to: string) {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, to);
}

const HEADINGS = 'h1, h2, h3, h4, h5, .ant-result-title, .ant-card-head-title, [data-testid="area-index"]';

/**
 * The page of `route` is shown: the frame's active tab is this route's (the frame and the page
 * render in one commit, so no part of the previous page is left), a heading is there, nothing
 * loads, the list has its rows. Pages outside the frame: the heading alone.
 */
async function settled(page: Page, route: string) {
  await expect
    .poll(
      async () =>
        page.evaluate(
          ([r, headings, code, area]) => {
            const tabs = document.querySelector('[data-testid="page-tabs"]');
            if (tabs && !tabs.querySelector(`.ant-tabs-tab-active[data-node-key="${CSS.escape(r)}"]`)) return 'previous page';
            // a route of the route table: its own definition, not the previous page's still on screen
            const shown = document.querySelector('[data-testid="definition-page"]')?.getAttribute('data-form-code');
            if (code && shown && shown !== code) return 'previous definition';
            // an area index: its pages are listed (and walked next)
            if (area && !document.querySelector('[data-testid="area-index"]')) return 'area index loading';
            if (document.querySelector('[data-testid="loading-overlay"]')) return 'loading';
            if (document.querySelector('.ant-spin-spinning')) return 'spinning';
            if (document.querySelector('[data-testid="definition-list"][data-loading="true"]')) return 'list loading';
            if (document.querySelector(headings)) return 'ok';
            // a page without a heading of its own (the form list, the matrices): named by the
            // frame's tab (checked), shown once its content is there
            return tabs && (document.querySelector('.page-card') as HTMLElement | null)?.innerText.trim() ? 'ok' : 'no heading';
          },
          [
            route,
            HEADINGS,
            routeEntryOf(route.split('?')[0])?.formCode ?? null,
            !routeEntryOf(route.split('?')[0]) && areaLists(route.split('?')[0]).length > 0,
          ] as const,
        ),
      { message: route, timeout: 15_000, intervals: [50, 100, 200] },
    )
    .toBe('ok');
}

interface Seen {
  headings: string[];
  chrome: string[];
  all: string[];
  pageHeading: string | null;
  definitionHeading: string | null;
}

function check(locale: Locale, route: string, seen: Seen, menuName: string | undefined): Finding[] {
  const out: Finding[] = [];
  const add = (kind: string, text: string) => {
    if (!out.some((f) => f.kind === kind && f.text === text)) out.push({ locale, path: route, kind, text });
  };
  const segments = new Set(route.split(/[/?&=]/).filter((s) => s.length > 2));
  for (const t of seen.all) if (DOTTED_KEYS.has(t) || (RAW_KEY.test(t) && /[A-Z]/.test(t) && DOTTED_KEYS.has(t.replace(/^[a-z]+:/, '')))) add('raw key', t);
  for (const t of seen.chrome) if (RAW_KEY.test(t) && !/^\d/.test(t) && !t.includes('@')) add('raw key', t);
  if (!seen.pageHeading) add('no page heading', '');
  // a definition page of a menu entry is headed by the entry's name (a filtered list, e.g. the
  // applications awaiting settlement, is not the definition's own list)
  if (menuName && seen.definitionHeading !== null && seen.definitionHeading !== menuName)
    add(`heading is not the menu's "${menuName}"`, seen.definitionHeading);
  for (const h of seen.headings) {
    if (CAMEL.test(h) || segments.has(h)) add('pinyin heading', h);
    if (locale !== 'en-US' && /^[a-zA-Z]+$/.test(h) && !['TPM', 'API'].includes(h)) add('pinyin heading', h);
  }
  for (const t of seen.chrome) {
    if (CAMEL.test(t)) add('identifier as label', t);
    if (locale === 'en-US' && CJK.test(t)) add('untranslated (Chinese in en-US)', t);
    if (locale !== 'en-US' && OUR_ENGLISH.has(t)) add('untranslated (English in Chinese)', t);
    if (locale === 'zh-TW' && [...t].some((c) => SIMPLIFIED_ONLY.has(c))) add('untranslated (simplified in zh-TW)', t);
  }
  return out;
}

function menuPaths(nodes: readonly MenuNode[]): string[] {
  const out: string[] = [];
  for (const n of nodes) {
    if (n.path) out.push(n.path);
    out.push(...menuPaths(n.children ?? []));
  }
  return out;
}

test.describe.configure({ mode: 'serial' });

let session: Record<string, unknown>;
let routes: string[] = [];
/** path → its menu entry's name per locale */
const menuNames = new Map<string, Record<string, string>>();

test.beforeAll(async ({ request }) => {
  session = await apiLogin(request, 'admin', 'Admin@123');
  const auth = { Authorization: String(session.mytoken), token: String(session.token), empSessionId: String(session.empSessionId) };
  const r = await request.get('/tpm/system/menu.action', { headers: auth });
  const menu = ((await r.json()) as { data: MenuNode[] }).data;
  // the activity confirmation is a page of its own outside the frame: walked too
  routes = [...new Set(menuPaths(menu))];
  const names = (nodes: readonly MenuNode[]) => {
    for (const n of nodes) {
      if (n.path && typeof n.name === 'object') menuNames.set(n.path, n.name);
      names(n.children ?? []);
    }
  };
  names(menu);
  expect(routes.length).toBeGreaterThan(40);
});

async function walk(page: Page, locale: Locale, type: number): Promise<Finding[]> {
  await page.addInitScript(
    ([s, ty]) => {
      if (sessionStorage.getItem('__seeded')) return;
      sessionStorage.setItem('__seeded', '1');
      for (const [k, v] of Object.entries(s as Record<string, unknown>)) {
        if (v !== null && v !== undefined && v !== '') sessionStorage.setItem(k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v));
      }
      sessionStorage.setItem('duoYuYanType', String(ty));
      localStorage.setItem('isLogin', '1');
      localStorage.setItem('isDealer', '0');
      localStorage.setItem('duoYuYanType', String(ty));
    },
    [session, type] as const,
  );
  await page.goto('/web/system/gongZuoTai');
  await expect(page.getByTestId('workbench')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', locale, { timeout: 10_000 });
  const findings: Finding[] = [];
  const visited = new Set<string>();
  const visit = async (route: string) => {
    if (visited.has(route)) return;
    visited.add(route);
    const t0 = Date.now();
    await goClient(page, route);
    await expect(page).toHaveURL((u) => u.pathname + u.search === route);
    try {
      await settled(page, route);
    } catch (e) {
      const f = {
        locale,
        path: route,
        kind: 'page did not settle',
        text:
          String(e)
            .split('\n')
            .find((l) => l.includes('Received')) ?? '',
      };
      console.log(`  [${f.locale}] ${f.path} — ${f.kind}: ${f.text}`);
      findings.push(f);
    }
    const found = check(locale, route, await collect(page), menuNames.get(route)?.[locale]);
    if (process.env.WALK_DEBUG) console.log(`[${locale}] ${route}: ${Date.now() - t0} ms`);
    for (const f of found) console.log(`  [${f.locale}] ${f.path} — ${f.kind}: ${f.text}`);
    findings.push(...found);
  };
  for (const route of routes) {
    await visit(route);
    // a list that adds records of its own form: that form (its labels, options, buttons) too
    const entry = routeEntryOf(route);
    const form = entry?.kind === 'list' && entry.formPath ? routeEntryOf(entry.formPath) : null;
    if (entry && form && form.kind === 'form' && form.mode === 0 && form.formCode === entry.formCode) await visit(entry.formPath!);
    // an area index: its configured lists are routes of the menu too
    // (its entries marked 未配置 all show the same page: not walked one by one)
    const links = await page
      .getByTestId('area-index')
      .locator('[data-configured="true"] a[href]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    for (const l of links) if (l.startsWith('/web/')) await visit(l);
  }
  console.log(`${locale}: ${visited.size} pages walked, ${findings.length} findings`);
  return findings;
}

// the three locales walk at once, each in a browser context of its own (the walk mostly waits
// for the server; CI's e2e stage gives this spec at most 4 minutes)
test('every menu route reads in zh-CN, en-US and zh-TW', async ({ browser }) => {
  test.setTimeout(240_000);
  const all = await Promise.all(
    LOCALES.map(async ({ locale, type }) => {
      const context = await browser.newContext({ locale });
      try {
        return await walk(await context.newPage(), locale, type);
      } finally {
        await context.close();
      }
    }),
  );
  const findings = all.flat();
  expect(findings, findings.map((f) => `[${f.locale}] ${f.path} — ${f.kind}: ${f.text}`).join('\n')).toEqual([]);
});
