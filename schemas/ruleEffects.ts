// A definition's linkage rules and formulas evaluated over one record, all at once: what the form
// engine of runtime/engine shows the user, computed from the saved data so the server can
// enforce it. Same graph, same node evaluation, same state precedence as the engine
// (schemas/logic: ruleGraph.ts, evaluateNode.ts, fieldStates.ts):
//
// - Base state per field path (`key`, or `subForm.column` for a column) from the mode and the
//   permissions: a field's own `hidden` is its initial visibility (a `show` rule may reveal it);
//   its own `readonly` and a permission's `hidden`/`readonly` are hard limits no rule lifts;
//   view (mode 2) edits nothing; approve (mode 3) edits only what the permissions open.
// - Every node of the rule graph runs once, in dependency order, over a copy of the data:
//   formulas and `setValue` actions write their results (where values are computed), so a rule
//   whose condition reads a computed total sees the computed total, not what the request claims.
// - A rule's `then` applies when its condition holds, `otherwise` when not; on one path, later
//   rules win. A field is required only when it is visible and editable and not computed — a
//   hidden field (or a column of a hidden sub-form) is never required.
//
// An expression the evaluator refuses (unknown operator or field) is reported in `problems` and
// its rule is skipped (validateDefinition refuses such definitions before they are published).
import { holdsValue, type FormMode } from './typeCodes';
import type { FormDefinition } from './definition';
import { buildRuleGraph } from './logic/ruleGraph';
import { evaluateNode, writeValue, type NodeContext } from './logic/evaluateNode';
import { createFieldStates, type FieldRuleState } from './logic/fieldStates';
import { APPLICANT_EDIT_MODES } from './logic/permissions';

export type { FieldRuleState };

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

/** Evaluate a definition's rules (and formulas) over a record's data in a mode. */
export function evaluateRuleEffects(def: FormDefinition, input: Record<string, unknown>, mode: FormMode, opts: RuleEffectOptions = {}): RuleEffects {
  const data = structuredClone(input ?? {}) as Record<string, unknown>;
  const graph = buildRuleGraph(def, { invalid: 'skip' });
  const fieldStates = createFieldStates(def, graph, mode, opts.node);
  const formulaPaths = new Set<string>();
  const setValuePaths = new Set<string>();
  const ctx: NodeContext = {
    data,
    computeValues: opts.computeValues ?? APPLICANT_EDIT_MODES.has(mode),
    write(path, value, node) {
      (node.kind === 'formula' ? formulaPaths : setValuePaths).add(path);
      writeValue(data, path, value);
    },
    activate: (rule, actions) => void fieldStates.activate(rule, actions),
  };
  for (const node of graph.nodes) evaluateNode(graph, node, 'all', ctx);

  const states = new Map<string, FieldRuleState>();
  for (const path of fieldStates.paths()) {
    const f = graph.fieldByPath.get(path);
    if (f && holdsValue(f.type)) states.set(path, fieldStates.get(path));
  }
  const pick = (p: (s: FieldRuleState) => boolean) =>
    [...states.values()]
      .filter(p)
      .map((s) => s.path)
      .sort();
  return {
    states,
    required: pick((s) => s.required),
    hidden: pick((s) => !s.visible),
    readonly: pick((s) => !s.editable),
    data,
    formulaPaths: [...formulaPaths].sort(),
    setValuePaths: [...setValuePaths].sort(),
    problems: graph.problems,
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
