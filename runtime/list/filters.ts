// The query filters of a list's filter bar.
import type { FilterOp, ListSettings } from '../../schemas';

export interface ListFilter {
  key: string;
  op: FilterOp;
  value: unknown;
}

const isEmptyFilter = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && (v.length === 0 || v.every((x) => x === undefined || x === null || x === '')));

/** The query filters of the filter bar's values (empty values left out). */
export function toFilters(settings: ListSettings, values: Record<string, unknown>): ListFilter[] {
  return (settings.filters ?? []).filter((f) => !isEmptyFilter(values[f.key])).map((f) => ({ key: f.key, op: f.op, value: values[f.key] }));
}

