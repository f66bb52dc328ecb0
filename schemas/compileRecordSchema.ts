// Definition → record schema. One compiled validator checks a record's `data` (the form's own
// fields) on the client before saving and on the server before writing: same code, same
// messages. Nothing here needs Node (ajv, decimal.js and plain TS only).
//
// Value shapes follow the table of values.ts. Decisions the spec leaves open:
// - `null` means "empty": an optional field may be absent or null; a required field may be
//   neither, and its string or array may not be empty (custom keyword `notEmpty`).
// - Required fields: with `opts.draft` nothing is required, and formula targets are not held to
//   their min/max (a draft's total over no rows yet is 0.00). Otherwise, when `opts.required`
//   is given it is the exact set of required paths (`key`, or `subForm.column` for every row):
//   the runtime passes what its linkage rules and the approval node's permissions make
//   required. Without it, modes 0, 1 and 4 require the fields marked `required` or given the
//   permission `required` in `permissions.modes[mode]` (with `opts.node`, the node's map of
//   `permissions.nodes` read over the mode's), except fields hidden by `hidden: true` or by the
//   permission `hidden`. Mode 2 (view) requires nothing. Mode 3 (approve) requires only what
//   the mode's or the node's permissions mark `required` — or what the caller passes through
//   `opts.required` (e.g. the node's editable required fields after linkage rules).
// - Decimals are strings of at most `precision` places (default 2); bounds are compared
//   exactly with decimal.js (keyword `decimalRange`, which also limits the integer digits to
//   `length − precision`, 16 by default).
// - Dates are checked against the calendar (formats `fw-date`, `fw-datetime`); a range is a
//   2-tuple whose start is not after its end (keyword `dateRange`).
// - Dividers hold no value: a divider's key in `data` is an unknown field.
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import Decimal from 'decimal.js';
import { forAjv, type JSONSchema } from './ajv';
import type { FieldDefinition, FormDefinition } from './definition';
import { APPROVAL_FIELDS, SYSTEM_FIELDS, TC, isTypeCode, typeInfo, type FormMode } from './typeCodes';
import { CODE_MAX_LENGTH, type Locale } from './constants';
import { DECIMAL_PATTERN, FileRef, MapValue, PickerValue, SUB_FORM_ROW_ID, TierRow, decimalPattern } from './values';
import { translate } from './locales';
import { columnsOf } from './columnsOf';

export type { JSONSchema } from './ajv';

export const RECORD_ERROR_CODES = [
  'required',
  'unknownField',
  'notInteger',
  'notDecimal',
  'decimalPlaces',
  'tooManyDigits',
  'tooLong',
  'tooSmall',
  'tooLarge',
  'notAnOption',
  'invalidDate',
  'dateRangeOrder',
  'tooManyFiles',
  'tooFewRows',
  'tooManyRows',
  'tierOrder',
  'invalidValue',
] as const;
export type RecordErrorCode = (typeof RECORD_ERROR_CODES)[number];

export interface RecordError {
  /** record path: `amount`, `mingXi.2.qty` (row index from 0) */
  field: string;
  code: RecordErrorCode;
  /** in the user's language, naming the field's label */
  message: string;
  params?: Record<string, unknown>;
}
export interface RecordValidation {
  valid: boolean;
  errors: RecordError[];
}
export interface CompileRecordOptions {
  /** a draft save: nothing is required */
  draft?: boolean;
  /** the exact set of required paths (`key` or `subForm.column`), replacing the default */
  required?: readonly string[];
  /** the approval node (modes 3 and 4): its permission map is read over the mode's */
  node?: string;
}
export interface CompiledRecordSchema {
  /** JSON Schema of the record's `data` (uses this module's keywords and formats) */
  schema: JSONSchema;
  /** the required paths this schema enforces */
  required: readonly string[];
  validate(data: unknown, locale?: Locale): RecordValidation;
}

/** Default decimal places of a decimal field. */
export const DEFAULT_PRECISION = 2;
const ROW_ID_MAX_LENGTH = 64;

// ---------------------------------------------------------------------------------------
// ajv with this module's keywords and formats

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;
function isCalendarDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
  return d <= days;
}
/** "YYYY-MM-DD", a real calendar day. */
export function isDateString(s: string): boolean {
  const m = DATE_RE.exec(s);
  return !!m && isCalendarDate(+m[1], +m[2], +m[3]);
}
/** "YYYY-MM-DD HH:mm" (spec §9 form format), a real calendar day and time. */
export function isDateTimeString(s: string): boolean {
  const m = DATETIME_RE.exec(s);
  return !!m && isCalendarDate(+m[1], +m[2], +m[3]) && +m[4] < 24 && +m[5] < 60;
}

interface DecimalRange {
  min?: string;
  max?: string;
  /** most digits before the decimal point */
  intDigits?: number;
}

function decimalRangeValidate(schema: DecimalRange, data: unknown): boolean {
  decimalRangeValidate.errors = [];
  if (typeof data !== 'string' || !new RegExp(DECIMAL_PATTERN).test(data)) return true; // `pattern` reports it
  const value = new Decimal(data);
  const err = (reason: string, limit: string | number) =>
    decimalRangeValidate.errors.push({ keyword: 'decimalRange', message: `${reason} ${limit}`, params: { reason, limit } });
  if (schema.intDigits !== undefined && value.abs().trunc().toFixed(0).replace(/^0$/, '').length > schema.intDigits) {
    err('tooManyDigits', schema.intDigits);
  }
  if (schema.min !== undefined && value.lt(schema.min)) err('tooSmall', schema.min);
  if (schema.max !== undefined && value.gt(schema.max)) err('tooLarge', schema.max);
  return decimalRangeValidate.errors.length === 0;
}
decimalRangeValidate.errors = [] as Partial<ErrorObject>[];

/**
 * Register this module's formats (`fw-date`, `fw-datetime`) and keywords (`decimalRange`,
 * `notEmpty`, `dateRange`, `tierOrder`) on an ajv instance — e.g. rjsf's, through
 * `customizeValidator({ extenderFn: addRecordVocabulary })` — so it can run record schemas.
 */
export function addRecordVocabulary(ajv: Ajv): Ajv {
  ajv.addFormat('fw-date', { type: 'string', validate: isDateString });
  ajv.addFormat('fw-datetime', { type: 'string', validate: isDateTimeString });
  ajv.addKeyword({ keyword: 'decimalRange', type: 'string', schemaType: 'object', errors: true, validate: decimalRangeValidate });
  ajv.addKeyword({
    keyword: 'notEmpty',
    schemaType: 'boolean',
    validate: (on: boolean, data: unknown) => !on || !((typeof data === 'string' && data.trim() === '') || (Array.isArray(data) && data.length === 0)),
  });
  ajv.addKeyword({
    keyword: 'dateRange',
    type: 'array',
    schemaType: 'boolean',
    validate: (on: boolean, data: unknown[]) => !on || !(typeof data[0] === 'string' && typeof data[1] === 'string' && data[0] > data[1]),
  });
  ajv.addKeyword({
    keyword: 'tierOrder',
    type: 'object',
    schemaType: 'boolean',
    validate: (on: boolean, row: Record<string, unknown>) => {
      const re = new RegExp(DECIMAL_PATTERN);
      if (!on || typeof row.from !== 'string' || typeof row.to !== 'string' || !re.test(row.from) || !re.test(row.to)) return true;
      return new Decimal(row.from).lt(row.to);
    },
  });
  return ajv;
}

function createRecordAjv(): Ajv {
  return addRecordVocabulary(new Ajv({ allErrors: true, verbose: true, allowUnionTypes: true, ownProperties: true }));
}
let recordAjv: Ajv | null = null;
const getAjv = () => (recordAjv ??= createRecordAjv());

// ---------------------------------------------------------------------------------------
// field → JSON Schema

const PICKER = forAjv(PickerValue);
const FILE_REF = forAjv(FileRef);
const TIER_ROW = { ...forAjv(TierRow), tierOrder: true };
const MAP_VALUE = forAjv(MapValue);

function toDecimalString(v: number | string | undefined): string | undefined {
  if (v === undefined) return undefined;
  try {
    return new Decimal(v).toString();
  } catch {
    return undefined;
  }
}

/** The precision a decimal field keeps. */
export function precisionOf(field: Pick<FieldDefinition, 'precision' | 'money'>): number {
  return field.precision ?? DEFAULT_PRECISION;
}

const NO_PATHS: ReadonlySet<string> = new Set();

/** Schema of one value (without null handling). */
function valueSchema(field: FieldDefinition, requiredCols: ReadonlySet<string>, unbounded = false, unboundedCols: ReadonlySet<string> = NO_PATHS): JSONSchema {
  const t = field.type;
  if (!isTypeCode(t)) return {};
  const info = typeInfo(t);
  switch (t) {
    case TC.TEXT:
    case TC.TEXTAREA:
    case TC.RICH_TEXT:
      return { type: 'string', maxLength: field.length ?? info.defaultLength ?? 200 };
    case TC.CODE:
      return { type: 'string', maxLength: Math.min(field.length ?? CODE_MAX_LENGTH, CODE_MAX_LENGTH) };
    case TC.SELECT:
    case TC.RADIO: {
      const values = [...new Set((field.options ?? []).map((o) => o.value))];
      return values.length ? { type: 'string', enum: values } : { type: 'string', maxLength: info.defaultLength ?? 64 };
    }
    case TC.INTEGER: {
      const bound = (v: number | string | undefined, dflt: number) => (v !== undefined && Number.isFinite(Number(v)) ? Number(v) : dflt);
      const min = Math.max(unbounded ? Number.MIN_SAFE_INTEGER : bound(field.min, Number.MIN_SAFE_INTEGER), Number.MIN_SAFE_INTEGER);
      const max = Math.min(unbounded ? Number.MAX_SAFE_INTEGER : bound(field.max, Number.MAX_SAFE_INTEGER), Number.MAX_SAFE_INTEGER);
      return { type: 'integer', minimum: min, maximum: max };
    }
    case TC.DECIMAL: {
      const precision = precisionOf(field);
      const range: DecimalRange = { intDigits: Math.max(1, (field.length ?? info.defaultLength ?? 18) - precision) };
      const min = unbounded ? undefined : toDecimalString(field.min);
      const max = unbounded ? undefined : toDecimalString(field.max);
      if (min !== undefined) range.min = min;
      if (max !== undefined) range.max = max;
      return { type: 'string', pattern: decimalPattern(precision), decimalRange: range };
    }
    case TC.DATE: {
      const one = { type: 'string', format: field.withTime ? 'fw-datetime' : 'fw-date' };
      return field.range ? { type: 'array', items: one, minItems: 2, maxItems: 2, dateRange: true } : one;
    }
    case TC.ATTACHMENT:
    case TC.IMAGE: {
      const s: JSONSchema = { type: 'array', items: FILE_REF };
      if (field.file?.maxCount !== undefined) s.maxItems = field.file.maxCount;
      return s;
    }
    case TC.TIER:
      return { type: 'array', items: TIER_ROW };
    case TC.MAP:
      return MAP_VALUE;
    case TC.CUSTOM:
      return {};
    case TC.SUB_FORM: {
      const properties: Record<string, JSONSchema> = { [SUB_FORM_ROW_ID]: { type: 'string', maxLength: ROW_ID_MAX_LENGTH } };
      const required: string[] = [];
      for (const col of columnsOf(field)) {
        if (!isTypeCode(col.type) || !typeInfo(col.type).holdsValue) continue;
        const req = requiredCols.has(`${field.key}.${col.key}`);
        properties[col.key] = nullable(valueSchema(col, NO_PATHS, unboundedCols.has(`${field.key}.${col.key}`)), req);
        if (req) required.push(col.key);
      }
      const s: JSONSchema = {
        type: 'array',
        items: { type: 'object', properties, required, additionalProperties: false },
      };
      if (field.minRows !== undefined) s.minItems = field.minRows;
      if (field.maxRows !== undefined) s.maxItems = field.maxRows;
      return s;
    }
    default:
      if (info.source) return field.dataSource?.multiple ? { type: 'array', items: PICKER } : PICKER;
      return { type: 'string', maxLength: field.length ?? info.defaultLength ?? 200 };
  }
}

/**
 * The JSON Schema of one field's value (a sub-form's rows with their columns), as used inside
 * the record schema — e.g. for the designer to check a default value. Needs this module's
 * vocabulary (`addRecordVocabulary`) to run.
 */
export function fieldSchema(field: FieldDefinition, required = false): JSONSchema {
  return nullable(valueSchema(field, new Set()), required);
}

/** Optional values may be null; required ones may be neither null nor empty. */
function nullable(schema: JSONSchema, required: boolean): JSONSchema {
  if (required) return Object.keys(schema).length === 0 ? { type: ['string', 'number', 'boolean', 'object', 'array'] } : { ...schema, notEmpty: true };
  if (typeof schema.type !== 'string') return schema;
  const s: JSONSchema = { ...schema, type: [schema.type, 'null'] };
  if (Array.isArray(schema.enum)) s.enum = [...schema.enum, null];
  return s;
}

/** The required paths of a definition in a mode (see the header for the rules). */
export function requiredPaths(def: FormDefinition, mode: FormMode, opts: CompileRecordOptions = {}): string[] {
  if (opts.draft) return [];
  if (opts.required) return [...new Set(opts.required)].sort();
  if (mode === 2) return [];
  const perms: Record<string, string> = {
    ...(def.permissions?.modes?.[String(mode)] ?? {}),
    ...(opts.node !== undefined && (mode === 3 || mode === 4) ? (def.permissions?.nodes?.[opts.node] ?? {}) : {}),
  };
  const out: string[] = [];
  const consider = (path: string, f: FieldDefinition) => {
    if (!isTypeCode(f.type) || !typeInfo(f.type).holdsValue) return;
    if (f.hidden || perms[path] === 'hidden') return;
    // in mode 3 only what the mode or node marks `required` is required of the approver
    if (perms[path] === 'required' || (mode !== 3 && f.required)) out.push(path);
  };
  for (const f of def.fields) {
    consider(f.key, f);
    if (f.type === TC.SUB_FORM) for (const c of columnsOf(f)) consider(`${f.key}.${c.key}`, c);
  }
  return out.sort();
}

/** Build the JSON Schema of a record's `data` (without compiling it). */
export function buildRecordSchema(def: FormDefinition, required: readonly string[], unbounded: ReadonlySet<string> = NO_PATHS): JSONSchema {
  const req = new Set(required);
  const properties: Record<string, JSONSchema> = {};
  const requiredKeys: string[] = [];
  for (const f of def.fields) {
    if (!isTypeCode(f.type) || !typeInfo(f.type).holdsValue) continue;
    const r = req.has(f.key);
    properties[f.key] = nullable(valueSchema(f, req, unbounded.has(f.key), unbounded), r);
    if (r) requiredKeys.push(f.key);
  }
  return { $comment: `record data of ${def.code} v${def.version}`, type: 'object', properties, required: requiredKeys, additionalProperties: false };
}

const cache = new WeakMap<object, Map<string, CompiledRecordSchema>>();

/**
 * Compiled validators by schema content, so a definition parsed again (a new object with the
 * same content, as a server reading it from the database) does not compile again. Bounded:
 * the least recently used one is dropped (and released by ajv) beyond `MAX_COMPILED`.
 */
const byContent = new Map<string, ValidateFunction>();
const MAX_COMPILED = 256;
function compileCached(schema: JSONSchema): ValidateFunction {
  const text = JSON.stringify(schema);
  const hit = byContent.get(text);
  if (hit) {
    byContent.delete(text);
    byContent.set(text, hit);
    return hit;
  }
  const ajv = getAjv();
  const fn = ajv.compile(schema);
  byContent.set(text, fn);
  if (byContent.size > MAX_COMPILED) {
    const [oldest, old] = byContent.entries().next().value as [string, ValidateFunction];
    byContent.delete(oldest);
    ajv.removeSchema(old.schema as JSONSchema);
  }
  return fn;
}

/** Compile (once per definition object, mode and options) the validator of a record's `data`. */
export function compileRecordSchema(def: FormDefinition, mode: FormMode, opts: CompileRecordOptions = {}): CompiledRecordSchema {
  const required = requiredPaths(def, mode, opts);
  const key = `${mode}|${opts.draft ? 1 : 0}|${opts.node ?? ''}|${opts.required ? required.join(',') : '*'}`;
  let byKey = cache.get(def);
  if (!byKey) cache.set(def, (byKey = new Map()));
  const hit = byKey.get(key);
  if (hit) return hit;
  // a draft may be incomplete: a formula's result (a total over no rows yet) is not held to its
  // field's min/max until the record is submitted — the user cannot edit it, only its inputs
  const unbounded = opts.draft ? new Set((def.formulas ?? []).map((f) => f.target)) : NO_PATHS;
  const schema = buildRecordSchema(def, required, unbounded);
  const fn = compileCached(schema);
  const compiled: CompiledRecordSchema = {
    schema,
    required,
    validate(data: unknown, locale: Locale = 'zh-CN'): RecordValidation {
      if (fn(data)) return { valid: true, errors: [] };
      const errors = formatRecordErrors(fn.errors ?? [], def, locale);
      return { valid: errors.length === 0, errors };
    },
  };
  byKey.set(key, compiled);
  return compiled;
}

// ---------------------------------------------------------------------------------------
// ajv errors → RecordErrors

function labelText(f: FieldDefinition | undefined, key: string, locale: Locale): string {
  if (!f) return key;
  return f.label[locale] || f.label['zh-CN'] || key;
}

const decode = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * Map ajv errors of a compiled record schema to record errors: `field` is the record path of
 * the field (deeper paths inside a structured value collapse to the field), the message names
 * the field's label in `locale`. One error per field and code; `required` hides the rest.
 */
export function formatRecordErrors(ajvErrors: readonly ErrorObject[], def: FormDefinition, locale: Locale = 'zh-CN'): RecordError[] {
  const main = new Map(def.fields.map((f) => [f.key, f]));
  const byField = new Map<string, RecordError[]>();
  for (const e of ajvErrors) {
    const seg = e.instancePath === '' ? [] : e.instancePath.split('/').slice(1).map(decode);
    if (e.keyword === 'required') seg.push(String(e.params.missingProperty));
    if (e.keyword === 'additionalProperties') seg.push(String(e.params.additionalProperty));
    const top = main.get(seg[0]);
    let field: FieldDefinition | undefined = top;
    let path = seg.slice(0, 1);
    let rest = seg.slice(1);
    const formName = def.name[locale] || def.name['zh-CN'];
    let label = translate(locale, 'schemas', 'record.fieldLabel', { label: seg.length ? labelText(top, seg[0], locale) : formName });
    let unknown = !top;
    if (top && top.type === TC.SUB_FORM && rest.length >= 1 && /^\d+$/.test(rest[0])) {
      const row = Number(rest[0]);
      const colKey = rest[1];
      if (colKey !== undefined) {
        const col = columnsOf(top).find((c) => c.key === colKey);
        field = col;
        unknown = !col;
        path = [seg[0], rest[0], colKey];
        rest = rest.slice(2);
        label = translate(locale, 'schemas', 'record.rowLabel', {
          subForm: labelText(top, top.key, locale),
          row: row + 1,
          label: labelText(col, colKey, locale),
        });
      } else {
        path = [seg[0], rest[0]];
        rest = [];
      }
    }
    const deep = rest.length > 0;
    const params: Record<string, unknown> = { label };
    let code: RecordErrorCode;
    const k = e.keyword;
    const t = field?.type;
    if (seg.length === 0)
      code = 'invalidValue'; // the data itself is not an object
    else if ((k === 'additionalProperties' && !deep) || (unknown && k !== 'required')) code = 'unknownField';
    else if (!deep && (k === 'required' || k === 'notEmpty' || (k === 'type' && e.data === null))) code = 'required';
    else if (k === 'tierOrder') code = 'tierOrder';
    else if (k === 'dateRange') code = 'dateRangeOrder';
    else if (t === TC.DATE && (k === 'format' || k === 'minItems' || k === 'maxItems' || k === 'type')) code = 'invalidDate';
    else if (deep) code = 'invalidValue';
    else if (k === 'type' && t === TC.INTEGER) code = 'notInteger';
    else if (k === 'type' && t === TC.DECIMAL) code = 'notDecimal';
    else if (k === 'pattern' && t === TC.DECIMAL) {
      const ok = typeof e.data === 'string' && new RegExp(DECIMAL_PATTERN).test(e.data);
      code = ok ? 'decimalPlaces' : 'notDecimal';
      params.precision = field ? precisionOf(field) : DEFAULT_PRECISION;
    } else if (k === 'decimalRange') {
      code = e.params.reason as RecordErrorCode;
      params.limit = e.params.limit;
    } else if (k === 'maxLength') {
      code = 'tooLong';
      params.limit = e.params.limit;
    } else if (k === 'minimum' || k === 'maximum') {
      code = k === 'minimum' ? 'tooSmall' : 'tooLarge';
      params.limit = e.params.limit;
    } else if (k === 'enum') code = 'notAnOption';
    else if ((k === 'minItems' || k === 'maxItems') && t === TC.SUB_FORM) {
      code = k === 'minItems' ? 'tooFewRows' : 'tooManyRows';
      params.limit = e.params.limit;
    } else if (k === 'maxItems' && (t === TC.ATTACHMENT || t === TC.IMAGE)) {
      code = 'tooManyFiles';
      params.limit = e.params.limit;
    } else code = 'invalidValue';
    const fieldPath = path.join('.');
    const list = byField.get(fieldPath) ?? [];
    if (!list.some((x) => x.code === code)) {
      list.push({ field: fieldPath, code, message: translate(locale, 'schemas', `record.${code}`, params), params });
    }
    byField.set(fieldPath, list);
  }
  const out: RecordError[] = [];
  for (const list of byField.values()) {
    const req = list.find((x) => x.code === 'required');
    out.push(...(req ? [req] : list));
  }
  return out;
}

// ---------------------------------------------------------------------------------------

const lengthString = (n: number): JSONSchema => ({ type: ['string', 'null'], maxLength: n });

/**
 * JSON Schema of a whole record row as the server stores and lists it: the system fields and
 * approval fields with the spec's lengths (spec §3), the row version, the definition version
 * and the form's `data` (validated separately by `compileRecordSchema`).
 */
export const SYSTEM_FIELDS_SCHEMA: JSONSchema = {
  $comment: 'a record: system fields, approval fields, versions and data',
  type: 'object',
  properties: {
    ...Object.fromEntries(Object.entries(SYSTEM_FIELDS).map(([k, v]) => [k, lengthString(v.length)])),
    ...Object.fromEntries(Object.entries(APPROVAL_FIELDS).map(([k, v]) => [k, lengthString(v.length)])),
    id: { type: 'string', pattern: `^[0-9]{1,${SYSTEM_FIELDS.id.length}}$` },
    isYouXiao: { enum: ['0', '1', 0, 1] },
    formCode: { type: 'string', maxLength: 64 },
    definitionVersion: { type: 'integer', minimum: 0 },
    version: { type: 'integer', minimum: 0 },
    data: { type: 'object' },
  },
  required: ['id', 'formCode', 'data'],
  additionalProperties: true,
};
