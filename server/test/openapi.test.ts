// The OpenAPI document and the routes agree with the contract (schemas/api): every contract
// endpoint is in /docs/json with its body and answers, and every registered API route is a
// contract endpoint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, pathOf } from '../../schemas/api';
import { AUTOCOMPLETE_NAMES } from '../modules/masterData';
import { contractLookup } from '../plugins/openapi';
import { startTestApp, type TestApp } from './helpers';

interface Operation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
}

describe('OpenAPI from the contract', () => {
  let a: TestApp;
  let doc: { paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    a = await startTestApp({ env: { API_PREFIX: '/api-x' } });
    const r = await a.inject({ method: 'GET', url: '/docs/json' });
    expect(r.statusCode).toBe(200);
    doc = r.json();
  });
  afterAll(async () => {
    await a?.stop();
  });

  it('lists every contract endpoint with its body and answers, under the configured prefix', () => {
    const all = allEndpoints();
    for (const { id, endpoint: e } of all) {
      const urls = e.params ? AUTOCOMPLETE_NAMES.map((name) => pathOf(e, '/api-x', { name })) : [pathOf(e, '/api-x')];
      for (const url of urls) {
        const op = doc.paths[url]?.[e.method.toLowerCase()];
        expect(op, `${id}: ${e.method} ${url}`).toBeDefined();
        expect(op.summary, id).toBe(e.summary);
        if (e.body) {
          const content = op.requestBody?.content ?? {};
          const schema = Object.values(content)[0]?.schema;
          expect(schema, `${id}: body`).toBeDefined();
          expect(Object.keys(schema.properties ?? {}).sort(), `${id}: body properties`).toEqual(
            Object.keys((e.body as { properties?: object }).properties ?? {}).sort(),
          );
        }
        const ok = op.responses['200'];
        if (e.answer === 'file') expect(Object.keys(ok.content ?? {}), id).toEqual(['application/octet-stream']);
        else expect(Object.keys(ok.content?.['application/json']?.schema.properties ?? {}), `${id}: answer`).toEqual(['code', 'msg', 'data']);
        for (const s of e.errors) expect(op.responses[String(s)], `${id}: error ${s}`).toBeDefined();
        expect(op.security === undefined || Array.isArray(op.security), id).toBe(true);
      }
    }
    expect(doc.paths['/api-x/dp/commons/check/check-login.action'].post.security).toEqual([]);
    expect(doc.paths['/emp/api/v2/biaoDan/record/save'].post.security).toBeUndefined();
  });

  it('every registered API route is a contract endpoint', () => {
    const lookup = contractLookup('/api-x');
    const api = a.routes.filter((r) => r.url.startsWith('/emp') || r.url.startsWith('/api-x') || r.url === '/health');
    expect(api.length).toBeGreaterThan(50);
    const missing = api.filter((r) => !lookup(r.method, r.url)).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
    // and the other way: every contract endpoint is registered
    const registered = new Set(api.map((r) => `${r.method} ${r.url}`));
    for (const { id, endpoint: e } of allEndpoints()) {
      const url = e.params ? pathOf(e, '/api-x', { name: AUTOCOMPLETE_NAMES[0] }) : pathOf(e, '/api-x');
      expect(registered.has(`${e.method} ${url}`), id).toBe(true);
    }
  });

  it('routes answer with the contract schema checked (test mode): a record save, a definition, the menu', async () => {
    const tok = await a.login('zhangwei');
    const def = await a.post('/emp/api/v2/biaoDan/get', { code: 'feiYongShenQing' }, tok);
    expect(def.statusCode).toBe(200);
    const menu = await a.inject({ method: 'GET', url: '/api-x/system/menu.action', headers: { authorization: tok } });
    expect(menu.statusCode).toBe(200);
    expect(menu.json().data.length).toBeGreaterThan(0);
  });
});
