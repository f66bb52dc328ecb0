// Shell behaviour that changes server state for everyone (a locked account, maintenance mode)
// runs against a second real server of its own: same build, fresh database.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

const mainPort = Number(process.env.E2E_PORT ?? 8181);
const port = mainPort + 20;
const base = `http://localhost:${port}`;
let server: ChildProcess | undefined;
let dataDir = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'formwork-e2e-app-'));
  server = spawn(path.resolve('node_modules/.bin/tsx'), ['server/main.ts'], {
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      CLIENT_DIST: path.resolve('.test-out', `dist-${mainPort}`),
      FORMWORK_TEST_MODE: '1',
      LOG_LEVEL: 'warn',
      MAINTENANCE: '0',
    },
  });
  const until = Date.now() + 150_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error('the isolated server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(async () => {
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  await new Promise((r) => setTimeout(r, 1000));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function login(page: Page, username: string, password: string) {
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

async function apiSession(username: string, password: string) {
  const r = await fetch(`${base}/emp/api/v2/login`, { method: 'POST', body: new URLSearchParams({ username, password }) });
  const body = (await r.json()) as { code: number; data: Record<string, string> };
  expect(body.code).toBe(0);
  return body.data;
}

test('an account is locked after too many wrong passwords', async ({ page }) => {
  await page.goto(`${base}/web/login`);
  for (let i = 0; i < 4; i++) {
    await login(page, 'lina', `wrong-${i}`);
    await expect(page.getByTestId('login-error')).toContainText('用户名或密码错误');
    await expect(page.getByTestId('login-submit')).toBeEnabled();
  }
  await login(page, 'lina', 'wrong-5');
  await expect(page.getByTestId('login-error')).toContainText('登录失败次数过多');
  // even the right password is refused while the lock lasts
  await login(page, 'lina', 'Demo@123');
  await expect(page.getByTestId('login-error')).toContainText('登录失败次数过多');
  await expect(page).toHaveURL(/\/web\/login/);
});

test('maintenance mode sends users to /maintenance, and back when it ends', async ({ page }) => {
  const admin = await apiSession('admin', 'Admin@123');
  const s = await apiSession('zhangwei', 'Demo@123');
  await page.addInitScript((values) => {
    if (sessionStorage.getItem('__seeded')) return;
    sessionStorage.setItem('__seeded', '1');
    for (const [k, v] of Object.entries(values)) if (v !== null && v !== '' && typeof v !== 'boolean') sessionStorage.setItem(k, String(v));
  }, s);
  await page.goto(`${base}/web/system/gongZuoTai`);
  await expect(page.getByTestId('side-menu')).toContainText('费用管理');

  const toggle = (enabled: boolean) =>
    fetch(`${base}/emp/api/v2/maintenance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Authorization: admin.mytoken, token: admin.token, empSessionId: admin.empSessionId },
      body: JSON.stringify({ enabled }),
    });
  expect((await toggle(true)).ok).toBe(true);
  try {
    await page.goto(`${base}/web/system/geRenZhongXin`);
    await expect(page).toHaveURL(/\/maintenance$/);
    await expect(page.getByTestId('maintenance-page')).toContainText('系统维护中');
    // a fresh visit to the login page lands there too: its first call answers -999999
    await page.goto(`${base}/web/login`);
    await expect(page).toHaveURL(/\/maintenance$/);
  } finally {
    expect((await toggle(false)).ok).toBe(true);
  }
  await page.getByRole('button', { name: '重新进入' }).click();
  await expect(page).toHaveURL(/\/web\/system\/gongZuoTai$/);
});
