// Lists on a phone (issue 17) at 360 × 740, touch: the generic list (expense applications) as
// cards with a filter drawer and a thumb-sized pager, the task center and the budget pools (lists
// made by hand) as cards; nothing wider than the screen; at 1280 px the desktop grid as before.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, withSession } from './fixtures';

const LIST = '/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingList';
const TASKS = '/web/system/process/renWu-process-ui';
const POOLS = '/web/emp/feiYong/yuSuan/yuSuanChi';
const PHONE = { width: 360, height: 740 };

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

/** the page is not wider than the screen, and no element's box reaches past its right edge */
async function fitsTheScreen(page: Page) {
  const { scrollWidth, inner, wide } = await page.evaluate(() => {
    const inner = window.innerWidth;
    const wide: string[] = [];
    // inside a box that scrolls sideways on its own (a table, a tab strip) an element may lie past
    // the edge: that box, not the page, scrolls. A box that merely clips does not count: clipped
    // content is the very fault (issue 17). antd's tab strip scrolls by transform in a clipping box.
    const inScroller = (el: Element) => {
      if (el.closest('.ant-tabs-nav-wrap')) return true;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(a).overflowX)) return true;
      }
      return false;
    };
    for (const el of Array.from(document.querySelectorAll('input, button, .fw-list-card, .ant-pagination'))) {
      const r = el.getBoundingClientRect();
      if (!r.width || el.closest('[aria-hidden="true"]') || inScroller(el)) continue;
      if (r.right > inner + 0.5 || r.left < -0.5) wide.push(`${el.tagName}.${(el as HTMLElement).className} ${Math.round(r.left)}–${Math.round(r.right)}`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, inner, wide };
  });
  expect(inner).toBe(PHONE.width);
  expect(scrollWidth).toBe(PHONE.width);
  expect(wide).toEqual([]);
}

/** axe over the list (target-size on): no serious or critical violation */
async function axe(page: Page, include: string) {
  // not through the app's loading mask (a request in flight darkens the page)
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0, { timeout: 30_000 });
  const results = await new AxeBuilder({ page })
    .include(include)
    .options({ rules: { 'target-size': { enabled: true } } })
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`).join('\n');
  expect(bad, report).toEqual([]);
}

/** a touch target at least 44 × 44 px */
async function thumbSized(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, selector).not.toBeNull();
  expect(box!.width, selector).toBeGreaterThanOrEqual(44);
  expect(box!.height, selector).toBeGreaterThanOrEqual(44);
}

test.describe('lists on a phone (360 × 740)', () => {
  test('expense applications: cards, the filter drawer, a card opens its document', async ({ page, request }) => {
    test.setTimeout(120_000);
    await withSession(page, await apiLogin(request, 'zhangwei', 'Demo@123'));
    await page.goto(LIST);
    const cards = page.getByTestId('list-cards');
    await expect(cards).toContainText('五角场沃尔玛夏季果汁品鉴', { timeout: 30_000 });
    await expect(page.getByTestId('definition-list')).toHaveAttribute('data-loading', 'false');
    await expect(page.getByTestId('list-grid')).toHaveCount(0);
    // the grid's code was never asked for
    const gridScripts = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /ListGrid|ag-grid/i.test(e.name)).length);
    expect(gridScripts).toBe(0);
    const card = page.locator('.fw-list-card', { hasText: '五角场沃尔玛夏季果汁品鉴' }).first();
    await expect(card.getByTestId('list-card-status')).toHaveText('草稿');
    await expect(card).toContainText('活动名称');
    await fitsTheScreen(page);
    await thumbSized(page, '.fw-list-card-actions .ant-btn');
    await thumbSized(page, '[data-testid="list-pagination"] .ant-pagination-next');
    await axe(page, '[data-testid="definition-list"]');

    // filters in a drawer: 活动名称 like 大润发
    const count = await cards.locator('.fw-list-card').count();
    await page.getByTestId('list-filter-open').tap();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await axe(page, '.fw-filter-drawer');
    await drawer.getByLabel('活动名称').fill('大润发');
    await drawer.getByTestId('list-search').tap();
    await expect(drawer).toBeHidden();
    await expect(page.getByTestId('list-filter-count')).toHaveText('1');
    await expect(cards).toContainText('大润发杨浦店堆头陈列');
    await expect(cards).not.toContainText('五角场沃尔玛夏季果汁品鉴');
    const filtered = await cards.locator('.fw-list-card').count();
    expect(filtered).toBeLessThan(count);
    await fitsTheScreen(page);

    // reset in the drawer brings them all back
    await page.getByTestId('list-filter-open').tap();
    await page.getByRole('dialog').getByTestId('list-reset').tap();
    await expect(page.getByTestId('list-filter-count')).toHaveCount(0);
    await expect(cards).toContainText('五角场沃尔玛夏季果汁品鉴');

    // a tap on the card opens the document (view)
    await page.locator('.fw-list-card', { hasText: '大润发杨浦店堆头陈列' }).first().locator('.fw-list-card-fields').tap();
    await expect(page.getByTestId('definition-form')).toHaveAttribute('data-mode', '2', { timeout: 30_000 });
    await expect(page.getByTestId('field-huoDongMingCheng')).toContainText('大润发杨浦店堆头陈列');
  });

  test('the administrator pages through the expense applications with the thumb pager', async ({ page, request }) => {
    test.setTimeout(120_000);
    await withSession(page, await apiLogin(request, 'admin', 'Admin@123'));
    await page.goto(LIST);
    const cards = page.getByTestId('list-cards');
    await expect(cards.locator('.fw-list-card').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('definition-list')).toHaveAttribute('data-loading', 'false');
    const pager = page.getByTestId('list-pagination');
    await expect(pager).toHaveClass(/ant-pagination-simple/);
    // every status's tag on the cards readable (axe color-contrast)
    await axe(page, '[data-testid="list-cards"]');
    const total = Number(((await pager.locator('.ant-pagination-total-text').textContent()) ?? '').replace(/\D/g, ''));
    test.skip(total <= 20, `only ${total} applications: one page`);
    const first = await cards.locator('.fw-list-card').first().getAttribute('data-testid');
    await pager.locator('.ant-pagination-next').tap();
    await expect(pager.locator('.ant-pagination-simple-pager input')).toHaveValue('2');
    await expect(page.getByTestId('definition-list')).toHaveAttribute('data-loading', 'false');
    await expect(cards.locator('.fw-list-card').first()).not.toHaveAttribute('data-testid', first!);
    await fitsTheScreen(page);
  });

  test('task center: cards, filters across the screen, the thumb pager', async ({ page, request }) => {
    test.setTimeout(120_000);
    await withSession(page, await apiLogin(request, 'admin', 'Admin@123'));
    await page.goto(`${TASKS}?tab=started&limit=10`);
    const table = page.getByTestId('task-table');
    await expect(table).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.ant-table')).toHaveCount(0);
    await fitsTheScreen(page);
    // the four tabs share one row on the screen
    await expect(page.getByTestId('task-tabs')).toBeVisible();
    await axe(page, '[data-testid="task-center"]');
    const keyword = page.getByTestId('task-keyword');
    const kb = await keyword.boundingBox();
    expect(kb!.width).toBeGreaterThan(280);
    for (const tab of ['todo', 'done', 'cc', 'started'] as const) {
      await thumbSized(page, `.ant-segmented-item:has([data-testid="task-tab-${tab}"])`);
      await page.getByTestId(`task-tab-${tab}`).tap();
      await expect(page.locator('.ant-segmented-item-selected').getByTestId(`task-tab-${tab}`)).toHaveCount(1);
      await expect(table.locator('.ant-skeleton')).toHaveCount(0);
      await fitsTheScreen(page);
      const n = await table.locator('.fw-list-card').count();
      if (n) await thumbSized(page, '[data-testid="task-table"] .fw-table-card-title .ant-btn');
      const pager = table.locator('.ant-pagination');
      if (n && (await pager.count())) {
        await thumbSized(page, '[data-testid="task-table"] .ant-pagination-next');
        const total = Number(((await pager.locator('.ant-pagination-total-text').textContent()) ?? '').replace(/\D/g, ''));
        if (total > 10) {
          await pager.locator('.ant-pagination-next').tap();
          await expect(page).toHaveURL(/page=2/);
          await expect(table.locator('.fw-list-card').first()).toBeVisible();
          await fitsTheScreen(page);
        }
      }
    }
  });

  test('budget pools: cards with their actions, nothing off the screen', async ({ page, request }) => {
    test.setTimeout(120_000);
    await withSession(page, await apiLogin(request, 'admin', 'Admin@123'));
    await page.goto(POOLS);
    const row = page.getByTestId('pool-row-YSC2026-HD-KA-CX');
    await expect(row).toBeVisible({ timeout: 30_000 });
    await expect(row).toHaveClass(/fw-list-card/);
    await expect(row.getByTestId('pool-ledger-YSC2026-HD-KA-CX')).toBeVisible();
    await fitsTheScreen(page);
    await thumbSized(page, '[data-testid="pool-row-YSC2026-HD-KA-CX"] [data-testid="pool-ledger-YSC2026-HD-KA-CX"]');
    await axe(page, '[data-testid="budget-pools-page"]');
  });
});

// the other lists made by hand (administrator): cards or their empty state, nothing off the screen
const HAND_MADE = [
  ['monitor', '/web/system/process/liuChengJianKong'],
  ['task delete', '/web/system/process/liuChengRenWuDel'],
  ['callback log', '/web/system/huiDiaoRiZhi/list'],
  ['matrices', '/web/system/juZhen/juZhenList'],
  ['summary approval', '/web/emp/feiYong/shenQing/feiYongHuiZongShenPi'],
  ['batch whitelist', '/web/system/piLiangShenPiBaiMingDan'],
] as const;
for (const [name, path] of HAND_MADE) {
  test(`360 px: ${name} as cards`, async ({ page, request }) => {
    test.setTimeout(90_000);
    await withSession(page, await apiLogin(request, 'admin', 'Admin@123'));
    await page.goto(path);
    await expect(page.locator('.fw-list-card, .fw-list-cards-empty').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('main .fw-list-card .ant-skeleton')).toHaveCount(0);
    await expect(page.locator('main .ant-table')).toHaveCount(0);
    await fitsTheScreen(page);
    await axe(page, 'main');
  });
}

test.describe('lists from the tablet width up', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('1280 px: the grid, the filter bar, the full pager', async ({ page, request }) => {
    test.setTimeout(120_000);
    await withSession(page, await apiLogin(request, 'zhangwei', 'Demo@123'));
    await page.goto(LIST);
    await expect(page.getByTestId('list-grid')).toContainText('五角场沃尔玛夏季果汁品鉴', { timeout: 30_000 });
    await expect(page.getByTestId('filter-bar')).toBeVisible();
    await expect(page.getByTestId('list-cards')).toHaveCount(0);
    await expect(page.getByTestId('list-filter-open')).toHaveCount(0);
    await expect(page.getByTestId('list-pagination')).not.toHaveClass(/ant-pagination-simple/);
  });

  test("1280 px: the task center's table", async ({ page, request }) => {
    test.setTimeout(120_000);
    await withSession(page, await apiLogin(request, 'admin', 'Admin@123'));
    await page.goto(TASKS);
    await expect(page.getByTestId('task-table')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.ant-table')).toBeVisible();
    await expect(page.locator('.fw-list-card')).toHaveCount(0);
  });
});
