// The shape of one API endpoint, written once and read by the server (route schemas, typed
// request bodies), the OpenAPI document and the client (`call(endpoint, body)`). Plain TypeBox:
// this folder imports nothing but TypeBox (and the definition schemas of schemas/).
import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';

/** The spec's `{prefix}` (the server's API_PREFIX, the client's configured prefix). */
export const PREFIX = '{prefix}';

/** HTTP statuses of the error answers an endpoint may give (each an {@link ErrorAnswer}). */
export type ErrorStatus = 401 | 403 | 404 | 409 | 413 | 422 | 429 | 503;

export interface Endpoint {
  readonly method: 'GET' | 'POST';
  /** the spec's path; `{prefix}` for the API prefix and `{name}` for path parameters */
  readonly path: string;
  readonly summary: string;
  /** the OpenAPI tag (one per server module) */
  readonly tag: string;
  readonly body?: TSchema;
  readonly querystring?: TSchema;
  /** path parameters (`{name}` in `path`) */
  readonly params?: TObject;
  /** the answer's `data` (the envelope `{ code: 0, msg, data }` around it is implied) */
  readonly data: TSchema;
  /** the error answers besides 401/403 of the route's policy and 422 of a malformed body */
  readonly errors: readonly ErrorStatus[];
  /** how the client sends the body: form-encoded (default; nested values as JSON text), JSON, or one multipart file */
  readonly encoding?: 'form' | 'json' | 'multipart';
  /**
   * `file`: a successful answer is the file itself, not an envelope (errors still are);
   * `text`: the server writes the envelope as prebuilt JSON text (list rows spliced from the
   * database), so the route declares no response schema of its own; the document still does.
   */
  readonly answer?: 'envelope' | 'file' | 'text';
}

/** Declares an endpoint, keeping its literal types (for `Static` of body and data). */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

/** The envelope of a successful answer (docs/api.md). */
export const Envelope = <D extends TSchema>(data: D) =>
  Type.Object(
    { code: Type.Integer({ description: '0 on success; 1 for a business failure shown as text' }), msg: Type.String(), data },
    { additionalProperties: true },
  );

export const FieldError = Type.Object({ field: Type.String(), message: Type.String(), code: Type.Optional(Type.String()) });

/** Every error answer: `data` is null; 422 lists field errors; 401 and 503 carry errorCode/errorType. */
export const ErrorAnswer = Type.Object(
  {
    code: Type.Integer(),
    msg: Type.String({ description: "in the caller's language" }),
    data: Type.Null(),
    errors: Type.Optional(Type.Array(FieldError)),
    errorCode: Type.Optional(Type.Union([Type.String(), Type.Integer()])),
    errorType: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

export const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  401: 'no valid session (errorCode "1000000", errorType "10010")',
  403: "the session's kind or role may not call this",
  404: 'not found',
  409: 'conflict: a stale version, or a state that refuses the change',
  413: 'too large',
  422: 'validation failed: `errors` lists the fields',
  429: 'too many requests (rate limit, or a locked user)',
  503: 'maintenance mode (errorCode -999999)',
};

// ─── shared pieces ───────────────────────────────────────────────────────────────────────────
export const Id = Type.String({ pattern: '^[0-9]{19}$', description: 'a 19-digit id' });

export const Paging = {
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  limit: Type.Optional(Type.Union([Type.Literal(10), Type.Literal(20), Type.Literal(30), Type.Literal(50)], { default: 20 })),
};

/** A page of rows (`totalIsEstimate` when the count was estimated, `nextCursor` for keyset paging). */
export const Paged = <R extends TSchema>(row: R) =>
  Type.Object({
    pageSize: Type.Integer(),
    currentPage: Type.Integer(),
    totalRecord: Type.Integer(),
    rows: Type.Array(row),
    totalIsEstimate: Type.Optional(Type.Boolean()),
    nextCursor: Type.Optional(Type.String()),
  });

/** A free-form JSON object (validated beyond "is an object" by the handler). */
export const AnyObject = (description?: string) => Type.Object({}, { additionalProperties: true, ...(description ? { description } : {}) });

// ─── types ─────────────────────────────────────────────────────────────────────────────────
type StaticOr<S, Fallback> = S extends TSchema ? Static<S> : Fallback;

/** The body an endpoint takes (undefined when it takes none). */
export type BodyOf<E extends Endpoint> = StaticOr<E['body'], undefined>;
export type QueryOf<E extends Endpoint> = StaticOr<E['querystring'], undefined>;
export type ParamsOf<E extends Endpoint> = StaticOr<E['params'], undefined>;
/** The `data` of an endpoint's successful answer. */
export type DataOf<E extends Endpoint> = Static<E['data']>;

/** An endpoint's path with `{prefix}` and its `{params}` filled in. */
export function pathOf(e: Pick<Endpoint, 'path'>, prefix: string, params: Record<string, string> = {}): string {
  return e.path.replace(/\{([a-zA-Z]+)\}/g, (whole, name: string) => {
    if (name === 'prefix') return prefix;
    const v = params[name];
    if (v === undefined) throw new Error(`${e.path}: no value for {${name}}`);
    return encodeURIComponent(v);
  });
}

type EnvelopeOf<E extends Endpoint> = ReturnType<typeof Envelope<E['data']>>;

/** The route's own response schemas: the 200 envelope, unless the answer is a file or prebuilt text. */
export type RouteResponse<E extends Endpoint> = E['answer'] extends 'file' | 'text' ? undefined : { 200: EnvelopeOf<E> };

/**
 * The Fastify route schema of an endpoint: its tag and summary, body / querystring / params, and
 * the 200 envelope (typing the handler's answer; envelope answers only). The error answers are
 * added to the OpenAPI document from `errors` (see server/plugins/openapi.ts).
 */
export function routeSchema<const E extends Endpoint>(e: E) {
  const raw = e.answer === 'file' || e.answer === 'text';
  const schema = {
    tags: [e.tag],
    summary: e.summary,
    body: e.body as E['body'],
    querystring: e.querystring as E['querystring'],
    params: e.params as E['params'],
    ...(e.encoding === 'multipart' ? { consumes: ['multipart/form-data'] } : {}),
    response: (raw ? undefined : { 200: Envelope(e.data) }) as RouteResponse<E>,
  };
  // Fastify and the OpenAPI generator read a present key as a schema: drop the absent ones
  for (const k of ['body', 'querystring', 'params', 'response'] as const) if (schema[k] === undefined) delete schema[k];
  return schema;
}
