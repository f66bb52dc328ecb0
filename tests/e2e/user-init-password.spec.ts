// User init password (issue 16: "a reset by an admin ends the user's other sessions"): the admin
// opens 系统管理 → 用户初始化密码, resets zhangwei's password; zhangwei's open session (another
// browser context) is sent to the login page on its next request; the new password signs in.
import { expect, test } from '@playwright/test';
import { apiLogin, chooseOption, withSession } from './fixtures';

const PAGE = '/web/system/yongHu/chuShiMiMa';
const NEW_PASSWORD = 'Reset2026x';
let zhangweiId = '';

// the specs after this one sign zhangwei in with the demo password: give it back
test.afterAll(async ({ request }) => {
  if (!zhangweiId) return;
  const admin = await apiLogin(request, 'admin', 'Admin@123');
  const r = await request.post('/emp/api/v2/user/initPassword', {
    headers: { empSessionId: String(admin.empSessionId ?? admin.mytoken) },
    data: { userId: zhangweiId, newPassword: 'Demo@123' },
  });
  expect(((await r.json()) as { code: number }).code).toBe(0);
});

test('an administrator resets a password: the user is signed out everywhere and signs in with the new one', async ({ browser, request }) => {
  // zhangwei is signed in, in a browser of their own
  const theirs = await browser.newContext();
  const user = await theirs.newPage();
  const session = await apiLogin(request, 'zhangwei', 'Demo@123');
  zhangweiId = String(session.userId);
  await withSession(user, session);
  await user.goto('/web/system/gongZuoTai');
  await expect(user.getByTestId('employee-frame')).toBeVisible();

  // the administrator finds the page in the menu
  const mine = await browser.newContext();
  const admin = await mine.newPage();
  await withSession(admin, await apiLogin(request, 'admin', 'Admin@123'));
  await admin.goto('/web/system/gongZuoTai');
  const menu = admin.getByTestId('side-menu');
  await menu.getByText('系统管理', { exact: true }).click();
  await menu.getByText('用户初始化密码', { exact: true }).click();
  await expect(admin).toHaveURL(new RegExp(`${PAGE}$`));
  const page = admin.getByTestId('user-init-password');
  await expect(page.getByText('用户初始化密码').first()).toBeVisible();

  // nothing picked, passwords that differ: field errors, nothing sent
  await page.getByTestId('uip-new').fill(NEW_PASSWORD);
  await page.getByTestId('uip-confirm').fill('Other2026x');
  await page.getByTestId('uip-submit').click();
  await expect(page.getByText('必填')).toBeVisible();
  await expect(page.getByText('两次输入的新密码不一致')).toBeVisible();

  await chooseOption(admin, page.getByTestId('uip-user'), 'zhangwei', 'zhangwei');
  await page.getByTestId('uip-confirm').fill(NEW_PASSWORD);
  await page.getByTestId('uip-submit').click();
  const confirm = admin.getByRole('dialog');
  await expect(confirm).toContainText('确认重置密码？');
  await expect(confirm).toContainText('zhangwei');
  await confirm.getByRole('button', { name: '重置密码' }).click();
  await expect(admin.getByText(/已重置 .*zhangwei.* 的密码/)).toBeVisible();

  // the administrator's own session stays
  await admin.reload();
  await expect(admin.getByTestId('user-init-password')).toBeVisible();

  // zhangwei's open session: the next request answers 401, the 提醒 dialog sends them to the login page
  await user.reload();
  const expired = user.locator('.ant-modal-confirm');
  await expect(expired.locator('.ant-modal-confirm-title')).toHaveText('提醒');
  await expired.getByRole('button').click();
  await expect(user).toHaveURL(/\/web\/login/);
  // the old password no longer signs in, the new one does
  await user.getByTestId('login-username').fill('zhangwei');
  await user.getByTestId('login-password').fill('Demo@123');
  await user.getByTestId('login-submit').click();
  await expect(user.getByTestId('login-error')).toContainText('用户名或密码错误');
  await user.getByTestId('login-password').fill(NEW_PASSWORD);
  await user.getByTestId('login-submit').click();
  await expect(user.getByTestId('employee-frame')).toBeVisible();

  await theirs.close();
  await mine.close();
});
