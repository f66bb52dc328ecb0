// An implementer builds an expense form in the designer without code — a title, a required
// decimal amount, a dealer picker, a date range, a detail sub-form with two columns and a
// total formula, and a rule that makes a field required above an amount — publishes it; then
// an employee opens it, fills it, saves it and finds it in its list.
//
// The form gets a new code that no route of the app's route table names: end users reach it
// through the generic engine routes (/web/system/shiShi/biaoDan/list?code=… and
// /web/system/peiZhi/biaoDan/edit?code=…), which render any published definition and show
// 未配置 for a code that has none yet.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiLogin, chooseOption, pickFirst, withSession } from './fixtures';

const CODE = 'huoDongBuTieShenQing';
const LIST = `/web/system/shiShi/biaoDan/list?code=${CODE}`;
const LIST_URL = new RegExp(`/web/system/shiShi/biaoDan/list\\?code=${CODE}$`);

/** Pick an option of an antd Select by its visible text. */
async function choose(page: Page, select: Locator, option: string) {
  await chooseOption(page, select, option);
}

/** Add a field from the palette, then set its label and key in the property panel. */
async function addField(page: Page, typeId: string, label: string, key: string) {
  await page.getByTestId(`palette-${typeId}`).click();
  const panel = page.getByTestId('property-panel');
  await expect(panel).toBeVisible();
  await page.getByTestId('prop-label-zh-CN').fill(label);
  const keyInput = page.getByTestId('prop-key');
  await keyInput.fill(key);
  await keyInput.press('Enter');
  await expect(panel).toHaveAttribute('data-path', new RegExp(`(^|\\.)${key}$`));
}

test.describe.configure({ mode: 'serial' });

test('an implementer builds and publishes an expense form in the designer, without code', async ({ page: admin, request }) => {
  test.setTimeout(300_000);
  await withSession(admin, await apiLogin(request, 'admin', 'Admin@123'));
  // before it is published the engine route has nothing to show
  await admin.goto(LIST);
  await expect(admin.getByTestId('not-configured')).toBeVisible({ timeout: 20_000 });
  await admin.goto('/web/system/peiZhi/biaoDanList');
  await admin.getByTestId('form-create').click();
  await admin.getByTestId('create-code').fill(CODE);
  await admin.getByTestId('create-name').fill('活动补贴申请');
  await admin.getByTestId('create-submit').click();
  await expect(admin.getByTestId('form-designer')).toBeVisible();

  await addField(admin, 'text', '标题', 'subject');
  await admin.getByTestId('prop-required').click();
  await addField(admin, 'decimal', '申请金额', 'amount');
  await admin.getByTestId('prop-required').click();
  await addField(admin, 'dealer', '经销商', 'dealer');
  await addField(admin, 'date', '活动期间', 'period');
  await admin.getByTestId('prop-range').click();
  await addField(admin, 'textarea', '费用说明', 'remark');
  await addField(admin, 'subForm', '费用明细', 'detail');
  // with the sub-form selected, palette entries become its columns
  await addField(admin, 'text', '费用项目', 'item');
  await addField(admin, 'decimal', '金额', 'lineAmount');
  const zone = admin.getByTestId('subform-zone-detail');
  await expect(zone.getByTestId('canvas-field-detail.item')).toBeVisible();
  await expect(zone.getByTestId('canvas-field-detail.lineAmount')).toBeVisible();

  // the rule: above 10000 the explanation is required
  await admin.getByRole('tab', { name: '联动与公式' }).click();
  await admin.getByTestId('add-rule').click();
  const rule = admin.locator('[data-testid^="rule-rule"]').first();
  const cond = rule.getByTestId('rule-condition').first();
  await choose(admin, cond.getByLabel('字段'), '申请金额');
  await choose(admin, cond.getByLabel('比较'), '大于');
  await cond.getByTestId('rule-value').fill('10000');
  const then = rule.locator('[data-testid$="-then"]');
  await choose(admin, then.getByLabel('动作'), '必填');
  await choose(admin, then.getByLabel('目标字段'), '费用说明');
  // the total formula: amount = sum of the detail amounts
  await admin.getByTestId('add-formula').click();
  const formula = admin.locator('[data-testid^="formula-formula"]').first();
  await choose(admin, formula.getByLabel('计算结果写入'), '申请金额');
  await choose(admin, formula.getByLabel('类型'), '列合计');
  await expect(formula.getByTestId('formula-text')).toContainText('合计([金额])');

  // publish: no validation errors, the diff against nothing (first version), confirm
  await admin.getByTestId('publish').click();
  await expect(admin.getByTestId('publish-diff')).toContainText('申请金额');
  await admin.getByTestId('publish-confirm').click();
  await expect(admin.getByText('已发布第 1 版', { exact: true })).toBeVisible();
  await admin.goto('/web/system/peiZhi/biaoDanList');
  await admin.getByTestId('form-list-search').locator('input').fill(CODE);
  await admin.getByTestId('form-list-search').locator('input').press('Enter');
  await expect(admin.getByTestId(`status-${CODE}`)).toHaveText('已发布', { timeout: 20_000 });
  // the form list opens the published form as its end users see it
  await admin.getByTestId(`open-${CODE}`).click();
  await expect(admin).toHaveURL(/\/web\/system\/shiShi\/biaoDan\/list\?code=huoDongBuTieShenQing$/);
  const page = admin.getByTestId('definition-page');
  await expect(page).toHaveAttribute('data-form-code', CODE, { timeout: 20_000 });
  await expect(page).toHaveAttribute('data-kind', 'list');
  await expect(page.getByRole('heading', { name: '活动补贴申请' })).toBeVisible();
});

test('an employee fills the published form, saves it and finds it in its list', async ({ page: user, request }) => {
  test.setTimeout(300_000);
  await withSession(user, await apiLogin(request, 'zhangwei', 'Demo@123'));
  // the form's list on the engine route, then 新增
  await user.goto(LIST);
  await expect(user.getByTestId('definition-page')).toHaveAttribute('data-kind', 'list', { timeout: 30_000 });
  await user.getByTestId('list-add').click();
  await expect(user).toHaveURL(/\/web\/system\/peiZhi\/biaoDan\/edit\?code=huoDongBuTieShenQing$/);
  await expect(user.getByTestId('definition-page')).toHaveAttribute('data-mode', '0');
  const form = user.getByTestId('definition-form');
  await expect(form).toBeVisible({ timeout: 30_000 });
  await user.locator('#fw-subject').fill('华东区陈列费补发票');
  await pickFirst(user, 'fw-dealer');
  // the range picker: type the start and the end in their inputs, never Enter (it submits the form)
  await user.locator('#fw-period').click();
  await user.keyboard.type('2026-11-01');
  await user.locator('#fw-period-end').click();
  await user.keyboard.type('2026-11-30');
  await user.locator('#fw-subject').click();
  await expect(user.locator('#fw-period')).toHaveValue('2026-11-01');
  await expect(user.locator('#fw-period-end')).toHaveValue('2026-11-30');
  await user.getByTestId('add-row-detail').click();
  await user.getByTestId('cell-detail.0.item').locator('input').fill('陈列费');
  await user.getByTestId('cell-detail.0.lineAmount').locator('input').fill('8000.50');
  await user.getByTestId('add-row-detail').click();
  await user.getByTestId('cell-detail.1.item').locator('input').fill('促销员费');
  await user.getByTestId('cell-detail.1.lineAmount').locator('input').fill('4000');
  // the formula totals the rows (decimal-exact); above 10000 the explanation becomes required
  await expect(user.getByTestId('field-amount')).toContainText(/12,?000\.50/);
  await user.getByTestId('submit').click();
  await expect(user.getByTestId('field-remark')).toContainText(/必填|不能为空|请填写/);
  await user.locator('#fw-remark').fill('两家门店陈列与促销员费用');
  await user.getByTestId('submit').click();
  await expect(user.getByTestId('form-errors')).toHaveCount(0);
  // saved: the address names the new record (19-digit id), shown read-only after submitting
  await expect(user).toHaveURL(/\/web\/system\/peiZhi\/biaoDan\/edit\?code=huoDongBuTieShenQing&id=\d{19}&type=2&viewType=2$/, { timeout: 20_000 });
  await expect(user.getByTestId('definition-page')).toHaveAttribute('data-mode', '2');
  const id = new URL(user.url()).searchParams.get('id')!;

  // ---- and finds it in the form's list, and opens it from there ----
  await user.getByTestId('engine-to-list').click();
  await expect(user).toHaveURL(LIST_URL);
  await expect(user.getByText('华东区陈列费补发票').first()).toBeVisible({ timeout: 20_000 });
  await user.getByTestId(`row-view-${id}`).click();
  await expect(user).toHaveURL(new RegExp(`/web/system/peiZhi/biaoDan/edit\\?code=${CODE}&id=${id}&type=2$`));
  await expect(user.getByTestId('definition-page')).toHaveAttribute('data-mode', '2');
  await expect(user.getByTestId('field-subject')).toContainText('华东区陈列费补发票', { timeout: 20_000 });
});
