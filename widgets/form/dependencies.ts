// Dependent pickers in the form renderer: a field whose `dataSource.params` read other fields
// (`{pinPai.id}`, schemas/dataSourceParams.ts) gets their current values and labels. It
// subscribes to those paths only (a column to its own row's column, else the main field), so a
// brand picked in row 3 renders row 3's product picker and nothing else.
import { createContext, useCallback, useContext, useMemo, useRef, useSyncExternalStore } from 'react';
import { referencePaths, type FieldDefinition, type Locale } from '../../schemas';
import { localText } from '../i18n';
import type { FieldSource } from './source';

/** The form's fields (main level), for the labels of referenced fields; hosts provide it. */
export const FormFieldsContext = createContext<readonly FieldDefinition[] | null>(null);

const NONE: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;

/** The values at `paths` (key → path), one object until one of them changes. */
export function useReferenceValues(source: FieldSource, paths: Record<string, string>): Record<string, unknown> {
  const entries = useMemo(() => Object.entries(paths), [paths]);
  const cache = useRef<Record<string, unknown>>(NONE);
  const subscribe = useCallback(
    (cb: () => void) => {
      const offs = entries.map(([, p]) => source.subscribe(p, cb));
      return () => offs.forEach((off) => off());
    },
    [source, entries],
  );
  const read = useCallback(() => {
    if (entries.length === 0) return NONE;
    const prev = cache.current;
    const same = prev !== NONE && entries.every(([k, p]) => k in prev && Object.is(prev[k], source.getValue(p)));
    if (same && Object.keys(prev).length === entries.length) return prev;
    const next: Record<string, unknown> = {};
    for (const [k, p] of entries) next[k] = source.getValue(p);
    cache.current = next;
    return next;
  }, [source, entries]);
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * What a field's widget needs for its references: `paramValues` and `paramLabels`, or nothing
 * for a field without references. `row`: a column's row path and its sub-form's columns.
 */
export function useParamContext(
  source: FieldSource,
  field: FieldDefinition,
  locale: Locale,
  row?: { path: string; columns: ReadonlyMap<string, FieldDefinition> },
): { paramValues?: Record<string, unknown>; paramLabels?: Record<string, string> } {
  const formFields = useContext(FormFieldsContext);
  const rowPath = row?.path;
  const columns = row?.columns;
  const paths = useMemo(
    () => referencePaths(field, rowPath !== undefined && columns ? { path: rowPath, keys: columns } : undefined),
    [field, rowPath, columns],
  );
  const values = useReferenceValues(source, paths);
  const labels = useMemo(() => {
    const out: Record<string, string> = {};
    // in the form's order: the main fields', then the row's columns'
    const rank = (key: string) => {
      const main = formFields?.findIndex((f) => f.key === key) ?? -1;
      if (main >= 0 && !columns?.has(key)) return main;
      return 10_000 + (columns ? [...columns.keys()].indexOf(key) : 0);
    };
    for (const key of Object.keys(paths).sort((a, b) => rank(a) - rank(b))) {
      const def = columns?.get(key) ?? formFields?.find((f) => f.key === key);
      out[key] = def ? localText(def.label, locale) : key;
    }
    return out;
  }, [paths, columns, formFields, locale]);
  return Object.keys(paths).length ? { paramValues: values, paramLabels: labels } : {};
}
