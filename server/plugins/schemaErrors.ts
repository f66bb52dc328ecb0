// Schema validation errors (ajv, through Fastify) as field-level messages in the user's language
// (locale keys `schemaErrors.*` of the server namespace), each saying what is allowed: the
// keyword's limit, type, pattern or allowed values. An `anyOf`/`oneOf` whose branches are all
// constants (TypeBox unions of literals, e.g. `limit`: 10 | 20 | 30 | 50) becomes ONE message
// naming the allowed values ("只能是 10、20、30、50 之一"), not one "must be equal to constant"
// per branch; an anyOf of other branches names the accepted types, or, when the value has the
// type of a branch, gives that branch's own errors.
import type { FastifyError } from 'fastify';
import type { Locale } from '../../schemas/constants';
import type { FieldError } from '../lib/errors';
import { t } from '../lib/i18n';

interface AjvError {
  keyword: string;
  instancePath?: string;
  schemaPath?: string;
  params?: Record<string, unknown>;
  message?: string;
}

const fieldOf = (instancePath: string | undefined, extra?: unknown) =>
  [
    (instancePath ?? '')
      .replace(/^\//, '')
      .split('/')
      .filter(Boolean)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
      .join('.'),
    typeof extra === 'string' ? extra : '',
  ]
    .filter(Boolean)
    .join('.');

/** A translated name, or the name itself when the locale has none. */
function known(locale: Locale, key: string, fallback: string): string {
  const s = t(locale, key);
  return s === key ? fallback : s;
}

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

function list(locale: Locale, values: unknown[]): string {
  return [...new Set(values.map(show))].join(t(locale, 'schemaErrors.separator'));
}

function typeNames(locale: Locale, types: unknown): string {
  const names = String(types)
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .map((x) => known(locale, `schemaErrors.types.${x}`, x));
  return [...new Set(names)].join(t(locale, 'schemaErrors.or'));
}

/** One ajv error (not anyOf/oneOf) as a message. */
function messageOf(locale: Locale, e: AjvError): { field: string; message: string } {
  const p = e.params ?? {};
  const field = fieldOf(e.instancePath);
  const m = (key: string, params: Record<string, unknown> = {}) => t(locale, `schemaErrors.${key}`, params);
  switch (e.keyword) {
    case 'type':
      return { field, message: m('type', { type: typeNames(locale, p.type) }) };
    case 'required':
      return { field: fieldOf(e.instancePath, p.missingProperty), message: m('required') };
    case 'additionalProperties':
      return { field: fieldOf(e.instancePath, p.additionalProperty), message: m('additionalProperties') };
    case 'const':
      return { field, message: m('const', { value: show(p.allowedValue) }) };
    case 'enum':
      return { field, message: m('enum', { values: list(locale, (p.allowedValues as unknown[]) ?? []) }) };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
    case 'minProperties':
    case 'maxProperties':
    case 'multipleOf':
      return { field, message: m(e.keyword, { limit: p.limit }) };
    case 'pattern':
      return { field, message: m('pattern') };
    case 'format':
      return { field, message: m('format', { format: known(locale, `schemaErrors.formats.${String(p.format)}`, String(p.format)) }) };
    case 'uniqueItems':
      return { field, message: m('uniqueItems', { i: Number(p.i) + 1, j: Number(p.j) + 1 }) };
    default:
      return { field, message: m('invalid') };
  }
}

const branchOf = (parent: AjvError, e: AjvError) => {
  const rest = (e.schemaPath ?? '').slice((parent.schemaPath ?? '').length + 1);
  return rest.split('/')[0];
};

function explain(locale: Locale, errors: AjvError[]): FieldError[] {
  const unions = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
  // the outermost unions: not inside a branch of another failed union
  const outer = unions.filter((u) => !unions.some((o) => o !== u && (u.schemaPath ?? '').startsWith(`${o.schemaPath}/`)));
  const consumed = new Set<AjvError>();
  const out: FieldError[] = [];
  for (const u of outer) {
    consumed.add(u);
    const subs = errors.filter((e) => e !== u && (e.schemaPath ?? '').startsWith(`${u.schemaPath}/`));
    for (const s of subs) consumed.add(s);
    const field = fieldOf(u.instancePath);
    const branches = new Map<string, AjvError[]>();
    for (const s of subs) branches.set(branchOf(u, s), [...(branches.get(branchOf(u, s)) ?? []), s]);
    // every branch a constant (or an enum): one message with the allowed values
    const allowed: unknown[] = [];
    const allConstant =
      branches.size > 0 &&
      [...branches.values()].every((b) => {
        const c = b.find((e) => (e.keyword === 'const' || e.keyword === 'enum') && e.instancePath === u.instancePath);
        if (!c) return false;
        allowed.push(...(c.keyword === 'const' ? [c.params?.allowedValue] : ((c.params?.allowedValues as unknown[]) ?? [])));
        return true;
      });
    if (allConstant) {
      out.push({ field, message: t(locale, 'schemaErrors.oneOfValues', { values: list(locale, allowed) }), code: 'enum' });
      continue;
    }
    // the branches whose type the value has: their own errors say what is wrong
    // (a branch failing at the value itself first: with type coercion, a string is also tried as a one-item array)
    const typed = [...branches.values()]
      .filter((b) => !b.some((e) => e.keyword === 'type' && e.instancePath === u.instancePath))
      .sort((x, y) => Number(!x.some((e) => e.instancePath === u.instancePath)) - Number(!y.some((e) => e.instancePath === u.instancePath)));
    if (typed.length && branches.size) {
      out.push(...explain(locale, typed[0]));
      continue;
    }
    const types = [...branches.values()].flatMap((b) => b.filter((e) => e.keyword === 'type').map((e) => String(e.params?.type ?? '')));
    out.push({
      field,
      message: types.length ? t(locale, 'schemaErrors.type', { type: typeNames(locale, types.join(',')) }) : t(locale, 'schemaErrors.invalid'),
      code: 'type',
    });
  }
  for (const e of errors) {
    if (consumed.has(e) || e.keyword === 'anyOf' || e.keyword === 'oneOf') continue;
    out.push({ ...messageOf(locale, e), code: e.keyword });
  }
  return out;
}

/** The field errors of a Fastify validation error, translated; one per field and message. */
export function validationErrors(err: FastifyError, locale: Locale): FieldError[] {
  const errors = (err.validation ?? []) as AjvError[];
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const e of explain(locale, errors)) {
    const field = e.field || err.validationContext || 'body';
    const key = `${field}\u0001${e.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ ...e, field });
  }
  return out;
}
