// A FieldSource over plain data, for hosts without the runtime's field model: the value-based
// sub-form widget (interop theme), stories and widget tests. States come from the definition
// (`hidden`, `readonly`, `required`; a column inherits its sub-form's) with overrides by path;
// errors are given by the host by path; there are no rules or formulas. Writes are immutable
// (a new record, a new rows array, a new row), so a host holding the value sees every change.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { SUB_FORM_ROW_ID, columnsOf, type FieldDefinition, type SubFormRow } from '../../schemas';
import { emptyRow, newRowId } from '../subForm/rows';
import type { FieldSource, FieldStatus } from './source';

export interface LocalSourceOptions {
  fields: readonly FieldDefinition[];
  values?: Readonly<Record<string, unknown>>;
  /** state overrides by path (`amount`, `detail.qty`) */
  states?: Readonly<Record<string, Partial<FieldStatus>>>;
  /** errors by path (`amount`, `detail.2.qty`), already in the user's language */
  errors?: Readonly<Record<string, string>>;
  /** after every change: the whole record and the path written */
  onValues?: (values: Record<string, unknown>, path: string) => void;
}

export interface LocalSource extends FieldSource {
  values(): Record<string, unknown>;
  setStates(states: Readonly<Record<string, Partial<FieldStatus>>> | undefined): void;
  setErrors(errors: Readonly<Record<string, string>> | undefined): void;
}

const withIds = (rows: unknown): SubFormRow[] =>
  (Array.isArray(rows) ? (rows as SubFormRow[]) : []).map((r) =>
    typeof r?.[SUB_FORM_ROW_ID] === 'string' && r[SUB_FORM_ROW_ID] ? r : { ...r, [SUB_FORM_ROW_ID]: newRowId() },
  );

export function createLocalSource(options: LocalSourceOptions): LocalSource {
  const fieldAt = new Map<string, FieldDefinition>();
  const parentOf = new Map<string, string>();
  const tables = new Set<string>();
  for (const f of options.fields) {
    fieldAt.set(f.key, f);
    if (!Array.isArray(f.fields)) continue;
    tables.add(f.key);
    for (const c of columnsOf(f)) {
      fieldAt.set(`${f.key}.${c.key}`, c);
      parentOf.set(`${f.key}.${c.key}`, f.key);
    }
  }
  let data: Record<string, unknown> = { ...options.values };
  for (const t of tables) if (data[t] !== undefined) data[t] = withIds(data[t]);
  let overrides = options.states ?? {};
  let errors = options.errors ?? {};
  const states = new Map<string, FieldStatus>();
  const rowIds = new Map<string, readonly string[]>();
  const pathListeners = new Map<string, Set<() => void>>();
  const changeListeners = new Set<(changed: ReadonlySet<string>) => void>();

  const rowsOf = (key: string): SubFormRow[] => (Array.isArray(data[key]) ? (data[key] as SubFormRow[]) : []);
  const idsOf = (key: string) => rowsOf(key).map((r) => String(r[SUB_FORM_ROW_ID]));
  const stateOf = (path: string): FieldStatus => {
    let s = states.get(path);
    if (s) return s;
    const f = fieldAt.get(path);
    const parent = parentOf.get(path);
    const p = parent ? stateOf(parent) : { visible: true, editable: true, required: false };
    s = { visible: p.visible && !f?.hidden, editable: p.editable && !f?.readonly, required: !!f?.required, ...overrides[path] };
    states.set(path, s);
    return s;
  };
  const notify = (changed: Set<string>) => {
    for (const p of changed) for (const l of [...(pathListeners.get(p) ?? [])]) l();
    for (const l of [...changeListeners]) l(changed);
  };
  const written = (path: string, changed: Set<string>) => {
    notify(changed);
    options.onValues?.(data, path);
  };
  const setRows = (key: string, rows: SubFormRow[]) => {
    data = { ...data, [key]: rows };
    rowIds.set(key, idsOf(key));
    written(key, new Set([key]));
  };

  return {
    values: () => data,
    getState: stateOf,
    getValue(path) {
      const [key, row, col] = path.split('.');
      if (col === undefined) return data[key];
      return rowsOf(key)[Number(row)]?.[col];
    },
    getError: (path) => errors[path],
    getRowIds(key) {
      let ids = rowIds.get(key);
      if (!ids) rowIds.set(key, (ids = idsOf(key)));
      return ids;
    },
    change(path, value) {
      const [key, row, col] = path.split('.');
      if (col === undefined) {
        if (tables.has(key)) return setRows(key, withIds(value));
        data = { ...data, [key]: value };
      } else {
        const rows = [...rowsOf(key)];
        const i = Number(row);
        if (!rows[i]) return;
        const next: SubFormRow = { ...rows[i] };
        if (value === undefined) delete next[col];
        else next[col] = value;
        rows[i] = next;
        data = { ...data, [key]: rows };
      }
      written(path, new Set([path]));
    },
    addRow(key) {
      const f = fieldAt.get(key);
      const rows = rowsOf(key);
      if (!f || !stateOf(key).editable || (f.maxRows !== undefined && rows.length >= f.maxRows)) return;
      setRows(key, [...rows, emptyRow(columnsOf(f))]);
    },
    removeRow(key, index) {
      const rows = rowsOf(key);
      if (!stateOf(key).editable || index < 0 || index >= rows.length) return;
      setRows(
        key,
        rows.filter((_, i) => i !== index),
      );
    },
    setStates(next) {
      if (JSON.stringify(next ?? {}) === JSON.stringify(overrides)) return;
      overrides = next ?? {};
      states.clear();
      notify(new Set(fieldAt.keys()));
    },
    setErrors(next) {
      const n = next ?? {};
      const changed = new Set<string>();
      for (const p of new Set([...Object.keys(errors), ...Object.keys(n)])) if (errors[p] !== n[p]) changed.add(p);
      errors = n;
      if (changed.size) notify(changed);
    },
    subscribe(path, listener) {
      let set = pathListeners.get(path);
      if (!set) pathListeners.set(path, (set = new Set()));
      set.add(listener);
      return () => void set.delete(listener);
    },
    onChange(listener) {
      changeListeners.add(listener);
      return () => void changeListeners.delete(listener);
    },
  };
}

export interface FieldStoreOptions {
  field: FieldDefinition;
  value: unknown;
  /** the field's value after each change */
  onChange?: (value: unknown) => void;
  /** overrides of the field's state (`editable: false` draws the View) */
  state?: Partial<FieldStatus>;
  /** errors by path: the field's under its key, a sub-form cell's under `key.row.column` */
  errors?: Readonly<Record<string, string>>;
}

/**
 * A local store of one field for a React host that holds the value itself (controlled): the
 * store is kept while the host hands back what the store emitted, and built again when the
 * host gives another value or another field.
 */
export function useFieldStore({ field, value, onChange, state, errors }: FieldStoreOptions): LocalSource {
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const held = useRef<{ source: LocalSource; field: FieldDefinition; value: unknown } | null>(null);
  const states = state ? { [field.key]: state } : undefined;
  if (!held.current || held.current.field !== field || held.current.value !== value) {
    const h: { source: LocalSource; field: FieldDefinition; value: unknown } = {
      field,
      value,
      source: createLocalSource({
        fields: [field],
        values: value === undefined ? {} : { [field.key]: value },
        states,
        errors,
        onValues: (data) => {
          h.value = data[field.key];
          onChangeRef.current?.(h.value);
        },
      }),
    };
    held.current = h;
  }
  const source = held.current.source;
  const stateKey = JSON.stringify(state ?? null);
  const errorsKey = JSON.stringify(errors ?? null);
  useLayoutEffect(() => {
    source.setStates(stateKey === 'null' ? undefined : { [field.key]: JSON.parse(stateKey) as Partial<FieldStatus> });
  }, [source, field.key, stateKey]);
  useLayoutEffect(() => {
    source.setErrors((JSON.parse(errorsKey) as Record<string, string> | null) ?? undefined);
  }, [source, errorsKey]);
  return source;
}
