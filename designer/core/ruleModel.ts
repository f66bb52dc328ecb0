// The visual linkage-rule model: conditions "field op value" combined with and/or, and actions
// (show/hide/require/optional/readonly/editable/setValue) on target fields. It compiles to the
// schema's LinkageRule (`when` is JSON Logic) and reads back from it; a `when` the model cannot
// represent reads back as null (the advanced JSON view edits it).
import type { LinkageRule, RuleAction } from '../../schemas';

export const CONDITION_OPS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'empty', 'notEmpty', 'in', 'contains'] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];
/** Operators that take no value. */
export const UNARY_OPS: ReadonlySet<ConditionOp> = new Set(['empty', 'notEmpty']);

export type ConditionValue = string | number | boolean | string[];

export interface RuleCondition {
  field: string;
  op: ConditionOp;
  value?: ConditionValue;
}

export interface RuleModel {
  id: string;
  name?: string;
  combinator: 'and' | 'or';
  conditions: RuleCondition[];
  then: RuleAction[];
  otherwise?: RuleAction[];
}

const COMPARE: Partial<Record<ConditionOp, string>> = { eq: '==', ne: '!=', gt: '>', gte: '>=', lt: '<', lte: '<=' };
const COMPARE_BACK: Record<string, ConditionOp> = { '==': 'eq', '!=': 'ne', '>': 'gt', '>=': 'gte', '<': 'lt', '<=': 'lte' };

export function conditionToJsonLogic(c: RuleCondition): unknown {
  const v = { var: c.field };
  const cmp = COMPARE[c.op];
  if (cmp) return { [cmp]: [v, c.value ?? null] };
  switch (c.op) {
    case 'empty':
      return { '!': v };
    case 'notEmpty':
      return { '!!': v };
    case 'in':
      return { in: [v, Array.isArray(c.value) ? c.value : [String(c.value ?? '')]] };
    case 'contains':
      return { in: [String(c.value ?? ''), v] };
    default:
      throw new Error(`unknown condition operator ${c.op}`);
  }
}

export function ruleToLinkageRule(model: RuleModel): LinkageRule {
  const parts = model.conditions.map(conditionToJsonLogic);
  const when = parts.length === 0 ? true : parts.length === 1 ? parts[0] : { [model.combinator]: parts };
  const rule: LinkageRule = { id: model.id, when, then: model.then };
  if (model.name) rule.name = model.name;
  if (model.otherwise && model.otherwise.length > 0) rule.otherwise = model.otherwise;
  return rule;
}

const isVar = (e: unknown): e is { var: string } =>
  e !== null && typeof e === 'object' && !Array.isArray(e) && Object.keys(e).length === 1 && typeof (e as { var?: unknown }).var === 'string';

const isScalar = (v: unknown): v is string | number | boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

export function jsonLogicToCondition(e: unknown): RuleCondition | null {
  if (e === null || typeof e !== 'object' || Array.isArray(e)) return null;
  const keys = Object.keys(e);
  if (keys.length !== 1) return null;
  const op = keys[0];
  const args = (e as Record<string, unknown>)[op];
  if (op in COMPARE_BACK && Array.isArray(args) && args.length === 2 && isVar(args[0]) && isScalar(args[1])) {
    return { field: args[0].var, op: COMPARE_BACK[op], value: args[1] };
  }
  if (op === '!' && isVar(args)) return { field: args.var, op: 'empty' };
  if (op === '!!' && isVar(args)) return { field: args.var, op: 'notEmpty' };
  if (op === 'in' && Array.isArray(args) && args.length === 2) {
    if (isVar(args[0]) && Array.isArray(args[1]) && args[1].every((x) => typeof x === 'string'))
      return { field: args[0].var, op: 'in', value: args[1] as string[] };
    if (typeof args[0] === 'string' && isVar(args[1])) return { field: args[1].var, op: 'contains', value: args[0] };
  }
  return null;
}

export function linkageRuleToModel(rule: LinkageRule): RuleModel | null {
  const base = { id: rule.id, then: rule.then, ...(rule.name ? { name: rule.name } : {}), ...(rule.otherwise ? { otherwise: rule.otherwise } : {}) };
  if (rule.when === true) return { ...base, combinator: 'and', conditions: [] };
  const single = jsonLogicToCondition(rule.when);
  if (single) return { ...base, combinator: 'and', conditions: [single] };
  const w = rule.when;
  if (w === null || typeof w !== 'object' || Array.isArray(w)) return null;
  const keys = Object.keys(w);
  if (keys.length !== 1 || (keys[0] !== 'and' && keys[0] !== 'or')) return null;
  const args = (w as Record<string, unknown>)[keys[0]];
  if (!Array.isArray(args)) return null;
  const conditions = args.map(jsonLogicToCondition);
  if (conditions.some((c) => c === null)) return null;
  return { ...base, combinator: keys[0] as 'and' | 'or', conditions: conditions as RuleCondition[] };
}
