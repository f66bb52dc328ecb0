// The form's field errors by record path (`amount`, `detail.2.qty`); the `errors` pseudo-path
// changes whenever the set of errors does (the error summary subscribes to it).
import type { FieldError } from './types';
import type { ValuePath } from './valuesStore';

export interface ErrorsStore {
  get(path: string): FieldError | undefined;
  all(): FieldError[];
  /** set or clear one path's error; returns the changed paths */
  set(path: string, error: FieldError | undefined): string[];
  /** replace every error; returns the changed paths */
  replace(list: readonly FieldError[]): string[];
  /** clear one path's error (the user changed its value) into `changed` */
  clearAt(path: string, changed: Set<string>): void;
  /** drop the errors of a sub-form's cells (its rows were replaced) */
  clearUnder(subForm: string): void;
  /** a row was removed: its errors go, later rows' errors move up */
  removeRow(subForm: string, rowIndex: number, parse: (path: string) => ValuePath): void;
}

export function createErrorsStore(): ErrorsStore {
  const errors = new Map<string, FieldError>();
  return {
    get: (path) => errors.get(path),
    all: () => [...errors.values()],
    set(path, error) {
      const had = errors.get(path);
      if (error ? had?.message === error.message && had.code === error.code : !had) return [];
      if (error) errors.set(path, { ...error, path });
      else errors.delete(path);
      return [path, 'errors'];
    },
    replace(list) {
      const changed = new Set<string>(errors.keys());
      errors.clear();
      for (const e of list) {
        errors.set(e.path, e);
        changed.add(e.path);
      }
      changed.add('errors');
      return [...changed];
    },
    clearAt(path, changed) {
      if (errors.delete(path)) {
        changed.add(path);
        changed.add('errors');
      }
    },
    clearUnder(subForm) {
      for (const p of [...errors.keys()]) if (p.startsWith(`${subForm}.`)) errors.delete(p);
    },
    removeRow(subForm, rowIndex, parse) {
      const moved: FieldError[] = [];
      for (const [p, e] of [...errors]) {
        const { key, row, col } = parse(p);
        if (key === subForm && col !== undefined && row! >= rowIndex) {
          errors.delete(p);
          if (row! > rowIndex) moved.push({ ...e, path: `${key}.${row! - 1}.${col}` });
        }
      }
      for (const e of moved) errors.set(e.path, e);
    },
  };
}
