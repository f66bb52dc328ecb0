// The form's values: one plain data object (what is saved), read and written by path — `key`,
// or `subForm.<row>.column` for a cell — and each sub-form's row ids (a new array only when rows
// are added or removed, so a table re-renders only then).
import { SUB_FORM_ROW_ID } from '../../schemas';
import { sameValue } from '../../schemas/logic/evaluateNode';

type Row = Record<string, unknown>;

/** A parsed value path: `key`, or `key.row.col` for a cell. */
export interface ValuePath {
  key: string;
  row?: number;
  col?: string;
}

export interface ValuesStore {
  readonly data: Record<string, unknown>;
  parsePath(path: string): ValuePath;
  getValue(path: string): unknown;
  /** write one value; returns whether it changed (absent, null and '' are one empty value) */
  write(path: string, value: unknown): boolean;
  getRowIds(subForm: string): readonly string[];
  /** the rows of a sub-form were added, removed or replaced */
  refreshRowIds(subForm: string): void;
}

export function createValuesStore(data: Record<string, unknown>, subForms: Iterable<string>): ValuesStore {
  const rowIds = new Map<string, string[]>();
  const parsed = new Map<string, ValuePath>();
  const parsePath = (path: string): ValuePath => {
    let p = parsed.get(path);
    if (!p) {
      const parts = path.split('.');
      p = parts.length === 3 ? { key: parts[0], row: Number(parts[1]), col: parts[2] } : { key: parts[0] };
      if (parsed.size < 100_000) parsed.set(path, p);
    }
    return p;
  };
  const refreshRowIds = (subForm: string) =>
    rowIds.set(
      subForm,
      ((data[subForm] as Row[]) ?? []).map((r) => r[SUB_FORM_ROW_ID] as string),
    );
  for (const key of subForms) refreshRowIds(key);
  return {
    data,
    parsePath,
    getValue(path) {
      const { key, row, col } = parsePath(path);
      if (col === undefined) return data[key];
      return (data[key] as Row[] | undefined)?.[row!]?.[col];
    },
    write(path, value) {
      const { key, row, col } = parsePath(path);
      if (col === undefined) {
        if (sameValue(data[key], value)) return false;
        if (value === undefined) delete data[key];
        else data[key] = value;
        return true;
      }
      const r = (data[key] as Row[] | undefined)?.[row!];
      if (!r || sameValue(r[col], value)) return false;
      if (value === undefined) delete r[col];
      else r[col] = value;
      return true;
    },
    getRowIds: (subForm) => rowIds.get(subForm) ?? [],
    refreshRowIds,
  };
}
