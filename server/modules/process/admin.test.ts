// Process administration over HTTP (schemas/api/processAdmin.ts): definitions (create, save with
// a stale-version 409, publish with lint 422, versions immutable, one concurrent publish wins,
// bind/enable one-per-form, copy, tiaoJian-del), forms and fields, matrices (save, updateEmp,
// .xlsx export with names), and access (an employee gets 403).
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProcessDefinition } from '../../../schemas/process';
import { users } from '../../db/schema';
import { expenseForm } from '../../test/fixtures';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';

const P = '/tpm/emp/system/process';

/** A draft with a condition node: start → gate → (amount > 1000: big → director → end) | (default: small → end). */
function branchy(code: string): ProcessDefinition {
  const n = (id: string, type: ProcessDefinition['nodes'][number]['type'], extra: object = {}) => ({ id, type, name: { 'zh-CN': id }, ...extra });
  return {
    schemaVersion: 3,
    code,
    name: { 'zh-CN': '分支流程' },
    version: 0,
    nodes: [
      n('start', 'start'),
      n('gate', 'condition'),
      n('big', 'approve', { assignee: { kind: 'deptLeader' } }),
      n('director', 'approve', { assignee: { kind: 'applicant' } }),
      n('small', 'approve', { assignee: { kind: 'applicant' } }),
      n('end', 'end'),
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'gate' },
      { id: 'eBig', source: 'gate', target: 'big', condition: { '>': [{ var: 'amount' }, 1000] }, priority: 1 },
      { id: 'eSmall', source: 'gate', target: 'small' },
      { id: 'e2', source: 'big', target: 'director' },
      { id: 'e3', source: 'director', target: 'end' },
      { id: 'e4', source: 'small', target: 'end' },
    ],
  };
}

describe.each(BACKENDS)('process administration (%s)', (backend) => {
  let a: TestApp;
  let admin: string;
  let emp: string;
  const post = (path: string, body: unknown, token = admin) => a.post(`${P}/${path}`, body, token);
  const data = async (path: string, body: unknown, token = admin) => {
    const r = await post(path, body, token);
    if (r.statusCode !== 200) throw new Error(`${path}: ${r.statusCode} ${r.body}`);
    return r.json().data;
  };

  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    admin = await a.login('admin');
    emp = await a.login('zhangwei');
    // a form of our own to bind processes to
    await a.post('/tpm/emp/system/commons/biaoDan/edit-save.action', { definition: expenseForm('admForm') }, admin);
    expect((await a.post('/emp/api/v2/biaoDan/publish', { code: 'admForm' }, admin)).statusCode).toBe(200);
  });
  afterAll(async () => a?.stop());

  it('creates a process with a start → approver → end draft, saves, publishes immutable versions', async () => {
    const made = await data('model/create', { code: 'admP1', name: { 'zh-CN': '测试流程' } });
    expect(made).toMatchObject({ code: 'admP1', enabled: true, latestVersion: 0, hasDraft: true, draftVersion: 1, formCode: null });
    expect((await post('model/create', { code: 'admP1', name: { 'zh-CN': 'x' } })).statusCode).toBe(409);

    let item = await data('processDefinition/item/rule', { code: 'admP1' });
    expect(item.draft.nodes.map((n: { type: string }) => n.type)).toEqual(['start', 'approve', 'end']);
    expect(item.published).toBeNull();

    // publish v1, then edit and publish v2: v1 stays as it was
    expect((await data('processDefinition/update/liuChengDingYi', { code: 'admP1' })).version).toBe(1);
    expect((await post('processDefinition/update/liuChengDingYi', { code: 'admP1' })).statusCode).toBe(409); // nothing to publish
    const v1 = await data('processDefinition/version', { code: 'admP1', version: 1 });
    const edited = { ...structuredClone(v1), name: { 'zh-CN': '测试流程二' } };
    edited.nodes[1].name = { 'zh-CN': '改名的审批' };
    const saved = await data('processDefinition/update/rule', { code: 'admP1', draftVersion: 1, definition: edited });
    expect(saved).toMatchObject({ code: 'admP1', draftVersion: 2, problems: [] });
    // a stale draftVersion is refused
    expect((await post('processDefinition/update/rule', { code: 'admP1', draftVersion: 1, definition: edited })).statusCode).toBe(409);
    expect((await data('processDefinition/update/liuChengDingYi', { code: 'admP1', draftVersion: 2 })).version).toBe(2);

    const again = await data('processDefinition/version', { code: 'admP1', version: 1 });
    expect(again.nodes[1].name['zh-CN']).toBe(v1.nodes[1].name['zh-CN']);
    expect(again.version).toBe(1);
    const latest = await data('processDefinition/version', { code: 'admP1' }, emp); // an employee reads versions
    expect(latest).toMatchObject({ version: 2, name: { 'zh-CN': '测试流程二' } });
    const versions = await data('processDefinition/versions', { code: 'admP1' });
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(versions[0].publishedBy).toBe('admin');
    item = await data('processDefinition/item/rule', { code: 'admP1' });
    expect(item.draft).toBeNull();
    expect(item.published.version).toBe(2);
    expect(item.summary).toMatchObject({ latestVersion: 2, hasDraft: false });

    const list = await data('processDefinition/list', { keyword: 'admP' });
    expect(list.rows.map((r: { code: string }) => r.code)).toContain('admP1');
  });

  it('refuses a malformed draft (422), saves a draft with graph problems and refuses to publish it (422)', async () => {
    await data('model/create', { code: 'admP2', name: { 'zh-CN': '坏流程' } });
    const malformed = await post('processDefinition/update/rule', { code: 'admP2', draftVersion: 1, definition: { nodes: 'no' } });
    expect(malformed.statusCode).toBe(422);
    const item = await data('processDefinition/item/rule', { code: 'admP2' });
    const deadEnd: ProcessDefinition = { ...item.draft, edges: item.draft.edges.slice(0, 1) }; // approve1 leads nowhere
    const saved = await data('processDefinition/update/rule', { code: 'admP2', draftVersion: 1, definition: deadEnd });
    expect(saved.problems.length).toBeGreaterThan(0);
    const pub = await post('processDefinition/update/liuChengDingYi', { code: 'admP2' });
    expect(pub.statusCode).toBe(422);
    expect(pub.json().errors.length).toBeGreaterThan(0);
    expect((await data('processDefinition/item/rule', { code: 'admP2' })).summary.latestVersion).toBe(0);
  });

  it('refuses to publish references to users, groups and matrices that do not exist (422)', async () => {
    await data('model/create', { code: 'admRef', name: { 'zh-CN': '引用' } });
    const item = await data('processDefinition/item/rule', { code: 'admRef' });
    const def: ProcessDefinition = structuredClone(item.draft);
    def.nodes[1].assignee = { kind: 'users', userIds: ['9999999999999999999'] };
    def.nodes.splice(2, 0, {
      id: 'm',
      type: 'approve',
      name: { 'zh-CN': 'm' },
      assignee: { kind: 'matrix', matrix: 'quYuShenPiJuZhen', by: { nope: 'dealer' }, column: 'quYuZongJian' },
    });
    def.nodes.splice(3, 0, { id: 'g', type: 'approve', name: { 'zh-CN': 'g' }, assignee: { kind: 'groups', groupCodes: ['noSuchGroup'] } });
    def.edges = [
      { id: 'a', source: 'start', target: 'approve1' },
      { id: 'b', source: 'approve1', target: 'm' },
      { id: 'c', source: 'm', target: 'g' },
      { id: 'd', source: 'g', target: 'end' },
    ];
    expect((await data('processDefinition/update/rule', { code: 'admRef', draftVersion: 1, definition: def })).problems).toEqual([]);
    const r = await post('processDefinition/update/liuChengDingYi', { code: 'admRef' });
    expect(r.statusCode).toBe(422);
    const errors = r.json().errors as { field: string; code: string; message: string }[];
    expect(errors.map((e) => e.field).sort()).toEqual([
      'definition.nodes.1.assignee.userIds.0',
      'definition.nodes.2.assignee.by.nope',
      'definition.nodes.3.assignee.groupCodes.0',
    ]);
    expect(errors.every((e) => e.code === 'process.unknownReference')).toBe(true);
    expect(errors.find((e) => e.field.endsWith('groupCodes.0'))!.message).toBe('用户组“noSuchGroup”不存在');
    // with the seeded group and a real matrix key it publishes
    def.nodes[1].assignee = { kind: 'groups', groupCodes: ['huaDongShenPiZu'] };
    def.nodes[2].assignee = { kind: 'matrix', matrix: 'quYuShenPiJuZhen', by: { jingXiaoShang: 'dealer' }, column: 'quYuZongJian' };
    def.nodes[3].assignee = { kind: 'applicant' };
    await data('processDefinition/update/rule', { code: 'admRef', draftVersion: 2, definition: def });
    expect((await data('processDefinition/update/liuChengDingYi', { code: 'admRef' })).version).toBe(1);
  });

  it('of concurrent publishes exactly one wins, the others 409', async () => {
    await data('model/create', { code: 'admP3', name: { 'zh-CN': '并发发布' } });
    const results = await Promise.all(Array.from({ length: 6 }, () => post('processDefinition/update/liuChengDingYi', { code: 'admP3' })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    expect((await data('processDefinition/versions', { code: 'admP3' })).map((v: { version: number }) => v.version)).toEqual([1]);
  });

  it('binds to a form, keeps at most one enabled process per form (409), enables and disables', async () => {
    await data('model/create', { code: 'admB1', name: { 'zh-CN': '绑定一' } });
    await data('model/create', { code: 'admB2', name: { 'zh-CN': '绑定二' } });
    const b1 = await data('processDefinition/bangDingBiaoDan', { code: 'admB1', formCode: 'admForm' });
    expect(b1).toMatchObject({ formCode: 'admForm', enabled: true, formName: { 'zh-CN': '测试费用申请' } });
    expect((await post('processDefinition/bangDingBiaoDan', { code: 'admB2', formCode: 'admForm' })).statusCode).toBe(409);
    expect((await post('processDefinition/bangDingBiaoDan', { code: 'admB2', formCode: 'noSuchForm' })).statusCode).toBe(404);
    // disabled, the second may bind; enabling it while the first is enabled is refused
    await data('processDefinition/updateEnableStatus', { code: 'admB2', enabled: false });
    expect((await data('processDefinition/bangDingBiaoDan', { code: 'admB2', formCode: 'admForm' })).formCode).toBe('admForm');
    expect((await post('processDefinition/updateEnableStatus', { code: 'admB2', enabled: true })).statusCode).toBe(409);
    await data('processDefinition/updateEnableStatus', { code: 'admB1', enabled: false });
    expect((await data('processDefinition/updateEnableStatus', { code: 'admB2', enabled: true })).enabled).toBe(true);
    // concurrent enables of two processes on one form: one wins
    await data('processDefinition/updateEnableStatus', { code: 'admB2', enabled: false });
    const race = await Promise.all(['admB1', 'admB2'].map((code) => post('processDefinition/updateEnableStatus', { code, enabled: true })));
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);

    const forms = await data('biaoDan/list', { keyword: 'admForm' });
    const row = forms.rows.find((f: { code: string }) => f.code === 'admForm');
    expect(row.processes.map((p: { code: string }) => p.code).sort()).toEqual(['admB1', 'admB2']);
    expect(row.processes.filter((p: { enabled: boolean }) => p.enabled)).toHaveLength(1);
    // model/create on a form with an enabled process: created, but disabled
    const third = await data('model/create', { code: 'admB3', name: { 'zh-CN': '绑定三' }, formCode: 'admForm' });
    expect(third).toMatchObject({ formCode: 'admForm', enabled: false });
    // unbinding
    expect((await data('processDefinition/bangDingBiaoDan', { code: 'admB3', formCode: null })).formCode).toBeNull();
  });

  it('copies a process as an unbound draft under a new code', async () => {
    const copy = await data('model/copy', { code: 'admB1', newCode: 'admB1copy' });
    expect(copy).toMatchObject({ code: 'admB1copy', formCode: null, latestVersion: 0, hasDraft: true, name: { 'zh-CN': '绑定一' } });
    const item = await data('processDefinition/item/rule', { code: 'admB1copy' });
    expect(item.draft.code).toBe('admB1copy');
    expect(item.draft.formCode).toBeUndefined();
    expect((await post('model/copy', { code: 'admB1', newCode: 'admB1copy' })).statusCode).toBe(409);
    expect((await post('model/copy', { code: 'nope', newCode: 'nope2' })).statusCode).toBe(404);
  });

  it('tiaoJian-del removes a condition branch and the nodes only it reached', async () => {
    await data('model/create', { code: 'admC', name: { 'zh-CN': '条件' } });
    await data('processDefinition/bangDingBiaoDan', { code: 'admC', formCode: null });
    const saved = await data('processDefinition/update/rule', { code: 'admC', draftVersion: 1, definition: branchy('admC') });
    expect(saved.problems).toEqual([]);
    // the default branch and a non-branch edge are refused
    expect((await post('processDefinition/update/tiaoJian-del', { code: 'admC', draftVersion: 2, edgeId: 'eSmall' })).statusCode).toBe(422);
    expect((await post('processDefinition/update/tiaoJian-del', { code: 'admC', draftVersion: 2, edgeId: 'e2' })).statusCode).toBe(422);
    expect((await post('processDefinition/update/tiaoJian-del', { code: 'admC', draftVersion: 1, edgeId: 'eBig' })).statusCode).toBe(409);
    const del = await data('processDefinition/update/tiaoJian-del', { code: 'admC', draftVersion: 2, edgeId: 'eBig' });
    expect(del).toEqual({ draftVersion: 3, removedNodes: ['big', 'director'], removedEdges: ['eBig', 'e2', 'e3'] });
    const item = await data('processDefinition/item/rule', { code: 'admC' });
    expect(item.draft.nodes.map((n: { id: string }) => n.id)).toEqual(['start', 'gate', 'small', 'end']);
    expect(item.draft.edges.map((e: { id: string }) => e.id)).toEqual(['e1', 'eSmall', 'e4']);
  });

  it("lists a form's fields with sub-form columns", async () => {
    const fields = await data('biaoDan/item/list', { formCode: 'admForm' });
    const paths = fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['dealer', 'amount', 'channel', 'mingXi', 'mingXi.item', 'mingXi.price']));
    expect(fields.find((f: { path: string }) => f.path === 'channel').options).toHaveLength(2);
    expect(fields.find((f: { path: string }) => f.path === 'mingXi.price')).toMatchObject({ parent: 'mingXi', key: 'price' });
    expect((await post('biaoDan/item/list', { formCode: 'noSuchForm' })).statusCode).toBe(404);
    // value fields only: the expense application's dividers (基本信息, 费用信息 …) are layout
    const fy = await data('biaoDan/item/list', { formCode: 'feiYongShenQing' });
    expect(fy.map((f: { path: string }) => f.path)).toEqual(expect.arrayContaining(['huoDongMingCheng', 'shenQingJinE', 'jingXiaoShang', 'mingXi.jinE']));
    expect(fy.filter((f: { type: number }) => f.type === 99999)).toEqual([]);
  });

  it("says where a field's values are looked up (the dry-run's pickers), and the lookup answers real records", async () => {
    type F = { path: string; dataSource?: { endpoint: string; params?: Record<string, string>; multiple?: boolean } };
    const fields: F[] = await data('biaoDan/item/list', { formCode: 'admForm' });
    const at = (fs: F[], path: string) => fs.find((f) => f.path === path);
    expect(at(fields, 'dealer')?.dataSource).toEqual({ endpoint: 'dealerConnTable' });
    // free entry and inline options: nothing to look up (the answer is as it was)
    expect(at(fields, 'amount')).not.toHaveProperty('dataSource');
    expect(at(fields, 'channel')).not.toHaveProperty('dataSource');
    expect(at(fields, 'mingXi.item')).not.toHaveProperty('dataSource');
    const fy: F[] = await data('biaoDan/item/list', { formCode: 'feiYongShenQing' });
    expect(at(fy, 'jingXiaoShang')?.dataSource).toEqual({ endpoint: 'dealerConnTable' });
    // the definition's dataSource (several outlets) over the type's source
    expect(at(fy, 'wangDian')?.dataSource).toMatchObject({ multiple: true });
    expect(at(fy, 'wangDian')?.dataSource?.endpoint).toBeTruthy();
    // what the dry-run panel then asks: the dealers by name, ids of 19 digits
    const ds = at(fy, 'jingXiaoShang')!.dataSource!;
    const r = await a.post(`/tpm/emp/base/autoComplete/${ds.endpoint}`, { ...ds.params, keyword: '', page: 1, limit: 20 }, admin);
    expect(r.statusCode).toBe(200);
    const rows = r.json().data.rows as { id: string; name: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0].id).toMatch(/^\d{19}$/);
    expect(rows[0].name).toBeTruthy();
  });

  it('saves matrices (version-checked, users must exist), replaces a user everywhere, exports .xlsx with names', async () => {
    const idOf = async (username: string) => (await a.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;
    const lina = await idOf('lina');
    const zhangwei = await idOf('zhangwei');
    const adminId = await idOf('admin');
    const body = {
      code: 'admM',
      name: { 'zh-CN': '测试矩阵' },
      keys: [{ key: 'quYu', name: '区域' }],
      columns: [
        { key: 'zongJian', name: '总监' },
        { key: 'caiWu', name: '财务' },
      ],
      rows: [
        { keys: { quYu: 'EAST' }, cells: { zongJian: [lina], caiWu: [adminId] } },
        { keys: { quYu: 'WEST' }, cells: { zongJian: [lina, zhangwei] } },
      ],
    };
    expect(await data('juZhen/edit/save', body)).toEqual({ code: 'admM', version: 1 });
    expect((await post('juZhen/edit/save', body)).statusCode).toBe(409); // exists
    const bad = await post('juZhen/edit/save', {
      ...body,
      code: 'admBad',
      rows: [{ keys: { quYu: 'X', nope: 'y' }, cells: { zongJian: ['9999999999999999999'] } }],
    });
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['rows.0.cells.zongJian.0', 'rows.0.keys.nope']);

    const init = await data('juZhen/edit/init', { code: 'admM' });
    expect(init.version).toBe(1);
    expect(init.rows).toHaveLength(2);
    expect(init.users.find((u: { id: string }) => u.id === lina)).toBeDefined();
    const v2 = await data('juZhen/edit/save', { ...body, version: 1, rows: [...body.rows, { keys: { quYu: 'NORTH' }, cells: { caiWu: [lina] } }] });
    expect(v2.version).toBe(2);
    expect((await post('juZhen/edit/save', { ...body, version: 1 })).statusCode).toBe(409); // stale

    // lina left: zhangwei takes her cells (WEST keeps one zhangwei)
    const moved = await data('juZhen/edit/updateEmp', { fromUserId: lina, toUserId: zhangwei });
    expect(moved.cells).toBeGreaterThanOrEqual(3);
    const after = await data('juZhen/edit/init', { code: 'admM' });
    expect(after.version).toBe(3);
    expect(JSON.stringify(after.rows)).not.toContain(lina);
    expect(after.rows.find((r: { keys: { quYu: string } }) => r.keys.quYu === 'WEST').cells.zongJian).toEqual([zhangwei]);
    expect((await post('juZhen/edit/updateEmp', { fromUserId: lina, toUserId: '9999999999999999999' })).statusCode).toBe(422);

    const list = await data('juZhen/list', { keyword: 'admM' });
    expect(list.rows[0]).toMatchObject({ code: 'admM', rowCount: 3, version: 3 });

    const file = await post('juZhen/edit/daoChu', { code: 'admM' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('测试矩阵');
    expect(ws.getRow(1).values).toEqual([undefined, '区域', '总监', '财务']);
    const east = ws.getRow(2).values as unknown[];
    expect(east[1]).toBe('EAST');
    expect(east[2]).toBe('张伟');
    expect(String(east[3])).not.toMatch(/^\d{19}$/);
    expect((await post('juZhen/edit/daoChu', { code: 'nope' })).statusCode).toBe(404);

    const all = await post('juZhen/edit/daoChuLiu', {});
    expect(all.statusCode).toBe(200);
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(all.rawPayload as unknown as ArrayBuffer);
    expect(wb2.worksheets.map((w) => w.name)).toContain('测试矩阵');
    // the seeded expense process uses the regional matrix
    const ofProcess = await post('juZhen/edit/daoChuLiu', { processCode: 'feiYongShenQingLiuCheng' });
    expect(ofProcess.statusCode).toBe(200);
    const wb3 = new ExcelJS.Workbook();
    await wb3.xlsx.load(ofProcess.rawPayload as unknown as ArrayBuffer);
    expect(wb3.worksheets.map((w) => w.name)).toEqual(['区域审批矩阵']);
  });

  it('refuses employees on the admin routes (403)', async () => {
    for (const path of [
      'processDefinition/list',
      'processDefinition/item/rule',
      'processDefinition/update/liuChengDingYi',
      'processDefinition/bangDingBiaoDan',
      'model/create',
      'juZhen/list',
      'juZhen/edit/save',
      'juZhen/edit/daoChu',
      'callback/failure/list',
      'callback/failure/chongShi',
      'task/del',
    ]) {
      const r = await post(path, {}, emp);
      expect(r.statusCode, path).toBe(403);
    }
    expect((await a.post(`${P}/processDefinition/list`, {})).statusCode).toBe(401);
  });
});
