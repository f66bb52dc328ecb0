// Dependent pickers on the real app (issue 15): on the expense application, zhangwei picks a
// brand in a detail row and the product picker offers that brand's products only; another
// brand clears the product; fiscal year + expense subject pick the budget pool by themselves
// when exactly one pool matches (header and line), and not when two do.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, chooseOption, withSession } from './fixtures';

const APPLY = '/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingEdit';
const ONE_POOL_SUBJECT = '进场条码费';
const TWO_POOL_SUBJECT = '端架陈列费';

interface PoolRow {
  name: string;
  fiscalYearName: string | null;
  subjectName: string | null;
}

/** The enabled pools of 2026 with this subject, as the pool list answers them. */
async function poolsOf(request: APIRequestContext, token: string, subject: string): Promise<PoolRow[]> {
  const r = await request.post('/emp/api/v2/feiYong/yuSuanChi/list', { data: { page: 1, limit: 100 }, headers: { empSessionId: token } });
  const env = (await r.json()) as { code: number; msg: string; data: { rows: PoolRow[] } };
  expect(env.code, env.msg).toBe(0);
  return env.data.rows.filter((p) => p.fiscalYearName === '2026财年' && p.subjectName === subject);
}

const selectOf = (page: Page, id: string) => page.locator('.ant-select', { has: page.locator(`[id="${id}"]`) }).first();

async function pick(page: Page, id: string, text: string, search?: string) {
  await chooseOption(page, selectOf(page, id), text, search);
}

/** Open a picker and read the names it offers (after its list has loaded). */
async function offered(page: Page, id: string): Promise<string[]> {
  const options = page.locator(`.ant-select-dropdown:has([id="${id}_list"]) .ant-select-item-option`);
  await expect(async () => {
    if ((await page.locator(`[id="${id}"]`).getAttribute('aria-expanded')) !== 'true') await page.locator(`[id="${id}"]`).click();
    await expect(options.first()).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  const names = await options.evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? e.textContent ?? ''));
  await page.keyboard.press('Escape');
  return names;
}

test('dependent pickers: product by the row’s brand, cleared on a new brand; the only matching pool picked', async ({ page, request }) => {
  const session = await apiLogin(request, 'zhangwei', 'Demo@123');
  const token = String(session.empSessionId ?? session.mytoken ?? session.token ?? '');
  // the seed's facts this test stands on
  const single = await poolsOf(request, token, ONE_POOL_SUBJECT);
  expect(single.map((p) => p.name)).toEqual(['2026华东大区现代渠道进场条码费']);
  expect((await poolsOf(request, token, TWO_POOL_SUBJECT)).length).toBe(2);

  await withSession(page, session);
  await page.goto(APPLY);
  await expect(page.getByTestId('definition-form')).toHaveAttribute('data-mode', '0', { timeout: 30_000 });
  if ((await page.getByTestId('row-mingXi-0').count()) === 0) await page.getByTestId('add-row-mingXi').click();

  // ── the product waits for the row's brand ──
  const product = page.locator('#fw-mingXi-0-danPin');
  await expect(product).toBeDisabled();
  await expect(page.getByTestId('cell-mingXi.0.danPin')).toContainText('请先选择品牌');

  await pick(page, 'fw-mingXi-0-pinPai', '鲜活源');
  await expect(product).toBeEnabled();
  const fresh = await offered(page, 'fw-mingXi-0-danPin');
  expect(fresh.length).toBe(3);
  expect(fresh.every((n) => n.startsWith('鲜活源'))).toBe(true);
  await pick(page, 'fw-mingXi-0-danPin', '鲜活源100%橙汁');
  await expect(selectOf(page, 'fw-mingXi-0-danPin')).toContainText('鲜活源100%橙汁');

  // ── another brand: the product no longer belongs ──
  await pick(page, 'fw-mingXi-0-pinPai', '清泉山');
  await expect(selectOf(page, 'fw-mingXi-0-danPin')).not.toContainText('鲜活源100%橙汁');
  await expect(selectOf(page, 'fw-mingXi-0-danPin').locator('.ant-select-placeholder')).toHaveCount(1);
  const water = await offered(page, 'fw-mingXi-0-danPin');
  expect(water.length).toBe(2);
  expect(water.every((n) => n.startsWith('清泉山'))).toBe(true);

  // ── the pool follows fiscal year and subject ──
  await expect(page.locator('#fw-yuSuanChi')).toBeDisabled();
  await expect(page.getByTestId('field-yuSuanChi')).toContainText('请先选择财年、费用科目');
  await pick(page, 'fw-caiWuNian', '2026财年');
  await expect(page.getByTestId('field-yuSuanChi')).toContainText('请先选择费用科目');
  await pick(page, 'fw-feiYongKeMu', TWO_POOL_SUBJECT, '端架');
  await expect(page.locator('#fw-yuSuanChi')).toBeEnabled();
  // two pools match: none is picked for the user
  await page.waitForTimeout(1_000);
  await expect(selectOf(page, 'fw-yuSuanChi').locator('.ant-select-placeholder')).toHaveCount(1);

  await pick(page, 'fw-feiYongKeMu', ONE_POOL_SUBJECT, '进场');
  await expect(selectOf(page, 'fw-yuSuanChi')).toContainText('2026华东大区现代渠道进场条码费', { timeout: 15_000 });
  await expect(selectOf(page, 'fw-mingXi-0-yuSuanChi')).toContainText('2026华东大区现代渠道进场条码费', { timeout: 15_000 });

  // another fiscal year: the pools no longer belong (2027 has none)
  await pick(page, 'fw-caiWuNian', '2027财年');
  await expect(selectOf(page, 'fw-yuSuanChi').locator('.ant-select-placeholder')).toHaveCount(1);
  await expect(selectOf(page, 'fw-mingXi-0-yuSuanChi').locator('.ant-select-placeholder')).toHaveCount(1);
});
