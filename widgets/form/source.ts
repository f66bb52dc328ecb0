// What the form renderer reads and writes: a store of field states, values and errors by path
// (`amount`, `detail.2.qty`; a column's state under `detail.qty`) that notifies per path. The
// runtime passes the engine's field model through it (runtime/form/fieldSource.ts); stories, the
// widget tests and the value-based sub-form widget pass a local store (localSource.ts). Every
// field and detail cell subscribes to its own path only, so a keystroke renders the field typed
// into and whatever the store reports changed.
import { useCallback, useSyncExternalStore } from 'react';

/** A field's (or a column's) state as the renderer needs it. */
export interface FieldStatus {
  visible: boolean;
  editable: boolean;
  required: boolean;
}

export interface FieldSource {
  /** the state of `key` or `subForm.column` (the same object until it changes) */
  getState(path: string): FieldStatus;
  getValue(path: string): unknown;
  getError(path: string): string | undefined;
  /** the row ids of a sub-form (a new array only when rows are added or removed) */
  getRowIds(subForm: string): readonly string[];
  /** the user typed or picked a value */
  change(path: string, value: unknown): void;
  addRow(subForm: string): void;
  removeRow(subForm: string, rowIndex: number): void;
  /** changes of one path (value, state or error) */
  subscribe(path: string, listener: () => void): () => void;
  /** every change batch, with the changed paths */
  onChange(listener: (changed: ReadonlySet<string>) => void): () => void;
}

function usePath<T>(source: FieldSource, path: string, read: () => T): T {
  const subscribe = useCallback((cb: () => void) => source.subscribe(path, cb), [source, path]);
  return useSyncExternalStore(subscribe, read, read);
}

export function useFieldValue(source: FieldSource, path: string): unknown {
  return usePath(source, path, () => source.getValue(path));
}
export function useFieldState(source: FieldSource, path: string): FieldStatus {
  return usePath(source, path, () => source.getState(path));
}
export function useFieldError(source: FieldSource, path: string): string | undefined {
  return usePath(source, path, () => source.getError(path));
}
/** the row ids of a sub-form: changes when rows are added or removed */
export function useRowIds(source: FieldSource, subForm: string): readonly string[] {
  return usePath(source, subForm, () => source.getRowIds(subForm));
}

/** The DOM id of a path's input: `fw-amount`, `fw-detail-2-qty`. */
export const inputId = (path: string) => `fw-${path.replace(/\./g, '-')}`;
