// The OpenAPI document (/docs/json, UI at /docs), generated from the same contract objects the
// routes take their schemas from (schemas/api): each route gets its endpoint's summary, body and
// the full set of answers — the 200 envelope around `data` (or the file), and an error envelope
// per declared error status. Public routes need no session (`security: []`).
import type { FastifyInstance, FastifySchema } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { allEndpoints, Envelope, ERROR_DESCRIPTIONS, ErrorAnswer, pathOf, type Endpoint, type ErrorStatus } from '../../schemas/api';

export interface ContractMatch {
  id: string;
  endpoint: Endpoint;
}

/** Finds the contract endpoint of a registered route (`{name}` parameters match one path segment). */
export function contractLookup(apiPrefix: string): (method: string, url: string) => ContractMatch | null {
  const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  const table = allEndpoints().map(({ id, endpoint }) => {
    const PARAM = 'PARAMqzxPARAM';
    const pattern = escape(pathOf({ path: endpoint.path.replace(/\{(?!prefix\})[a-zA-Z]+\}/g, PARAM) }, apiPrefix)).replaceAll(PARAM, '[^/]+');
    return { id, endpoint, re: new RegExp(`^${pattern}$`) };
  });
  return (method, url) => table.find((t) => t.endpoint.method === method && t.re.test(url)) ?? null;
}

/** The OpenAPI answers of an endpoint. */
export function responsesOf(e: Endpoint): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  out[200] =
    e.answer === 'file'
      ? { description: 'the file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }
      : { description: 'the envelope { code: 0, msg, data }', ...Envelope(e.data) };
  const statuses = new Set<ErrorStatus>(e.errors);
  if (e.body || e.querystring || e.params || e.encoding === 'multipart') statuses.add(422);
  for (const s of [...statuses].sort()) out[s] = { description: ERROR_DESCRIPTIONS[s], ...ErrorAnswer };
  return out;
}

export async function registerOpenApi(app: FastifyInstance, apiPrefix: string) {
  const lookup = contractLookup(apiPrefix);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Formwork API',
        version: '1.0.0',
        description: 'See docs/api.md: envelope { code, msg, data }. Generated from the contract in schemas/api.',
      },
      components: {
        securitySchemes: {
          mytoken: { type: 'apiKey', in: 'header', name: 'Authorization' },
          token: { type: 'apiKey', in: 'header', name: 'token' },
          empSessionId: { type: 'apiKey', in: 'header', name: 'empSessionId' },
        },
      },
      security: [{ mytoken: [] }],
    },
    transform: ({ schema, url, route }) => {
      const hit = lookup(String(route.method), url);
      if (!hit) return { schema, url };
      const doc: FastifySchema & Record<string, unknown> = { ...schema, response: responsesOf(hit.endpoint) };
      if (route.config?.policy === 'public') doc.security = [];
      return { schema: doc, url };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}
