// Field states after the linkage rules: each field's and column's base state (mode and
// permissions, permissions.ts) with the state actions of its active rules applied in rule order
// (ruleStateOf). The one place of that precedence, for the runtime's form model and the
// server's rule effects:
//
// - a rule's active actions are `then` when its condition holds, `otherwise` when not; on one
//   path, later rules win;
// - a formula target is computed: never editable, never required;
// - a column of a sub-form that is not visible is not visible either (nor required), whether the
//   sub-form is hidden by its flag, a permission or a rule.
import { TC, type FormMode } from '../typeCodes';
import type { FormDefinition, RuleAction } from '../definition';
import { columnsOf } from '../columnsOf';
import { baseStateOf, columnBaseStateOf, ruleStateOf, type BaseState } from './permissions';
import type { RuleGraph, RuleNode } from './ruleGraph';

/** What the rules make of one field (or one sub-form column). */
export interface FieldRuleState {
  /** `key` or `subForm.column` */
  path: string;
  visible: boolean;
  editable: boolean;
  required: boolean;
  /** the target of a formula (computed, never required) */
  computed: boolean;
}

export interface FieldStates {
  /** the state of `key` or `subForm.column` (the same object until it changes) */
  get(path: string): FieldRuleState;
  /** every field and column path (dividers included), definition order */
  paths(): IterableIterator<string>;
  /** a rule's active actions; returns the paths whose state changed */
  activate(rule: RuleNode, actions: readonly RuleAction[]): string[];
}

const UNKNOWN_BASE: BaseState = { visible: true, hardHidden: false, canEdit: false, required: false };

/** The base states of every field and column of a definition in a mode (and approval node). */
export function baseStates(def: FormDefinition, mode: FormMode, nodeId: string | undefined): Map<string, BaseState> {
  const bases = new Map<string, BaseState>();
  for (const f of def.fields) {
    const b = baseStateOf(def, mode, nodeId, f);
    bases.set(f.key, b);
    if (f.type === TC.SUB_FORM) for (const c of columnsOf(f)) bases.set(`${f.key}.${c.key}`, columnBaseStateOf(def, mode, nodeId, f, b, c));
  }
  return bases;
}

/** The field states of a definition in a mode, before any rule runs; rules then `activate`. */
export function createFieldStates(def: FormDefinition, graph: RuleGraph, mode: FormMode, nodeId: string | undefined): FieldStates {
  const bases = baseStates(def, mode, nodeId);
  /** rule → its active actions */
  const active = new Map<RuleNode, readonly RuleAction[]>();
  const states = new Map<string, FieldRuleState>();
  /** sub-form key → its column paths */
  const columnPaths = new Map<string, string[]>();
  for (const f of def.fields)
    if (f.type === TC.SUB_FORM)
      columnPaths.set(
        f.key,
        columnsOf(f).map((c) => `${f.key}.${c.key}`),
      );

  const compute = (path: string): FieldRuleState => {
    const actions: RuleAction[] = [];
    for (const rule of graph.rulesByStateTarget.get(path) ?? []) for (const a of active.get(rule) ?? []) if (a.target === path) actions.push(a);
    const s = ruleStateOf(path, bases.get(path) ?? UNKNOWN_BASE, actions, graph.computedTargets.has(path));
    const dot = path.indexOf('.');
    if (dot > 0 && s.visible) {
      const parent = states.get(path.slice(0, dot));
      if (parent && !parent.visible) return { ...s, visible: false, required: false };
    }
    return s;
  };
  // sub-forms come before their columns in `bases`
  for (const path of bases.keys()) states.set(path, compute(path));

  const update = (path: string, changed: string[]) => {
    const next = compute(path);
    const prev = states.get(path);
    if (!prev || prev.visible !== next.visible || prev.editable !== next.editable || prev.required !== next.required) {
      states.set(path, next);
      changed.push(path);
    }
  };

  return {
    get: (path) => states.get(path) ?? compute(path),
    paths: () => bases.keys(),
    activate(rule, actions) {
      const before = active.get(rule);
      if (before === actions) return [];
      active.set(rule, actions);
      const targets = new Set<string>();
      for (const a of [...(before ?? []), ...actions]) if (a.action !== 'setValue') targets.add(a.target);
      const changed: string[] = [];
      for (const t of targets) {
        const wasVisible = states.get(t)?.visible;
        update(t, changed);
        // a sub-form's visibility is its columns'
        if (columnPaths.has(t) && states.get(t)?.visible !== wasVisible) for (const c of columnPaths.get(t)!) update(c, changed);
      }
      return changed;
    },
  };
}
