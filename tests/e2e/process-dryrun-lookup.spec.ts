// The dry-run panel's master-data pickers (issue 14), in the real app: the admin opens the seeded
// expense application process, opens 模拟运行, runs as zhangwei with 60000 (over the 50,000
// branch) and picks a dealer by name from the dealer master data (no 19-digit id typed). The run
// carries that dealer's id (the step's reason names the matrix key it matched), and the regional
// director step — the approver matrix keyed by dealer — names 徐强.
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, withSession } from './fixtures';

const PROCESS = 'feiYongShenQingLiuCheng';

/** Type `search` into the antd Select with this test id and take the option holding `text`. */
async function choose(page: Page, testId: string, search: string, text: string) {
  const select = page.getByTestId(testId);
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text }).first();
  await expect(async () => {
    await select.click();
    await page.keyboard.type(search);
    await option.click({ timeout: 5_000 });
    await expect(select).toContainText(text, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('the dry-run picks a dealer by name and the matrix names the regional director', async ({ page, request }) => {
  test.setTimeout(120_000);
  const session = await apiLogin(request, 'admin', 'Admin@123');
  const headers = { Authorization: String(session.mytoken), token: String(session.token), empSessionId: String(session.empSessionId) };
  // the dealer's id, as the dealer master data answers it (what the run must carry)
  const found = await request.post('/tpm/emp/base/autoComplete/dealerConnTable', { headers, data: { keyword: '杭州联华' } });
  const rows = ((await found.json()) as { data: { rows: { id: string; name: string }[] } }).data.rows;
  const dealer = rows.find((r) => r.name === '杭州联华商贸有限公司');
  expect(dealer?.id).toMatch(/^\d{19}$/);

  await withSession(page, session);
  await page.goto(`/web/system/process/liuChengTu?code=${PROCESS}`);
  await page.getByTestId('process-dryrun-toggle').click();
  await expect(page.getByTestId('process-dryrun')).toBeVisible();

  await choose(page, 'process-dryrun-applicant', 'zhangwei', 'zhangwei');
  await page.getByTestId('process-dryrun-shenQingJinE').fill('60000');
  // the dealer is a search over the dealer master data, not a text box for an id
  await expect(page.getByTestId('process-dryrun-jingXiaoShang')).toHaveClass(/ant-select/);
  await choose(page, 'process-dryrun-jingXiaoShang', '杭州', '杭州联华商贸有限公司');
  await page.getByTestId('process-dryrun-run').click();

  // the regional director from the matrix row of that dealer (the step says which key it matched)
  await expect(page.getByTestId('process-dryrun-approvers-quYuZongJian')).toContainText('徐强');
  await expect(page.getByTestId('process-dryrun-step-quYuZongJian')).toContainText(dealer!.id);
  await expect(page.getByTestId('process-dryrun-end')).toBeVisible();
});
