// The field model: values, per-field state (visible / editable / required), linkage rules and
// formulas, errors. Plain TypeScript; the React form is a view of it. This file puts the parts
// together behind the public `FormModel`:
//
// - the rule graph, node evaluation and field states are schemas/logic's (ruleGraph.ts,
//   evaluateNode.ts, fieldStates.ts) — the server's rule effects (schemas/ruleEffects.ts) use the
//   same ones, so what the form shows is what the server enforces;
// - initialData.ts (the data a form opens with), valuesStore.ts (values by path, row ids),
//   recompute.ts (dirty propagation: only what a change affects runs), errorsStore.ts,
//   subscriptions.ts (per-path listeners).
//
// Paths: `key` for a main field; `subForm.<rowIndex>.column` for a cell (the server's error
// paths use the same shape); `subForm.column` for a column's state; `subForm` for its rows.
import { FORM_MODES, TC, SUB_FORM_ROW_ID, type FieldDefinition, type FormDefinition, type FormMode, type Locale } from '../../schemas';
import { buildRuleGraph } from '../../schemas/logic/ruleGraph';
import { createFieldStates } from '../../schemas/logic/fieldStates';
import { APPLICANT_EDIT_MODES } from '../../schemas/logic/permissions';
import { columnsOf } from './fields';
import { cloneValue, initialData, newRow } from './initialData';
import { createValuesStore } from './valuesStore';
import { createRecompute } from './recompute';
import { createErrorsStore } from './errorsStore';
import { createSubscriptions } from './subscriptions';
import type { ChangeListener, FieldError, FieldState, FormModelOptions, FormRecord, SessionUser, ApprovalNodeRef } from './types';

type Row = Record<string, unknown>;

export interface FormModel {
  readonly definition: FormDefinition;
  readonly mode: FormMode;
  readonly locale: Locale;
  readonly user: SessionUser;
  readonly node: ApprovalNodeRef | null;
  readonly record: FormRecord | null;
  /** the main fields in definition order (dividers included) */
  readonly fields: readonly FieldDefinition[];
  /** field lookup by `key` or `subForm.column` */
  fieldAt(path: string): FieldDefinition | undefined;
  /** the state of `key` or `subForm.column` (stable object until it changes) */
  getState(path: string): FieldState;
  getValue(path: string): unknown;
  /** a deep copy of the record's data, for saving */
  getValues(): Record<string, unknown>;
  /** the live data, read-only (validation while typing; no copy) */
  peekValues(): Readonly<Record<string, unknown>>;
  /** the rows' ids of a sub-form (a new array only when rows are added or removed) */
  getRowIds(subForm: string): readonly string[];
  /** the user typed/picked: sets, recomputes what depends on it, returns every changed path */
  setValue(path: string, value: unknown): string[];
  addRow(subForm: string, values?: Row): string[];
  removeRow(subForm: string, rowIndex: number): string[];
  getError(path: string): string | undefined;
  getErrors(): FieldError[];
  /** replace all errors (validation, server 422); returns changed paths */
  setErrors(errors: FieldError[]): string[];
  /** set or clear (undefined) the error of one path; returns changed paths */
  setError(path: string, error: FieldError | undefined): string[];
  /** has the user changed anything since load / the last `markSaved`? */
  isDirty(): boolean;
  markSaved(): void;
  /** subscribe to changes of one path (value, state or error), or of any with '*' */
  subscribe(path: string, listener: () => void): () => void;
  /** every change batch */
  onChange(listener: ChangeListener): () => void;
  /** counters for tests and benchmarks */
  readonly stats: { evaluations: number };
}

export const isEmptyValue = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** Build the field model of a definition in a mode. */
export function createFormModel(options: FormModelOptions): FormModel {
  const { definition: def, mode, user } = options;
  const node = options.node ?? null;
  const record = options.record ?? null;
  const locale: Locale = options.locale ?? 'zh-CN';
  const stats = { evaluations: 0 };

  const graph = buildRuleGraph(def);
  const { fieldByPath, subForms } = graph;
  const store = createValuesStore(initialData(def, mode, record), subForms.keys());
  const { data, parsePath } = store;
  const states = createFieldStates(def, graph, mode, node?.id);
  const errors = createErrorsStore();
  const subscriptions = createSubscriptions();
  let dirty = false;

  // the first pass runs every node: rules everywhere, formulas and setValue actions where the
  // applicant edits; then an approver's edit (mode 3) recomputes what depends on it, and view
  // (mode 2) never computes
  const recompute = createRecompute(graph, store, states, stats, APPLICANT_EDIT_MODES.has(mode));
  recompute.markAll();
  recompute.flush(new Set());
  recompute.computeValues = mode !== FORM_MODES.VIEW;

  const canEditPath = (path: string): boolean => {
    const { key, col } = parsePath(path);
    const s = states.get(col === undefined ? key : `${key}.${col}`);
    return s.editable && s.visible;
  };

  /** rows were added (`added` index), replaced ('all') or removed (-1): recompute and tell */
  const structureChanged = (subForm: string, added: number | 'all'): string[] => {
    store.refreshRowIds(subForm);
    dirty = true;
    const changed = new Set<string>([subForm]);
    recompute.markRows(subForm, added);
    recompute.flush(changed);
    subscriptions.notify(changed);
    return [...changed];
  };
  const notified = (changed: string[]) => {
    if (changed.length) subscriptions.notify(new Set(changed));
    return changed;
  };

  return {
    definition: def,
    mode,
    locale,
    user,
    node,
    record,
    fields: def.fields,
    stats,
    fieldAt: (path) => fieldByPath.get(path),
    getState: (path) => states.get(path),
    getValue: store.getValue,
    getValues: () => cloneValue(data),
    peekValues: () => data,
    getRowIds: store.getRowIds,
    setValue(path, value) {
      if (!canEditPath(path)) return [];
      if (subForms.has(path)) {
        // the whole table replaced (e.g. pasted rows): rows get ids, everything recomputes
        const cols = columnsOf(fieldByPath.get(path)!);
        data[path] = (Array.isArray(value) ? (value as Row[]) : []).map((r) => ({
          ...newRow(cols, r),
          ...(typeof r[SUB_FORM_ROW_ID] === 'string' ? { [SUB_FORM_ROW_ID]: r[SUB_FORM_ROW_ID] } : {}),
        }));
        errors.clearUnder(path);
        return structureChanged(path, 'all');
      }
      if (!store.write(path, value)) return [];
      dirty = true;
      const changed = new Set<string>([path]);
      errors.clearAt(path, changed);
      recompute.markDependents(path);
      recompute.flush(changed);
      subscriptions.notify(changed);
      return [...changed];
    },
    addRow(subForm, values) {
      const f = fieldByPath.get(subForm);
      if (!f || f.type !== TC.SUB_FORM || !states.get(subForm).editable) return [];
      const list = data[subForm] as Row[];
      if (f.maxRows !== undefined && list.length >= f.maxRows) return [];
      list.push(newRow(columnsOf(f), values));
      return structureChanged(subForm, list.length - 1);
    },
    removeRow(subForm, rowIndex) {
      const f = fieldByPath.get(subForm);
      const list = data[subForm] as Row[] | undefined;
      if (!f || !list || !states.get(subForm).editable || rowIndex < 0 || rowIndex >= list.length) return [];
      list.splice(rowIndex, 1);
      errors.removeRow(subForm, rowIndex, parsePath);
      return structureChanged(subForm, -1);
    },
    getError: (path) => errors.get(path)?.message,
    getErrors: () => errors.all(),
    setError: (path, error) => notified(errors.set(path, error)),
    setErrors: (list) => notified(errors.replace(list)),
    isDirty: () => dirty,
    markSaved() {
      dirty = false;
    },
    subscribe: subscriptions.subscribe,
    onChange: subscriptions.onChange,
  };
}
