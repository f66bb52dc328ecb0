// The app shell against the real server: login, guard, exceptions, expired sessions, the
// lookup flow, languages, the loading overlay and logout.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

const EXPIRED_TEXT = '您未登录系统或太久未操作，已自动退出系统，点击确定重新登录？';

async function apiLogin(request: APIRequestContext, username: string, password: string, dealer = false): Promise<Record<string, unknown>> {
  const path = dealer ? '/tpm/dp/commons/check/check-login.action' : '/emp/api/v2/login';
  const r = await request.post(path, { form: { username, password } });
  const body = (await r.json()) as { code: number; data: Record<string, unknown>; msg: string };
  expect(body.code, body.msg).toBe(0);
  return body.data;
}

/** Open the app with a session already in sessionStorage (as the login page leaves it). */
async function withSession(page: Page, session: Record<string, unknown>, dealer = false) {
  await page.addInitScript(
    ([s, d]) => {
      if (sessionStorage.getItem('__seeded')) return;
      sessionStorage.setItem('__seeded', '1');
      for (const [k, v] of Object.entries(s as Record<string, unknown>)) {
        if (v !== null && v !== undefined && v !== '') sessionStorage.setItem(k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v));
      }
      localStorage.setItem('isLogin', '1');
      localStorage.setItem('isDealer', d ? '1' : '0');
    },
    [session, dealer] as const,
  );
}

async function loginThroughUi(page: Page, username: string, password: string) {
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

test.describe('login', () => {
  test('an employee signs in and lands on the workbench with menu, tabs and watermark', async ({ page }) => {
    await page.goto('/web/login');
    await expect(page).toHaveTitle('企业营销门户');
    await loginThroughUi(page, 'zhangwei', 'Demo@123');
    await expect(page).toHaveURL(/\/web\/system\/gongZuoTai$/);
    await expect(page.getByTestId('workbench')).toContainText('张伟');
    await expect(page.getByTestId('side-menu')).toContainText('费用管理');
    await expect(page.getByTestId('page-tabs')).toContainText('工作台');
    await expect(page.getByTestId('watermark')).toHaveAttribute('data-watermark', /^张伟 13916002345 \d{8}$/);
    const session = await page.evaluate(() => ({
      mytoken: sessionStorage.getItem('mytoken'),
      dealerId: sessionStorage.getItem('dealerId'),
      userId: sessionStorage.getItem('userId'),
    }));
    expect(session.mytoken).toBeTruthy();
    expect(session.dealerId).toBeNull();
    expect(session.userId).toMatch(/^\d{19}$/);
  });

  test('a dealer signs in on the dealer login and lands on the dealer home', async ({ page }) => {
    await page.goto('/web/dp/login');
    await expect(page).toHaveTitle('经销商门户');
    await loginThroughUi(page, 'dealer01', 'Demo@123');
    await expect(page).toHaveURL(/\/web\/dp\/shouYe$/);
    await expect(page.getByTestId('dealer-home')).toBeVisible();
    await expect(page).toHaveTitle('经销商门户');
    expect(await page.evaluate(() => sessionStorage.getItem('dealerId'))).toMatch(/^\d{19}$/);
  });

  test('a bad password is refused with the server message', async ({ page }) => {
    await page.goto('/web/login');
    await loginThroughUi(page, 'lina', 'wrong-password');
    await expect(page.getByTestId('login-error')).toContainText('用户名或密码错误');
    await expect(page).toHaveURL(/\/web\/login/);
    expect(await page.evaluate(() => sessionStorage.getItem('mytoken'))).toBeNull();
  });

  test('the QR tab shows a QR code that a signed-in phone confirms', async ({ page, browser, request }) => {
    await page.goto('/web/loginWx');
    const img = page.getByTestId('qr-image');
    await expect(img).toBeVisible();
    const ticket = await img.getAttribute('data-ticket');
    expect(ticket).toBeTruthy();
    // the phone: signed in, opens the QR code's address and confirms
    const session = await apiLogin(request, 'zhangwei', 'Demo@123');
    const phone = await browser.newPage();
    await withSession(phone, session);
    await phone.goto(`/web/loginWx?ticket=${encodeURIComponent(ticket!)}`);
    await phone.getByTestId('qr-confirm').click();
    await expect(phone.getByTestId('qr-confirm-done')).toBeVisible();
    await phone.close();
    await expect(page).toHaveURL(/\/web\/system\/gongZuoTai$/, { timeout: 15_000 });
    await expect(page.getByTestId('user-name')).toHaveText('张伟');
  });
});

test.describe('guard (spec §4)', () => {
  test('without a token navigation goes to the login page with a timestamp', async ({ page }) => {
    const before = Date.now();
    await page.goto('/web/emp/feiYong/jieAn/feiYongJieAnList');
    await expect(page).toHaveURL(/\/web\/login\?t=\d+/);
    const url = new URL(page.url());
    expect(Number(url.searchParams.get('t'))).toBeGreaterThanOrEqual(before);
    expect(url.searchParams.get('redirect')).toBe('/web/emp/feiYong/jieAn/feiYongJieAnList');
    await loginThroughUi(page, 'zhangwei', 'Demo@123');
    await expect(page).toHaveURL(/\/web\/emp\/feiYong\/jieAn\/feiYongJieAnList$/);
  });

  test('the root goes through welcome to the login, and with a session to the main page', async ({ page, request }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/web\/login\?t=\d+/);
    await expect(page.getByTestId('app-root')).toBeVisible();
    const session = await apiLogin(request, 'zhangwei', 'Demo@123');
    await withSession(page, session);
    await page.goto('/');
    await expect(page).toHaveURL(/\/web\/system\/gongZuoTai$/);
  });

  test('a dealer session goes from welcome to the dealer home', async ({ page, request }) => {
    const session = await apiLogin(request, 'dealer01', 'Demo@123', true);
    await withSession(page, session, true);
    await page.goto('/web/welcome');
    await expect(page).toHaveURL(/\/web\/dp\/shouYe$/);
  });

  for (const path of [
    '/web/login',
    '/web/loginWx',
    '/web/dp/login',
    '/web/dp/shouYe',
    '/web/dp/guanYuWoMen',
    '/maintenance',
    '/web/activitiesconfirmation',
    '/web/activitiesconfirmation/info',
  ]) {
    test(`${path} needs no token`, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname).toBe(path);
    });
  }

  test('empSessionId in the address is stored in session', async ({ page }) => {
    await page.goto('/web/login?empSessionId=abc-123');
    await expect(page.getByTestId('login-page')).toBeVisible();
    // the sign-in page is painted from its prerendered HTML before the app starts: wait for it
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('empSessionId'))).toBe('abc-123');
  });
});

test.describe('expired session (spec §8)', () => {
  test('an employee sees one 提醒 dialog and goes to the employee login', async ({ page, request }) => {
    const session = await apiLogin(request, 'zhangwei', 'Demo@123');
    await withSession(page, session);
    await page.goto('/web/system/gongZuoTai');
    await expect(page.getByTestId('side-menu')).toContainText('费用管理');
    // the session ends on the server (signed out elsewhere)
    const r = await request.post('/emp/api/v2/logout', {
      headers: { Authorization: String(session.mytoken), token: String(session.token), empSessionId: String(session.empSessionId) },
    });
    expect(r.ok()).toBe(true);
    // two calls fail at once: the page's menu and a lookup
    await page.goto('/web/emp/feiYong/shenQing/shenQingDanChaKan?number=FW1');
    const dialog = page.locator('.ant-modal-confirm');
    await expect(dialog).toHaveCount(1);
    await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('提醒');
    await expect(dialog).toContainText(EXPIRED_TEXT);
    await dialog.getByRole('button').click();
    await expect(page).toHaveURL(/\/web\/login/);
    expect(await page.evaluate(() => [sessionStorage.getItem('mytoken'), localStorage.getItem('isLogin')])).toEqual([null, null]);
  });

  test('a dealer sees the dialog and goes to the dealer login', async ({ page, request }) => {
    const session = await apiLogin(request, 'dealer01', 'Demo@123', true);
    await withSession(page, session, true);
    await request.post('/emp/api/v2/logout', {
      headers: { Authorization: String(session.mytoken), token: String(session.token), empSessionId: String(session.empSessionId) },
    });
    await page.goto('/web/dp/shouYe');
    const dialog = page.locator('.ant-modal-confirm');
    await expect(dialog).toContainText(EXPIRED_TEXT);
    await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('提醒');
    await dialog.getByRole('button').click();
    await expect(page).toHaveURL(/\/web\/dp\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem('dealerId'))).toBeNull();
  });
});

test.describe('signed in', () => {
  let session: Record<string, unknown>;
  test.beforeAll(async ({ request }) => {
    session = await apiLogin(request, 'lina', 'Demo@123');
  });
  test.beforeEach(async ({ page }) => {
    await withSession(page, session);
  });

  test('lookup flow messages', async ({ page }) => {
    await page.goto('/web/emp/feiYong/shenQing/shenQingDanChaKan');
    await expect(page.getByTestId('lookup-message')).toHaveText('未获取到申请单编号');
    await page.goto('/web/emp/feiYong/shenQing/shenQingDanChaKan?number=NO-SUCH-NUMBER');
    await expect(page.getByTestId('lookup-message')).toHaveText(/^获取申请单信息异常：.+/);
    await page.route('**/getShenQingDanLeiXing', (route) => route.abort('connectionfailed'));
    await page.goto('/web/emp/feiYong/shenQing/shenQingDanChaKan?number=FW202601010001');
    await expect(page.getByTestId('lookup-message')).toHaveText('获取申请单信息异常');
  });

  test('lookup by number opens the application, its settlement and its write-off view', async ({ page, request }) => {
    const auth = { Authorization: String(session.mytoken), token: String(session.token), empSessionId: String(session.empSessionId) };
    const saved = await request.post('/emp/api/v2/biaoDan/record/save', {
      headers: auth,
      data: { formCode: 'feiYongShenQing', data: { huoDongMingCheng: '华东区端午节陈列活动' }, submit: false },
    });
    const { data } = (await saved.json()) as { data: { id: string; number: string } };
    await page.goto('/web/system/gongZuoTai');
    await page.getByTestId('lookup-number').fill(data.number);
    await page.getByTestId('lookup-view').click();
    await expect(page).toHaveURL(new RegExp(`/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingEdit\\?id=${data.id}&viewType=2$`));
    await expect(page.getByTestId('definition-page')).toHaveAttribute('data-mode', '2');
    await expect(page.getByTestId('definition-page')).toContainText('华东区端午节陈列活动');
    await expect(page.getByTestId('page-tabs')).toContainText('费用申请');
    await page.goto(`/web/emp/feiYong/shenQing/shenQingDanChaKan?number=${data.number}&type=1`);
    await expect(page).toHaveURL(new RegExp(`/web/emp/feiYong/jieAn/feiYongJieAnEditOne\\?shenQingId=${data.id}$`));
    await expect(page.getByTestId('definition-page')).toHaveAttribute('data-form-code', 'feiYongJieAn');
    await expect(page.getByTestId('definition-page')).toContainText(data.number);
    await page.goto(`/web/emp/feiYong/shenQing/shenQingDanChaKan?number=${data.number}&type=2`);
    await expect(page).toHaveURL(new RegExp(`/web/emp/feiYong/heXiao/feiYongHeXiaoEditOne\\?shenQingId=${data.id}$`));
    await expect(page.getByTestId('definition-page')).toHaveAttribute('data-form-code', 'feiYongHeXiao');
  });

  test('a route of the route table renders its definition: list, then add form', async ({ page }) => {
    await page.goto('/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingList');
    const list = page.getByTestId('definition-page');
    // the first business page loads the runtime (grid included) on a cold server
    await expect(list).toHaveAttribute('data-kind', 'list', { timeout: 30_000 });
    await expect(list).toHaveAttribute('data-form-code', 'feiYongShenQing');
    await expect(list).toContainText(/FYSQ\d+/);
    await page.getByTestId('list-add').click();
    await expect(page).toHaveURL(/gtFeiYongShenQingEdit$/);
    await expect(page.getByTestId('definition-page')).toHaveAttribute('data-mode', '0');
    await expect(page.getByTestId('definition-page')).toContainText('活动名称');
    // the area's menu entry: an index of its lists
    await page.goto('/web/keHuGuanLi');
    await page.getByTestId('area-index').getByRole('link', { name: '经销商', exact: true }).click();
    await expect(page).toHaveURL(/\/web\/keHuGuanLi\/jingXiaoShangList$/);
    await expect(page.getByTestId('definition-page')).toHaveAttribute('data-form-code', 'jingXiaoShang');
  });

  test('the workbench lookup box opens the lookup with the number', async ({ page }) => {
    await page.goto('/web/system/gongZuoTai');
    await page.getByTestId('lookup-view').click();
    await expect(page.getByTestId('lookup-message')).toHaveText('未获取到申请单编号');
  });

  test('the loading overlay says 数据加载中，请稍候', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/tpm/system/menu.action', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/web/system/gongZuoTai');
    await expect(page.getByText('数据加载中，请稍候')).toBeVisible();
    release();
    await expect(page.getByText('数据加载中，请稍候')).toBeHidden();
    await expect(page.getByTestId('side-menu')).toContainText('费用管理');
  });

  test('a spec route without a definition shows 未配置; a path in no route table is a 404', async ({ page }) => {
    await page.goto('/web/report/kanBan/dashBoard');
    await expect(page.getByTestId('not-configured')).toContainText('未配置');
    await page.goto('/web/system/noSuchPage');
    await expect(page.getByTestId('not-found')).toContainText('页面不存在');
    await page.goto('/web/gongYingLian/xiLieList');
    await expect(page.getByTestId('not-configured')).toContainText('xiLie');
  });

  test('the personal center shows name, department and mobile', async ({ page }) => {
    await page.goto('/web/system/geRenZhongXin');
    await expect(page.getByTestId('pc-name')).toHaveText('李娜');
    await expect(page.getByTestId('pc-department')).toHaveText('华东大区销售部');
    await expect(page.getByTestId('pc-mobile')).toHaveText('13817203456');
  });

  test('?offWeb=1 shows the page without the portal frame', async ({ page }) => {
    await page.goto('/web/system/gongZuoTai?offWeb=1');
    await expect(page.getByTestId('employee-frame-offweb')).toBeVisible();
    await expect(page.getByTestId('workbench')).toBeVisible();
    await expect(page.getByTestId('side-menu')).toHaveCount(0);
  });

  test('the menu folds away below 992 px', async ({ page }) => {
    await page.setViewportSize({ width: 900, height: 700 });
    await page.goto('/web/system/gongZuoTai');
    await expect(page.getByTestId('workbench')).toBeVisible();
    const box = await page.getByTestId('side-menu').boundingBox();
    expect(box?.width ?? 0).toBeLessThan(5);
    await page.getByTestId('menu-toggle').click();
    await expect.poll(async () => (await page.getByTestId('side-menu').boundingBox())?.width ?? 0).toBeGreaterThan(100);
  });
});

test('language switch: English and back, saved on the server and kept after reload', async ({ page, request }) => {
  const session = await apiLogin(request, 'zhangwei', 'Demo@123');
  await withSession(page, session);
  await page.goto('/web/system/gongZuoTai');
  await expect(page.getByTestId('workbench')).toContainText('欢迎');
  await page.getByTestId('language-select').first().click();
  await page.getByText('English', { exact: true }).click();
  await expect(page.getByTestId('workbench')).toContainText('Welcome');
  await expect(page).toHaveTitle('Enterprise Marketing Portal');
  await page.reload();
  await expect(page.getByTestId('workbench')).toContainText('Welcome');
  const init = await request.post('/emp/api/v2/login/init', {
    headers: { Authorization: String(session.mytoken), token: String(session.token), empSessionId: String(session.empSessionId) },
  });
  expect(((await init.json()) as { data: { duoYuYanType: number } }).data.duoYuYanType).toBe(3);
  await page.getByTestId('language-select').first().click();
  await page.getByText('繁體中文', { exact: true }).click();
  await expect(page.getByTestId('workbench')).toContainText('歡迎');
  await page.getByTestId('language-select').first().click();
  await page.getByText('简体中文', { exact: true }).click();
  await expect(page.getByTestId('workbench')).toContainText('欢迎');
});

test('logout clears the session and the guard sends the user to the login', async ({ page }) => {
  await page.goto('/web/login');
  await loginThroughUi(page, 'zhangwei', 'Demo@123');
  await expect(page).toHaveURL(/\/web\/system\/gongZuoTai$/);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/web\/login$/);
  expect(await page.evaluate(() => [sessionStorage.getItem('mytoken'), sessionStorage.getItem('userId'), localStorage.getItem('isLogin')])).toEqual([
    null,
    null,
    null,
  ]);
  await page.goto('/web/system/gongZuoTai');
  await expect(page).toHaveURL(/\/web\/login\?t=\d+/);
});
