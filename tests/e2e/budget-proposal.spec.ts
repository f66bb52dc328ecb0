// Budget proposals from Excel templates against the real server (issue 15): zhangwei downloads
// the region template of the current fiscal year on the import page, fills three rows in it —
// one with an unknown channel code, one with an amount of three decimals — and imports it: the
// page lists the two row errors (row, column, message) and the error report downloads as a
// workbook with an error column. He fixes the rows and imports again: a draft proposal of
// 15,000.00 (two lines), which he submits; lina and sunli approve it; the seeded East region
// promotion pool's available balance rises by exactly 12,000.00, and a new pool holds the
// other 3,000.00 — the page's pool column says so. (The file goes up through a plain file
// input and a JSON body: the app's streamed upload client is not used.)
import AxeBuilder from '@axe-core/playwright';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiLogin, withSession } from './fixtures';

const PAGE = '/web/emp/feiYong/yuSuan/tiYuSuan/tiYuSuanDaoRu';
const POOL_CODE = 'YSC2026-HD-KA-CX';
const POOL_NAME = '2026华东大区现代渠道促销费';
const NEW_POOL = '2026财年华南大区销售部电商渠道海报DM费';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Env<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
async function call<T>(request: APIRequestContext, token: string, path: string, body: unknown): Promise<T> {
  const r = await request.post(path, { data: body, headers: { empSessionId: token } });
  const env = (await r.json()) as Env<T>;
  expect(env.code, `${path}: ${env.msg}`).toBe(0);
  return env.data;
}
const tokenOf = (s: Record<string, unknown>) => String(s.empSessionId ?? s.mytoken ?? s.token ?? '');

async function available(request: APIRequestContext, token: string, name: string, code?: string): Promise<string | null> {
  const d = await call<{ rows: { code: string; name: string; remaining: string }[] }>(request, token, '/emp/api/v2/feiYong/yuSuanChi/list', { keyword: name });
  const p = d.rows.find((r) => (code ? r.code === code : r.name === name));
  return p ? p.remaining : null;
}

/** axe over the page: no serious or critical violation. */
async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).include('[data-testid="proposal-import"]').analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`).join('\n');
  expect(bad, report).toEqual([]);
}

/** the template's row whose region code is `code` */
function rowOf(ws: ExcelJS.Worksheet, code: string): ExcelJS.Row {
  for (let r = 2; r <= ws.rowCount; r++) if (ws.getRow(r).getCell(2).value === code) return ws.getRow(r);
  throw new Error(`no template row for ${code}`);
}
function fill(row: ExcelJS.Row, channel: string, subject: string, amount: string | null) {
  row.getCell(4).value = channel;
  row.getCell(6).value = subject;
  row.getCell(10).value = amount;
}

async function upload(page: Page, wb: ExcelJS.Workbook, name: string) {
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  await page.getByTestId('proposal-file').setInputFiles({ name, mimeType: XLSX, buffer });
  await page.getByTestId('proposal-import-button').click();
}

/** The approver's task on the record, approved through the API (the approval pages have their own specs). */
async function approve(request: APIRequestContext, user: string, recordId: string) {
  const token = tokenOf(await apiLogin(request, user, 'Demo@123'));
  let taskId: string | undefined;
  await expect(async () => {
    const d = await call<{ rows: { recordId: string; taskId: string }[] }>(request, token, '/tpm/emp/system/process/processInstance/task-all.action', {
      tab: 'todo',
      limit: 50,
    });
    taskId = d.rows.find((r) => r.recordId === recordId)?.taskId;
    expect(taskId, `${user}'s task`).toBeTruthy();
  }).toPass({ timeout: 20_000 });
  await call(request, token, '/tpm/emp/system/process/task/approve', { taskId, comment: '同意' });
}

test('a budget proposal: template download, row errors, fix, import, approve, the pools rise', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const session = await apiLogin(request, 'zhangwei', 'Demo@123');
  const zw = tokenOf(session);
  const before = await available(request, zw, POOL_NAME, POOL_CODE);
  expect(before).not.toBeNull();

  const ctx = await browser.newContext({ acceptDownloads: true, viewport: { width: 1600, height: 1000 } });
  const page = await ctx.newPage();
  await withSession(page, session);
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { name: '提预算导入' })).toBeVisible();
  // the fiscal year of today is chosen; the region template is the default
  await expect(page.getByTestId('proposal-year')).toContainText('2026财年');

  // 1. download the template
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('proposal-download').click()]);
  expect(dl.suggestedFilename()).toBe('2026财年预算模板-区域模板.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(fs.readFileSync((await dl.path())!) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  expect(rowOf(ws, 'D11').getCell(3).value).toBe('华东大区销售部');

  // 2. fill it with two bad rows and import: the row errors
  fill(rowOf(ws, 'D11'), 'KA', '660201', '12000.00');
  fill(rowOf(ws, 'D12'), 'XX', '660104', '3000.00');
  fill(rowOf(ws, 'D13'), 'KA', '660201', '1.234');
  await upload(page, wb, '2026预算.xlsx');
  const errors = page.getByTestId('proposal-errors');
  await expect(errors).toContainText('导入失败：2 处错误');
  const d12 = String(rowOf(ws, 'D12').number);
  const d13 = String(rowOf(ws, 'D13').number);
  await expect(errors.getByRole('row', { name: new RegExp(`^${d12} 渠道编码 渠道编码“XX”不存在`) })).toBeVisible();
  await expect(errors.getByRole('row', { name: new RegExp(`^${d13} 金额 金额“1.234”不是最多两位小数的数字`) })).toBeVisible();
  // the error report: the workbook with an error column
  const [report] = await Promise.all([page.waitForEvent('download'), page.getByTestId('proposal-error-report').click()]);
  const rw = new ExcelJS.Workbook();
  await rw.xlsx.load(fs.readFileSync((await report.path())!) as unknown as ArrayBuffer);
  expect(rw.worksheets[0].getRow(1).getCell(12).value).toBe('错误信息');
  expect(String(rw.worksheets[0].getRow(Number(d12)).getCell(12).value)).toContain('渠道编码“XX”不存在');
  await axe(page);

  // 3. fix and import: a draft proposal of 15,000.00
  fill(rowOf(ws, 'D12'), 'EC', '660104', '3000.00');
  fill(rowOf(ws, 'D13'), '', '', null);
  await upload(page, wb, '2026预算-修改.xlsx');
  const created = page.getByTestId('proposal-created');
  await expect(created).toContainText(/已生成提预算单 TYS\d{12}：2 行，合计 15000\.00/);
  const number = /TYS\d{12}/.exec((await created.textContent()) ?? '')![0];
  const list = await call<{ rows: { id: string; number: string; shenPiZhuangTai: string }[] }>(request, zw, '/emp/api/feiYong/shenQing/tiYuSuan/list', {
    keyword: number,
  });
  const proposal = list.rows.find((r) => r.number === number)!;
  expect(proposal.shenPiZhuangTai).toBe('0');

  // 4. submit, approve: the pools rise
  await page.getByTestId('proposal-submit').click();
  await expect(page.getByTestId('proposal-submit')).toHaveText('已提交审批');
  await page.getByTestId('proposal-refresh').click();
  await expect(page.getByTestId('proposal-lines')).toContainText('审批通过后装入');
  await approve(request, 'lina', proposal.id);
  await approve(request, 'sunli', proposal.id);
  const after = await available(request, zw, POOL_NAME, POOL_CODE);
  expect(new Decimal(after!).minus(before!).toFixed(2)).toBe('12000.00');
  expect(await available(request, zw, NEW_POOL)).toBe('3000.00');
  await page.getByTestId('proposal-refresh').click();
  const lines = page.getByTestId('proposal-lines');
  await expect(lines.getByRole('row', { name: new RegExp(`华东大区销售部 现代渠道 促销员工资 12000.00 ${POOL_NAME} ${after}`) })).toBeVisible();
  await expect(lines.getByRole('row', { name: new RegExp(`华南大区销售部 电商渠道 海报DM费 3000.00 ${NEW_POOL} 3000.00`) })).toBeVisible();
  await axe(page);
  await ctx.close();
});

test('en-US: the import page in English, without raw keys, axe-clean; a file that is not a workbook is refused', async ({ browser, request }) => {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await withSession(page, await apiLogin(request, 'zhangwei', 'Demo@123'));
  await page.addInitScript(() => localStorage.setItem('duoYuYanType', '3'));
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { name: 'Budget proposal import' })).toBeVisible();
  await expect(page.getByTestId('proposal-kind')).toContainText('By region');
  await page.getByTestId('proposal-file').setInputFiles({ name: 'notes.xlsx', mimeType: XLSX, buffer: Buffer.from('not a workbook') });
  await page.getByTestId('proposal-import-button').click();
  await expect(page.getByTestId('proposal-errors')).toContainText('Import failed — errors: 1');
  await expect(page.getByTestId('proposal-errors')).toContainText(/The file cannot be read|无法读取文件/);
  expect((await page.locator('body').innerText()).match(/\bbudgetProposal\.[\w.]+/)?.[0] ?? null).toBeNull();
  await axe(page);
  await ctx.close();
});
