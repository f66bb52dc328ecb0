// Definition validation: structure by ajv against the TypeBox schemas of definition.ts, then
// the semantic checks a JSON Schema cannot express (unique keys, references of rules,
// formulas, permissions and list settings, formula cycles …). Every error has a JSON-pointer
// path into the document, a stable code and a message in the caller's language.
// (Process definitions: schemas/process/validate.ts, on the helpers exported here.)
//
// Scopes of expressions (shared with runtime/engine):
// - form scope (rules, form-level formulas, process conditions): `{"var": "amount"}` reads a
//   main field; `{"var": "mingXi"}` the rows of a sub-form; `{"var": "mingXi.0.qty"}` or
//   `{"var": "mingXi.qty"}` a column; `colSum`/`colCount` aggregate a sub-form.
// - row scope (a formula whose target is `subForm.column`): a bare key reads the same row's
//   column first, and a main field when the sub-form has no such column; `row.column` reads
//   the same row's column explicitly.
import type Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { FormDefinition, ListDefinition } from './definition';
import { createAjv, forAjv } from './ajv';
import { APPROVAL_FIELD_KEYS, PAGE_WIDTHS, RESERVED_KEYS, SYSTEM_FIELD_KEYS, TC, isTypeCode } from './typeCodes';
import { CODE_MAX_LENGTH, type Locale } from './constants';
import { collectReferences } from './expressions';
import { DECIMAL_PATTERN, SUB_FORM_ROW_ID } from './values';
import { translate } from './locales';
import { paramReferenceProblems } from './dataSourceParams';

/** The codes of semantic errors; structural (ajv) errors are `schema.<ajv keyword>`. */
export const DEFINITION_ERROR_CODES = [
  'duplicateKey',
  'reservedKey',
  'unknownType',
  'nestedSubForm',
  'invalidWidth',
  'subFormWithoutColumns',
  'columnsOnNonSubForm',
  'missingOptions',
  'duplicateOption',
  'codeTooLong',
  'precisionNotDecimal',
  'minGreaterThanMax',
  'minRowsGreaterThanMaxRows',
  'invalidBound',
  'defaultNotAnOption',
  'renamedFromConflict',
  'ruleUnknownField',
  'formulaUnknownField',
  'formulaInvalidTarget',
  'duplicateFormulaTarget',
  'formulaCycle',
  'permissionUnknownField',
  'listUnknownField',
  'titleUnknownField',
  'paramUnknownField',
  'paramCycle',
  'totalsUnknownColumn',
  'totalsNotNumeric',
  'unknownOperator',
  'duplicateId',
  'deriveUnknownField',
  'deriveNotSubForm',
  'deriveDuplicateTarget',
  'deriveUnknownSource',
  'process.noStart',
  'process.multipleStart',
  'process.noEnd',
  'process.duplicateNodeId',
  'process.edgeUnknownNode',
  'process.unreachableNode',
  'process.deadEnd',
  'process.endHasOutgoing',
  'process.multipleDefaultEdges',
  'process.unknownField',
  'process.conditionOutsideGateway',
  'process.noDefaultEdge',
  'process.multipleOutgoing',
  'process.parallelTooFewBranches',
  'process.joinWithoutSplit',
  'process.cycle',
  'process.noStrategy',
  'process.ratioWithoutValue',
  'process.emptyUser',
  /** the server's publish: callbackUrl outside the outbound allowlist */
  'process.callbackNotAllowed',
] as const;
export type DefinitionErrorCode = (typeof DEFINITION_ERROR_CODES)[number] | `schema.${string}`;

export interface DefinitionError {
  /** JSON pointer into the definition, e.g. `/fields/3/key` */
  path: string;
  code: DefinitionErrorCode;
  /** in the requested locale (zh-CN by default) */
  message: string;
  params?: Record<string, unknown>;
}
export interface DefinitionValidation {
  valid: boolean;
  errors: DefinitionError[];
}

// ---------------------------------------------------------------------------------------
// ajv, compiled once per schema (lazily, so importing schemas/ costs nothing).

let formValidator: ValidateFunction | null = null;
let listValidator: ValidateFunction | null = null;
let ajvInstance: Ajv | null = null;
function ajv(): Ajv {
  ajvInstance ??= createAjv({ strict: false });
  return ajvInstance;
}
/** A JSON pointer segment (RFC 6901). */
const pointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
/** Compiles on a shared instance; a compile that throws (a CSP forbidding eval, say) drops the
 *  instance, so the next call reports the same real error, not "schema … already exists". */
function compiled(schema: Parameters<Ajv['compile']>[0]): ValidateFunction {
  try {
    return ajv().compile(schema);
  } catch (err) {
    ajvInstance = null;
    formValidator = listValidator = null;
    throw err;
  }
}
function formValidate() {
  formValidator ??= compiled(forAjv(FormDefinition));
  return formValidator;
}
function listValidate() {
  listValidator ??= compiled(forAjv(ListDefinition));
  return listValidator;
}

const KNOWN_SCHEMA_KEYWORDS = new Set([
  'required',
  'additionalProperties',
  'type',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'const',
  'anyOf',
  'minItems',
  'maxItems',
]);

/** ajv errors → DefinitionErrors (anyOf branches collapsed into their anyOf). Shared with process/validate.ts. */
export function structuralErrors(errors: ErrorObject[] | null | undefined, locale: Locale): DefinitionError[] {
  const list = errors ?? [];
  const anyOfs = list.filter((e) => e.keyword === 'anyOf');
  const out: DefinitionError[] = [];
  for (const e of list) {
    if (anyOfs.some((a) => a !== e && e.instancePath.startsWith(a.instancePath) && e.schemaPath.startsWith(a.schemaPath + '/'))) continue;
    let path = e.instancePath;
    const params: Record<string, unknown> = { ...e.params };
    if (e.keyword === 'required') {
      path += '/' + pointer(String(e.params.missingProperty));
      params.property = e.params.missingProperty;
    } else if (e.keyword === 'additionalProperties') {
      path += '/' + pointer(String(e.params.additionalProperty));
      params.property = e.params.additionalProperty;
    }
    const key = KNOWN_SCHEMA_KEYWORDS.has(e.keyword) ? e.keyword : 'other';
    out.push({
      path: path || '/',
      code: `schema.${e.keyword}`,
      message: translate(locale, 'schemas', `definition.schema.${key}`, { ...params, path: path || '/' }),
      params,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// small guards for walking a document that may not be well-formed

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function labelOf(field: Obj | undefined, locale: Locale): string {
  if (!field) return '';
  const label = field.label;
  if (isObj(label)) return str(label[locale]) || str(label['zh-CN']) || str(field.key) || '';
  if (typeof label === 'string') return label;
  return str(field.key) ?? '';
}

/** The fields of a definition, indexed for reference checks. */
export interface FieldIndex {
  main: Map<string, Obj>;
  columns: Map<string, Map<string, Obj>>;
}
export function indexFields(def: unknown): FieldIndex {
  const main = new Map<string, Obj>();
  const columns = new Map<string, Map<string, Obj>>();
  for (const f of arr(isObj(def) ? def.fields : undefined)) {
    if (!isObj(f) || typeof f.key !== 'string') continue;
    if (!main.has(f.key)) main.set(f.key, f);
    if (f.type === TC.SUB_FORM) {
      const cols = columns.get(f.key) ?? new Map<string, Obj>();
      for (const c of arr(f.fields)) if (isObj(c) && typeof c.key === 'string' && !cols.has(c.key)) cols.set(c.key, c);
      columns.set(f.key, cols);
    }
  }
  return { main, columns };
}

const isIndex = (s: string) => /^\d+$/.test(s);

/**
 * Resolve a `var` path to its canonical field path (`key` or `subForm.column`, or `subForm`
 * for whole rows), or null when it reads nothing of the definition.
 */
export function resolveVar(index: FieldIndex, path: string, rowScope?: string): string | null {
  const seg = path.split('.');
  const cols = rowScope ? index.columns.get(rowScope) : undefined;
  if (cols?.has(seg[0])) return `${rowScope}.${seg[0]}`;
  // `row.qty` is the same row's column too (unless the sub-form has a column named `row`)
  if (cols && seg[0] === 'row' && seg.length > 1) return cols.has(seg[1]) ? `${rowScope}.${seg[1]}` : null;
  const field = index.main.get(seg[0]);
  if (!field) return null;
  if (field.type !== TC.SUB_FORM || seg.length === 1) return seg[0];
  const col = isIndex(seg[1]) ? seg[2] : seg[1];
  if (col === undefined) return seg[0];
  return index.columns.get(seg[0])?.has(col) ? `${seg[0]}.${col}` : null;
}

/** A field path as written in rules, formulas and permissions: `key` or `subForm.column`. */
export function resolveFieldPath(index: FieldIndex, path: string): Obj | null {
  const [k, c] = path.split('.');
  if (c === undefined) return index.main.get(k) ?? null;
  return index.columns.get(k)?.get(c) ?? null;
}

// ---------------------------------------------------------------------------------------

/** Collects semantic errors with their messages in one locale (shared with process/validate.ts). */
export class Collector {
  readonly errors: DefinitionError[] = [];
  constructor(private readonly locale: Locale) {}
  add(path: string, code: DefinitionErrorCode, params: Record<string, unknown> = {}): void {
    this.errors.push({ path, code, message: translate(this.locale, 'schemas', `definition.${code}`, params), params });
  }
}

function checkFields(def: Obj, c: Collector, locale: Locale): void {
  const checkList = (fields: unknown[], base: string, inSubForm: Obj | null) => {
    const seen = new Map<string, number>();
    const keys = new Set(fields.filter(isObj).map((f) => str(f.key)));
    const oldKeys = new Set<string>();
    fields.forEach((f, i) => {
      if (!isObj(f)) return;
      arr(f.renamedFrom).forEach((old, ri) => {
        if (typeof old !== 'string') return;
        if (keys.has(old) || oldKeys.has(old)) c.add(`${base}/${i}/renamedFrom/${ri}`, 'renamedFromConflict', { key: old, label: labelOf(f, locale) });
        oldKeys.add(old);
      });
    });
    fields.forEach((f, i) => {
      if (!isObj(f)) return;
      const p = `${base}/${i}`;
      const label = labelOf(f, locale);
      const key = str(f.key);
      if (key !== undefined) {
        if (seen.has(key)) {
          c.add(`${p}/key`, 'duplicateKey', { key, first: seen.get(key), scope: inSubForm ? labelOf(inSubForm, locale) : '' });
        } else seen.set(key, i);
        if (!inSubForm && RESERVED_KEYS.has(key)) c.add(`${p}/key`, 'reservedKey', { key });
        if (inSubForm && key === '_id') c.add(`${p}/key`, 'reservedKey', { key });
      }
      const type = f.type;
      if (typeof type === 'number' && Number.isInteger(type) && !isTypeCode(type)) c.add(`${p}/type`, 'unknownType', { type, label });
      if (f.width !== undefined && !(PAGE_WIDTHS as readonly unknown[]).includes(f.width)) {
        c.add(`${p}/width`, 'invalidWidth', { width: JSON.stringify(f.width), label });
      }
      if (type === TC.SUB_FORM) {
        if (inSubForm) c.add(`${p}/type`, 'nestedSubForm', { label, parent: labelOf(inSubForm, locale) });
        const cols = arr(f.fields);
        if (cols.length === 0) c.add(`${p}/fields`, 'subFormWithoutColumns', { label });
        else checkList(cols, `${p}/fields`, f);
        if (typeof f.minRows === 'number' && typeof f.maxRows === 'number' && f.minRows > f.maxRows) {
          c.add(`${p}/minRows`, 'minRowsGreaterThanMaxRows', { label, minRows: f.minRows, maxRows: f.maxRows });
        }
        const colIndex = new Map(cols.filter(isObj).map((col) => [str(col.key), col] as const));
        arr(f.totals).forEach((t, ti) => {
          if (typeof t !== 'string') return;
          const col = colIndex.get(t);
          if (!col) c.add(`${p}/totals/${ti}`, 'totalsUnknownColumn', { label, field: t });
          else if (col.type !== TC.INTEGER && col.type !== TC.DECIMAL) c.add(`${p}/totals/${ti}`, 'totalsNotNumeric', { label, field: labelOf(col, locale) });
        });
      } else if (f.fields !== undefined) {
        c.add(`${p}/fields`, 'columnsOnNonSubForm', { label });
      }
      if (type === TC.SELECT || type === TC.RADIO) {
        const options = arr(f.options);
        if (options.length === 0) c.add(`${p}/options`, 'missingOptions', { label });
        const values = new Set<string>();
        options.forEach((o, oi) => {
          const v = isObj(o) ? str(o.value) : undefined;
          if (v === undefined) return;
          if (values.has(v)) c.add(`${p}/options/${oi}/value`, 'duplicateOption', { label, value: v });
          values.add(v);
        });
        if (f.default !== undefined && f.default !== null && options.length > 0 && !values.has(f.default as string)) {
          c.add(`${p}/default`, 'defaultNotAnOption', { label, value: JSON.stringify(f.default) });
        }
      }
      if (type === TC.CODE && typeof f.length === 'number' && f.length > CODE_MAX_LENGTH) {
        c.add(`${p}/length`, 'codeTooLong', { label, length: f.length, max: CODE_MAX_LENGTH });
      }
      if (f.precision !== undefined && type !== TC.DECIMAL) c.add(`${p}/precision`, 'precisionNotDecimal', { label });
      for (const bound of ['min', 'max'] as const) {
        const v = f[bound];
        if (v === undefined) continue;
        const okBound =
          type === TC.INTEGER
            ? Number.isSafeInteger(typeof v === 'string' ? Number(v) : v) && String(v).trim() !== ''
            : type === TC.DECIMAL
              ? new RegExp(DECIMAL_PATTERN).test(String(v))
              : false;
        if (!okBound) c.add(`${p}/${bound}`, 'invalidBound', { label, value: JSON.stringify(v) });
      }
      if (f.min !== undefined && f.max !== undefined) {
        const min = Number(f.min);
        const max = Number(f.max);
        // bounds are compared only to spot a designer mistake; record validation is exact
        if (Number.isFinite(min) && Number.isFinite(max) && min > max) c.add(`${p}/min`, 'minGreaterThanMax', { label, min: f.min, max: f.max });
      }
    });
  };
  checkList(arr(def.fields), '/fields', null);
}

/** Report operators outside the allowed set; returns what the expression reads. */
export function checkOperators(expr: unknown, path: string, c: Collector): ReturnType<typeof collectReferences> {
  const refs = collectReferences(expr);
  for (const op of new Set(refs.unknownOperators)) c.add(path, 'unknownOperator', { operator: op });
  return refs;
}

/** Check an expression's references; returns the canonical paths it reads. */
export function checkExpression(
  expr: unknown,
  path: string,
  index: FieldIndex,
  c: Collector,
  code: 'ruleUnknownField' | 'formulaUnknownField' | 'process.unknownField',
  rowScope?: string,
): string[] {
  const refs = checkOperators(expr, path, c);
  const out: string[] = [];
  const missing = new Set<string>();
  for (const v of refs.vars) {
    const r = resolveVar(index, v, rowScope);
    if (r === null) missing.add(v);
    else out.push(r);
  }
  for (const { subForm, column } of refs.columns) {
    const cols = index.columns.get(subForm);
    if (!cols) missing.add(subForm);
    else if (column !== undefined && !cols.has(column)) missing.add(`${subForm}.${column}`);
    else out.push(column === undefined ? subForm : `${subForm}.${column}`);
  }
  for (const m of missing) c.add(path, code, { field: m });
  return out;
}

function checkRules(def: Obj, index: FieldIndex, c: Collector): void {
  const ids = new Set<string>();
  arr(def.rules).forEach((r, i) => {
    if (!isObj(r)) return;
    const p = `/rules/${i}`;
    const id = str(r.id);
    if (id !== undefined) {
      if (ids.has(id)) c.add(`${p}/id`, 'duplicateId', { id });
      ids.add(id);
    }
    checkExpression(r.when, `${p}/when`, index, c, 'ruleUnknownField');
    for (const branch of ['then', 'otherwise'] as const) {
      arr(r[branch]).forEach((a, ai) => {
        if (!isObj(a)) return;
        const target = str(a.target);
        if (target !== undefined && !resolveFieldPath(index, target)) c.add(`${p}/${branch}/${ai}/target`, 'ruleUnknownField', { field: target });
        if (a.value !== undefined) {
          const scope = target?.includes('.') ? target.split('.')[0] : undefined;
          checkExpression(a.value, `${p}/${branch}/${ai}/value`, index, c, 'ruleUnknownField', scope);
        }
      });
    }
  });
}

function checkFormulas(def: Obj, index: FieldIndex, c: Collector, locale: Locale): void {
  const ids = new Set<string>();
  /** canonical target → [formula index, deps] */
  const graph = new Map<string, { at: number; deps: string[] }>();
  arr(def.formulas).forEach((f, i) => {
    if (!isObj(f)) return;
    const p = `/formulas/${i}`;
    const id = str(f.id);
    if (id !== undefined) {
      if (ids.has(id)) c.add(`${p}/id`, 'duplicateId', { id });
      ids.add(id);
    }
    const target = str(f.target);
    let rowScope: string | undefined;
    if (target !== undefined) {
      const field = resolveFieldPath(index, target);
      if (!field) c.add(`${p}/target`, 'formulaUnknownField', { field: target });
      else if (field.type === TC.SUB_FORM || field.type === TC.DIVIDER) {
        c.add(`${p}/target`, 'formulaInvalidTarget', { field: labelOf(field, locale) });
      }
      if (target.includes('.')) rowScope = target.split('.')[0];
    }
    const deps = checkExpression(f.expression, `${p}/expression`, index, c, 'formulaUnknownField', rowScope);
    if (target !== undefined) {
      if (graph.has(target)) c.add(`${p}/target`, 'duplicateFormulaTarget', { field: target });
      else graph.set(target, { at: i, deps });
    }
  });
  // A whole sub-form depends on its computed columns.
  const depsOf = (node: string): string[] => {
    const own = graph.get(node)?.deps ?? [];
    if (!node.includes('.') && index.columns.has(node)) {
      return [...own, ...[...graph.keys()].filter((k) => k.startsWith(node + '.'))];
    }
    return own;
  };
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const reported = new Set<string>();
  const visit = (node: string): void => {
    state.set(node, 1);
    stack.push(node);
    for (const d of depsOf(node)) {
      if (state.get(d) === 1) {
        const cycle = [...stack.slice(stack.indexOf(d)), d];
        const members = cycle.slice(0, -1);
        const sig = [...members].sort().join('|');
        if (!reported.has(sig)) {
          reported.add(sig);
          const first = members.find((m) => graph.has(m)) ?? members[0];
          c.add(`/formulas/${graph.get(first)?.at ?? 0}/expression`, 'formulaCycle', { cycle: cycle.join(' → '), fields: members });
        }
      } else if (!state.has(d)) visit(d);
    }
    stack.pop();
    state.set(node, 2);
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
}

function checkPermissions(def: Obj, index: FieldIndex, c: Collector): void {
  const perms = def.permissions;
  if (!isObj(perms)) return;
  for (const group of ['modes', 'nodes'] as const) {
    const maps = perms[group];
    if (!isObj(maps)) continue;
    for (const [name, map] of Object.entries(maps)) {
      if (!isObj(map)) continue;
      for (const path of Object.keys(map)) {
        if (!resolveFieldPath(index, path)) c.add(`/permissions/${group}/${pointer(name)}/${pointer(path)}`, 'permissionUnknownField', { field: path });
      }
    }
  }
}

/** Keys a list may show or filter besides the definition's own fields. */
export const LIST_EXTRA_KEYS: ReadonlySet<string> = new Set<string>([
  ...SYSTEM_FIELD_KEYS,
  ...APPROVAL_FIELD_KEYS,
  'rowCreateName',
  'rowCreateBuMenName',
  'formCode',
  'definitionVersion',
]);

function checkList(list: unknown, base: string, index: FieldIndex, c: Collector): void {
  if (!isObj(list)) return;
  const ok = (k: string) => LIST_EXTRA_KEYS.has(k) || (index.main.has(k) && index.main.get(k)!.type !== TC.DIVIDER);
  arr(list.columns).forEach((col, i) => {
    const k = isObj(col) ? str(col.key) : undefined;
    if (k !== undefined && !ok(k)) c.add(`${base}/columns/${i}/key`, 'listUnknownField', { field: k });
  });
  arr(list.filters).forEach((f, i) => {
    const k = isObj(f) ? str(f.key) : undefined;
    if (k !== undefined && !ok(k)) c.add(`${base}/filters/${i}/key`, 'listUnknownField', { field: k });
  });
  const sortKey = isObj(list.defaultSort) ? str(list.defaultSort.key) : undefined;
  if (sortKey !== undefined && !ok(sortKey)) c.add(`${base}/defaultSort/key`, 'listUnknownField', { field: sortKey });
}

/** Keys of a source record a derive mapping may read besides the source form's main fields. */
const DERIVE_SOURCE_KEYS: ReadonlySet<string> = new Set<string>(['id', ...SYSTEM_FIELD_KEYS, ...APPROVAL_FIELD_KEYS]);

/**
 * The derive section (`derive`): every target is a main field of this form (not a divider or a
 * sub-form; rows go to a sub-form, their columns to its columns), each target at most once.
 * Source keys are checked against the source form by `checkDeriveSource`.
 */
function checkDerive(def: Obj, index: FieldIndex, c: Collector): void {
  const d = def.derive;
  if (!isObj(d)) return;
  const targets = new Set<string>();
  const target = (key: string | undefined, path: string, ok: (f: Obj) => boolean) => {
    if (key === undefined) return;
    const f = index.main.get(key);
    if (!f || !ok(f)) c.add(path, 'deriveUnknownField', { field: key });
    else if (targets.has(key)) c.add(path, 'deriveDuplicateTarget', { field: key });
    targets.add(key);
  };
  arr(d.fields).forEach((m, i) => {
    if (isObj(m)) target(str(m.to), `/derive/fields/${i}/to`, (f) => f.type !== TC.DIVIDER && f.type !== TC.SUB_FORM);
  });
  arr(d.rows).forEach((r, i) => {
    if (!isObj(r)) return;
    const to = str(r.to);
    if (to === undefined) return;
    const f = index.main.get(to);
    if (f && f.type !== TC.SUB_FORM) {
      c.add(`/derive/rows/${i}/to`, 'deriveNotSubForm', { field: to });
      return;
    }
    target(to, `/derive/rows/${i}/to`, () => true);
    const cols = index.columns.get(to);
    const seen = new Set<string>();
    arr(r.fields).forEach((m, j) => {
      const k = isObj(m) ? str(m.to) : undefined;
      if (k === undefined || !cols) return;
      if (!cols.has(k) || cols.get(k)!.type === TC.DIVIDER) c.add(`/derive/rows/${i}/fields/${j}/to`, 'deriveUnknownField', { field: `${to}.${k}` });
      else if (seen.has(k)) c.add(`/derive/rows/${i}/fields/${j}/to`, 'deriveDuplicateTarget', { field: `${to}.${k}` });
      seen.add(k);
    });
  });
}

/**
 * The source side of a derive section against one of its source forms: every `from` key is a
 * main field of the source (or a system/approval key of its records, e.g. `number`); a row
 * mapping reads a sub-form of the source and its columns. Errors point into the deriving form.
 */
export function checkDeriveSource(def: FormDefinition, source: FormDefinition, locale: Locale = 'zh-CN'): DefinitionError[] {
  const c = new Collector(locale);
  const d = def.derive;
  if (!d) return [];
  const index = indexFields(source);
  // several source forms (a settlement of any kind of application): each mapping applies to the
  // sources that have its key, and a key one of them lacks is left empty (a wrong type still fails)
  const some = d.from.length > 1;
  d.fields.forEach((m, i) => {
    const f = index.main.get(m.from);
    if (!(f ? f.type !== TC.DIVIDER && f.type !== TC.SUB_FORM : DERIVE_SOURCE_KEYS.has(m.from) || some))
      c.add(`/derive/fields/${i}/from`, 'deriveUnknownSource', { field: m.from, form: source.code });
  });
  (d.rows ?? []).forEach((r, i) => {
    const cols = index.columns.get(r.from);
    if (!cols) {
      if (!some) c.add(`/derive/rows/${i}/from`, 'deriveUnknownSource', { field: r.from, form: source.code });
      return;
    }
    r.fields.forEach((m, j) => {
      // `_id`: the source row's id (a settlement line keeps the application line it settles)
      if (!cols.has(m.from) && m.from !== SUB_FORM_ROW_ID && !some)
        c.add(`/derive/rows/${i}/fields/${j}/from`, 'deriveUnknownSource', { field: `${r.from}.${m.from}`, form: source.code });
    });
  });
  return c.errors;
}

/** Semantic errors supersede ajv's at the same path (e.g. a width of 6). */
export function mergeErrors(structural: DefinitionError[], semantic: DefinitionError[]): DefinitionError[] {
  const paths = new Set(semantic.map((e) => e.path));
  return [...structural.filter((e) => !paths.has(e.path)), ...semantic];
}

/** Picker params' `{key}` references must read a field of the form, and not in a circle. */
function checkParams(def: Obj, c: Collector, locale: Locale): void {
  const fields = arr(def.fields).filter(
    (f): f is Obj => isObj(f) && typeof f.key === 'string' && (f.fields === undefined || Array.isArray(f.fields)),
  ) as unknown as FormDefinition['fields'];
  const safe = fields.map((f) => ({ ...f, fields: f.fields?.filter((col) => isObj(col) && typeof col.key === 'string') }));
  for (const p of paramReferenceProblems(safe)) {
    const [, , i, , ci] = p.path.split('/');
    const top = safe[Number(i)];
    const owner = ci !== undefined && top?.fields ? top.fields[Number(ci)] : top;
    const label = labelOf(owner as unknown as Obj, locale);
    if (p.cycle) c.add(p.path, 'paramCycle', { label });
    else c.add(p.path, 'paramUnknownField', { label, field: p.key });
  }
}

/**
 * Validate a form definition: structure (ajv, against `FormDefinition`) and meaning.
 * Semantic checks run even when the structure is broken, as far as the document allows.
 */
export function validateDefinition(def: unknown, locale: Locale = 'zh-CN'): DefinitionValidation {
  const validate = formValidate();
  const ok = validate(def);
  const structural = ok ? [] : structuralErrors(validate.errors, locale);
  const c = new Collector(locale);
  if (isObj(def)) {
    const index = indexFields(def);
    checkFields(def, c, locale);
    checkRules(def, index, c);
    checkFormulas(def, index, c, locale);
    checkPermissions(def, index, c);
    checkList(def.list, '/list', index, c);
    checkDerive(def, index, c);
    checkParams(def, c, locale);
    if (typeof def.titleTemplate === 'string') {
      // `{key}` placeholders read main fields (or system/approval keys such as {number})
      for (const m of def.titleTemplate.matchAll(/\{(\w+)\}/g)) {
        if (!index.main.has(m[1]) && !LIST_EXTRA_KEYS.has(m[1])) c.add('/titleTemplate', 'titleUnknownField', { field: m[1] });
      }
    }
  }
  const errors = mergeErrors(structural, c.errors);
  return { valid: errors.length === 0, errors };
}

/**
 * Validate a list definition (a list page of its own): structure, and — when its form is
 * given — that columns, filters and the sort read the form's fields or system/approval keys.
 */
export function validateListDefinition(def: unknown, locale: Locale = 'zh-CN', form?: FormDefinition): DefinitionValidation {
  const validate = listValidate();
  const ok = validate(def);
  const structural = ok ? [] : structuralErrors(validate.errors, locale);
  const c = new Collector(locale);
  if (isObj(def) && form) checkList(def.settings, '/settings', indexFields(form), c);
  const errors = mergeErrors(structural, c.errors);
  return { valid: errors.length === 0, errors };
}
