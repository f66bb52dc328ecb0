// Budget proposal templates (tiYuSuanGeShi, tiMuBan-quYu/-quDao/-feiYong/-chanPin): an Excel
// workbook for one fiscal year whose rows are prefilled with one dimension's codes and names
// (regions, level-1 channels, level-3 expense subjects or products) and a reference sheet of
// every code; the user fills the other dimensions and the amounts and imports it. The import
// validates every row (unknown code, duplicate dimensions, amount not a positive decimal of at
// most two places, a fiscal year other than the import's) and answers the errors row by row in
// the user's language, with the workbook back with an error column; or the proposal's lines.
// Columns are read by position, so a template downloaded in one language imports in any other.
import ExcelJS from 'exceljs';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Locale } from '../../../schemas/constants';
import type { DbOrTx } from '../../db/client';
import { rows } from '../../db/client';
import { t } from '../../lib/i18n';
import { fmt } from './money';

export const TEMPLATE_KINDS = ['quYu', 'quDao', 'feiYong', 'chanPin'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];
export const isTemplateKind = (v: unknown): v is TemplateKind => typeof v === 'string' && (TEMPLATE_KINDS as readonly string[]).includes(v);

/** The template's columns in order (A…K); `dim` columns hold a code the import looks up. */
export const TEMPLATE_COLUMNS = [
  { key: 'caiWuNian', dim: 'fiscalYear', required: true },
  { key: 'quYuBianMa', dim: 'region', required: true },
  { key: 'quYuMingCheng' },
  { key: 'quDaoBianMa', dim: 'channel', required: true },
  { key: 'quDaoMingCheng' },
  { key: 'keMuBianMa', dim: 'subject', required: true },
  { key: 'keMuMingCheng' },
  { key: 'danPinBianMa', dim: 'product', required: false },
  { key: 'danPinMingCheng' },
  { key: 'jinE', required: true },
  { key: 'beiZhu' },
] as const;
export type ColumnKey = (typeof TEMPLATE_COLUMNS)[number]['key'];
const COL = Object.fromEntries(TEMPLATE_COLUMNS.map((c, i) => [c.key, i + 1])) as Record<ColumnKey, number>;

/** Which dimension a template prefills, one row per item. */
const PREFILLED: Record<TemplateKind, Dim> = { quYu: 'region', quDao: 'channel', feiYong: 'subject', chanPin: 'product' };

type Dim = 'fiscalYear' | 'region' | 'channel' | 'subject' | 'product';
export interface DimItem {
  id: string;
  code: string;
  name: string;
}
export type Dimensions = Record<Dim, DimItem[]>;

const AMOUNT_RE = /^\d{1,12}(\.\d{1,2})?$/;
const MAX_ROWS = 2000;

export const columnLabel = (key: ColumnKey, locale: Locale) => t(locale, `budgetProposal.column.${key}`);
export const kindLabel = (kind: TemplateKind, locale: Locale) => t(locale, `budgetProposal.kind.${kind}`);

/** The codes a template may name: fiscal years, regions (leaf departments), level-1 channels, level-3 subjects, products. */
export async function dimensions(db: DbOrTx, locale: Locale): Promise<Dimensions> {
  const md = (kind: string, extra = sql``) =>
    rows<DimItem>(
      db,
      sql`select id, code, coalesce(names->>${locale}, name) as name from master_data where kind = ${kind} and is_active ${extra} order by sort, code`,
    );
  const [fiscalYear, region, channel, subject, product] = await Promise.all([
    md('fiscalYear'),
    rows<DimItem>(
      db,
      sql`select d.id, d.code, d.name from departments d where d.is_active
        and not exists (select 1 from departments c where c.parent_id = d.id and c.is_active) order by d.sort, d.code`,
    ),
    md('channel', sql`and coalesce(level, 1) = 1`),
    md('expenseSubject', sql`and level = 3`),
    md('product'),
  ]);
  return { fiscalYear, region, channel, subject, product };
}

const SHEET = (locale: Locale) => t(locale, 'budgetProposal.sheet.template');
const REFERENCE = (locale: Locale) => t(locale, 'budgetProposal.sheet.reference');
const DIM_OF: Partial<Record<ColumnKey, Dim>> = Object.fromEntries(TEMPLATE_COLUMNS.flatMap((c) => ('dim' in c ? [[c.key, c.dim]] : [])));
const NAME_COL: Record<Dim, ColumnKey | null> = {
  fiscalYear: null,
  region: 'quYuMingCheng',
  channel: 'quDaoMingCheng',
  subject: 'keMuMingCheng',
  product: 'danPinMingCheng',
};
const CODE_COL: Record<Dim, ColumnKey> = {
  fiscalYear: 'caiWuNian',
  region: 'quYuBianMa',
  channel: 'quDaoBianMa',
  subject: 'keMuBianMa',
  product: 'danPinBianMa',
};

function headerRow(ws: ExcelJS.Worksheet, locale: Locale, extra: string[] = []) {
  const r = ws.addRow([...TEMPLATE_COLUMNS.map((c) => columnLabel(c.key, locale) + ('required' in c && c.required ? ' *' : '')), ...extra]);
  r.font = { bold: true };
  ws.columns.forEach((c) => {
    c.width = 18;
  });
  ws.getColumn(COL.jinE).numFmt = '@';
  ws.views = [{ state: 'frozen', ySplit: 1 }];
}

function referenceSheet(wb: ExcelJS.Workbook, dims: Dimensions, locale: Locale) {
  const ws = wb.addWorksheet(REFERENCE(locale));
  const blocks: Dim[] = ['fiscalYear', 'region', 'channel', 'subject', 'product'];
  const head: string[] = [];
  for (const d of blocks) head.push(t(locale, `budgetProposal.dim.${d}`) + ' ' + t(locale, 'budgetProposal.code'), t(locale, `budgetProposal.dim.${d}`), '');
  ws.addRow(head).font = { bold: true };
  const n = Math.max(...blocks.map((d) => dims[d].length));
  for (let i = 0; i < n; i++) ws.addRow(blocks.flatMap((d) => (dims[d][i] ? [dims[d][i].code, dims[d][i].name, ''] : ['', '', ''])));
  ws.columns.forEach((c, i) => {
    c.width = i % 3 === 2 ? 3 : 20;
  });
}

/** The template of `kind` for a fiscal year: one prefilled row per item of the kind's dimension. */
export async function templateWorkbook(db: DbOrTx, kind: TemplateKind, fiscalYear: DimItem, locale: Locale): Promise<Buffer> {
  const dims = await dimensions(db, locale);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Formwork';
  const ws = wb.addWorksheet(SHEET(locale));
  headerRow(ws, locale);
  const dim = PREFILLED[kind];
  for (const item of dims[dim]) {
    const values: (string | null)[] = TEMPLATE_COLUMNS.map(() => null);
    values[COL.caiWuNian - 1] = fiscalYear.code;
    values[COL[CODE_COL[dim]] - 1] = item.code;
    const nameCol = NAME_COL[dim];
    if (nameCol) values[COL[nameCol] - 1] = item.name;
    ws.addRow(values);
  }
  referenceSheet(wb, dims, locale);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export interface ImportError {
  /** the Excel row number (the header is row 1) */
  row: number;
  column: ColumnKey | null;
  /** the column's header in the user's language ('' for a workbook-wide error) */
  columnLabel: string;
  message: string;
}

export interface ImportLine {
  row: number;
  region: DimItem;
  channel: DimItem;
  subject: DimItem;
  product: DimItem | null;
  amount: string;
  memo: string;
}

export interface ParsedImport {
  lines: ImportLine[];
  errors: ImportError[];
  total: string;
  /** the rows as read (Excel row number → the 11 cells as text), for the error report */
  sheet: { row: number; cells: string[] }[];
}

/** A cell's value as text (rich text joined, a formula's result, a number as JS writes it). */
function cellText(v: ExcelJS.CellValue): string {
  if (v == null) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText))
      return v.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('result' in v) return cellText((v as { result?: ExcelJS.CellValue }).result ?? null);
    if ('text' in v && typeof (v as { text: unknown }).text === 'string') return (v as { text: string }).text.trim();
  }
  return '';
}

/**
 * Reads an uploaded template and validates every row against the dimensions and the import's
 * fiscal year. Rows with no amount and no codes beyond the prefilled ones are left out (a
 * prefilled row the user did not fill); every other row must be complete and valid.
 */
export async function parseTemplate(db: DbOrTx, content: Buffer, kind: TemplateKind, fiscalYear: DimItem, locale: Locale): Promise<ParsedImport> {
  const wb = new ExcelJS.Workbook();
  const errors: ImportError[] = [];
  const fail = (message: string): ParsedImport => ({ lines: [], errors: [{ row: 0, column: null, columnLabel: '', message }], total: '0.00', sheet: [] });
  try {
    await wb.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    return fail(t(locale, 'budgetProposal.error.notWorkbook'));
  }
  const ws = wb.worksheets[0];
  if (!ws) return fail(t(locale, 'budgetProposal.error.notWorkbook'));
  const dims = await dimensions(db, locale);
  const byCode = Object.fromEntries((Object.keys(dims) as Dim[]).map((d) => [d, new Map(dims[d].map((x) => [x.code.toUpperCase(), x]))])) as Record<
    Dim,
    Map<string, DimItem>
  >;
  const prefilled = CODE_COL[PREFILLED[kind]];
  const sheet: ParsedImport['sheet'] = [];
  const lines: ImportLine[] = [];
  const seen = new Map<string, number>();
  let total = new Decimal(0);
  const err = (row: number, column: ColumnKey | null, key: string, params: Record<string, unknown> = {}) =>
    errors.push({ row, column, columnLabel: column ? columnLabel(column, locale) : '', message: t(locale, `budgetProposal.error.${key}`, params) });

  const last = ws.actualRowCount ? (ws.lastRow?.number ?? 1) : 1;
  if (last - 1 > MAX_ROWS) return fail(t(locale, 'budgetProposal.error.tooManyRows', { max: MAX_ROWS }));
  for (let r = 2; r <= last; r++) {
    const row = ws.getRow(r);
    const cells = TEMPLATE_COLUMNS.map((_, i) => cellText(row.getCell(i + 1).value));
    const v = (k: ColumnKey) => cells[COL[k] - 1];
    // a row nobody filled: only the fiscal year and the prefilled code (and its name), no amount
    const filled = TEMPLATE_COLUMNS.some((c) => c.key !== 'caiWuNian' && c.key !== prefilled && !c.key.endsWith('MingCheng') && v(c.key) !== '');
    if (!filled) continue;
    sheet.push({ row: r, cells });
    const before = errors.length;
    const found: Partial<Record<Dim, DimItem>> = {};
    for (const c of TEMPLATE_COLUMNS) {
      const dim = DIM_OF[c.key];
      if (!dim) continue;
      const code = v(c.key);
      if (!code) {
        if ('required' in c && (c.required || (dim === 'product' && kind === 'chanPin'))) err(r, c.key, 'required', { column: columnLabel(c.key, locale) });
        continue;
      }
      const item = byCode[dim].get(code.toUpperCase());
      if (!item) {
        err(r, c.key, 'unknownCode', { column: columnLabel(c.key, locale), code });
        continue;
      }
      found[dim] = item;
    }
    if (found.fiscalYear && found.fiscalYear.id !== fiscalYear.id)
      err(r, 'caiWuNian', 'fiscalYearMismatch', { code: found.fiscalYear.code, expected: fiscalYear.code });
    const raw = v('jinE').replace(/,/g, '');
    let amount: Decimal | null = null;
    if (!raw) err(r, 'jinE', 'required', { column: columnLabel('jinE', locale) });
    else if (/^-/.test(raw) && AMOUNT_RE.test(raw.slice(1))) err(r, 'jinE', 'negative', { value: v('jinE') });
    else if (!AMOUNT_RE.test(raw)) err(r, 'jinE', 'badAmount', { value: v('jinE') });
    else if (new Decimal(raw).lte(0)) err(r, 'jinE', 'zero');
    else amount = new Decimal(raw);
    if (found.region && found.channel && found.subject) {
      const key = [found.region.id, found.channel.id, found.subject.id, found.product?.id ?? ''].join('|');
      const first = seen.get(key);
      if (first !== undefined) err(r, null, 'duplicate', { first });
      else seen.set(key, r);
    }
    if (errors.length === before && amount && found.region && found.channel && found.subject) {
      lines.push({
        row: r,
        region: found.region,
        channel: found.channel,
        subject: found.subject,
        product: found.product ?? null,
        amount: fmt(amount),
        memo: v('beiZhu').slice(0, 200),
      });
      total = total.plus(amount);
    }
  }
  if (lines.length === 0 && errors.length === 0) err(0, 'jinE', 'empty');
  return { lines, errors, total: fmt(total), sheet };
}

/** The uploaded rows back as a workbook with an error column (the messages of each row). */
export async function errorWorkbook(parsed: ParsedImport, locale: Locale): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Formwork';
  const ws = wb.addWorksheet(SHEET(locale));
  headerRow(ws, locale, [t(locale, 'budgetProposal.column.cuoWu')]);
  const byRow = new Map<number, string[]>();
  for (const e of parsed.errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e.columnLabel ? `${e.columnLabel}：${e.message}` : e.message]);
  const general = byRow.get(0);
  if (general) ws.getRow(1).getCell(TEMPLATE_COLUMNS.length + 1).value = `${t(locale, 'budgetProposal.column.cuoWu')}：${general.join('；')}`;
  for (const s of parsed.sheet) {
    const row = ws.getRow(s.row);
    row.values = [...s.cells, (byRow.get(s.row) ?? []).join('；')];
    if (byRow.has(s.row)) row.getCell(TEMPLATE_COLUMNS.length + 1).font = { color: { argb: 'FFCF1322' } };
  }
  ws.getColumn(TEMPLATE_COLUMNS.length + 1).width = 60;
  return Buffer.from(await wb.xlsx.writeBuffer());
}
