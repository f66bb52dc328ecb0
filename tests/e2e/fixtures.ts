// Shared helpers of the e2e specs: sign in through the real API and start a page with that
// session already in storage (the way the login page leaves it).
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

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
 * Open an antd Select / master-data picker by its input id and take its first option, then
 * check the picker holds a value. The option is looked up in this select's own dropdown (the
 * one holding its `<id>_list` listbox), never in another picker's dropdown that is still
 * closing. A dropdown may also close while its options load or the form re-renders: reopen
 * and retry.
 */
export async function pickFirst(page: Page, inputId: string) {
  const input = page.locator(`[id="${inputId}"]`);
  const select = page.locator('.ant-select', { has: input }).first();
  const option = page.locator(`.ant-select-dropdown:has([id="${inputId}_list"]) .ant-select-item-option`).first();
  await expect(async () => {
    if (!(await option.isVisible())) await input.click();
    await option.click({ timeout: 5_000 });
    // chosen: the placeholder has given way to the value
    await expect(select.locator('.ant-select-placeholder')).toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
}

/**
 * Pick the option holding `text` in an antd Select (`select`: the select or anything holding its
 * combobox), typing `search` first when given. The option is looked up in this select's own
 * dropdown (the one holding the listbox its combobox controls), never in another select's
 * dropdown that is still closing — an option there stays "not visible" and a click on it waits
 * forever. Reopens and retries when the dropdown closed under it.
 */
export async function chooseOption(page: Page, select: Locator, text: string, search?: string) {
  const box = select
    .getByRole('combobox')
    .or(select.and(page.getByRole('combobox')))
    .first();
  await expect(async () => {
    if ((await box.getAttribute('aria-expanded')) !== 'true') {
      await select.click();
      if (search) await page.keyboard.type(search);
    }
    const list = await box.getAttribute('aria-controls');
    const scope = list ? `.ant-select-dropdown:has([id="${list}"])` : '.ant-select-dropdown:not(.ant-select-dropdown-hidden)';
    await page.locator(`${scope} .ant-select-item-option`, { hasText: text }).first().click({ timeout: 5_000 });
    // The pick took: the select shows it, or (a single select whose label reads otherwise) its
    // list closed. On a loaded machine a click can land while the popup is still being placed
    // (on a phone it flips above the field, then below once the page scrolls): the press and the
    // release then hit different spots, nothing is picked and the list stays open. Once more then.
    await expect(async () => {
      const closed = (await box.getAttribute('aria-expanded')) !== 'true';
      const shows = ((await select.textContent()) ?? '').includes(text);
      expect(closed || shows, `the pick of ${text} took`).toBe(true);
    }).toPass({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
