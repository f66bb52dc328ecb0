// Issue 16: two administrators edit the same form in the designer. The first one's autosave
// lands; the second one's save names the draft version it loaded, the server refuses it (409)
// and the designer offers 重新加载 (the server's draft: the first admin's change) or 覆盖
// (save again over the current version: the second admin's change wins).
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEFINITION_SCHEMA_VERSION } from '../../schemas/definition';
import { TC } from '../../schemas/typeCodes';
import { apiLogin, withSession } from './fixtures';

const CODE = `conflictForm${Date.now().toString(36)}`;
const BUILD = `/web/system/peiZhi/biaoDan/build?code=${CODE}`;

async function adminPage(browser: Browser, request: APIRequestContext): Promise<Page> {
  // each admin in a browser context (and a session) of their own
  const context = await browser.newContext();
  const page = await context.newPage();
  await withSession(page, await apiLogin(request, 'admin', 'Admin@123'));
  await page.goto(BUILD);
  await expect(page.getByTestId('form-designer')).toBeVisible({ timeout: 30_000 });
  return page;
}

/** Select the subject field on the canvas and type a new label (the autosave follows). */
async function relabel(page: Page, label: string) {
  await page.getByTestId('canvas-field-subject').click();
  await page.getByTestId('prop-label-zh-CN').fill(label);
}

const saved = (page: Page) => expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });

test('a stale draft save offers reload or overwrite; reload shows the other admin’s change, overwrite wins', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const token = (await apiLogin(request, 'admin', 'Admin@123')).mytoken as string;
  const headers = { token, authorization: token, empsessionid: token };
  const draft = {
    schemaVersion: DEFINITION_SCHEMA_VERSION,
    code: CODE,
    name: { 'zh-CN': '冲突测试表单' },
    version: 0,
    formType: 80021,
    fields: [{ key: 'subject', type: TC.TEXT, label: { 'zh-CN': '标题' } }],
  };
  const created = await request.post('/tpm/emp/system/commons/biaoDan/edit-save.action', { headers, data: { definition: draft, draftVersion: 0 } });
  expect(created.status(), await created.text()).toBe(200);
  const serverLabel = async () => {
    const r = await request.post('/tpm/emp/system/commons/biaoDan/edit-init.action', { headers, data: { code: CODE } });
    const d = (await r.json()).data as { draft: { fields: { key: string; label: { 'zh-CN': string } }[] } };
    return d.draft.fields.find((f) => f.key === 'subject')!.label['zh-CN'];
  };

  const first = await adminPage(browser, request);
  const second = await adminPage(browser, request);

  // the first admin's change saves
  await relabel(first, '管理员甲的标题');
  await saved(first);
  expect(await serverLabel()).toBe('管理员甲的标题');

  // the second admin saves over the version both loaded: the dialog, and nothing overwritten
  await relabel(second, '管理员乙的标题');
  const dialog = second.getByRole('dialog', { name: '表单已被他人修改' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(second.getByTestId('save-status')).toHaveAttribute('data-state', 'conflict');
  expect(await serverLabel()).toBe('管理员甲的标题');

  // 重新加载: the server's draft, the first admin's change
  await dialog.getByRole('button', { name: '重新加载' }).click();
  await expect(dialog).toBeHidden();
  await expect(second.getByTestId('canvas-field-subject')).toContainText('管理员甲的标题');
  await saved(second);

  // again: the first admin saves, the second (still on the version it reloaded) conflicts …
  await relabel(first, '管理员甲第二次');
  await saved(first);
  await relabel(second, '管理员乙覆盖');
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  expect(await serverLabel()).toBe('管理员甲第二次');
  // … and 覆盖: the second admin's copy wins
  // (antd spaces a two-character label: 覆 盖)
  await dialog.getByRole('button', { name: /^覆\s?盖$/ }).click();
  await expect(dialog).toBeHidden();
  await saved(second);
  expect(await serverLabel()).toBe('管理员乙覆盖');

  // the first admin is now the stale one: its next save gets the dialog in turn
  await relabel(first, '管理员甲第三次');
  await expect(first.getByRole('dialog', { name: '表单已被他人修改' })).toBeVisible({ timeout: 15_000 });
  expect(await serverLabel()).toBe('管理员乙覆盖');
});
