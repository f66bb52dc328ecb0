// The query filters of a list's filter bar.
import type { FilterOp, ListSettings } from '../../schemas';

export interface ListFilter {
  key: string;
  op: FilterOp;
  value: unknown;
}

const isEmptyFilter = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && (v.length === 0 || v.every((x) => x === undefined || x === null || x === '')));

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A filter bar value as the server reads it: a picked value by its id, whole days for date ranges. */
function queryValue(op: FilterOp, v: unknown): unknown {
  const idOf = (x: unknown) => (x && typeof x === 'object' && 'id' in x ? String((x as { id: unknown }).id) : x);
  if (Array.isArray(v)) {
    if (op === 'range' && v.length === 2 && v.every((x) => typeof x === 'string' && (x === '' || DATE_ONLY.test(x)))) {
      return [v[0] ? `${v[0]} 00:00:00` : '', v[1] ? `${v[1]} 23:59:59` : ''];
    }
    return v.map(idOf);
  }
  return idOf(v);
}

/** The query filters of the filter bar's values (empty values left out). */
export function toFilters(settings: ListSettings, values: Record<string, unknown>): ListFilter[] {
  return (settings.filters ?? []).filter((f) => !isEmptyFilter(values[f.key])).map((f) => ({ key: f.key, op: f.op, value: queryValue(f.op, values[f.key]) }));
}
