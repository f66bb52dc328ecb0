// A form's data when it opens: the record's (reading renamed keys), or the definition's defaults
// in mode 0 for what a new document lacks (also one prefilled from its source); sub-form rows carry an `_id`, and mode 0 fills a sub-form up to its `minRows`.
import { FORM_MODES, TC, holdsValue, SUB_FORM_ROW_ID, type FieldDefinition, type FormDefinition, type FormMode } from '../../schemas';
import { columnsOf } from './fields';
import { newRowId } from './ids';
import type { FormRecord } from './types';

type Row = Record<string, unknown>;

/** A deep copy of a JSON value (primitives as they are). */
export function cloneValue<T>(v: T): T {
  return v === undefined || v === null || typeof v !== 'object' ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/** A new sub-form row: a fresh `_id`, the given values, else the columns' defaults. */
export function newRow(cols: readonly FieldDefinition[], values?: Row): Row {
  const row: Row = { [SUB_FORM_ROW_ID]: newRowId() };
  for (const c of cols) {
    const v = values?.[c.key] ?? cloneValue(c.default);
    if (v !== undefined) row[c.key] = v;
  }
  return row;
}

/** Initial data: the record's (reading renamed keys), or the definition's defaults in mode 0. */
export function initialData(def: FormDefinition, mode: FormMode, record: FormRecord | null | undefined): Record<string, unknown> {
  const src = record?.data ?? {};
  const data: Record<string, unknown> = {};
  const read = (f: FieldDefinition, from: Record<string, unknown>): unknown => {
    if (from[f.key] !== undefined) return from[f.key];
    for (const old of f.renamedFrom ?? []) if (from[old] !== undefined) return from[old];
    // a new document (mode 0, no stored record: blank, or prefilled from its source by derive) takes the defaults of what it lacks
    return mode === FORM_MODES.ADD && !record?.id ? cloneValue(f.default) : undefined;
  };
  for (const f of def.fields) {
    if (!holdsValue(f.type)) continue;
    const v = read(f, src);
    if (f.type === TC.SUB_FORM) {
      const rows = Array.isArray(v) ? (v as Row[]) : [];
      const cols = columnsOf(f);
      const out: Row[] = rows.map((r) => {
        const row: Row = { [SUB_FORM_ROW_ID]: typeof r[SUB_FORM_ROW_ID] === 'string' ? r[SUB_FORM_ROW_ID] : newRowId() };
        for (const c of cols) {
          const cv = read(c, r);
          if (cv !== undefined) row[c.key] = cv;
        }
        return row;
      });
      if (mode === FORM_MODES.ADD) while (out.length < (f.minRows ?? 0)) out.push(newRow(cols));
      data[f.key] = out;
    } else if (v !== undefined) {
      data[f.key] = v;
    }
  }
  return data;
}
