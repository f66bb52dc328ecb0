// Input guards every route gets, so that bad input is refused with a 4xx before any handler,
// serializer or SQL statement meets it (issue 16, "HTTP 500 on bad input"):
// - nesting: a body, query or path parameter nested deeper than MAX_DEPTH answers 422. Deep
//   values overflowed the stack of recursive code behind the routes (structuredClone in the rule
//   evaluation of a record save at ~2,000 levels) and PostgreSQL's jsonb parser;
// - text: a string or key with a NUL character or an unpaired surrogate answers 422 (PostgreSQL
//   stores neither in text or jsonb: the statement failed);
// - numbers: every integer or number of a route's request schema (body, querystring, params)
//   that declares no bound gets one — PostgreSQL's integer range for integers, ±1e15 for numbers —
//   so `page: 1e300` or `version: 99999999999` is a schema error (422), not a database error.
//   The bounded schema is what the OpenAPI document shows.
// The walks are iterative (no recursion over client data).
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError, type FieldError } from '../lib/errors';
import { t } from '../lib/i18n';

/** The deepest nesting a request may carry (records, definitions and processes need far fewer). */
export const MAX_DEPTH = 64;
export const INT_MAX = 2147483647;
export const INT_MIN = -2147483648;
export const NUMBER_LIMIT = 1e15;

export interface InputProblem {
  /** dotted path of the value (or of the nesting level that went too deep) */
  path: string;
  kind: 'depth' | 'character';
}

// a NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one
// eslint-disable-next-line no-control-regex -- the NUL is what is looked for
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first problem of a parsed request value (body, query, params), or null. */
export function inputProblem(value: unknown, maxDepth = MAX_DEPTH): InputProblem | null {
  const stack: { v: unknown; path: string[]; depth: number }[] = [{ v: value, path: [], depth: 0 }];
  while (stack.length) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (BAD_TEXT.test(v)) return { path: path.join('.'), kind: 'character' };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= maxDepth) return { path: path.slice(0, 8).join('.') + (path.length > 8 ? '…' : ''), kind: 'depth' };
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: [...path, String(i)], depth: depth + 1 });
      continue;
    }
    if (Buffer.isBuffer(v)) continue;
    for (const k of Object.keys(v)) {
      if (BAD_TEXT.test(k)) return { path: [...path, k.replace(BAD_TEXT, '?')].join('.'), kind: 'character' };
      stack.push({ v: (v as Record<string, unknown>)[k], path: [...path, k], depth: depth + 1 });
    }
  }
  return null;
}

type Schema = Record<string | symbol, unknown>;
const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const SUBSCHEMA = ['items', 'additionalProperties', 'not', 'contains', 'if', 'then', 'else', 'additionalItems'] as const;
const SUBSCHEMA_MAPS = ['properties', 'patternProperties'] as const;

/** A copy of a request schema in which every integer and number without a bound has one. */
export function boundedSchema<S>(schema: S): S {
  if (!schema || typeof schema !== 'object') return schema;
  const root = { ...(schema as Schema) };
  const work: Schema[] = [root];
  while (work.length) {
    const s = work.pop()!;
    const types = [s.type].flat();
    const numeric = types.includes('integer') || types.includes('number');
    if (numeric && s.const === undefined && s.enum === undefined) {
      const int = !types.includes('number');
      if (s.maximum === undefined && s.exclusiveMaximum === undefined) s.maximum = int ? INT_MAX : NUMBER_LIMIT;
      if (s.minimum === undefined && s.exclusiveMinimum === undefined) s.minimum = int ? INT_MIN : -NUMBER_LIMIT;
    }
    const copy = (x: unknown): unknown => {
      if (!x || typeof x !== 'object' || Array.isArray(x)) return x;
      const c = { ...(x as Schema) };
      work.push(c);
      return c;
    };
    for (const k of SUBSCHEMA) if (s[k] !== undefined) s[k] = copy(s[k]);
    for (const k of SUBSCHEMA_LISTS) if (Array.isArray(s[k])) s[k] = (s[k] as unknown[]).map(copy);
    for (const k of SUBSCHEMA_MAPS) {
      const m = s[k];
      if (m && typeof m === 'object') s[k] = Object.fromEntries(Object.entries(m).map(([name, sub]) => [name, copy(sub)]));
    }
  }
  return root as S;
}

function refuse(req: FastifyRequest, where: string, p: InputProblem): AppError {
  const field = p.path || where;
  const message = p.kind === 'depth' ? t(req.locale, 'errors.tooDeep', { max: MAX_DEPTH }) : t(req.locale, 'errors.badCharacter');
  const errors: FieldError[] = [{ field, message, code: p.kind === 'depth' ? 'maxDepth' : 'badCharacter' }];
  return new AppError(422, 'errors.validation', {}, { errors });
}

/** The messages of the multipart parser (@fastify/busboy) for a malformed or cut-off body: the client's fault (400). */
const MULTIPART_PARSE_ERRORS = [
  /^Unexpected end of multipart data$/,
  /terminated early due to unexpected end of multipart data$/,
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^The needle (cannot be an empty String\/Buffer|cannot have a length bigger than \d+)\.$/,
  /^Unsupported Content-Type\.$/,
  /^Malformed part header$/,
];

export function isMultipartParseError(err: unknown): boolean {
  if (!(err instanceof Error) || err instanceof AppError || (err as { statusCode?: number }).statusCode) return false;
  return MULTIPART_PARSE_ERRORS.some((re) => re.test(err.message));
}

/** Installs the guards: call before any plugin that registers routes (and before the OpenAPI document). */
export function registerBodyDepth(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const s = route.schema as Record<string, unknown> | undefined;
    if (!s) return;
    route.schema = { ...s };
    for (const k of ['body', 'querystring', 'params'] as const) if (s[k]) (route.schema as Record<string, unknown>)[k] = boundedSchema(s[k]);
  });
  app.addHook('preValidation', async (req) => {
    for (const [where, value] of [
      ['params', req.params],
      ['querystring', req.query],
      ['body', req.body],
    ] as const) {
      const p = inputProblem(value);
      if (p) throw refuse(req, where, p);
    }
  });
}
