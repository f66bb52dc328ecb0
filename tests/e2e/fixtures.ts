// Shared helpers of the e2e specs: sign in through the real API and start a page with that
// session already in storage (the way the login page leaves it).
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export async function apiLogin(request: APIRequestContext, username: string, password: string): Promise<Record<string, unknown>> {
  const r = await request.post('/emp/api/v2/login', { form: { username, password } });
  const body = (await r.json()) as { code: number; data: Record<string, unknown>; msg: string };
  expect(body.code, body.msg).toBe(0);
  return body.data;
}

export async function withSession(page: Page, session: Record<string, unknown>) {
  await page.addInitScript((s) => {
    if (sessionStorage.getItem('__seeded')) return;
    sessionStorage.setItem('__seeded', '1');
    for (const [k, v] of Object.entries(s as Record<string, unknown>)) {
      if (v !== null && v !== undefined && v !== '') sessionStorage.setItem(k, typeof v === 'boolean' ? (v ? '1' : '0') : String(v));
    }
    localStorage.setItem('isLogin', '1');
    localStorage.setItem('isDealer', '0');
  }, session);
}

/**
 * Open an antd Select / master-data picker by its input id and take its first option. The
 * dropdown may close while its options load or the form re-renders, so reopen and retry.
 */
export async function pickFirst(page: Page, inputId: string) {
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first();
  await expect(async () => {
    if (!(await option.isVisible())) await page.locator(`#${inputId}`).click();
    await option.click({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}
