// The approver matrix pages' calls (src/pages/approval/matrix/api.ts on the app's ky client, its
// fetch answered by a test app) against the real server: the seeded regional matrix through the
// editor's model and back (the save body the server accepts), a stale save → 409, the server's
// field errors placed on rows, the user search and the dealer names, the counted employee
// replacement agreeing with the server's, and the .xlsx export as a file.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, ApiError } from '../../src/api/client';
import { makeCalls } from '../../src/api/call';
import { createMatrixApi, type MatrixApi } from '../../src/pages/approval/matrix/api';
import { countReplacements, draftOf, placeOfField, setCell, toSaveBody } from '../../src/pages/approval/matrix/model';
import { startTestApp, type TestApp } from '../../server/test/helpers';

const MATRIX = 'quYuShenPiJuZhen';

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

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected a failure');
}

describe('approver matrix pages against the server', () => {
  let a: TestApp;
  let api: MatrixApi;
  const files: { blob: Blob; filename: string }[] = [];

  beforeAll(async () => {
    a = await startTestApp();
    const token = await a.login('admin');
    const client = new ApiClient({ baseUrl: 'http://localhost', fetch: injectFetch(a, token) });
    api = createMatrixApi(makeCalls(client, '/tpm'), (blob, filename) => files.push({ blob, filename }));
  });
  afterAll(async () => a?.stop());

  it('lists the seeded matrix; the editor model round-trips it through the save', async () => {
    const page = await api.list({ page: 1, limit: 10, keyword: 'quYu' });
    const row = page.rows.find((r) => r.code === MATRIX)!;
    expect(row).toMatchObject({ keys: [{ key: 'jingXiaoShang', name: '经销商' }], columns: [{ key: 'quYuZongJian', name: '大区总监' }] });
    expect(row.rowCount).toBeGreaterThan(0);

    const doc = await api.load(MATRIX);
    const saved = await api.save(toSaveBody(draftOf(doc)));
    expect(saved).toEqual({ code: MATRIX, version: doc.version + 1 });
    const again = await api.load(MATRIX);
    expect(again.rows).toEqual(doc.rows);

    // the version read before is stale now
    const stale = await failure(api.save(toSaveBody(draftOf(doc))));
    expect(stale.status).toBe(409);
  });

  it("the server's field errors land on their row and column", async () => {
    const d = draftOf(await api.load(MATRIX));
    const bad = setCell(d, 1, d.columns[0].uid, ['1234567890123456789']);
    const e = await failure(api.save(toSaveBody(bad)));
    expect(e.status).toBe(422);
    expect(e.errors.length).toBeGreaterThan(0);
    expect(placeOfField(bad, e.errors[0].field)).toEqual({ row: 1, column: d.columns[0].uid });
  });

  it('searches users, names ids, and names the dealers of the key column', async () => {
    const found = await api.searchUsers('li');
    expect(found.map((u) => u.username)).toContain('lina');
    const doc = await api.load(MATRIX);
    const ids = doc.users.map((u) => u.id);
    expect((await api.usersByIds(ids)).map((u) => u.username)).toEqual(['xuqiang']);
    const dealerIds = doc.rows.map((r) => r.keys.jingXiaoShang);
    const named = await api.keyNames('dealer', dealerIds);
    expect(named.map((n) => n.id).sort()).toEqual([...new Set(dealerIds)].sort());
    expect(named.every((n) => n.name.length > 0)).toBe(true);
    const hits = await api.searchKeys('dealer', named[0].name.slice(0, 2));
    expect(hits.map((h) => h.id)).toContain(named[0].id);
  });

  it('the counted replacement agrees with what the server changes', async () => {
    const [xu] = await api.searchUsers('xuqiang');
    const [sun] = await api.searchUsers('sunli');
    const count = countReplacements(await api.loadAll(), xu.id);
    expect(count.cells).toBeGreaterThan(0);
    expect(await api.replaceUser(xu.id, sun.id)).toEqual(count);
    expect(countReplacements(await api.loadAll(), xu.id)).toEqual({ matrices: 0, cells: 0 });
    await api.replaceUser(sun.id, xu.id);
  });

  it('exports one matrix and all of them as .xlsx files', async () => {
    await api.exportOne(MATRIX);
    await api.exportAll();
    expect(files.map((f) => f.filename)).toEqual([`${MATRIX}.xlsx`, 'juZhen.xlsx']);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await files[0].blob.arrayBuffer());
    expect(wb.worksheets[0].getRow(1).values).toEqual([undefined, '经销商', '大区总监']);
    expect(String(wb.worksheets[0].getRow(2).getCell(2).value)).toContain('徐强');
  });
});
