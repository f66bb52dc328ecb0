// The budget Excel exports (exceljs): the pools as the list filters them, and one pool's whole
// ledger with a totals row. Column titles in the user's language (Chinese by default); amounts
// are numeric cells with two decimals (format #,##0.00), summed exactly (decimal.js) for the
// totals, so the sheet adds up: Σ of the available-change column = the pool's available balance.
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client';
import type { Locale } from '../../../schemas/constants';
import { t } from '../../lib/i18n';
import type { BudgetPoolRow } from '../masterData';
import { ledgerAll, poolBalance } from './pools';
import { money, sum } from './money';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const NUM_FMT = '#,##0.00';

/** A money cell: the exact two-decimal text as Excel's number (what a spreadsheet sums). */
const num = (v: string) => Number(money(v).toFixed(2));

async function finish(wb: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function header(ws: ExcelJS.Worksheet, titles: string[], widths: number[]) {
  const r = ws.addRow(titles);
  r.font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  widths.forEach((w, i) => {
    ws.getColumn(i + 1).width = w;
  });
}

const controlName = (mode: string, locale: Locale) => t(locale, `budget.control.${mode}`);

export async function poolsWorkbook(pools: BudgetPoolRow[], locale: Locale): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Formwork';
  const ws = wb.addWorksheet(t(locale, 'budget.sheet.pools'));
  const cols = ['code', 'name', 'fiscalYear', 'department', 'channel', 'subject', 'control', 'amount', 'occupied', 'consumed', 'available', 'status'];
  header(
    ws,
    cols.map((c) => t(locale, `budget.col.${c}`)),
    [22, 32, 10, 14, 14, 18, 10, 16, 16, 16, 16, 8],
  );
  for (const p of pools) {
    ws.addRow([
      p.code,
      p.name,
      p.fiscalYearName ?? '',
      p.departmentName ?? '',
      p.channelName ?? '',
      p.subjectName ?? '',
      controlName(p.controlMode, locale),
      num(p.amount),
      num(p.occupied),
      num(p.consumed),
      num(p.available),
      t(locale, p.isEnabled ? 'budget.enabled' : 'budget.disabled'),
    ]);
  }
  const total = ws.addRow([
    t(locale, 'budget.total'),
    '',
    '',
    '',
    '',
    '',
    '',
    ...(['amount', 'occupied', 'consumed', 'available'] as const).map((k) => num(sum(pools.map((p) => money(p[k]))).toFixed(2))),
    '',
  ]);
  total.font = { bold: true };
  for (const c of [8, 9, 10, 11]) ws.getColumn(c).numFmt = NUM_FMT;
  return finish(wb);
}

/** One pool's ledger, oldest first, with a totals row whose available change is the pool's balance. */
export async function ledgerWorkbook(db: Db, poolId: string, locale: Locale): Promise<{ file: Buffer; name: string }> {
  const pool = await poolBalance(db, poolId);
  const entries = await ledgerAll(db, poolId);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Formwork';
  const ws = wb.addWorksheet(t(locale, 'budget.sheet.ledger'));
  ws.addRow([`${pool.code} ${pool.name}`]).font = { bold: true };
  const cols = ['seq', 'time', 'kind', 'document', 'dAmount', 'dOccupied', 'dConsumed', 'dAvailable', 'availableAfter', 'memo', 'user'];
  const r = ws.addRow(cols.map((c) => t(locale, `budget.col.${c}`)));
  r.font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 2 }];
  [8, 20, 12, 22, 16, 16, 16, 16, 16, 30, 12].forEach((w, i) => {
    ws.getColumn(i + 1).width = w;
  });
  entries.forEach((e, i) => {
    ws.addRow([
      i + 1,
      e.createdAt.replace('T', ' ').replace('Z', ''),
      t(locale, `budget.kind.${e.kind}`),
      e.documentNumber ?? '',
      num(e.dAmount),
      num(e.dOccupied),
      num(e.dConsumed),
      num(e.dAvailable),
      num(e.availableAfter),
      e.memo ?? '',
      e.createdByName ?? '',
    ]);
  });
  const totals = (['dAmount', 'dOccupied', 'dConsumed', 'dAvailable'] as const).map((k) => sum(entries.map((e) => money(e[k]))).toFixed(2));
  const total = ws.addRow([t(locale, 'budget.total'), '', '', '', ...totals.map(num), num(pool.available), '', '']);
  total.font = { bold: true };
  for (const c of [5, 6, 7, 8, 9]) ws.getColumn(c).numFmt = NUM_FMT;
  return { file: await finish(wb), name: `${pool.code}.xlsx` };
}
