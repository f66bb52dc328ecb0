// Issue 17's phone journey, against the real server: zhangwei on a 360 × 740 touch phone opens
// the expense application (费用申请) from the menu drawer, adds one from the list, fills it —
// three detail rows (cards on a phone) and an attachment through the file input — submits it,
// and finds it in his list (a card with its status and amount). At every step nothing is wider
// than the viewport.
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, chooseOption } from './fixtures';
import { layoutFindings, phoneContext, seedSession } from './phone';

const LIST = '/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingList';
const POOL_NAME = '2026华东大区现代渠道陈列费';

/** A small, valid PDF. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** Pick the option holding `text` in the picker of this field (typing `search` first). */
async function pick(page: Page, fieldId: string, text: string, search?: string) {
  await page.locator(`[id="${fieldId}"]`).scrollIntoViewIfNeeded();
  await chooseOption(page, page.locator('.ant-select', { has: page.locator(`[id="${fieldId}"]`) }).first(), text, search);
}

/** Nothing sticks out of the phone's width (the walk's checks, without axe). */
async function fits(page: Page, step: string) {
  expect(await layoutFindings(page, step), step).toEqual([]);
}

test('zhangwei applies for an expense on a 360 px phone: menu drawer → add → three detail rows and an attachment → submit → his list', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const session = await apiLogin(request, 'zhangwei', 'Demo@123');
  const context = await phoneContext(browser);
  const page = await context.newPage();
  const failed: string[] = [];
  page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText ?? ''}`));
  await seedSession(page, session);
  await page.goto('/web/system/gongZuoTai');
  await expect(page.getByTestId('employee-frame')).toBeVisible({ timeout: 60_000 });
  await fits(page, 'workbench');

  // ── the menu drawer: 费用管理 → 费用申请 ──
  await page.getByTestId('menu-toggle').click();
  const drawer = page.getByTestId('side-menu');
  await expect(drawer).toBeVisible();
  const entry = drawer.getByRole('menuitem', { name: '费用申请', exact: true });
  if (!(await entry.isVisible())) await drawer.getByText('费用管理', { exact: true }).click();
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`), { timeout: 30_000 });
  await expect(page.getByTestId('definition-list')).toHaveAttribute('data-loading', 'false', { timeout: 30_000 });
  await fits(page, 'application list');

  // ── add one ──
  await page.getByTestId('list-add').click();
  await expect(page.getByTestId('definition-form')).toHaveAttribute('data-mode', '0', { timeout: 30_000 });
  await expect(page.locator('.fw-form-body[data-complete="true"]')).toBeAttached({ timeout: 30_000 });
  await fits(page, 'new application');
  const name = `E2E手机申请${Date.now() % 100000}`;
  await page.locator('#fw-huoDongMingCheng').fill(name);
  await pick(page, 'fw-caiWuNian', '2026财年');

  // the activity period: the phone's range sheet, one month at a time (10th … 5th of the next)
  const start = page.locator('#fw-huoDongQiJian');
  await start.scrollIntoViewIfNeeded();
  await start.click();
  const popup = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').last();
  await expect(popup).toBeVisible();
  await popup.locator('.ant-picker-panel:visible .ant-picker-cell-in-view').filter({ hasText: /^10$/ }).first().click();
  await popup.locator('.ant-picker-panel:visible .ant-picker-header-next-btn').first().click();
  await popup.locator('.ant-picker-panel:visible .ant-picker-cell-in-view').filter({ hasText: /^5$/ }).first().click();
  await expect(page.locator('#fw-huoDongQiJian-end')).toHaveValue(/^\d{4}-\d{2}-05$/);

  await pick(page, 'fw-jingXiaoShang', '上海百联食品贸易有限公司', '百联');
  await pick(page, 'fw-feiYongKeMu', '端架陈列费', '端架');
  await pick(page, 'fw-yuSuanChi', POOL_NAME, '华东大区现代渠道陈列');
  await pick(page, 'fw-zhiFuFangShi', '银行转账');
  await fits(page, 'application header filled');

  // ── three detail rows: 2 × 10.00, 3 × 20.00, 4 × 30.00 = 200.00 ──
  const lines = [
    ['2', '10'],
    ['3', '20'],
    ['4', '30'],
  ];
  for (const [i, [qty, price]] of lines.entries()) {
    if ((await page.getByTestId(`row-mingXi-${i}`).count()) === 0) await page.getByTestId('add-row-mingXi').click();
    await expect(page.getByTestId(`row-mingXi-${i}`)).toBeVisible();
    await pick(page, `fw-mingXi-${i}-pinPai`, '鲜活源');
    await pick(page, `fw-mingXi-${i}-danPin`, '鲜活源100%橙汁');
    await page.locator(`#fw-mingXi-${i}-shuLiang`).fill(qty);
    await page.locator(`#fw-mingXi-${i}-danJia`).fill(price);
  }
  await expect(page.getByTestId('field-shenQingJinE')).toContainText('200.00');
  await fits(page, 'three detail rows');

  // ── an attachment through the file input ──
  const upload = page.getByTestId('upload-fuJian');
  await upload.scrollIntoViewIfNeeded();
  await upload.locator('input[type=file]').setInputFiles({ name: '活动方案.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(upload.locator('.ant-upload-list-item-uploading')).toHaveCount(0, { timeout: 30_000 });
  await expect(upload.locator('.ant-upload-list-item-error')).toHaveCount(0);
  await expect(upload.locator('[title^="活动方案.pdf"]').first()).toBeAttached({ timeout: 30_000 });
  await fits(page, 'attachment uploaded');

  // ── submit ──
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/[?&]id=\d{19}/, { timeout: 30_000 });
  const id = new URL(page.url()).searchParams.get('id')!;
  await expect(page.getByTestId('sys-number')).toHaveText(/^FYSQ\d+$/, { timeout: 30_000 });
  await fits(page, 'submitted application');

  // ── his list: the card of the application, in approval, 200.00 ──
  await page.getByTestId('menu-toggle').click();
  await expect(drawer).toBeVisible();
  if (!(await entry.isVisible())) await drawer.getByText('费用管理', { exact: true }).click();
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`), { timeout: 30_000 });
  await expect(page.getByTestId('definition-list')).toHaveAttribute('data-loading', 'false', { timeout: 30_000 });
  // a phone shows the rows as cards (the grid loads from the tablet width up)
  const card = page.getByTestId(`list-card-${id}`);
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card).toContainText('审批中');
  await expect(card).toContainText('200.00');
  await fits(page, 'application list with the new one');

  // the record as saved: three lines and the attachment
  const r = await request.post('/emp/api/v2/biaoDan/record/get', {
    data: { formCode: 'feiYongShenQing', id },
    headers: { empSessionId: String(session.empSessionId ?? session.mytoken ?? '') },
  });
  const saved = ((await r.json()) as { data: { record: { data: Record<string, unknown> } } }).data.record.data;
  expect((saved.mingXi as unknown[]).length).toBe(3);
  expect((saved.fuJian as { name: string }[])[0]).toMatchObject({ name: '活动方案.pdf' });
  expect(saved.shenQingJinE).toBe('200.00');
  expect(
    failed.filter((f) => f.includes('/upload/')),
    'no upload request failed',
  ).toEqual([]);
  await context.close();
});
