// Excel export of a list's current filter (exceljs). Text cells that begin with = + - @ (or a
// tab / carriage return) are escaped with a leading apostrophe so a spreadsheet never reads
// them as formulas (CSV/formula injection). Amounts and integers are written as numbers with
// a number format (two decimals and separators for amounts); Excel itself stores numbers as
// doubles, the decimal strings are only converted at this last step.
import { TC, type Locale } from '../../schemas';
import { toDecimal } from '../engine';
import { cellText, rawCell, type ListColumn, type ListRow } from './columns';

const FORMULA_START = /^[=+\-@\t\r]/;

/** Escape a text cell that a spreadsheet would read as a formula. */
export function escapeExcelCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export type ExcelCell = string | number | null;

export interface ExportTable {
  header: string[];
  rows: ExcelCell[][];
  /** per column: the number format of numeric columns */
  numFmts: (string | undefined)[];
}

function numericCell(col: ListColumn, row: ListRow): number | null | undefined {
  if (!col.field || (col.field.type !== TC.DECIMAL && col.field.type !== TC.INTEGER)) return undefined;
  const v = rawCell(row, col);
  if (v === undefined || v === null || v === '') return null;
  const d = toDecimal(v);
  return d ? d.toNumber() : undefined;
}

/** The header and cells of an export: what the grid shows, escaped. */
export function buildExportTable(columns: readonly ListColumn[], rows: readonly ListRow[], locale: Locale): ExportTable {
  const numFmts = columns.map((c) =>
    c.field?.type === TC.DECIMAL
      ? c.field.money || (c.field.precision ?? 2) === 2
        ? '#,##0.00'
        : `#,##0.${'0'.repeat(c.field.precision ?? 2)}`
      : c.field?.type === TC.INTEGER
        ? '#,##0'
        : undefined,
  );
  return {
    header: columns.map((c) => escapeExcelCell(c.label)),
    rows: rows.map((r) =>
      columns.map((c) => {
        const n = numericCell(c, r);
        if (n !== undefined) return n;
        return escapeExcelCell(cellText(r, c, locale));
      }),
    ),
    numFmts,
  };
}

/** An .xlsx file of the table (exceljs loads on demand). */
export async function exportTableToXlsx(table: ExportTable, sheetName: string): Promise<Uint8Array> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Formwork';
  const ws = wb.addWorksheet(sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1');
  ws.addRow(table.header).font = { bold: true };
  for (const r of table.rows) ws.addRow(r);
  table.numFmts.forEach((fmt, i) => {
    const col = ws.getColumn(i + 1);
    col.width = Math.min(40, Math.max(10, table.header[i].length * 2 + 4));
    if (fmt) col.numFmt = fmt;
  });
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  const buf = await wb.xlsx.writeBuffer();
  return new Uint8Array(buf as ArrayBuffer);
}

/** Offer the bytes as a download. */
export function downloadBytes(bytes: Uint8Array, fileName: string): void {
  const blob = new Blob([bytes as BlobPart], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
