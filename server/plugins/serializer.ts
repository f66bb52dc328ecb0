// Answers are serialized with JSON.stringify, response schemas or not: the route schemas' 200
// envelopes (schemas/api) type the handlers and document the API, but never reshape an answer
// (Fastify's schema serializer would drop properties the schema does not list, and coerce
// values). In test mode each successful answer (`code: 0`) is checked against its route's response
// schema instead, so every server test also proves the contract's answer schemas true; a mismatch
// is a 500. A business failure (HTTP 200, `code: 1`, `data: null`) is an error envelope, not checked.
import Ajv from 'ajv';
import type { FastifyInstance } from 'fastify';

export function registerSerializer(app: FastifyInstance, opts: { validate: boolean }) {
  const ajv = opts.validate ? new Ajv({ strict: false, allErrors: true, coerceTypes: false, useDefaults: false, removeAdditional: false }) : null;
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    const check = ajv?.compile(schema as object);
    return (data) => {
      const failure = !!data && typeof data === 'object' && 'code' in data && data.code !== 0;
      if (check && !failure && !check(data)) {
        throw new Error(`answer of ${method} ${url} (${httpStatus}) does not match its contract schema: ${ajv!.errorsText(check.errors)}`);
      }
      return JSON.stringify(data);
    };
  });
}
