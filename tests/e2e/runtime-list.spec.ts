// The runtime's list page against the real server: the seeded expense applications, row
// highlight on click, row actions by status and ownership, Excel export of the current filter.
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, withSession } from './fixtures';

const LIST = '/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingList';

/**
 * A seeded record's row, the list filtered to it by 活动名称: the list is newest first and the other
 * journeys add applications to the same database, so a seeded one is not always on the first page.
 */
async function seededRow(page: Page, name: string) {
  await page.getByLabel('活动名称', { exact: true }).fill(name);
  await page.getByTestId('list-search').click();
  await expect(page.getByTestId('definition-list')).toHaveAttribute('data-loading', 'false');
  const row = page.locator('.ag-row', { hasText: name }).first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  return row;
}

test.describe('runtime: list page', () => {
  test('highlight, row actions by status and ownership, Excel export', async ({ page, request }) => {
    test.setTimeout(120_000);
    await withSession(page, await apiLogin(request, 'zhangwei', 'Demo@123'));
    await page.goto(LIST);
    await expect(page.getByTestId('list-grid').locator('.ag-row').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('definition-list')).toHaveAttribute('data-loading', 'false');
    await expect(page.locator('.ant-pagination')).toBeVisible();

    // a click toggles the row's highlight
    const row = await seededRow(page, '五角场沃尔玛夏季果汁品鉴');
    await row.locator('.ag-cell').first().click();
    await expect(row).toHaveClass(/fw-row-highlight/);
    await row.locator('.ag-cell').first().click();
    await expect(row).not.toHaveClass(/fw-row-highlight/);

    // own draft: view, modify, delete; own record in approval: view only
    const draftId = await row.getAttribute('row-id');
    expect(draftId).toMatch(/^\d{19}$/);
    await expect(page.getByTestId(`row-modify-${draftId}`)).toBeVisible();
    await expect(page.getByTestId(`row-delete-${draftId}`)).toBeVisible();
    const inApprovalId = await (await seededRow(page, '大润发杨浦店堆头陈列')).getAttribute('row-id');
    await expect(page.getByTestId(`row-view-${inApprovalId}`)).toBeVisible();
    await expect(page.getByTestId(`row-modify-${inApprovalId}`)).toHaveCount(0);

    // Excel export of the current filter
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('list-export').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = await download.path();
    const bytes = fs.readFileSync(file!);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    // view opens the record in mode 2
    await page.getByTestId(`row-view-${inApprovalId}`).click();
    await expect(page.getByTestId('definition-form')).toHaveAttribute('data-mode', '2', { timeout: 30_000 });
    await expect(page.getByTestId('field-huoDongMingCheng')).toContainText('大润发杨浦店堆头陈列');
  });
});
