// The budget pool page against the real server (issue 15): admin opens
// /web/emp/feiYong/yuSuan/yuSuanChi and sees the seeded pools with their balances as 12,000.00;
// opens a pool's ledger, exports it (the workbook's available-change column adds up to the
// pool's available balance, and its totals row says so); changes the budget by +1,234.56 with a
// memo: the pool's available balance rises by exactly that, and the ledger shows the change;
// transfers 100.00 to another pool: one falls and the other rises by exactly that.
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiLogin, chooseOption, withSession } from './fixtures';

const PAGE = '/web/emp/feiYong/yuSuan/yuSuanChi';
const POOL = 'YSC2026-HD-KA-CX';
const TARGET = 'YSC2026-HD-TT-FL';
const plain = (text: string) => new Decimal(text.replace(/,/g, '').trim());
const grouped = (d: Decimal) => d.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

test.describe('budget pools page', () => {
  test.beforeEach(async ({ page, request }) => {
    await withSession(page, await apiLogin(request, 'admin', 'Admin@123'));
  });

  test('seeded pools with balances, the ledger and its Excel export adding up, a budget change', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(PAGE);
    await expect(page.getByTestId('budget-pools-page')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('heading', { name: '预算池' })).toBeVisible();
    const row = page.getByTestId(`pool-row-${POOL}`);
    await expect(row).toBeVisible();
    await expect(row).toContainText('2026华东大区现代渠道促销费');
    await expect(row.getByTestId('pool-amount')).toHaveText('860,000.00');
    await expect(row).toContainText('硬控制');
    const availableText = (await row.getByTestId('pool-available').textContent())!;
    expect(availableText).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    // budget − occupied − consumed, exactly, as the row shows them
    const [amount, occupied, consumed] = await Promise.all(
      ['pool-amount', 'pool-occupied', 'pool-consumed'].map(async (id) => plain((await row.getByTestId(id).textContent())!)),
    );
    expect(amount.minus(occupied).minus(consumed).toFixed(2)).toBe(plain(availableText).toFixed(2));
    // every seeded pool is listed
    await expect.poll(() => page.getByTestId('pool-table').locator('tbody tr[data-testid^="pool-row-YSC2026-"]').count()).toBeGreaterThanOrEqual(6);

    // the ledger: its balances, the load row, the Excel export
    await row.getByTestId(`pool-ledger-${POOL}`).click();
    const drawer = page.getByTestId('pool-ledger-drawer');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId('pool-ledger-available')).toHaveText(availableText);
    await expect(drawer.getByTestId('pool-ledger-table')).toContainText('预算导入');
    const [download] = await Promise.all([page.waitForEvent('download'), drawer.getByTestId('pool-ledger-export').click()]);
    expect(download.suggestedFilename()).toBe(`${POOL}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect((ws.getRow(2).values as unknown[]).slice(1)).toEqual([
      '序号',
      '时间',
      '类型',
      '单据号',
      '预算变动',
      '占用变动',
      '使用变动',
      '可用变动',
      '变动后可用',
      '备注',
      '操作人',
    ]);
    let sum = new Decimal(0);
    for (let i = 3; i < ws.rowCount; i++) sum = sum.plus(new Decimal(String(ws.getRow(i).getCell(8).value)));
    const total = ws.getRow(ws.rowCount);
    expect(total.getCell(1).value).toBe('合计');
    expect(sum.toFixed(2)).toBe(plain(availableText).toFixed(2));
    expect(new Decimal(String(total.getCell(8).value)).toFixed(2)).toBe(sum.toFixed(2));
    expect(new Decimal(String(total.getCell(9).value)).toFixed(2)).toBe(plain(availableText).toFixed(2));
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // a change of +1,234.56: the available balance rises by exactly that
    await row.getByTestId(`pool-change-${POOL}`).click();
    const dialog = page.getByRole('dialog', { name: /调整预算/ });
    await expect(dialog).toBeVisible();
    await dialog.getByTestId('pool-move-amount').fill('1234.567');
    await dialog.getByTestId('pool-move-memo').fill('E2E 追加预算');
    await page.getByTestId('pool-move-ok').click();
    await expect(dialog).toContainText('请输入金额，最多两位小数');
    await dialog.getByTestId('pool-move-amount').fill('1234.56');
    await page.getByTestId('pool-move-ok').click();
    await expect(dialog).toBeHidden();
    const expected = plain(availableText).plus('1234.56');
    await expect(row.getByTestId('pool-available')).toHaveText(grouped(expected));
    await expect(row.getByTestId('pool-amount')).toHaveText('861,234.56');
    await row.getByTestId(`pool-ledger-${POOL}`).click();
    const first = drawer.getByTestId('pool-ledger-table').locator('tbody tr.ant-table-row').first();
    await expect(first).toContainText('预算调整');
    await expect(first).toContainText('1,234.56');
    await expect(first).toContainText('E2E 追加预算');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // a transfer of 100.00 to another pool: one down, the other up, by exactly that
    const target = page.getByTestId(`pool-row-${TARGET}`);
    const targetBefore = plain((await target.getByTestId('pool-available').textContent())!);
    await row.getByTestId(`pool-transfer-${POOL}`).click();
    const tdialog = page.getByRole('dialog', { name: /调拨预算/ });
    await expect(tdialog).toBeVisible();
    await chooseOption(page, tdialog.getByTestId('pool-move-other'), TARGET);
    await tdialog.getByTestId('pool-move-amount').fill('100.00');
    await tdialog.getByTestId('pool-move-memo').fill('E2E 调拨');
    await tdialog.getByTestId('pool-move-ok').click();
    await expect(tdialog).toBeHidden();
    await expect(row.getByTestId('pool-available')).toHaveText(grouped(expected.minus(100)));
    await expect(target.getByTestId('pool-available')).toHaveText(grouped(targetBefore.plus(100)));
  });
});
