// The designer gives a form's texts in three locales (issue 16): an implementer labels a field in
// zh-CN and en-US, gives a dropdown option its English text through the option's globe button,
// sees the missing translations counted in the toolbar, publishes; a user in en-US sees the
// English texts, and the zh-CN text where no English was given (never the type's default name).
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, withSession } from './fixtures';

const CODE = 'i18nDemoForm';

async function addField(page: Page, typeId: string, zh: string, key: string) {
  await page.getByTestId(`palette-${typeId}`).click();
  const panel = page.getByTestId('property-panel');
  await expect(panel).toBeVisible();
  await page.getByTestId('prop-label-zh-CN').fill(zh);
  const keyInput = page.getByTestId('prop-key');
  await keyInput.fill(key);
  await keyInput.press('Enter');
  await expect(panel).toHaveAttribute('data-path', key);
}

test('a field labelled in English in the designer shows its English label to an en-US user', async ({ page: admin, browser, request }) => {
  test.setTimeout(300_000);
  await withSession(admin, await apiLogin(request, 'admin', 'Admin@123'));
  await admin.goto('/web/system/peiZhi/biaoDanList');
  await admin.getByTestId('form-create').click();
  await admin.getByTestId('create-code').fill(CODE);
  await admin.getByTestId('create-name').fill('多语言演示');
  await admin.getByTestId('create-submit').click();
  await expect(admin.getByTestId('form-designer')).toBeVisible();
  const count = admin.getByTestId('missing-translations-button');
  const before = Number(await count.getAttribute('data-count'));

  await addField(admin, 'text', '报销事由', 'reason');
  // the type's default English name went with the zh-CN rename: en-US is empty, counted as missing
  await expect(admin.getByTestId('prop-label-en-US')).toHaveValue('');
  await expect(count).toHaveAttribute('data-count', String(before + 1));
  await admin.getByTestId('prop-label-en-US').fill('Reason for claim');
  await admin.getByTestId('prop-label-zh-TW').fill('報銷事由');
  await expect(count).toHaveAttribute('data-count', String(before));

  await addField(admin, 'select', '费用类型', 'kind');
  await admin.getByTestId('prop-label-en-US').fill('Expense type');
  await admin.getByTestId('prop-options-0-label-zh-CN').fill('差旅');
  await admin.getByTestId('prop-options-0-label-translations').click();
  await admin.getByTestId('prop-options-0-label-en-US').fill('Travel');
  await admin.getByTestId('prop-options-0-label-zh-TW').fill('差旅');
  await addField(admin, 'text', '备注说明', 'note');

  // the list: the form name, 费用类型 (zh-TW) and 备注说明 lack translations; picking one selects its field
  await count.click();
  const list = admin.getByTestId('missing-translations');
  await expect(list.locator('[data-testid="missing-translation"][data-path="note"]')).toBeVisible();
  await list.locator('[data-testid="missing-translation"][data-path="kind"]').click();
  await expect(admin.getByTestId('property-panel')).toHaveAttribute('data-path', 'kind');

  await admin.getByTestId('publish').click();
  await admin.getByTestId('publish-confirm').click();
  await expect(admin.getByText('已发布第 1 版', { exact: true })).toBeVisible();

  // an en-US user opens the new-record form
  const context = await browser.newContext();
  const user = await context.newPage();
  await withSession(user, await apiLogin(request, 'zhangwei', 'Demo@123'));
  await user.addInitScript(() => localStorage.setItem('duoYuYanType', '3'));
  await user.goto(`/web/system/peiZhi/biaoDan/edit?code=${CODE}`);
  const form = user.getByTestId('definition-form');
  await expect(form).toBeVisible({ timeout: 30_000 });
  await expect(form.getByText('Reason for claim', { exact: true })).toBeVisible();
  await expect(form.getByText('Expense type', { exact: true })).toBeVisible();
  // no English given: the zh-CN label, not the type's default name "Single-line text"
  await expect(form.getByText('备注说明', { exact: true })).toBeVisible();
  await expect(form.getByText('Single-line text')).toHaveCount(0);
  await expect(form.getByText('报销事由')).toHaveCount(0);
  await form.getByRole('combobox').first().click();
  await expect(user.locator('.ant-select-dropdown').getByText('Travel', { exact: true })).toBeVisible();
  await context.close();
});
