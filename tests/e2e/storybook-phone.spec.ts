// The phone stories of the BUILT Storybook are phone-sized outside Storybook's manager too (issue
// 17: "Stories: the form, a detail table and a list at 360 px beside the desktop width"). Every
// story whose id ends in `-phone-360` (export `…Phone360`, asking for the `phone360` viewport of .storybook/preview.tsx) is opened
// alone — iframe.html?id=<story>&viewMode=story — in a 360 × 740 touch page: the document is
// exactly 360 px wide, every input lies inside it, what the story shows is the phone's layout
// (the generated form one column with the detail rows as cards, the sub-form as cards, the list as
// cards or its empty/loading state or its filter drawer), and axe (target-size on) finds nothing
// serious or critical. Beside each, its desktop story at 1280 px keeps the desktop layout (the
// half-row fields two to a row, the detail table, the list's grid).
// `npm test` builds Storybook (storybook-static/) before the e2e stage; STORYBOOK_DIR points
// elsewhere. A tiny static server on a free port serves the folder for the duration of the test.
import { test, expect, type Page } from '@playwright/test';
import { builtStories, serveStorybook, storybookDir, type IndexEntry } from './storybookStatic';
import { PHONE, axeFindings, findingLine, layoutFindings, phoneContext } from './phone';

const dir = storybookDir;
const indexFile = `${dir}/index.json`;
const stories: IndexEntry[] = builtStories();
const PHONE_ID = /-phone-360$/;
const phoneStories = stories.filter((s) => PHONE_ID.test(s.id));
const byId = new Map(stories.map((s) => [s.id, s]));
/** the desktop story beside a phone story: the same id without the suffix */
const desktopOf = (s: IndexEntry) => byId.get(s.id.replace(PHONE_ID, ''));

const FORM_TITLE = 'Runtime/Generated form';
const LIST_TITLE = 'Runtime/Generic list';
const SUB_FORM_TITLE = /^Field types\/99997 /;

let server: { base: string; close: () => Promise<void> } | undefined;
let base = '';

test.use({ trace: 'off' });

/** Wait until `state()` (run in the page) answers 'ok'; fails with what it answered last. */
async function until(page: Page, what: string, state: () => string) {
  await expect.poll(() => page.evaluate(state), { message: what, timeout: 30_000, intervals: [100, 200, 400] }).toBe('ok');
}

async function open(page: Page, story: IndexEntry) {
  await page.goto(`${base}/iframe.html?id=${encodeURIComponent(story.id)}&viewMode=story`);
  await page.locator('#storybook-root > *').first().waitFor({ state: 'attached', timeout: 30_000 });
}

/** The generated form's fields: each one's box against the form body's. */
function fieldSpans(page: Page) {
  return page.evaluate(() => {
    const body = document.querySelector('.fw-form-body')!.getBoundingClientRect();
    return [...document.querySelectorAll<HTMLElement>('.fw-form-body > .fw-field')]
      .filter((f) => f.getClientRects().length > 0)
      .map((f) => {
        const r = f.getBoundingClientRect();
        return { key: f.getAttribute('data-testid') ?? '', left: r.left - body.left, right: body.right - r.right, top: Math.round(r.top) };
      });
  });
}

test.describe('Storybook phone stories at 360 × 740 (issue 17)', () => {
  test.beforeAll(async () => {
    if (!stories.length) return;
    server = await serveStorybook(dir);
    base = server.base;
  });
  test.afterAll(async () => {
    await server?.close();
  });

  test('the form, the detail table and the list have phone stories, each beside its desktop story', () => {
    expect(stories.length, `no stories in ${indexFile}; build Storybook first (npx storybook build -o ${dir})`).toBeGreaterThan(0);
    const titles = phoneStories.map((s) => s.title);
    expect(titles).toContain(FORM_TITLE);
    expect(titles).toContain(LIST_TITLE);
    expect(titles.some((t) => SUB_FORM_TITLE.test(t))).toBe(true);
    // the generated form in modes 0, 2 and 3; the list with rows, empty, loading and its filter drawer
    const names = (title: string) => phoneStories.filter((s) => s.title === title).map((s) => s.id.split('--')[1]);
    expect(names(FORM_TITLE).sort()).toEqual(['add-phone-360', 'approve-phone-360', 'view-phone-360']);
    expect(names(LIST_TITLE).sort()).toEqual(['empty-phone-360', 'filter-drawer-phone-360', 'loading-phone-360', 'rows-phone-360']);
    const alone = phoneStories.filter((s) => !desktopOf(s) && !s.id.endsWith('filter-drawer-phone-360')).map((s) => s.id);
    expect(alone, 'phone stories without a desktop story beside them').toEqual([]);
  });

  for (const story of phoneStories) {
    test(`${story.title} › ${story.name} at 360 px`, async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await phoneContext(browser);
      const page = await context.newPage();
      try {
        await open(page, story);
        const id = story.id;
        if (story.title === FORM_TITLE) {
          await until(page, 'form complete', () =>
            document.querySelector('[data-testid="definition-form"] .fw-form-body[data-complete="true"]') ? 'ok' : 'form not complete',
          );
          // one column: every field across the form body
          const spans = await fieldSpans(page);
          expect(spans.length).toBeGreaterThan(8);
          for (const f of spans) {
            expect.soft(Math.abs(f.left), `${f.key} starts at the row's start`).toBeLessThan(1);
            expect.soft(Math.abs(f.right), `${f.key} ends at the row's end`).toBeLessThan(1);
          }
          // the detail table is cards, not a table
          await expect(page.locator('[data-testid="field-detail"].fw-detail-cards')).toBeVisible();
          await expect(page.locator('.fw-form-body [role="table"]')).toHaveCount(0);
          if (!id.endsWith('add-phone-360')) await expect(page.locator('[data-testid="field-detail"] .fw-detail-card')).toHaveCount(3);
          if (id.endsWith('approve-phone-360')) {
            await expect(page.getByTestId('approval-actions')).toBeVisible();
            await expect(page.getByTestId('sys-stateName')).toBeVisible();
          }
        } else if (SUB_FORM_TITLE.test(story.title)) {
          await until(page, 'cards', () => (document.querySelector('.fw-detail-cards .fw-detail-card') ? 'ok' : 'no card'));
          await expect(page.locator('#storybook-root [role="table"]')).toHaveCount(0);
        } else if (story.title === LIST_TITLE) {
          if (id.endsWith('loading-phone-360')) {
            await until(page, 'loading list', () => (document.querySelector('[data-testid="definition-list"][data-loading="true"]') ? 'ok' : 'not loading'));
          } else {
            await until(page, 'list loaded', () => (document.querySelector('[data-testid="definition-list"][data-loading="false"]') ? 'ok' : 'loading'));
          }
          if (id.endsWith('empty-phone-360')) await expect(page.getByTestId('list-empty')).toBeVisible();
          if (id.endsWith('rows-phone-360')) {
            await expect(page.getByTestId('list-cards')).toBeVisible();
            expect(await page.locator('[data-testid="list-cards"] [data-testid^="list-card-1"]').count()).toBeGreaterThan(0);
          }
          if (id.endsWith('filter-drawer-phone-360')) {
            const drawer = page.getByTestId('list-filter-drawer');
            await expect(drawer).toBeVisible();
            const box = (await drawer.boundingBox())!;
            expect(box.x).toBeGreaterThanOrEqual(-0.5);
            expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width + 0.5);
          }
          // a phone list never loads the grid
          await expect(page.getByTestId('list-grid')).toHaveCount(0);
          await expect(page.locator('.ag-root-wrapper')).toHaveCount(0);
          await expect(page.getByTestId('list-filter-open')).toBeVisible();
        }
        // let fixture requests (150 ms) and effects settle
        await page.waitForTimeout(400);
        // what sticks out (named), the inputs outside the screen, axe; then the width itself
        const findings = [...(await layoutFindings(page, story.id)), ...(await axeFindings(page, story.id))];
        expect(findings.map(findingLine)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
      } finally {
        await context.close();
      }
    });
  }

  // the desktop stories beside them keep the desktop layout
  for (const story of phoneStories.map(desktopOf).filter((s): s is IndexEntry => !!s && (s.title === FORM_TITLE || s.title === LIST_TITLE))) {
    test(`${story.title} › ${story.name} at 1280 px`, async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      try {
        await open(page, story);
        if (story.title === FORM_TITLE) {
          await until(page, 'form complete', () =>
            document.querySelector('[data-testid="definition-form"] .fw-form-body[data-complete="true"]') ? 'ok' : 'form not complete',
          );
          // the half-row fields two to a row; the detail rows a table
          const spans = await fieldSpans(page);
          const rows = new Map<number, number>();
          for (const f of spans) rows.set(f.top, (rows.get(f.top) ?? 0) + 1);
          expect(Math.max(...rows.values())).toBe(2);
          await expect(page.locator('[data-testid="field-detail"] [role="table"]')).toBeVisible();
          await expect(page.locator('.fw-detail-cards')).toHaveCount(0);
        } else {
          await expect(page.getByTestId('definition-list')).toBeVisible();
          await expect(page.getByTestId('list-cards')).toHaveCount(0);
          await expect(page.getByTestId('list-filter-open')).toHaveCount(0);
          if (story.id.endsWith('--rows')) await expect(page.locator('.ag-root-wrapper')).toBeVisible({ timeout: 30_000 });
        }
      } finally {
        await context.close();
      }
    });
  }
});
