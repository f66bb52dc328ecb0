// The field model: values, per-field state (visible / editable / required), linkage rules and
// formulas with a dependency graph, errors. Plain TypeScript; the React form is a view of it.
//
// Paths: `key` for a main field; `subForm.<rowIndex>.column` for a cell (the server's error
// paths use the same shape); `subForm.column` for a column's state; `subForm` for its rows.
//
// Incremental recompute: every rule and formula is a node of a graph built once from the
// references of its expressions. A change to a value marks only the nodes that read it; they
// run in topological order and a node whose output changed marks its own dependents. Row
// formulas run for the changed row only; `colSum` totals run once per change.
import {
  FORM_MODES,
  TC,
  holdsValue,
  SUB_FORM_ROW_ID,
  type FieldDefinition,
  type FormDefinition,
  type FormMode,
  type Locale,
  type RuleAction,
} from '../../schemas';
import { compileExpression, evaluate, truthy, type CompiledExpression, type Dependency } from './expressions';
import { newRowId } from './ids';
import { definitionScope } from '../../schemas/logic/scope';
import { coerceFormulaResult } from '../../schemas/logic/coerce';
import { columnsOf } from './fields';
import { APPLICANT_EDIT_MODES, baseStateOf, columnBaseStateOf, ruleStateOf, type BaseState } from './permissions';
import type { ChangeListener, FieldError, FieldState, FormModelOptions, FormRecord, SessionUser, ApprovalNodeRef } from './types';

type Row = Record<string, unknown>;

interface GraphNode {
  index: number;
  kind: 'formula' | 'rule';
  id: string;
  /** row scope: the sub-form whose rows a formula runs on */
  rowOf?: string;
  /** formula: its expression; rule: its condition */
  expr: CompiledExpression;
  /** formula: target key (`total` or `detail.amount`) and result places */
  target?: string;
  precision?: number;
  /** rule: the definition and its compiled setValue expressions */
  rule?: { then: RuleAction[]; otherwise: RuleAction[]; values: Map<RuleAction, CompiledExpression> };
  deps: Dependency[];
  /** value keys the node writes */
  outputs: string[];
}

/** Rows a node must run on: every row, or the listed row indices. */
type Pending = 'all' | Set<number>;

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

const isEmptyValue = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);


function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a && b && typeof a === 'object' && typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return (a === undefined || a === '') && (b === undefined || b === '');
}

/** Initial data: the record's (reading renamed keys), or the definition's defaults in mode 0. */
function initialData(def: FormDefinition, mode: FormMode, record: FormRecord | null | undefined): Record<string, unknown> {
  const src = record?.data ?? {};
  const data: Record<string, unknown> = {};
  const read = (f: FieldDefinition, from: Record<string, unknown>): unknown => {
    if (from[f.key] !== undefined) return from[f.key];
    for (const old of f.renamedFrom ?? []) if (from[old] !== undefined) return from[old];
    return mode === FORM_MODES.ADD && !record?.data ? structuredCloneSafe(f.default) : undefined;
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
      if (mode === FORM_MODES.ADD && out.length < (f.minRows ?? 0)) {
        while (out.length < (f.minRows ?? 0)) out.push(newRow(cols));
      }
      data[f.key] = out;
    } else if (v !== undefined) {
      data[f.key] = v;
    }
  }
  return data;
}

function structuredCloneSafe<T>(v: T): T {
  return v === undefined || v === null || typeof v !== 'object' ? v : (JSON.parse(JSON.stringify(v)) as T);
}

function newRow(cols: readonly FieldDefinition[], values?: Row): Row {
  const row: Row = { [SUB_FORM_ROW_ID]: newRowId() };
  for (const c of cols) {
    const v = values?.[c.key] ?? structuredCloneSafe(c.default);
    if (v !== undefined) row[c.key] = v;
  }
  return row;
}

/** Build the field model of a definition in a mode. */
export function createFormModel(options: FormModelOptions): FormModel {
  const { definition: def, mode, user } = options;
  const node = options.node ?? null;
  const record = options.record ?? null;
  const locale: Locale = options.locale ?? 'zh-CN';
  const stats = { evaluations: 0 };

  // ---- fields and scope
  const { fieldByPath, subForms, scope } = definitionScope(def);

  const data = initialData(def, mode, record);
  const rowIds = new Map<string, string[]>();
  for (const key of subForms.keys()) rowIds.set(key, (data[key] as Row[]).map((r) => r[SUB_FORM_ROW_ID] as string));

  // ---- graph
  const nodes: GraphNode[] = [];
  const computedTargets = new Set<string>();
  for (const f of def.formulas ?? []) {
    const [head, col] = f.target.split('.');
    const rowOf = col !== undefined ? head : undefined;
    const expr = compileExpression(f.expression, rowOf ? { ...scope, rowOf } : scope);
    computedTargets.add(f.target);
    nodes.push({ index: 0, kind: 'formula', id: f.id, rowOf, expr, target: f.target, precision: f.precision, deps: expr.deps, outputs: [f.target] });
  }
  const stateRulesByTarget = new Map<string, number[]>();
  (def.rules ?? []).forEach((r, ruleIndex) => {
    const expr = compileExpression(r.when, scope);
    const values = new Map<RuleAction, CompiledExpression>();
    const deps = [...expr.deps];
    const outputs: string[] = [];
    const all = [...r.then, ...(r.otherwise ?? [])];
    for (const a of all) {
      if (a.action === 'setValue') {
        const c = compileExpression(a.value ?? null, scope);
        values.set(a, c);
        deps.push(...c.deps);
        outputs.push(a.target);
      } else {
        const list = stateRulesByTarget.get(a.target) ?? [];
        if (!list.includes(ruleIndex)) list.push(ruleIndex);
        stateRulesByTarget.set(a.target, list);
      }
    }
    nodes.push({ index: 0, kind: 'rule', id: r.id, expr, rule: { then: r.then, otherwise: r.otherwise ?? [], values }, deps, outputs });
  });

  // dependents: dependency key → [node, rowLocal]
  const dependents = new Map<string, { node: GraphNode; rowLocal: boolean }[]>();
  for (const n of nodes) {
    for (const d of n.deps) {
      const list = dependents.get(d.key) ?? [];
      list.push({ node: n, rowLocal: d.rowLocal && n.rowOf !== undefined });
      dependents.set(d.key, list);
    }
  }
  // topological order (Kahn); nodes left in a cycle keep definition order at the end
  // (validateDefinition reports cycles; the engine only guarantees termination).
  {
    const indeg = new Map<GraphNode, number>(nodes.map((n) => [n, 0]));
    const edges = new Map<GraphNode, Set<GraphNode>>(nodes.map((n) => [n, new Set()]));
    for (const n of nodes) for (const o of n.outputs) for (const d of dependents.get(o) ?? []) {
      if (d.node !== n && !edges.get(n)!.has(d.node)) {
        edges.get(n)!.add(d.node);
        indeg.set(d.node, indeg.get(d.node)! + 1);
      }
    }
    const order: GraphNode[] = [];
    const ready = nodes.filter((n) => indeg.get(n) === 0);
    while (ready.length) {
      const n = ready.shift()!;
      order.push(n);
      for (const m of edges.get(n)!) {
        indeg.set(m, indeg.get(m)! - 1);
        if (indeg.get(m) === 0) ready.push(m);
      }
    }
    for (const n of nodes) if (!order.includes(n)) order.push(n);
    order.forEach((n, i) => (n.index = i));
    nodes.sort((a, b) => a.index - b.index);
  }

  // ---- state
  const bases = new Map<string, BaseState>();
  for (const f of def.fields) {
    const b = baseStateOf(def, mode, node?.id, f);
    bases.set(f.key, b);
    if (f.type === TC.SUB_FORM) for (const c of columnsOf(f)) bases.set(`${f.key}.${c.key}`, columnBaseStateOf(def, mode, node?.id, f, b, c));
  }
  /** rule id → its currently applied actions */
  const activeActions = new Map<string, RuleAction[]>();
  const states = new Map<string, FieldState>();
  const computeState = (path: string): FieldState => {
    const base = bases.get(path) ?? { visible: true, hardHidden: false, canEdit: false, required: false };
    const actions: RuleAction[] = [];
    for (const ri of stateRulesByTarget.get(path) ?? []) {
      for (const a of activeActions.get(def.rules![ri].id) ?? []) if (a.target === path) actions.push(a);
    }
    return ruleStateOf(path, base, actions, computedTargets.has(path));
  };
  for (const path of bases.keys()) states.set(path, computeState(path));

  // ---- errors, listeners
  const errors = new Map<string, FieldError>();
  const pathListeners = new Map<string, Set<() => void>>();
  const changeListeners = new Set<ChangeListener>();
  let dirty = false;

  const notify = (changed: Set<string>) => {
    if (changed.size === 0) return;
    for (const p of changed) for (const l of pathListeners.get(p) ?? []) l();
    for (const l of pathListeners.get('*') ?? []) l();
    for (const l of changeListeners) l(changed);
  };

  // ---- values
  const parsed = new Map<string, { key: string; row?: number; col?: string }>();
  const parsePath = (path: string): { key: string; row?: number; col?: string } => {
    let p = parsed.get(path);
    if (!p) {
      const parts = path.split('.');
      p = parts.length === 3 ? { key: parts[0], row: Number(parts[1]), col: parts[2] } : { key: parts[0] };
      if (parsed.size < 100_000) parsed.set(path, p);
    }
    return p;
  };
  const getValue = (path: string): unknown => {
    const { key, row, col } = parsePath(path);
    if (col === undefined) return data[key];
    const rows = data[key] as Row[] | undefined;
    return rows?.[row!]?.[col];
  };
  /** write one value; returns whether it changed */
  const write = (path: string, value: unknown): boolean => {
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
  };

  // ---- evaluation
  const pending = new Map<GraphNode, Pending>();
  const mark = (n: GraphNode, rows: Pending) => {
    const cur = pending.get(n);
    if (cur === 'all') return;
    if (rows === 'all' || n.rowOf === undefined) return void pending.set(n, 'all');
    const set = cur ?? new Set<number>();
    for (const r of rows) set.add(r);
    pending.set(n, set);
  };
  /** mark what depends on a changed value path */
  const markDependents = (path: string) => {
    const { key, row, col } = parsePath(path);
    if (col === undefined) {
      for (const d of dependents.get(key) ?? []) mark(d.node, 'all');
      if (subForms.has(key)) {
        // the rows themselves changed (added/removed): every column dependency
        for (const c of subForms.get(key)!) for (const d of dependents.get(`${key}.${c}`) ?? []) mark(d.node, 'all');
        for (const d of dependents.get(`${key}[]`) ?? []) mark(d.node, 'all');
      }
      return;
    }
    for (const d of dependents.get(`${key}.${col}`) ?? []) mark(d.node, d.rowLocal ? new Set([row!]) : 'all');
    for (const d of dependents.get(key) ?? []) mark(d.node, 'all');
  };

  const rowScope = (subForm: string, row: Row): Row => {
    const s = Object.create(data) as Row;
    Object.assign(s, row);
    if (!subForms.get(subForm)!.has('row')) s.row = row;
    return s;
  };

  let computeValues = APPLICANT_EDIT_MODES.has(mode);

  const runNode = (n: GraphNode, rows: Pending, changed: Set<string>) => {
    if (n.kind === 'formula') {
      if (!computeValues) return;
      const target = n.target!;
      if (n.rowOf) {
        const [sub, col] = target.split('.');
        const list = (data[sub] as Row[]) ?? [];
        const field = fieldByPath.get(target);
        const indices = rows === 'all' ? list.map((_, i) => i) : [...rows].filter((i) => i < list.length);
        for (const i of indices) {
          stats.evaluations++;
          const v = coerceFormulaResult(field, evaluate(n.expr, rowScope(sub, list[i])), n.precision);
          const p = `${sub}.${i}.${col}`;
          if (write(p, v)) {
            changed.add(p);
            markDependents(p);
          }
        }
      } else {
        stats.evaluations++;
        const v = coerceFormulaResult(fieldByPath.get(target), evaluate(n.expr, data), n.precision);
        if (write(target, v)) {
          changed.add(target);
          markDependents(target);
        }
      }
      return;
    }
    // rule
    stats.evaluations++;
    const holds = truthy(evaluate(n.expr, data));
    const actions = holds ? n.rule!.then : n.rule!.otherwise;
    const before = activeActions.get(n.id);
    activeActions.set(n.id, actions);
    if (before !== actions) {
      const targets = new Set<string>();
      for (const a of [...(before ?? []), ...actions]) if (a.action !== 'setValue') targets.add(a.target);
      for (const t of targets) {
        const next = computeState(t);
        const prev = states.get(t);
        if (!prev || prev.visible !== next.visible || prev.editable !== next.editable || prev.required !== next.required) {
          states.set(t, next);
          changed.add(t);
        }
      }
    }
    if (!computeValues) return;
    for (const a of actions) {
      if (a.action !== 'setValue') continue;
      stats.evaluations++;
      const raw = evaluate(n.rule!.values.get(a)!, data);
      const [sub, col] = a.target.split('.');
      if (col !== undefined) {
        const list = (data[sub] as Row[]) ?? [];
        const v = coerceFormulaResult(fieldByPath.get(a.target), raw, undefined);
        list.forEach((_, i) => {
          const p = `${sub}.${i}.${col}`;
          if (write(p, v)) {
            changed.add(p);
            markDependents(p);
          }
        });
      } else {
        const v = coerceFormulaResult(fieldByPath.get(a.target), raw, undefined);
        if (write(a.target, v)) {
          changed.add(a.target);
          markDependents(a.target);
        }
      }
    }
  };

  const flush = (changed: Set<string>) => {
    // one forward pass in topological order; a node only marks nodes after it (cycles aside)
    for (const n of nodes) {
      const rows = pending.get(n);
      if (rows === undefined) continue;
      pending.delete(n);
      runNode(n, rows, changed);
    }
    pending.clear();
  };

  // initial pass: every rule; formulas and setValue actions only where the applicant edits
  for (const n of nodes) pending.set(n, 'all');
  flush(new Set());
  // an approver's edit (mode 3) recomputes what depends on it; view (2) never computes
  computeValues = mode !== FORM_MODES.VIEW;

  const clearErrorAt = (path: string, changed: Set<string>) => {
    if (errors.delete(path)) {
      changed.add(path);
      changed.add('errors');
    }
  };

  const canEditPath = (path: string): boolean => {
    const { key, col } = parsePath(path);
    const statePath = col === undefined ? key : `${key}.${col}`;
    const s = states.get(statePath);
    return !!s && s.editable && s.visible;
  };

  const model: FormModel = {
    definition: def,
    mode,
    locale,
    user,
    node,
    record,
    fields: def.fields,
    stats,
    fieldAt: (path) => fieldByPath.get(path),
    getState: (path) => states.get(path) ?? computeState(path),
    getValue,
    getValues: () => structuredCloneSafe(data),
    peekValues: () => data,
    getRowIds: (subForm) => rowIds.get(subForm) ?? [],
    setValue(path, value) {
      if (!canEditPath(path)) return [];
      if (subForms.has(path)) {
        // the whole table replaced (e.g. pasted rows): rows get ids, everything recomputes
        const f = fieldByPath.get(path)!;
        data[path] = (Array.isArray(value) ? (value as Row[]) : []).map((r) => ({ ...newRow(columnsOf(f), r), ...(typeof r[SUB_FORM_ROW_ID] === 'string' ? { [SUB_FORM_ROW_ID]: r[SUB_FORM_ROW_ID] } : {}) }));
        for (const p of [...errors.keys()]) if (p.startsWith(`${path}.`)) errors.delete(p);
        return structureChanged(path, 'all');
      }
      const changed = new Set<string>();
      if (!write(path, value)) return [];
      dirty = true;
      changed.add(path);
      clearErrorAt(path, changed);
      markDependents(path);
      flush(changed);
      notify(changed);
      return [...changed];
    },
    addRow(subForm, values) {
      const f = fieldByPath.get(subForm);
      const state = states.get(subForm);
      if (!f || f.type !== TC.SUB_FORM || !state?.editable) return [];
      const list = data[subForm] as Row[];
      if (f.maxRows !== undefined && list.length >= f.maxRows) return [];
      list.push(newRow(columnsOf(f), values));
      return structureChanged(subForm, list.length - 1);
    },
    removeRow(subForm, rowIndex) {
      const f = fieldByPath.get(subForm);
      const state = states.get(subForm);
      const list = data[subForm] as Row[] | undefined;
      if (!f || !list || !state?.editable || rowIndex < 0 || rowIndex >= list.length) return [];
      list.splice(rowIndex, 1);
      // errors of later rows move up with them
      const moved: FieldError[] = [];
      for (const [p, e] of [...errors]) {
        const { key, row, col } = parsePath(p);
        if (key === subForm && col !== undefined && row! >= rowIndex) {
          errors.delete(p);
          if (row! > rowIndex) moved.push({ ...e, path: `${key}.${row! - 1}.${col}` });
        }
      }
      for (const e of moved) errors.set(e.path, e);
      return structureChanged(subForm, -1);
    },
    getError: (path) => errors.get(path)?.message,
    getErrors: () => [...errors.values()],
    setError(path, error) {
      const had = errors.get(path);
      if (error ? had?.message === error.message && had.code === error.code : !had) return [];
      if (error) errors.set(path, { ...error, path });
      else errors.delete(path);
      const changed = new Set([path, 'errors']);
      notify(changed);
      return [...changed];
    },
    setErrors(list) {
      const changed = new Set<string>([...errors.keys()]);
      errors.clear();
      for (const e of list) {
        errors.set(e.path, e);
        changed.add(e.path);
      }
      changed.add('errors');
      notify(changed);
      return [...changed];
    },
    isDirty: () => dirty,
    markSaved() {
      dirty = false;
    },
    subscribe(path, listener) {
      let set = pathListeners.get(path);
      if (!set) pathListeners.set(path, (set = new Set()));
      set.add(listener);
      return () => void set!.delete(listener);
    },
    onChange(listener) {
      changeListeners.add(listener);
      return () => void changeListeners.delete(listener);
    },
  };

  function structureChanged(subForm: string, added: number | 'all'): string[] {
    const list = data[subForm] as Row[];
    rowIds.set(subForm, list.map((r) => r[SUB_FORM_ROW_ID] as string));
    dirty = true;
    const changed = new Set<string>([subForm]);
    for (const d of dependents.get(subForm) ?? []) mark(d.node, 'all');
    for (const d of dependents.get(`${subForm}[]`) ?? []) mark(d.node, 'all');
    for (const c of subForms.get(subForm) ?? []) {
      for (const d of dependents.get(`${subForm}.${c}`) ?? []) {
        if (d.rowLocal) {
          if (added === 'all') mark(d.node, 'all');
          else if (added >= 0) mark(d.node, new Set([added]));
        } else mark(d.node, 'all');
      }
    }
    flush(changed);
    notify(changed);
    return [...changed];
  }

  return model;
}

export { isEmptyValue };
