// The drawer's builder models in plain TypeScript (the React components only draw them):
//   - a branch condition: an AND/OR group of "field op value" rows (designer/core/ruleModel.ts
//     RuleCondition and CONDITION_OPS) ↔ the edge's JSON Logic;
//   - an expression strategy: "if <group> then <users> … else <users>" ↔ JSON Logic `if`;
//   - the bound form's fields as the pickers offer them (numeric fields compare as numbers,
//     option fields offer their options, department and employee fields for field strategies).
// A JSON Logic the builders cannot represent reads back as null: the drawer shows it read-only
// and offers to rebuild it visually, so nobody hand-types code.
import { TC } from '../../../schemas/typeCodes';
import { CONDITION_OPS, UNARY_OPS, conditionToJsonLogic, jsonLogicToCondition, type ConditionOp, type RuleCondition } from '../../core/ruleModel';
import { isPlaceholderCondition } from '../../core/process/propertyCommands';
import type { FormFieldInfo } from './api';

export type Combinator = 'and' | 'or';

export interface ConditionGroup {
  combinator: Combinator;
  conditions: RuleCondition[];
}

export const EMPTY_GROUP: ConditionGroup = { combinator: 'and', conditions: [] };

/** The group as JSON Logic: nothing → an empty group (never matches), one row → the row, several → and/or. */
export function groupToLogic(g: ConditionGroup): unknown {
  if (g.conditions.length === 0) return { [g.combinator]: [] };
  if (g.conditions.length === 1) return conditionToJsonLogic(g.conditions[0]);
  return { [g.combinator]: g.conditions.map(conditionToJsonLogic) };
}

/** A JSON Logic condition as a group, or null when the builder cannot represent it. */
export function logicToGroup(logic: unknown): ConditionGroup | null {
  if (isPlaceholderCondition(logic)) return { combinator: Object.keys(logic as object)[0] as Combinator, conditions: [] };
  const single = jsonLogicToCondition(logic);
  if (single) return { combinator: 'and', conditions: [single] };
  if (logic === null || typeof logic !== 'object' || Array.isArray(logic)) return null;
  const keys = Object.keys(logic);
  if (keys.length !== 1 || (keys[0] !== 'and' && keys[0] !== 'or')) return null;
  const args = (logic as Record<string, unknown>)[keys[0]];
  if (!Array.isArray(args)) return null;
  const conditions = args.map(jsonLogicToCondition);
  if (conditions.some((c) => c === null)) return null;
  return { combinator: keys[0] as Combinator, conditions: conditions as RuleCondition[] };
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** A row is complete when it names a field and, for a binary operator, a value. */
export function conditionComplete(c: RuleCondition): boolean {
  return c.field !== '' && (UNARY_OPS.has(c.op) || !isBlank(c.value));
}

/** A group is complete when it has rows and every row is complete (an empty group never matches). */
export function groupComplete(g: ConditionGroup): boolean {
  return g.conditions.length > 0 && g.conditions.every(conditionComplete);
}

// ─── fields ──────────────────────────────────────────────────────────────────────────────────

const NUMERIC = new Set<number>([TC.INTEGER, TC.DECIMAL]);
const FREE_TEXT = new Set<number>([TC.TEXT, TC.TEXTAREA, TC.CODE, TC.DATE]);

export const isNumericField = (f: FormFieldInfo | undefined): boolean => !!f && NUMERIC.has(f.type);

/** What a condition row may compare a field with. */
export type ValueKind = 'number' | 'options' | 'text' | 'none';

export function valueKind(f: FormFieldInfo | undefined): ValueKind {
  if (!f) return 'text';
  if (NUMERIC.has(f.type)) return 'number';
  if (f.options && f.options.length > 0) return 'options';
  if (FREE_TEXT.has(f.type) || f.type === TC.SELECT || f.type === TC.RADIO) return 'text';
  // pickers (department, employee, dealer …) hold ids: only "empty / not empty" reads sensibly
  return 'none';
}

/** The operators a field offers. */
export function opsFor(f: FormFieldInfo | undefined): ConditionOp[] {
  const kind = valueKind(f);
  if (kind === 'none') return CONDITION_OPS.filter((o) => UNARY_OPS.has(o));
  if (kind === 'number') return CONDITION_OPS.filter((o) => o !== 'contains' && o !== 'in');
  if (kind === 'options') return CONDITION_OPS.filter((o) => o !== 'contains' && !['gt', 'gte', 'lt', 'lte'].includes(o));
  return [...CONDITION_OPS];
}

/**
 * A typed number as the value a numeric comparison holds: a JSON number when it reads back
 * exactly (10000, 0.5), else the decimal string (the engine compares numeric strings as
 * decimals); null when it is not a number.
 */
export function numericValue(raw: string): number | string | null {
  const s = raw.trim();
  if (!/^-?\d+(\.\d+)?$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) && String(n) === s ? n : s;
}

/** The row after its field changed: the first operator the field offers, no value. */
export function withField(c: RuleCondition, field: FormFieldInfo | undefined, path: string): RuleCondition {
  const ops = opsFor(field);
  const op: ConditionOp =
    ops.includes(c.op) && UNARY_OPS.has(c.op) ? c.op : (ops.find((o) => o === 'gt' && isNumericField(field)) ?? (ops.includes('eq') ? 'eq' : ops[0]));
  return UNARY_OPS.has(op) ? { field: path, op } : { field: path, op, value: op === 'in' ? [] : '' };
}

/** The row after its operator changed (the value kept where it still fits). */
export function withOp(c: RuleCondition, op: ConditionOp): RuleCondition {
  if (UNARY_OPS.has(op)) return { field: c.field, op };
  if (op === 'in') return { field: c.field, op, value: Array.isArray(c.value) ? c.value : isBlank(c.value) ? [] : [String(c.value)] };
  return { field: c.field, op, value: Array.isArray(c.value) ? (c.value[0] ?? '') : (c.value ?? '') };
}

/** Fields a condition may read: the main form's fields (sub-form columns are rows, not one value). */
export const conditionFields = (fields: readonly FormFieldInfo[]) => fields.filter((f) => !f.parent && f.type !== TC.SUB_FORM);

/** Fields a fieldDeptLeader strategy may read (department pickers) and a fieldUser one (employee pickers). */
export const deptFields = (fields: readonly FormFieldInfo[]) => fields.filter((f) => !f.parent && f.type === TC.DEPARTMENT);
export const userFields = (fields: readonly FormFieldInfo[]) => fields.filter((f) => !f.parent && f.type === TC.EMPLOYEE);

// ─── expression strategy ─────────────────────────────────────────────────────────────────────

export interface ExpressionCase {
  when: ConditionGroup;
  userIds: string[];
}

export interface ExpressionModel {
  cases: ExpressionCase[];
  otherwise: string[];
}

export const NEW_EXPRESSION: ExpressionModel = { cases: [{ when: EMPTY_GROUP, userIds: [] }], otherwise: [] };

/** `{"if": [c1, [ids…], c2, [ids…], …, [else ids…]]}`: the users of the first case that holds, else the last list. */
export function expressionToLogic(m: ExpressionModel): unknown {
  return { if: [...m.cases.flatMap((c) => [groupToLogic(c.when), [...c.userIds]]), [...m.otherwise]] };
}

const isIds = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** An expression strategy's JSON Logic as the builder's model, or null when it is something else. */
export function logicToExpression(logic: unknown): ExpressionModel | null {
  if (logic === null || typeof logic !== 'object' || Array.isArray(logic)) return null;
  const keys = Object.keys(logic);
  if (keys.length !== 1 || keys[0] !== 'if') return null;
  const args = (logic as { if: unknown }).if;
  if (!Array.isArray(args) || args.length < 3 || args.length % 2 === 0) return null;
  const cases: ExpressionCase[] = [];
  for (let i = 0; i + 1 < args.length; i += 2) {
    const when = logicToGroup(args[i]);
    if (!when || !isIds(args[i + 1])) return null;
    cases.push({ when, userIds: [...(args[i + 1] as string[])] });
  }
  const otherwise = args[args.length - 1];
  if (!isIds(otherwise)) return null;
  return { cases, otherwise: [...otherwise] };
}

/** Every user id an expression names (to show their names). */
export const expressionUserIds = (m: ExpressionModel): string[] => [...new Set([...m.cases.flatMap((c) => c.userIds), ...m.otherwise])];

/** Complete when every case has a complete condition and users. */
export const expressionComplete = (m: ExpressionModel): boolean => m.cases.length > 0 && m.cases.every((c) => groupComplete(c.when) && c.userIds.length > 0);
