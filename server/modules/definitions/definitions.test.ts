import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';
import { expenseForm, dealerValue } from '../../test/fixtures';

describe.each(BACKENDS)('definitions (%s)', (backend) => {
  let a: TestApp;
  let admin: string;
  let emp: string;
  const E = '/tpm/emp/system/commons/biaoDan';
  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    admin = await a.login('admin');
    emp = await a.login('zhangwei');
  });
  afterAll(async () => a?.stop());

  it('saves a draft, lists it, publishes versions and keeps every one', async () => {
    const def = expenseForm('defA');
    const s = await a.post(`${E}/edit-save.action`, { definition: def }, admin);
    expect(s.json().data.code).toBe('defA');
    let init = (await a.post(`${E}/edit-init.action`, { code: 'defA' }, admin)).json().data;
    expect(init.draft.code).toBe('defA');
    expect(init.published).toBeNull();
    expect(init.versions).toEqual([]);
    const list = (await a.post('/emp/api/v2/biaoDan/list', { keyword: '测试费用' }, emp)).json().data;
    expect(list.rows.find((r: { code: string }) => r.code === 'defA')).toMatchObject({ status: 'draft', version: 0, formType: 80021, rowModUser: 'admin' });

    expect((await a.post('/emp/api/v2/biaoDan/publish', { code: 'defA' }, admin)).json().data.version).toBe(1);
    // a second publish without a new draft is refused
    expect((await a.post('/emp/api/v2/biaoDan/publish', { code: 'defA' }, admin)).statusCode).toBe(409);
    const v2 = expenseForm('defA', { name: { 'zh-CN': '测试费用申请V2' } });
    await a.post(`${E}/edit-save.action`, { definition: v2 }, admin);
    expect((await a.post('/emp/api/v2/biaoDan/publish', { code: 'defA' }, admin)).json().data.version).toBe(2);

    init = (await a.post(`${E}/edit-init.action`, { code: 'defA' }, admin)).json().data;
    expect(init.draft).toBeNull();
    expect(init.published.version).toBe(2);
    expect(init.versions).toEqual([2, 1]);
    const vs = (await a.post('/emp/api/v2/biaoDan/versions', { code: 'defA' }, emp)).json().data;
    expect(vs.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(vs[0].publishedBy).toBe('admin');
    expect((await a.post('/emp/api/v2/biaoDan/get', { code: 'defA' }, emp)).json().data.name['zh-CN']).toBe('测试费用申请V2');
    expect((await a.post('/emp/api/v2/biaoDan/get', { code: 'defA', version: 1 }, emp)).json().data.name['zh-CN']).toBe('测试费用申请');
    expect((await a.post('/emp/api/v2/biaoDan/get', { code: 'defA', version: 9 }, emp)).statusCode).toBe(404);
    const formTypeList = (await a.post('/emp/api/v2/biaoDan/list', { formType: 80021, limit: 50 }, emp)).json().data;
    expect(formTypeList.rows.every((r: { formType: number }) => r.formType === 80021)).toBe(true);
  });

  it('refuses an invalid definition on publish with validateDefinition errors (422)', async () => {
    const bad = expenseForm('defBad');
    bad.fields.push({ ...bad.fields[0] }); // duplicate key
    expect((await a.post(`${E}/edit-save.action`, { definition: bad }, admin)).statusCode).toBe(200);
    const v = (await a.post('/emp/api/v2/biaoDan/validate', { definition: bad }, admin)).json().data;
    expect(v.errors.some((e: { code: string }) => e.code === 'duplicateKey')).toBe(true);
    const p = await a.post('/emp/api/v2/biaoDan/publish', { code: 'defBad' }, admin);
    expect(p.statusCode).toBe(422);
    expect(p.json().errors[0].field).toMatch(/^\/fields\//);
    // a draft without a code is refused even as a draft
    expect((await a.post(`${E}/edit-save.action`, { definition: { name: { 'zh-CN': 'x' }, fields: [] } }, admin)).statusCode).toBe(422);
  });

  it('exports and imports a definition', async () => {
    const exp = (await a.post('/emp/api/v2/biaoDan/export', { code: 'defA' }, admin)).json().data;
    expect(exp.code).toBe('defA');
    const imp = await a.post('/emp/api/v2/biaoDan/import', { definition: { ...exp, code: 'defImported' } }, admin);
    expect(imp.json().data.code).toBe('defImported');
    expect((await a.post(`${E}/edit-init.action`, { code: 'defImported' }, admin)).json().data.draft.fields.length).toBe(exp.fields.length);
    const badImp = await a.post('/emp/api/v2/biaoDan/import', { definition: { ...exp, code: 'x y' } }, admin);
    expect(badImp.statusCode).toBe(422);
  });

  it('only admins change definitions', async () => {
    expect((await a.post(`${E}/edit-save.action`, { definition: expenseForm('defEmp') }, emp)).statusCode).toBe(403);
    expect((await a.post('/emp/api/v2/biaoDan/publish', { code: 'defA' }, emp)).statusCode).toBe(403);
  });

  it('delete is refused while records exist', async () => {
    await a.post(`${E}/edit-save.action`, { definition: expenseForm('defDel') }, admin);
    await a.post('/emp/api/v2/biaoDan/publish', { code: 'defDel' }, admin);
    const rec = await a.post('/emp/api/v2/biaoDan/record/save', { formCode: 'defDel', data: { dealer: dealerValue(), amount: '1.00' } }, emp);
    expect(rec.json().code).toBe(0);
    const d = await a.post(`${E}/delete-row.action`, { code: 'defDel' }, admin);
    expect(d.statusCode).toBe(409);
    expect(d.json().msg).toBe('该表单已有单据数据，不能删除');
    await a.post(`${E}/edit-save.action`, { definition: expenseForm('defDel2') }, admin);
    expect((await a.post(`${E}/delete-row.action`, { code: 'defDel2' }, admin)).json().code).toBe(0);
    expect((await a.post(`${E}/edit-init.action`, { code: 'defDel2' }, admin)).statusCode).toBe(404);
  });
});
