// Plain helpers of the sub-form (99997): row ids, copies, totals, required checks.
import Decimal from 'decimal.js';
import { AMOUNT_DECIMALS, SUB_FORM_ROW_ID, TC, holdsValue, type FieldDefinition, type SubFormRow } from '../../schemas';
import { formatDecimal, formatInteger } from '../format';

let counter = 0;
/** A new 19-digit row id (time-ordered, unique within this page). */
export function newRowId(): string {
  counter = (counter + 1) % 1_000_000;
  return (BigInt(Date.now()) * 1_000_000n + BigInt(counter)).toString().padStart(19, '1').slice(-19);
}

/** The key a row is known by: its `_id`, or its position when it has none yet. */
export const rowKey = (row: SubFormRow, index: number): string => (typeof row[SUB_FORM_ROW_ID] === 'string' && row[SUB_FORM_ROW_ID] ? String(row[SUB_FORM_ROW_ID]) : `#${index}`);

/** The columns a sub-form shows. */
export const visibleColumns = (field: FieldDefinition): FieldDefinition[] => ((field.fields ?? []) as FieldDefinition[]).filter((c) => !c.hidden && holdsValue(c.type));

/** A deep copy of a row under a new id. */
export function copyRow(row: SubFormRow): SubFormRow {
  const clone = JSON.parse(JSON.stringify(row)) as SubFormRow;
  return { ...clone, [SUB_FORM_ROW_ID]: newRowId() };
}

/** A new row: the columns' defaults and a new id. */
export function emptyRow(columns: FieldDefinition[]): SubFormRow {
  const row: SubFormRow = { [SUB_FORM_ROW_ID]: newRowId() };
  for (const c of columns) if (c.default !== undefined) row[c.key] = JSON.parse(JSON.stringify(c.default));
  return row;
}

const isBlank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** Required columns left empty in a row. */
export function missingRequired(row: SubFormRow, columns: FieldDefinition[]): string[] {
  return columns.filter((c) => c.required && isBlank(row[c.key])).map((c) => c.key);
}

/** The total of a numeric column (integer 15 or decimal 16), as an exact decimal string. */
export function columnTotal(rows: readonly SubFormRow[], column: FieldDefinition): string {
  let sum = new Decimal(0);
  for (const r of rows) {
    const v = r[column.key];
    if (typeof v === 'number' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v))) sum = sum.plus(new Decimal(v));
  }
  return sum.toFixed();
}

/** A column total formatted like its column. */
export function formatTotal(total: string, column: FieldDefinition): string {
  if (column.type === TC.INTEGER) return formatInteger(total);
  return formatDecimal(total, column.money ? AMOUNT_DECIMALS : (column.precision ?? 2));
}
