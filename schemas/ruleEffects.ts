// A definition's linkage rules and formulas evaluated over one record, all at once (no
// incremental graph): what the form engine of runtime/engine shows the user, computed from the
// saved data so the server can enforce it. Same evaluator (schemas/logic), same precedence:
//
// - Base state per field path (`key`, or `subForm.column` for a column) from the mode and the
//   permissions: a field's own `hidden` is its initial visibility (a `show` rule may reveal it);
//   its own `readonly` and a permission's `hidden`/`readonly` are hard limits no rule lifts;
//   view (mode 2) edits nothing; approve (mode 3) edits only what the permissions open.
// - Formulas and `setValue` actions run first, in dependency order (repeated passes until
//   nothing changes, bounded), over a copy of the data: a rule whose condition reads a computed
//   total sees the computed total, not what the request claims it is.
// - Then every rule's condition: `then` when it holds, `otherwise` when not; actions apply in
//   rule order, later ones winning. A field is required only when it is visible and editable and
//   not computed — a hidden field is never required.
//
// An expression the evaluator refuses (unknown operator or field) is reported in `problems` and
// its rule is skipped (validateDefinition refuses such definitions before they are published).
import { columnsOf } from './columnsOf';
import { TC, holdsValue, type FormMode } from './typeCodes';
import type { FormDefinition, RuleAction } from './definition';
import { compileExpression, evaluate, truthy, type CompiledExpression, type ExpressionScope } from './logic/expressions';
import { definitionScope } from './logic/scope';
import { coerceFormulaResult } from './logic/coerce';
import { APPLICANT_EDIT_MODES, baseStateOf, columnBaseStateOf, ruleStateOf, type BaseState } from './logic/permissions';

export interface FieldRuleState {
  /** `key` or `subForm.column` */
  path: string;
  visible: boolean;
  editable: boolean;
  required: boolean;
  /** the target of a formula (computed, never required) */
  computed: boolean;
}

export interface RuleEffects {
  /** every value-holding path's state after the rules */
  states: Map<string, FieldRuleState>;
  /** the paths required after the rules (sorted), as `compileRecordSchema`'s `required` option takes them */
  required: string[];
  hidden: string[];
  readonly: string[];
  /** the data with formula and setValue results written in (a copy; the input is not changed) */
  data: Record<string, unknown>;
  /** the value paths formulas computed (`key`, `subForm.i.column`) */
  formulaPaths: string[];
  /** the value paths setValue actions wrote (`key`, `subForm.i.column`) */
  setValuePaths: string[];
  /** ids of rules/formulas whose expressions were refused */
  problems: { id: string; message: string }[];
}

export interface RuleEffectOptions {
  /** the approval node (modes 3 and 4) whose permission map is read over the mode's */
  node?: string;
  /** compute formulas and setValue results before the conditions (default: in the modes where the applicant edits) */
  computeValues?: boolean;
}

type Row = Record<string, unknown>;


const same = (a: unknown, b: unknown) =>
  Object.is(a, b) || (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b)) ||
  ((a === undefined || a === '' || a === null) && (b === undefined || b === '' || b === null));

/** Evaluate a definition's rules (and formulas) over a record's data in a mode. */
export function evaluateRuleEffects(def: FormDefinition, input: Record<string, unknown>, mode: FormMode, opts: RuleEffectOptions = {}): RuleEffects {
  const problems: RuleEffects['problems'] = [];
  const data = structuredClone(input ?? {}) as Record<string, unknown>;

  // ---- scope and fields
  const { fieldByPath, subForms, scope } = definitionScope(def);
  const compile = (id: string, expr: unknown, s: ExpressionScope): CompiledExpression | null => {
    try {
      return compileExpression(expr, s);
    } catch (err) {
      problems.push({ id, message: err instanceof Error ? err.message : String(err) });
      return null;
    }
  };

  // ---- values: formulas and setValue actions, to a fixpoint (bounded)
  /** the rows of a sub-form with their indices (non-object entries skipped, indices kept) */
  const rowsOf = (sub: string): [Row, number][] =>
    Array.isArray(data[sub]) ? (data[sub] as Row[]).map((r, i) => [r, i] as [Row, number]).filter(([r]) => r !== null && typeof r === 'object') : [];
  const rowScope = (sub: string, row: Row): Row => {
    const s = Object.create(data) as Row;
    Object.assign(s, row);
    if (!subForms.get(sub)!.has('row')) s.row = row;
    return s;
  };
  const computedTargets = new Set<string>();
  const formulaPaths = new Set<string>();
  const setValuePaths = new Set<string>();
  const formulas = (def.formulas ?? []).map((f) => {
    const [head, col] = f.target.split('.');
    const rowOf = col !== undefined ? head : undefined;
    computedTargets.add(f.target);
    return { f, rowOf, col, expr: compile(f.id, f.expression, rowOf ? { ...scope, rowOf } : scope) };
  });
  const rules = (def.rules ?? []).map((r) => ({
    r,
    when: compile(r.id, r.when, scope),
    values: new Map<RuleAction, CompiledExpression | null>(
      [...r.then, ...(r.otherwise ?? [])].filter((a) => a.action === 'setValue').map((a) => [a, compile(r.id, a.value ?? null, scope)]),
    ),
  }));
  const write = (target: string, v: unknown, computedPaths: Set<string>): boolean => {
    const [head, col] = target.split('.');
    let changed = false;
    if (col === undefined) {
      if (!same(data[head], v)) {
        if (v === undefined) delete data[head];
        else data[head] = v;
        changed = true;
      }
      computedPaths.add(head);
      return changed;
    }
    rowsOf(head).forEach(([row, i]) => {
      if (!same(row[col], v)) {
        if (v === undefined) delete row[col];
        else row[col] = v;
        changed = true;
      }
      computedPaths.add(`${head}.${i}.${col}`);
    });
    return changed;
  };
  const computeValues = opts.computeValues ?? APPLICANT_EDIT_MODES.has(mode);
  if (computeValues) {
    const maxPasses = formulas.length + rules.length + 2;
    for (let pass = 0; pass < maxPasses; pass++) {
      let changed = false;
      for (const { f, rowOf, col, expr } of formulas) {
        if (!expr) continue;
        const field = fieldByPath.get(f.target);
        if (rowOf) {
          rowsOf(rowOf).forEach(([row, i]) => {
            const v = coerceFormulaResult(field, evaluate(expr, rowScope(rowOf, row)), f.precision);
            if (!same(row[col!], v)) {
              if (v === undefined) delete row[col!];
              else row[col!] = v;
              changed = true;
            }
            formulaPaths.add(`${rowOf}.${i}.${col}`);
          });
        } else if (write(f.target, coerceFormulaResult(field, evaluate(expr, data), f.precision), formulaPaths)) {
          changed = true;
        }
      }
      for (const { r, when, values } of rules) {
        if (!when || values.size === 0) continue;
        const actions = truthy(evaluate(when, data)) ? r.then : (r.otherwise ?? []);
        for (const a of actions) {
          if (a.action !== 'setValue') continue;
          const c = values.get(a);
          if (c && write(a.target, coerceFormulaResult(fieldByPath.get(a.target), evaluate(c, data), undefined), setValuePaths)) changed = true;
        }
      }
      if (!changed) break;
    }
  }

  // ---- states
  const bases = new Map<string, BaseState>();
  for (const f of def.fields) {
    const b = baseStateOf(def, mode, opts.node, f);
    if (holdsValue(f.type) || f.type === TC.SUB_FORM) bases.set(f.key, b);
    if (f.type === TC.SUB_FORM) {
      for (const c of columnsOf(f)) {
        if (!holdsValue(c.type)) continue;
        const path = `${f.key}.${c.key}`;
        bases.set(path, columnBaseStateOf(def, mode, opts.node, f, b, c));
      }
    }
  }
  const overrides = new Map<string, RuleAction[]>();
  for (const { r, when } of rules) {
    if (!when) continue;
    const actions = truthy(evaluate(when, data)) ? r.then : (r.otherwise ?? []);
    for (const a of actions) {
      if (a.action === 'setValue') continue;
      const list = overrides.get(a.target) ?? [];
      list.push(a);
      overrides.set(a.target, list);
    }
  }
  const states = new Map<string, FieldRuleState>();
  for (const [path, base] of bases) states.set(path, ruleStateOf(path, base, overrides.get(path) ?? [], computedTargets.has(path)));
  // a column of a hidden sub-form is hidden too (a rule may hide the whole sub-form)
  for (const [path, s] of states) {
    const dot = path.indexOf('.');
    if (dot > 0 && states.get(path.slice(0, dot))?.visible === false && s.visible) states.set(path, { ...s, visible: false, required: false });
  }

  const pick = (p: (s: FieldRuleState) => boolean) => [...states.values()].filter(p).map((s) => s.path).sort();
  return {
    states,
    required: pick((s) => s.required),
    hidden: pick((s) => !s.visible),
    readonly: pick((s) => !s.editable),
    data,
    formulaPaths: [...formulaPaths].sort(),
    setValuePaths: [...setValuePaths].sort(),
    problems,
  };
}

/**
 * A copy of `data` with the formula results of `effects` written in (computed fields are never
 * typed by the user, so the evaluated value is the value). setValue results are not: the user may
 * edit a field after a rule set it.
 */
export function withFormulaResults(data: Record<string, unknown>, effects: RuleEffects): Record<string, unknown> {
  const out = structuredClone(data ?? {}) as Record<string, unknown>;
  for (const path of effects.formulaPaths) {
    const parts = path.split('.');
    if (parts.length === 1) {
      const v = effects.data[path];
      if (v === undefined) delete out[path];
      else out[path] = v;
      continue;
    }
    const [sub, i, col] = parts;
    const row = (out[sub] as Row[] | undefined)?.[Number(i)];
    const from = (effects.data[sub] as Row[] | undefined)?.[Number(i)];
    if (!row || typeof row !== 'object' || !from) continue;
    if (from[col] === undefined) delete row[col];
    else row[col] = from[col];
  }
  return out;
}
