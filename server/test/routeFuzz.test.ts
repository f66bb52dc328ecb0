// The route fuzzer (issue 16, "HTTP 500 on bad input"): every route of the OpenAPI document is
// called with generated bad input — bodies that are half right (the route's own schema with some
// values replaced), wrong types, huge and fractional numbers, deep nesting, long strings,
// unicode, null, arrays for objects, prototype keys, truncated JSON, form-encoded bodies, odd
// query strings, and, for the upload, truncated and malformed multipart bodies — as a signed-in
// administrator and as an anonymous caller. Every answer must be below 500 and be the envelope
// `{ code, msg, data }` as JSON (a 200 of a file route is the file); nothing may pollute
// Object.prototype; the server answers /health at the end.
//
// Not fuzzed as the administrator (they are called anonymously only, which must answer 401):
// - POST /emp/api/v2/logout: it ends the fuzzer's own session (every later call would be a 401);
// - POST /emp/api/v2/maintenance: a generated `{ enabled: true }` switches maintenance on, and
//   every later call would answer the maintenance 503 (-999999) by design;
// - POST /emp/api/v2/login/changePassword: a lucky body would change the administrator's password.
// Reproduce a failure with FUZZ_SEED=<seed printed by fast-check>; FUZZ_RUNS sets runs per route.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTER_OPS } from '../../schemas';
import { BACKENDS, startTestApp, type TestApp } from './helpers';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
}

interface Operation {
  method: 'GET' | 'POST';
  url: string;
  body?: JsonSchema;
  multipart: boolean;
  /** a successful answer is the file itself */
  file: boolean;
}

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const ADMIN_EXCLUDED = new Set(['POST /emp/api/v2/logout', 'POST /emp/api/v2/maintenance', 'POST /emp/api/v2/login/changePassword']);

/** JSON text of an array nested `depth` deep (built as text: no recursion anywhere). */
const nestedArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** A bad JSON value, as JSON text (text, so that `__proto__` keys and deep nesting survive). */
const badJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'null',
    'true',
    'false',
    '0',
    '-1',
    '1e300',
    '-1e300',
    '1.5',
    '2147483648',
    '9007199254740993',
    '99999999999',
    '1e-300',
    '""',
    '"1e300"',
    '"NaN"',
    '"abc"',
    '"-1"',
    '"0x10"',
    '"2024-13-45"',
    '"\\u0000"',
    '"\\ud800"',
    '"<script>alert(1)</script>"',
    `"' or 1=1 --"`,
    '[]',
    '{}',
    '[null]',
    '[{}]',
    '{"__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '{"prototype":{"polluted":1},"toString":1,"hasOwnProperty":1}',
    '{"__proto__":{"limit":1,"fileSize":1}}',
    '["__proto__","constructor"]',
  ),
  fc.integer({ min: 1, max: 5000 }).map(nestedArray),
  fc.integer({ min: 1, max: 5000 }).map(nestedObject),
  fc.string({ unit: 'binary', maxLength: 40 }).map((s) => JSON.stringify(s)),
  fc.integer({ min: 1000, max: 200_000 }).map((n) => JSON.stringify('字'.repeat(n))),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map((b) => b.toString()),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
);

interface Hints {
  /** real form codes (so that record and definition calls reach their handlers) */
  codes: string[];
  /** field keys of those forms (so that a record's `data` reaches the record validator, the rules and the hooks) */
  fieldKeys: string[];
}

/** values a record field may meet: right and wrong shapes for text, numbers, dates, pickers, files and detail rows */
const fieldValue: fc.Arbitrary<string> = fc.oneof(
  badJson,
  fc.constantFrom(
    '"1"',
    '"12.50"',
    '"-0.01"',
    '"abc"',
    '""',
    '"2024-01-01"',
    '["2024-01-01","2024-02-01"]',
    '["2024-02-01","2024-01-01"]',
    '{"id":"1","name":"x"}',
    '{"id":"1000000000000000001","name":"假的"}',
    '[{"id":"1"}]',
    '[{"id":"1000000000000000001","name":"a.png","size":-1,"type":"text/html"}]',
    '[{}]',
    '[{"x":1}]',
    '"0"',
    '"1"',
  ),
);

/** filter and sort keys: the record columns (integer ones among them) and fields of the expense forms */
const FILTER_KEYS = [
  'version',
  'definitionVersion',
  'id',
  'number',
  'title',
  'rowCreateDate',
  'shenPiZhuangTai',
  'isYouXiao',
  'shenQingJinE',
  'jinE',
  'feiYongLeiXing',
  'zz',
  '__proto__',
];

const ID19 = fc.stringMatching(/^[1-9][0-9]{18}$/);

/** A plausible value for a schema (so that calls get past validation into the handlers), as JSON text. */
function plausible(schema: JsonSchema | undefined, hints: Hints, name = '', depth = 0): fc.Arbitrary<string> {
  if (name === 'key' || name === 'sort') return fc.constantFrom(...FILTER_KEYS).map((s) => JSON.stringify(s));
  if (name === 'value')
    return fc.oneof(badJson, fc.constantFrom('"abc"', '"12"', '"1.5"', '["1","x"]', '[1,99999999999]', '"2024-01-01"', `[${'"1",'.repeat(70000)}"1"]`));
  if (name === 'data' && hints.fieldKeys.length) {
    return fc
      .uniqueArray(fc.tuple(fc.constantFrom(...hints.fieldKeys), fieldValue), { minLength: 1, maxLength: 5, selector: ([k]) => k })
      .map((pairs) => `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`);
  }
  if (name === 'op') return fc.constantFrom(...FILTER_OPS, 'zz').map((s) => JSON.stringify(s));
  if (!schema || depth > 4) return badJson;
  if (schema.const !== undefined) return fc.constant(JSON.stringify(schema.const));
  if (schema.enum) return fc.constantFrom(...schema.enum.map((v) => JSON.stringify(v)));
  const alts = schema.anyOf ?? schema.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((s) => plausible(s, hints, name, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      if (schema.pattern === '^[0-9]{19}$') return ID19.map((s) => JSON.stringify(s));
      const known: string[] = [];
      if (/code|form/i.test(name)) known.push(...hints.codes);
      const max = Math.min(schema.maxLength ?? 30, 30);
      const anyString = fc.string({ minLength: schema.minLength ?? 0, maxLength: max });
      return (known.length ? fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 4 }, { arbitrary: anyString, weight: 1 }) : anyString).map((s) =>
        JSON.stringify(s),
      );
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -5;
      const max = schema.maximum ?? Math.max(min, 0) + 50;
      return fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) }).map(String);
    }
    case 'boolean':
      return fc.boolean().map(String);
    case 'null':
      return fc.constant('null');
    case 'array':
      return fc.array(plausible(schema.items, hints, name, depth + 1), { maxLength: Math.min(schema.maxItems ?? 3, 3) }).map((xs) => `[${xs.join(',')}]`);
    case 'object':
    case undefined: {
      const props = Object.entries(schema.properties ?? {});
      if (!props.length)
        return fc.oneof(
          fc.constant('{}'),
          fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify({ a: v, x1: 'y' })),
        );
      return fc
        .tuple(...props.map(([k, s]) => fc.option(plausible(s, hints, k, depth + 1), { nil: undefined, freq: (schema.required ?? []).includes(k) ? 20 : 3 })))
        .map((vals) => `{${props.flatMap(([k], i) => (vals[i] === undefined ? [] : [`${JSON.stringify(k)}:${vals[i]}`])).join(',')}}`);
    }
    default:
      return badJson;
  }
}

/** A body for an operation: its schema with some values made bad, a bad value instead of the body, or broken text. */
function bodyArbitrary(op: Operation, hints: Hints): fc.Arbitrary<{ payload: string; contentType: string }> {
  const json = (payload: string) => ({ payload, contentType: 'application/json' });
  const props = Object.entries(op.body?.properties ?? {});
  const mutated =
    props.length === 0
      ? badJson.map((v) => json(`{"x":${v}}`))
      : fc
          .tuple(
            fc.tuple(...props.map(([k, s]) => plausible(s, hints, k))),
            fc.array(fc.tuple(fc.nat(props.length - 1), badJson), { minLength: 0, maxLength: 2 }),
            // rarely: most bodies should get past the JSON parser (which refuses prototype keys) into the routes
            fc.oneof(
              { arbitrary: fc.constant(undefined), weight: 8 },
              { arbitrary: fc.constantFrom('"__proto__":{"polluted":1}', '"constructor":{"prototype":{"polluted":1}}', '"zzUnknown":1'), weight: 2 },
            ),
          )
          .map(([vals, bad, extra]) => {
            const v = [...vals];
            for (const [i, b] of bad) v[i] = b;
            const parts = props.map(([k], i) => `${JSON.stringify(k)}:${v[i]}`);
            if (extra) parts.unshift(extra);
            return json(`{${parts.join(',')}}`);
          });
  // a nested value deep inside the one free-form object of a body (`data` of a record, `definition`, …)
  const objectKeys = props.filter(([, s]) => s.type === 'object').map(([k]) => k);
  const deepInside = objectKeys.length
    ? fc
        .tuple(fc.tuple(...props.map(([k, s]) => plausible(s, hints, k))), fc.constantFrom(...objectKeys), fc.integer({ min: 500, max: 5000 }), fc.boolean())
        .map(([vals, key, depth, arr]) =>
          json(
            `{${props.map(([k], i) => `${JSON.stringify(k)}:${k === key ? `{"f":${arr ? nestedArray(depth) : nestedObject(depth)}}` : vals[i]}`).join(',')}}`,
          ),
        )
    : mutated;
  const broken = fc.oneof(
    badJson.map(json),
    fc.constantFrom('{', '{"a":', '[1,2', '{"a":1}}', 'nul', '\u0000', '').map(json),
    fc.string({ maxLength: 50 }).map((s) => ({ payload: s, contentType: 'text/plain' })),
    fc
      .dictionary(fc.constantFrom(...(props.length ? props.map(([k]) => k) : ['x']), '__proto__', 'constructor', 'filters'), fc.string({ maxLength: 20 }))
      .map((d) => ({
        payload: new URLSearchParams(Object.entries(d)).toString() + '&__proto__[polluted]=1',
        contentType: 'application/x-www-form-urlencoded',
      })),
  );
  return fc.oneof({ arbitrary: mutated, weight: 5 }, { arbitrary: deepInside, weight: 2 }, { arbitrary: broken, weight: 2 });
}

const queryArbitrary = fc.option(
  fc
    .array(
      fc.tuple(
        fc.constantFrom('page', 'limit', 'empSessionId', 'id', '__proto__', 'constructor[prototype][x]', 'a[b][c]'),
        fc.oneof(fc.constantFrom('1e300', '-1', 'NaN', '%', '%00', 'x'.repeat(3000)), fc.string({ maxLength: 20 })),
      ),
      { maxLength: 3 },
    )
    .map((pairs) => '?' + pairs.map(([k, v]) => `${k}=${encodeURIComponent(v).replace('%25', Math.random() < 0.5 ? '%' : '%25')}`).join('&')),
  { nil: '', freq: 2 },
);

/** Multipart bodies: valid, truncated, a wrong boundary, no file, many parts, prototype field names. */
const multipartArbitrary = fc
  .tuple(
    fc.constantFrom('b0undary', 'x'),
    fc.constantFrom('file', '__proto__', 'constructor', 'other'),
    fc.constantFrom('a.png', '../../etc/passwd', '', '字'.repeat(300), 'a"b.txt'),
    fc.uint8Array({ maxLength: 200 }),
    fc.option(fc.nat(400), { nil: undefined }),
    fc.boolean(),
  )
  .map(([boundary, field, filename, bytes, cut, wrongBoundary]) => {
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="limit"\r\n\r\n5\r\n--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    );
    const full = Buffer.concat([head, Buffer.from(bytes), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const payload = cut === undefined ? full : full.subarray(0, Math.min(cut, full.length - 1));
    return { payload, contentType: `multipart/form-data; boundary=${wrongBoundary ? 'other' : boundary}` };
  });

/** answers by status (FUZZ_STATS=1 prints them: how many calls got past validation into the handlers) */
const STATS = new Map<string, number>();

function checkAnswer(op: Operation, r: { statusCode: number; headers: Record<string, unknown>; body: string }, what: string) {
  const reached =
    r.statusCode === 422 &&
    /"code":"(maxDepth|badCharacter|type|required|enum|minimum|maximum|minLength|maxLength|pattern|maxItems|additionalProperties|anyOf|const)"/.test(r.body)
      ? '422 schema'
      : String(r.statusCode);
  STATS.set(reached, (STATS.get(reached) ?? 0) + 1);
  expect(r.statusCode, `${what}: ${r.body.slice(0, 300)}`).toBeLessThan(500);
  if (op.file && r.statusCode === 200) return;
  expect(String(r.headers['content-type']), `${what}: content type`).toMatch(/^application\/json/);
  const body = JSON.parse(r.body) as Record<string, unknown>;
  expect(Object.keys(body), what).toEqual(expect.arrayContaining(['code', 'msg', 'data']));
  expect(typeof body.msg, what).toBe('string');
  // a 422 names its fields, in the caller's language (zh-CN here): no raw ajv English
  if (r.statusCode === 422) {
    const errors = body.errors as { field: unknown; message: unknown }[];
    expect(Array.isArray(errors) && errors.length > 0, `${what}: field errors`).toBe(true);
    for (const e of errors) {
      expect(typeof e.field === 'string' && typeof e.message === 'string', what).toBe(true);
      expect(e.message, what).not.toMatch(/^(must|should) /);
    }
  }
}

function operationsOf(doc: {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> }; responses: Record<string, { content?: object }> }>>;
}) {
  const ops: Operation[] = [];
  for (const [url, methods] of Object.entries(doc.paths)) {
    if (url.startsWith('/docs')) continue;
    for (const [m, o] of Object.entries(methods)) {
      const content = o.requestBody?.content ?? {};
      const ok = o.responses['200']?.content as Record<string, unknown> | undefined;
      ops.push({
        method: m.toUpperCase() as Operation['method'],
        url,
        body: Object.values(content)[0]?.schema,
        multipart: url.includes('/upload/upload-sellSetting') || 'multipart/form-data' in content,
        file: !!ok && 'application/octet-stream' in ok,
      });
    }
  }
  return ops;
}

/** Runs one route's property, keeping its failure (every failing route is listed, not only the first). */
async function collect(failures: string[], op: Operation, run: () => Promise<void>) {
  try {
    await run();
  } catch (e) {
    const message = String((e as Error).message);
    const seed = /seed: (-?\d+)/.exec(message)?.[1];
    const cause = (e as Error & { cause?: Error }).cause?.message ?? message;
    failures.push(`${op.method} ${op.url} (FUZZ_SEED=${seed}): ${cause.slice(0, 600)}`);
  }
}

for (const backend of BACKENDS) {
  describe(`route fuzzer (${backend})`, () => {
    let a: TestApp;
    let ops: Operation[];
    let token: string;
    const hints: Hints = { codes: [], fieldKeys: [] };
    const protoKeys = Object.getOwnPropertyNames(Object.prototype).sort();

    beforeAll(async () => {
      a = await startTestApp({ postgres: backend === 'postgres' });
      const r = await a.inject({ method: 'GET', url: '/docs/json' });
      ops = operationsOf(r.json());
      token = await a.login('admin');
      const forms = await a.post('/emp/api/v2/biaoDan/list', { limit: 50 }, token);
      hints.codes = (forms.json().data.rows as { code: string }[]).map((f) => f.code).slice(0, 20);
      const keys = new Set<string>();
      for (const code of hints.codes.slice(0, 10)) {
        const def = await a.post('/emp/api/v2/biaoDan/get', { code }, token);
        for (const f of (def.json().data?.fields ?? []) as { key: string }[]) keys.add(f.key);
      }
      hints.fieldKeys = [...keys].slice(0, 300);
      hints.codes.push('admin');
    }, 120_000);
    afterAll(async () => {
      if (process.env.FUZZ_STATS) console.log(`route fuzzer (${backend}) answers:`, Object.fromEntries([...STATS].sort()));
      await a?.stop();
    });

    it('finds the routes of the document', () => {
      expect(ops.length).toBeGreaterThan(100);
      expect(ops.some((o) => o.multipart)).toBe(true);
      expect(hints.codes.length).toBeGreaterThan(5);
      expect(hints.fieldKeys.length).toBeGreaterThan(20);
    });

    it('answers every route with a 4xx envelope, never a 5xx, as an administrator', async () => {
      const failures: string[] = [];
      for (const op of ops) {
        if (ADMIN_EXCLUDED.has(`${op.method} ${op.url}`)) continue;
        const input: fc.Arbitrary<{ payload: string | Buffer; contentType: string } | null> =
          op.method === 'GET' ? fc.constant(null) : op.multipart ? multipartArbitrary : bodyArbitrary(op, hints);
        await collect(failures, op, () =>
          fc.assert(
            fc.asyncProperty(input, queryArbitrary, async (body, query) => {
              const r = await a.inject({
                method: op.method,
                url: op.url + query,
                headers: { authorization: token, ...(body ? { 'content-type': body.contentType } : {}) },
                ...(body ? { payload: body.payload } : {}),
              });
              checkAnswer(op, r, `${op.method} ${op.url}${query.slice(0, 80)} ${body ? String(body.payload).slice(0, 200) : ''}`);
            }),
            { numRuns: op.method === 'GET' ? 3 : RUNS, seed: SEED, endOnFailure: true },
          ),
        );
      }
      expect(failures).toEqual([]);
      expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoKeys);
      const health = await a.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(200);
      // the administrator's session survived the run (no route ended it)
      const me = await a.inject({ method: 'GET', url: '/tpm/system/menu.action', headers: { authorization: token } });
      expect(me.statusCode).toBe(200);
    }, 240_000);

    it('answers every route with an envelope as an anonymous caller (odd tokens included)', async () => {
      const failures: string[] = [];
      const tokenArbitrary = fc.option(
        fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom('Bearer ', 'Bearer null', '\u0000', 'x'.repeat(5000), '1'.repeat(19))),
        { nil: undefined },
      );
      for (const op of ops) {
        const input = op.method === 'GET' ? fc.constant(null) : op.multipart ? multipartArbitrary : bodyArbitrary(op, hints);
        await collect(failures, op, () =>
          fc.assert(
            fc.asyncProperty(input, queryArbitrary, tokenArbitrary, async (body, query, tok) => {
              const headers: Record<string, string> = body ? { 'content-type': body.contentType } : {};
              if (tok !== undefined) headers.authorization = tok.replace(/[^\t\x20-\x7e\x80-\xff]/g, '');
              const r = await a.inject({
                method: op.method,
                url: op.url + query,
                headers,
                ...(body ? { payload: body.payload } : {}),
                remoteAddress: '10.250.0.1',
              });
              checkAnswer(op, r, `anonymous ${op.method} ${op.url}${query.slice(0, 80)}`);
            }),
            { numRuns: 3, seed: SEED, endOnFailure: true },
          ),
        );
      }
      expect(failures).toEqual([]);
      expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoKeys);
      const health = await a.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(200);
    }, 120_000);
  });
}
