// The runtime against the real server: the seeded expense application (feiYongShenQing) filled
// in mode 0 with a detail sub-form, bad input kept on the page with field errors, saved, seen in
// the list, and opened in modes 1 and 2.
import { expect, test } from '@playwright/test';
import { apiLogin, chooseOption, pickFirst, withSession } from './fixtures';

const EDIT = '/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingEdit';
const LIST = '/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingList';

test.describe('runtime: expense application', () => {
  test.beforeEach(async ({ page, request }) => {
    await withSession(page, await apiLogin(request, 'zhangwei', 'Demo@123'));
  });

  test('fill in mode 0 with details, keep bad input with field errors, save, list, open in 1 and 2', async ({ page }) => {
    test.setTimeout(180_000);
    const name = `E2E端架陈列${Date.now() % 100000}`;
    await page.goto(EDIT);
    const form = page.getByTestId('definition-form');
    await expect(form).toBeVisible({ timeout: 30_000 });
    await expect(form).toHaveAttribute('data-mode', '0');
    await expect(page.getByTestId('sys-number')).toHaveText('自动生成');
    await expect(page.getByTestId('sys-rowCreateId')).toHaveText('张伟');
    await expect(page.getByTestId('field-huoDongMingCheng').getByTestId('required-asterisk')).toBeVisible();

    // bad input: only the name typed, a detail row with a bad price → errors on the fields,
    // nothing sent, nothing typed lost
    await page.locator('#fw-huoDongMingCheng').fill(name);
    // the detail starts with its minimum rows; make sure there is a first one
    if ((await page.getByTestId('row-mingXi-0').count()) === 0) await page.getByTestId('add-row-mingXi').click();
    await page.locator('#fw-mingXi-0-shuLiang').fill('3');
    await page.getByTestId('submit').click();
    await expect(page.getByTestId('form-errors')).toBeVisible();
    await expect(page.getByTestId('error-caiWuNian')).toBeVisible();
    await expect(page.getByTestId('error-mingXi.0.danJia')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${EDIT}$`));
    await expect(page.locator('#fw-huoDongMingCheng')).toHaveValue(name);
    await expect(page.locator('#fw-mingXi-0-shuLiang')).toHaveValue('3');

    // fill the rest
    await chooseOption(page, page.locator('.ant-select', { has: page.locator('#fw-caiWuNian') }).first(), '2026财年');
    await page.locator('#fw-huoDongQiJian').click();
    await page.locator('#fw-huoDongQiJian').fill('2026-11-01');
    await page.keyboard.press('Enter');
    await page.locator('#fw-huoDongQiJian-end').fill('2026-11-03');
    await page.keyboard.press('Enter');
    await pickFirst(page, 'fw-jingXiaoShang');
    await pickFirst(page, 'fw-feiYongKeMu');
    await pickFirst(page, 'fw-yuSuanChi');
    await pickFirst(page, 'fw-zhiFuFangShi');
    await pickFirst(page, 'fw-mingXi-0-pinPai');
    await page.locator('#fw-mingXi-0-danJia').fill('0.1');
    if ((await page.getByTestId('row-mingXi-1').count()) === 0) await page.getByTestId('add-row-mingXi').click();
    await pickFirst(page, 'fw-mingXi-1-pinPai');
    await page.locator('#fw-mingXi-1-shuLiang').fill('1');
    await page.locator('#fw-mingXi-1-danJia').fill('0.2');
    // formulas: 3 × 0.1 = 0.30; 0.30 + 0.20 = 0.50 exactly
    await expect(page.getByTestId('cell-mingXi.0.jinE')).toContainText('0.30');
    await expect(page.getByTestId('field-shenQingJinE')).toContainText('0.50');

    await page.getByTestId('submit').click();
    // saved: the page reopens the record view-only with its document number
    await expect(page).toHaveURL(/[?&]id=\d{19}/, { timeout: 30_000 });
    await expect(page.getByTestId('definition-form')).toHaveAttribute('data-mode', '2', { timeout: 30_000 });
    const number = (await page.getByTestId('sys-number').textContent())?.trim() ?? '';
    expect(number).not.toBe('自动生成');
    expect(number.length).toBeGreaterThan(0);
    const id = new URL(page.url()).searchParams.get('id')!;
    await expect(page.getByTestId('field-huoDongMingCheng')).toContainText(name);

    // the list shows it
    await page.goto(LIST);
    await expect(page.getByTestId('definition-list')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('list-grid')).toContainText(name, { timeout: 30_000 });
    await expect(page.getByTestId('list-grid')).toContainText(number);

    // mode 1: the typed values come back editable
    await page.goto(`${EDIT}?id=${id}&mode=1`);
    await expect(page.getByTestId('definition-form')).toHaveAttribute('data-mode', '1', { timeout: 30_000 });
    await expect(page.locator('#fw-huoDongMingCheng')).toHaveValue(name);
    await expect(page.locator('#fw-mingXi-1-danJia')).toHaveValue(/^0\.2/);
    await expect(page.getByTestId('sys-number')).toHaveText(number);

    // mode 2: view only
    await page.goto(`${EDIT}?id=${id}&viewType=2`);
    await expect(page.getByTestId('definition-form')).toHaveAttribute('data-mode', '2', { timeout: 30_000 });
    await expect(page.locator('#fw-huoDongMingCheng')).toHaveCount(0);
    await expect(page.getByTestId('submit')).toHaveCount(0);
    await expect(page.getByTestId('field-shenQingJinE')).toContainText('0.50');
  });
});
