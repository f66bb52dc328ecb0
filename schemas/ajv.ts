// Shared ajv helpers of schemas/. TypeBox schemas carry `$id`s on reused sub-schemas
// (LocalizedText, ListSettings …); ajv refuses one `$id` met at several places of a document,
// so `forAjv` copies a schema without the nested `$id`s nothing refers to (and without
// TypeBox's symbol keys). Ajv itself is plain JS and runs in the browser and in Node alike.
import Ajv, { type Options } from 'ajv';

/** A plain JSON Schema object. */
export type JSONSchema = { [key: string]: unknown };

export function forAjv(schema: unknown): JSONSchema {
  const refs = new Set<string>();
  JSON.stringify(schema, (k, v: unknown) => {
    if (k === '$ref' && typeof v === 'string') refs.add(v);
    return v;
  });
  const strip = (s: unknown, root: boolean): unknown => {
    if (Array.isArray(s)) return s.map((x) => strip(x, false));
    if (s && typeof s === 'object') {
      const o: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s)) {
        if (k === '$id' && !root && !refs.has(String(v))) continue;
        o[k] = strip(v, false);
      }
      return o;
    }
    return s;
  };
  return strip(schema, true) as JSONSchema;
}

export function createAjv(options: Options = {}): Ajv {
  return new Ajv({ allErrors: true, ...options });
}
