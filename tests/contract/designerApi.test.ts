// The designer's in-memory API (designer/form/testing/memoryApi.ts, used by the designer's
// tests and stories) behaves like the real server: one scenario — list, save a draft, validate,
// publish, versions, get, load, export/import, delete, and the refusals (an invalid publish,
// nothing to publish, a delete while records exist) — run against the memory API and against a
// test app through the app's own DesignerApi (src/api/designerApi.ts on the ky client, its
// fetch answered by app.inject).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../schemas';
import type { DesignerApi } from '../../designer/api';
import { MemoryDesignerApi } from '../../designer/form/testing/memoryApi';
import { ApiClient } from '../../src/api/client';
import { createDesignerApi } from '../../src/api/designerApi';
import { expenseForm, dealerValue } from '../../server/test/fixtures';
import { startTestApp, type TestApp } from '../../server/test/helpers';

/** A fetch that hands each request to the app (app.inject) with a session token. */
function injectFetch(a: TestApp, token: string): typeof fetch {
  return async (input, init) => {
    const req = input instanceof Request ? input : new Request(input, init);
    const url = new URL(req.url);
    const headers: Record<string, string> = {};
    req.headers.forEach((v, k) => (headers[k] = v));
    headers.authorization = token;
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.from(await req.arrayBuffer());
    const res = await a.inject({ method: req.method as 'GET' | 'POST', url: url.pathname + url.search, headers, payload: body });
    const out = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    return new Response(new Uint8Array(res.rawPayload), { status: res.statusCode, headers: out });
  };
}

interface Side {
  api: DesignerApi;
  /** gives the form a record (the server saves one; the memory API counts it) */
  addRecord(code: string): Promise<void>;
}

/** How a call failed: its HTTP status (the memory API's `status`, the client's ApiError status). */
async function statusOf(p: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return (e as { status?: number }).status ?? -1;
  }
}

/** The scenario, as plain observations (the same on both sides). */
async function scenario(s: Side, code: string) {
  const { api } = s;
  const out: Record<string, unknown> = {};
  const def: FormDefinition = { ...expenseForm(code), name: { 'zh-CN': `契约表单${code}` } };
  const find = async (c: string) => (await api.list({ keyword: c, page: 1, limit: 20 })).rows.filter((r) => r.code === c);

  out.missing = await statusOf(api.load(code));
  out.beforeSave = await find(code);
  const saved = await api.saveDraft(def);
  out.saved = { code: saved.code, savedAt: typeof saved.savedAt };
  out.afterSave = (await find(code)).map((r) => ({ code: r.code, status: r.status, version: r.version, formType: r.formType, name: r.name['zh-CN'] }));
  out.loadDraft = await api.load(code).then((l) => ({ draft: l.draft?.code, published: l.published, versions: l.versions }));
  out.notPublished = await statusOf(api.getVersion(code));

  // validation answers problems and never refuses
  const bad = { ...def, fields: [...def.fields, { ...def.fields[0] }] };
  out.validBad = (await api.validate(bad)).errors.map((e) => ({ path: e.path, code: e.code }));
  out.validGood = (await api.validate(def)).errors;

  // an invalid draft is refused on publish; a valid one becomes version 1, then 2
  await api.saveDraft(bad);
  out.publishBad = await statusOf(api.publish(code));
  await api.saveDraft(def);
  out.publish1 = await api.publish(code);
  out.nothingToPublish = await statusOf(api.publish(code));
  out.afterPublish = (await find(code)).map((r) => ({ status: r.status, version: r.version }));
  out.loadPublished = await api.load(code).then((l) => ({ draft: l.draft, published: l.published?.version, versions: l.versions }));
  await api.saveDraft({ ...def, fields: def.fields.slice(0, 3), version: 1 });
  out.draftOverPublished = (await find(code)).map((r) => ({ status: r.status, version: r.version }));
  out.publish2 = await api.publish(code);
  out.versions = (await api.versions(code)).map((v) => ({ version: v.version, at: typeof v.publishedAt, by: typeof v.publishedBy }));
  out.get1 = await api.getVersion(code, 1).then((d) => ({ code: d.code, version: d.version, fields: d.fields.length }));
  out.getLatest = await api.getVersion(code).then((d) => ({ code: d.code, version: d.version, fields: d.fields.length }));
  out.getMissingVersion = await statusOf(api.getVersion(code, 9));

  // export → import under another code; an invalid import is refused
  const exported = await api.exportDefinition(code);
  out.exported = { code: exported.code, version: exported.version, fields: exported.fields.length };
  const copy = `${code}Copy`;
  out.imported = await api.importDefinition({ ...exported, code: copy, name: { 'zh-CN': `副本${code}` } });
  out.importedRow = (await find(copy)).map((r) => ({ status: r.status, version: r.version }));
  out.importedDraft = await api.load(copy).then((l) => ({ code: l.draft?.code, version: l.draft?.version, published: l.published }));
  out.importBad = await statusOf(api.importDefinition({ ...bad, code: `${code}Bad` }));
  out.importBadListed = await find(`${code}Bad`);

  // delete: a form without records goes; with records it is refused (409) and stays
  await api.delete(copy);
  out.deletedCopy = await find(copy);
  out.deleteMissing = await statusOf(api.delete(copy));
  await s.addRecord(code);
  out.deleteWithRecords = await statusOf(api.delete(code));
  out.stillThere = (await find(code)).length;
  return out;
}

describe('the designer API contract: memory API = real server', () => {
  let a: TestApp;
  let server: Side;
  beforeAll(async () => {
    a = await startTestApp();
    const admin = await a.login('admin');
    const client = new ApiClient({ baseUrl: 'http://localhost', fetch: injectFetch(a, admin) });
    server = {
      api: createDesignerApi(client, a.config.apiPrefix),
      addRecord: async (code) => {
        const r = await a.post('/emp/api/v2/biaoDan/record/save', { formCode: code, data: { dealer: dealerValue(1), amount: '12.00' } }, admin);
        expect(r.json().code, r.body).toBe(0);
      },
    };
  });
  afterAll(async () => {
    await a?.stop();
  });

  it('runs the same scenario to the same observations', async () => {
    const memory = new MemoryDesignerApi();
    const onServer = await scenario(server, 'contractForm');
    const inMemory = await scenario({ api: memory, addRecord: async (code) => void (memory.entries.get(code)!.records += 1) }, 'contractForm');
    expect(inMemory).toEqual(onServer);
    // the scenario observed something on each step (not two empty runs)
    expect(onServer).toMatchObject({
      missing: 404,
      publishBad: 422,
      nothingToPublish: 409,
      publish1: { version: 1 },
      publish2: { version: 2 },
      deleteWithRecords: 409,
      stillThere: 1,
      importBad: 422,
    });
    expect((onServer.validBad as unknown[]).length).toBeGreaterThan(0);
  });
});
