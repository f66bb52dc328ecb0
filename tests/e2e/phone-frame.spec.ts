// The frames on a phone (issue 17), against the real server at 360 × 740 (mobile, touch): the
// employee frame (menu drawer, tab strip, header) and the dealer shell; nothing wider than the
// viewport, actions at least 44 px square, axe (target-size on) finds no serious or critical
// violation. And the desktop keeps antd's sizes.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { apiLogin, withSession } from './fixtures';
import { VIEWPORT } from '../../schemas/constants';

const WIDTH = 360;
const TOUCH = VIEWPORT.touchTargetPx;
const WORKBENCH = '/web/system/gongZuoTai';
const APPLICATIONS = '/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingList';

test.use({ viewport: { width: WIDTH, height: 740 }, isMobile: true, hasTouch: true });

/** axe over the page (or the given parts), target-size included: no serious or critical violation. */
async function axe(page: Page, ...include: string[]) {
  let builder = new AxeBuilder({ page }).options({ rules: { 'target-size': { enabled: true } } });
  for (const sel of include) builder = builder.include(sel);
  const results = await builder.analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`).join('\n');
  expect(bad, `${page.url()}\n${report}`).toEqual([]);
}

/** The page is no wider than the viewport and every input's box lies inside it. */
async function fits(page: Page) {
  const r = await page.evaluate(() => {
    const width = window.innerWidth;
    const outside = [...document.querySelectorAll('input, textarea, select, button, [role="button"]')]
      .filter((el) => {
        const b = el.getBoundingClientRect();
        // hidden parts (closed drawers) take no room; the tab strip scrolls in its own box
        return (
          b.width > 0 &&
          b.height > 0 &&
          (b.left < -0.5 || b.right > width + 0.5) &&
          !el.closest('.ant-drawer:not(.ant-drawer-open)') &&
          !el.closest('.page-tabs')
        );
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''} ${el.textContent?.slice(0, 20) ?? ''}`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, width, outside };
  });
  expect(r.width).toBe(WIDTH);
  expect(r.scrollWidth, `${page.url()}: the page is wider than the viewport`).toBe(WIDTH);
  expect(r.outside, `${page.url()}: controls outside the viewport`).toEqual([]);
}

/** The open drawer has finished sliding in (axe reads colours mid-fade otherwise). */
async function drawerSettled(page: Page) {
  const drawer = page.locator('.ant-drawer-open');
  await expect(drawer).toHaveCount(1);
  await expect.poll(() => drawer.evaluate((el) => el.getAnimations({ subtree: true }).length)).toBe(0);
  return drawer;
}

/** An action a thumb can hit: at least 44 × 44 px. */
async function touchSized(target: Locator) {
  const box = await target.boundingBox();
  expect(box, 'the target is shown').not.toBeNull();
  expect(box!.width).toBeGreaterThanOrEqual(TOUCH);
  expect(box!.height).toBeGreaterThanOrEqual(TOUCH);
}

async function dealerLogin(request: APIRequestContext): Promise<Record<string, unknown>> {
  const r = await request.post('/tpm/dp/commons/check/check-login.action', { form: { username: 'dealer01', password: 'Demo@123' } });
  const body = (await r.json()) as { code: number; data: Record<string, unknown>; msg: string };
  expect(body.code, body.msg).toBe(0);
  return body.data;
}

test('employee at 360 px: workbench, a menu page through the drawer, tabs that scroll, a header that fits', async ({ page, request }) => {
  await withSession(page, await apiLogin(request, 'zhangwei', 'Demo@123'));
  await page.goto(WORKBENCH);
  await expect(page.getByTestId('workbench')).toBeVisible();
  const toggle = page.getByRole('button', { name: '打开菜单' });
  await expect(toggle).toBeVisible();
  // no side menu in the page: it waits in the drawer
  await expect(page.locator('.ant-layout-sider')).toHaveCount(0);

  // the header: menu button, the title (truncated, never pushing the icons out), language, user
  const header = page.locator('.frame-header');
  await touchSized(toggle);
  await touchSized(page.getByRole('button', { name: '切换语言' }));
  await touchSized(page.getByRole('button', { name: /^用户菜单/ }));
  await expect(page.getByTestId('frame-title')).toHaveText('工作台');
  const headerBox = await header.boundingBox();
  expect(headerBox!.width).toBeLessThanOrEqual(WIDTH);
  for (const b of await header.locator(':scope > *').all()) {
    const box = await b.boundingBox();
    if (box) expect(box.x + box.width).toBeLessThanOrEqual(WIDTH + 0.5);
  }
  await fits(page);
  await axe(page);

  // a menu route through the drawer; choosing it closes the drawer
  await toggle.tap();
  const drawer = await drawerSettled(page);
  await expect(drawer.getByTestId('side-menu')).toContainText('费用管理');
  await touchSized(drawer.locator('.ant-drawer-close'));
  await axe(page, '.ant-drawer-open');
  // Esc closes it and the focus is back on the button
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-drawer-open')).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await toggle.tap();
  await drawer.getByRole('menuitem', { name: '费用管理' }).tap();
  const item = drawer.getByRole('menuitem', { name: '费用申请' });
  await touchSized(item);
  await item.tap();
  await expect(page).toHaveURL(new RegExp(`${APPLICATIONS}$`));
  await expect(page.locator('.ant-drawer-open')).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('frame-title')).toHaveText('费用申请');
  await expect(page.getByTestId('definition-page')).toBeVisible();
  await fits(page);
  await axe(page, '.frame-header', '.page-tabs');

  // more tabs than the strip holds: it scrolls in its own box, the active tab is in view
  await page.getByRole('button', { name: /^用户菜单/ }).tap();
  await page.getByRole('menuitem', { name: '个人中心' }).tap();
  await expect(page.getByTestId('personal-center')).toBeVisible();
  for (const name of ['费用结案', '费用核销']) {
    await toggle.tap();
    const entry = page.locator('.ant-drawer-open').getByRole('menuitem', { name, exact: true });
    if (!(await entry.isVisible())) await page.locator('.ant-drawer-open').getByRole('menuitem', { name: '费用管理' }).tap();
    await entry.tap();
    await expect(page.locator('.ant-drawer-open')).toHaveCount(0);
    await expect(page.getByTestId('frame-title')).toHaveText(name);
  }
  const tabs = page.getByTestId('page-tabs');
  await expect(tabs.locator('li')).toHaveCount(5);
  // a navigation of links, not a tablist: the page's tab is marked current
  await expect(tabs.getByRole('link', { name: '费用核销' })).toHaveAttribute('aria-current', 'page');
  const strip = await page.locator('.page-tabs').boundingBox();
  expect(strip!.width).toBeLessThanOrEqual(WIDTH);
  const active = await tabs.locator('.ant-tabs-tab-active').boundingBox();
  expect(active!.x).toBeGreaterThanOrEqual(0);
  expect(active!.x + active!.width).toBeLessThanOrEqual(WIDTH + 0.5);
  await touchSized(tabs.getByRole('button', { name: '关闭 费用核销' }));
  await touchSized(tabs.getByRole('link', { name: '费用核销' }));
  await axe(page, '.frame-header', '.page-tabs');
  await fits(page);
  // back to an earlier page: its tab is scrolled into view
  await page.goBack();
  await page.goBack();
  await page.goBack();
  await expect(page.getByTestId('frame-title')).toHaveText('费用申请');
  const back = await tabs.locator('.ant-tabs-tab-active').boundingBox();
  expect(back!.x).toBeGreaterThanOrEqual(0);
  expect(back!.x + back!.width).toBeLessThanOrEqual(WIDTH + 0.5);
  await fits(page);

  // the personal center and a page that does not exist fit too
  await page.goto('/web/system/geRenZhongXin');
  await expect(page.getByTestId('personal-center')).toBeVisible();
  await expect
    .poll(() =>
      page
        .locator('[data-testid="change-password"] input')
        .first()
        .evaluate((el) => getComputedStyle(el).fontSize),
    )
    .toBe(`${VIEWPORT.phoneInputFontPx}px`);
  await fits(page);
  await axe(page);
  await page.goto('/web/system/noSuchPageWithAVeryLongNameThatWouldNotFitOnAPhone');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await fits(page);
  await axe(page);
  // a menu route without a definition, and an area's index
  await page.goto('/web/report/kanBan/dashBoard');
  await expect(page.getByTestId('not-configured')).toBeVisible();
  await fits(page);
  await axe(page);
  await page.goto('/web/gongYingLian');
  await expect(page.getByTestId('area-index').locator('.ant-card').first()).toBeVisible();
  await fits(page);
  await axe(page);
});

test('dealer at 360 px: home and a dealer page through the drawer', async ({ page, request }) => {
  await page.addInitScript(
    (s) => {
      if (sessionStorage.getItem('__seeded')) return;
      sessionStorage.setItem('__seeded', '1');
      for (const [k, v] of Object.entries(s as Record<string, unknown>)) {
        if (v !== null && v !== undefined && v !== '') sessionStorage.setItem(k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v));
      }
      localStorage.setItem('isLogin', '1');
      localStorage.setItem('isDealer', '1');
    },
    await dealerLogin(request),
  );
  await page.goto('/web/dp/shouYe');
  await expect(page.getByTestId('dealer-home')).toBeVisible();
  const toggle = page.getByRole('button', { name: '打开菜单' });
  await touchSized(toggle);
  await touchSized(page.getByRole('button', { name: '切换语言' }));
  await touchSized(page.getByRole('button', { name: /^用户菜单/ }));
  await fits(page);
  await axe(page);

  await toggle.tap();
  const drawer = await drawerSettled(page);
  const help = drawer.getByRole('link', { name: '帮助中心' });
  await touchSized(help);
  await axe(page, '.ant-drawer-open');
  await help.tap();
  await expect(page).toHaveURL(/\/web\/dp\/bangZhuZhongXin$/);
  await expect(page.getByTestId('dealer-help')).toBeVisible();
  await expect(page.locator('.ant-drawer-open')).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await fits(page);
  await axe(page);

  // the user menu: the dealer's name and sign out
  await page.getByRole('button', { name: /^用户菜单/ }).tap();
  await expect(page.getByTestId('logout')).toBeVisible();
  await touchSized(page.locator('.ant-dropdown-menu-item').filter({ has: page.getByTestId('logout') }));
});

test.describe('from the tablet width up', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });
  test("the desktop keeps antd's sizes and the side menu", async ({ page, request }) => {
    await withSession(page, await apiLogin(request, 'zhangwei', 'Demo@123'));
    await page.goto(WORKBENCH);
    await expect(page.getByTestId('workbench')).toBeVisible();
    await expect(page.getByTestId('side-menu')).toContainText('费用管理');
    await expect(page.getByRole('button', { name: '打开菜单' })).toHaveCount(0);
    await expect(page.getByTestId('language-select')).toBeVisible();
    const view = await page.getByTestId('lookup-view').boundingBox();
    expect(view!.height).toBe(32);
    expect(await page.getByTestId('lookup-number').evaluate((el) => getComputedStyle(el).fontSize)).toBe('14px');
  });

  test('the desktop strip of open pages: links with close buttons, axe-clean with two pages open (no tablist holding buttons)', async ({ page, request }) => {
    await withSession(page, await apiLogin(request, 'zhangwei', 'Demo@123'));
    await page.goto(WORKBENCH);
    await expect(page.getByTestId('workbench')).toBeVisible();
    // a second page through the side menu (a reload would start a new set of open pages)
    const menu = page.getByTestId('side-menu');
    const entry = menu.getByRole('menuitem', { name: '费用申请', exact: true });
    if (!(await entry.isVisible())) await menu.getByRole('menuitem', { name: '费用管理' }).click();
    await entry.click();
    await expect(page).toHaveURL(new RegExp(`${APPLICATIONS}$`));
    const tabs = page.getByTestId('page-tabs');
    await expect(tabs.locator('li')).toHaveCount(2);
    await expect(tabs.getByRole('link', { name: '费用申请' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('tablist')).toHaveCount(0);
    // antd's sizes on a desktop: a 32 px row, not a thumb's 44 px
    const link = await tabs.getByRole('link', { name: '费用申请' }).boundingBox();
    expect(link!.height).toBe(32);
    await axe(page, '.frame-header', '.page-tabs');
    await tabs.getByRole('button', { name: '关闭 费用申请' }).click();
    await expect(page.getByTestId('workbench')).toBeVisible();
    await expect(tabs.locator('li')).toHaveCount(1);
  });
});
