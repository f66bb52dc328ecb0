// Shells per user type, links only to what the user may open, a real 404, headings by name
// (issue 16), against the real server.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

async function login(request: APIRequestContext, username: string, dealer = false): Promise<Record<string, unknown>> {
  const path = dealer ? '/tpm/dp/commons/check/check-login.action' : '/emp/api/v2/login';
  const password = username === 'admin' ? 'Admin@123' : 'Demo@123';
  const r = await request.post(path, { form: { username, password } });
  const body = (await r.json()) as { code: number; data: Record<string, unknown>; msg: string };
  expect(body.code, body.msg).toBe(0);
  return body.data;
}

async function withSession(page: Page, session: Record<string, unknown>, dealer = false, languageType = 1) {
  await page.addInitScript(
    ([s, d, ty]) => {
      if (sessionStorage.getItem('__seeded')) return;
      sessionStorage.setItem('__seeded', '1');
      for (const [k, v] of Object.entries(s as Record<string, unknown>)) {
        if (v !== null && v !== undefined && v !== '') sessionStorage.setItem(k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v));
      }
      localStorage.setItem('isLogin', '1');
      localStorage.setItem('isDealer', d ? '1' : '0');
      localStorage.setItem('duoYuYanType', String(ty));
    },
    [session, dealer, languageType] as const,
  );
}

test.describe('each shell admits only its own user type', () => {
  test('a dealer session never opens the employee shell', async ({ page, request }) => {
    await withSession(page, await login(request, 'dealer01', true), true);
    for (const p of ['/web/system/gongZuoTai', '/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingList', '/web/system/peiZhi/biaoDanList']) {
      await page.goto(p);
      await expect(page).toHaveURL(/\/web\/dp\/shouYe$/);
      await expect(page.getByTestId('dealer-home')).toBeVisible();
      await expect(page.getByTestId('employee-frame')).toHaveCount(0);
    }
    // an unknown dealer page: 404, home is the dealer home
    await page.goto('/web/dp/noSuchPage');
    await expect(page.getByTestId('not-found')).toContainText('页面不存在');
    await expect(page.getByTestId('not-found-path')).toHaveText('/web/dp/noSuchPage');
    await page.getByTestId('not-found-home').click();
    await expect(page).toHaveURL(/\/web\/dp\/shouYe$/);
  });

  test('an employee never opens the dealer shell', async ({ page, request }) => {
    await withSession(page, await login(request, 'zhangwei'));
    for (const p of ['/web/dp/shouYe', '/web/dp/gongZuoTai', '/web/dp']) {
      await page.goto(p);
      await expect(page).toHaveURL(/\/web\/system\/gongZuoTai$/);
      await expect(page.getByTestId('workbench')).toBeVisible();
      await expect(page.getByTestId('dealer-frame')).toHaveCount(0);
    }
  });
});

test('an employee is offered only what the menu grants; the admin gets the form builder shortcut', async ({ page, browser, request }) => {
  await withSession(page, await login(request, 'zhangwei'));
  await page.goto('/web/system/gongZuoTai');
  const workbench = page.getByTestId('workbench');
  await expect(page.getByTestId('side-menu')).toContainText('费用管理');
  await expect(workbench.getByRole('link', { name: '费用申请' })).toBeVisible();
  await expect(workbench.locator('a[href="/web/system/peiZhi/biaoDanList"]')).toHaveCount(0);
  await expect(page.getByTestId('side-menu')).not.toContainText('表单设置');

  const admin = await browser.newPage();
  await withSession(admin, await login(request, 'admin'));
  await admin.goto('/web/system/gongZuoTai');
  await expect(admin.getByTestId('workbench').locator('a[href="/web/system/peiZhi/biaoDanList"]')).toBeVisible();
  await admin.close();
});

test.describe('not found and not configured', () => {
  test('a path in no route table is a 404 with a way back; a spec route without a page stays 未配置', async ({ page, request }) => {
    await withSession(page, await login(request, 'lina'));
    await page.goto('/web/system/gongZuoTai');
    await expect(page.getByTestId('workbench')).toBeVisible();
    await page.getByTestId('side-menu').getByText('看板').click();
    await expect(page.getByTestId('not-configured')).toContainText('未配置');
    await page.goto('/web/system/noSuchPage');
    await expect(page.getByTestId('not-found')).toContainText('页面不存在');
    await expect(page.getByTestId('not-found-path')).toHaveText('/web/system/noSuchPage');
    await expect(page.getByTestId('employee-frame')).toBeVisible();
    await page.getByTestId('not-found-home').click();
    await expect(page).toHaveURL(/\/web\/system\/gongZuoTai$/);
    // back: the previous page (client-side navigation inside the app, as a link would)
    await page.getByTestId('workbench').locator('a[href="/web/emp/feiYong/jieAn/feiYongJieAnList"]').click();
    await expect(page).toHaveURL(/feiYongJieAnList$/);
    await page.evaluate(() => {
      window.history.pushState({}, '', '/web/emp/feiYong/noSuchList');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByTestId('not-found')).toBeVisible();
    await page.getByTestId('not-found-back').click();
    await expect(page).toHaveURL(/feiYongJieAnList$/);
  });

  test('translated', async ({ page, request }) => {
    await withSession(page, await login(request, 'lina'), false, 3);
    await page.goto('/web/system/noSuchPage');
    await expect(page.getByTestId('not-found')).toContainText('Page not found');
    await expect(page.getByTestId('not-found-home')).toHaveText('Home');
    await expect(page.getByTestId('not-found-back')).toHaveText('Go back');
  });
});

test('headings: a filtered list by its menu name, an area by its name, its pages never by form code', async ({ page, request }) => {
  await withSession(page, await login(request, 'lina'));
  await page.goto('/web/emp/feiYong/jieAn/feiYongDaiJieAnList');
  await expect(page.getByTestId('definition-page').locator('h4')).toHaveText('待结案费用');
  await page.goto('/web/emp/feiYong/heXiao/feiYongDaiHeXiaoList');
  await expect(page.getByTestId('definition-page').locator('h4')).toHaveText('待核销费用');
  await page.goto('/web/gongYingLian');
  const area = page.getByTestId('area-index');
  await expect(area.locator('h4')).toHaveText('供应链');
  await expect(area.getByRole('link', { name: '系列', exact: true })).toBeVisible();
  await expect(area.getByRole('link', { name: 'xiLie' })).toHaveCount(0);
});
