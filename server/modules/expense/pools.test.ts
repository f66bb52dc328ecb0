// The budget pool API against a real database: list filters and balances, save (load / change
// of the difference, stale version), enable, delete rules, change/transfer/allocation through the
// ledger (totals = ledger sums), field-level Chinese messages, roles, and the Excel exports adding up.
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';
import { ledgerSums, postMovement, poolTotals } from './ledger';

const V2 = '/emp/api/v2/feiYong/yuSuanChi';
const V1 = '/emp/api/feiYong/yuSuan';
const AC = '/tpm/emp/base/autoComplete';

describe.each(BACKENDS)('budget pools (%s)', (backend) => {
  let a: TestApp;
  let admin: string;
  let lina: string;
  let zw: string;
  const pools: Record<string, { id: string; version: number; name: string }> = {};
  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    [admin, lina, zw] = [await a.login('admin'), await a.login('lina'), await a.login('zhangwei')];
    const list = (await a.post(`${V2}/list`, { enabled: 'all', limit: 100 }, admin)).json().data;
    for (const r of list.rows) pools[r.code] = r;
  }, 120_000);
  afterAll(async () => a?.stop());

  const agree = async (id: string) => {
    const p = (await poolTotals(a.ctx.db, id))!;
    const s = await ledgerSums(a.ctx.db, id);
    expect({ amount: p.amount, occupied: p.occupied, consumed: p.consumed, available: p.available }).toEqual({
      amount: s.amount,
      occupied: s.occupied,
      consumed: s.consumed,
      available: s.available,
    });
    return p;
  };
  const fresh = async (code: string) => (await a.post(`${V2}/edit/init`, { id: pools[code].id }, admin)).json().data;

  it('lists pools with balances, dimension names and filters', async () => {
    const d = (await a.post(`${V2}/list`, { keyword: 'HD-KA-CX' }, zw)).json().data;
    expect(d.rows[0]).toMatchObject({
      amount: '860000.00',
      consumed: '92300.50',
      available: '767699.50',
      remaining: '767699.50',
      controlMode: 'hard',
      fiscalYearName: expect.stringContaining('2026'),
      departmentName: expect.any(String),
      channelName: expect.any(String),
      subjectName: expect.any(String),
    });
    const hd = d.rows[0];
    const byDept = (await a.post(`${V2}/list`, { departmentId: hd.departmentId, limit: 100 }, zw)).json().data;
    expect(byDept.totalRecord).toBeGreaterThan(1);
    expect(byDept.rows.every((r: { departmentId: string }) => r.departmentId === hd.departmentId)).toBe(true);
    const bySubject = (await a.post(`${V2}/list`, { subjectId: hd.subjectId, channelId: hd.channelId, fiscalYearId: hd.fiscalYearId }, zw)).json().data;
    expect(bySubject.rows.map((r: { code: string }) => r.code)).toContain('YSC2026-HD-KA-CX');
    expect(bySubject.rows.every((r: { subjectId: string }) => r.subjectId === hd.subjectId)).toBe(true);
  });

  it('offers the products of the chosen brand only', async () => {
    const brands = (await a.post(`${AC}/pinPai`, {}, zw)).json().data.rows;
    const all = (await a.post(`${AC}/danPin`, { limit: 100 }, zw)).json().data;
    const b1 = (await a.post(`${AC}/danPin`, { pinPai: brands[0].id, limit: 100 }, zw)).json().data;
    const b1again = (await a.post(`${AC}/danPin`, { brandId: brands[0].id, limit: 100 }, zw)).json().data;
    expect(b1.totalRecord).toBeGreaterThan(0);
    expect(b1.totalRecord).toBeLessThan(all.totalRecord);
    expect(b1again.rows).toEqual(b1.rows);
    const b2 = (await a.post(`${AC}/danPin`, { pinPai: brands[1].id, limit: 100 }, zw)).json().data;
    const ids1 = new Set(b1.rows.map((r: { id: string }) => r.id));
    expect(b2.rows.some((r: { id: string }) => ids1.has(r.id))).toBe(false);
  });

  it('creates a pool (load), edits its amount (change of the difference), refuses a stale version, enables and deletes', async () => {
    const base = (await a.post(`${V2}/list`, { keyword: 'HD-KA-CX' }, zw)).json().data.rows[0];
    const init = (await a.post(`${V2}/edit/init`, {}, admin)).json().data;
    expect(init).toMatchObject({ id: null, controlMode: 'hard', amount: '0.00' });
    const body = {
      code: `T-${backend}-1`,
      name: '测试预算池',
      fiscalYearId: base.fiscalYearId,
      departmentId: base.departmentId,
      channelId: base.channelId,
      subjectId: base.subjectId,
      amount: '1000.10',
      controlMode: 'hard',
    };
    const created = await a.post(`${V1}/save`, body, admin);
    expect(created.statusCode, created.body).toBe(200);
    const c = created.json().data;
    expect(c).toMatchObject({ amount: '1000.10', available: '1000.10', hasMovements: false, version: 2 });
    expect((await a.post(`${V1}/save`, body, admin)).json().errors).toEqual([{ field: 'code', message: `预算池编码“T-${backend}-1”已存在` }]);
    const edited = await a.post(`${V1}/save`, { ...body, id: c.id, version: c.version, amount: '1200.30', controlMode: 'soft', tolerancePct: '5' }, admin);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ amount: '1200.30', controlMode: 'soft', tolerancePct: '5.00', hasMovements: true });
    const stale = await a.post(`${V1}/save`, { ...body, id: c.id, version: c.version, amount: '1.00' }, admin);
    expect(stale.statusCode).toBe(409);
    const ledger = (await a.post(`${V2}/ledger`, { poolId: c.id }, admin)).json().data;
    expect(ledger.page.rows.map((r: { kind: string; dAmount: string }) => [r.kind, r.dAmount])).toEqual([
      ['change', '200.20'],
      ['load', '1000.10'],
    ]);
    await agree(c.id);
    const v = edited.json().data.version;
    const off = await a.post(`${V2}/qiYong`, { id: c.id, enabled: false, version: v }, admin);
    expect(off.statusCode, off.body).toBe(200);
    expect((await a.post(`${V2}/qiYong`, { id: c.id, enabled: true, version: v }, admin)).statusCode).toBe(409);
    expect((await a.post(`${V2}/list`, { keyword: `T-${backend}-1` }, zw)).json().data.totalRecord).toBe(0);
    expect((await a.post(`${V2}/list`, { keyword: `T-${backend}-1`, enabled: '0' }, zw)).json().data.totalRecord).toBe(1);
    // a pool with a change cannot be deleted; a fresh one (only its load) can
    const del = await a.post(`${V2}/delete`, { id: c.id }, admin);
    expect(del.statusCode).toBe(409);
    expect(del.json().msg).toContain('不能删除');
    const other = (await a.post(`${V1}/save`, { ...body, code: `T-${backend}-2`, amount: '50.00' }, admin)).json().data;
    expect((await a.post(`${V2}/delete`, { id: other.id }, admin)).statusCode).toBe(200);
    expect((await a.post(`${V2}/edit/init`, { id: other.id }, admin)).statusCode).toBe(404);
    expect((await a.post(`${V2}/delete`, { id: other.id }, admin)).statusCode).toBe(404);
  });

  it('saves one pool of concurrent creates with one code; the others answer 422 on the code, never 500', async () => {
    const body = { code: `DUP-${backend}`, name: '并发新建', amount: '10.00', controlMode: 'hard' };
    const rs = await Promise.all(Array.from({ length: 8 }, () => a.post(`${V1}/save`, body, admin)));
    expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 422, 422, 422, 422, 422, 422, 422]);
    for (const r of rs.filter((x) => x.statusCode === 422)) expect(r.json().errors[0].field).toBe('code');
    expect((await a.post(`${V2}/list`, { keyword: `DUP-${backend}` }, admin)).json().data.totalRecord).toBe(1);
  });

  it('refuses a lower amount than what is used under hard control (422, never a broken constraint)', async () => {
    const p = await fresh('YSC2026-HD-KA-CL');
    const { id, version, code, name, fiscalYearId, departmentId, channelId, subjectId, controlMode } = p;
    const body = { id, version, code, name, fiscalYearId, departmentId, channelId, subjectId, controlMode };
    const r = await a.post(`${V1}/save`, { ...body, amount: '100.00' }, admin);
    expect(r.statusCode).toBe(422);
    const used = new Decimal(p.occupied).plus(p.consumed).toFixed(2);
    expect(r.json().errors[0]).toMatchObject({ field: 'amount', message: `预算池已占用和已使用合计 ${used}，硬控制下预算金额不能低于该数` });
    expect((await agree(p.id)).amount).toBe(p.amount);
    // nor a switch to hard control of a soft pool already below zero
    const soft = (await a.post(`${V1}/save`, { code: `S-${backend}`, name: '软控池', amount: '100.00', controlMode: 'soft', tolerancePct: '10' }, admin)).json()
      .data;
    await a.ctx.db.transaction((tx) => postMovement(tx, { poolId: soft.id, kind: 'occupy', amount: '105.00', userId: 'test' }));
    const now = (await a.post(`${V2}/edit/init`, { id: soft.id }, admin)).json().data;
    expect(now).toMatchObject({ available: '-5.00', controlMode: 'soft' });
    const hard = await a.post(
      `${V1}/save`,
      { id: soft.id, version: now.version, code: now.code, name: now.name, amount: '100.00', controlMode: 'hard' },
      admin,
    );
    expect(hard.statusCode).toBe(422);
    expect(hard.json().errors[0].field).toBe('controlMode');
    const raised = await a.post(
      `${V1}/save`,
      { id: soft.id, version: now.version, code: now.code, name: now.name, amount: '105.00', controlMode: 'hard' },
      admin,
    );
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().data).toMatchObject({ available: '0.00', controlMode: 'hard' });
    await agree(soft.id);
  });

  it('answers field-level Chinese messages for a malformed body', async () => {
    const r = await a.post(`${V1}/tiaoZheng`, { poolId: pools['YSC2026-HD-KA-CX'].id, amount: '1.234' }, admin);
    expect(r.statusCode).toBe(422);
    expect(r.json().errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'amount', message: '金额（最多两位小数）格式不正确' }),
        expect.objectContaining({ field: 'memo', message: '备注不能为空' }),
      ]),
    );
    const bad = await a.post(`${V1}/diaoBo`, { fromPoolId: 'x', toPoolId: pools['YSC2026-HD-KA-CX'].id, amount: '-1', memo: 'm' }, admin);
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['amount', 'fromPoolId']);
    const missing = await a.post(`${V1}/diaoBo`, { fromPoolId: '1234567890123456789', toPoolId: pools['YSC2026-HD-KA-CX'].id, amount: '1', memo: 'm' }, admin);
    expect(missing.statusCode).toBe(404);
  });

  it('lets only administrators and department leaders change pools', async () => {
    const id = pools['YSC2026-HD-TT-FL'].id;
    expect((await a.post(`${V1}/tiaoZheng`, { poolId: id, amount: '1.00', memo: '员工' }, zw)).statusCode).toBe(403);
    expect((await a.post(`${V2}/ledger`, { poolId: id }, zw)).statusCode).toBe(200);
    const r = await a.post(`${V1}/tiaoZheng`, { poolId: id, amount: '0.10', memo: '部门负责人调整' }, lina);
    expect(r.statusCode, r.body).toBe(200);
  });

  it('changes, transfers and allocates through the ledger, exactly, refusing overspending', async () => {
    const A = pools['YSC2026-HD-TT-FL'].id;
    const B = pools['YSC2026-HB-HR-JD'].id;
    const before = (await poolTotals(a.ctx.db, A))!;
    await a.post(`${V1}/tiaoZheng`, { poolId: A, amount: '0.20', memo: '0.1+0.2' }, admin);
    const ch = await a.post(`${V1}/tiaoZheng`, { poolId: A, amount: '-0.10', memo: '减少' }, admin);
    expect(ch.json().data.amount).toBe(new Decimal(before.amount).plus('0.10').toFixed(2));
    const tr = await a.post(`${V1}/diaoBo`, { fromPoolId: A, toPoolId: B, amount: '1000.05', memo: '调拨' }, admin);
    expect(tr.statusCode, tr.body).toBe(200);
    const { from, to } = tr.json().data;
    expect(from.available).toBe((await poolTotals(a.ctx.db, A))!.available);
    expect(to.id).toBe(B);
    const over = await a.post(`${V1}/diaoBo`, { fromPoolId: A, toPoolId: B, amount: '99999999.00', memo: '超额' }, admin);
    expect(over.statusCode).toBe(422);
    expect(over.json().msg).toContain('不足');
    const tooLow = await a.post(`${V1}/tiaoZheng`, { poolId: A, amount: '-99999999.00', memo: '超额' }, admin);
    expect(tooLow.statusCode).toBe(422);
    // allocation: B becomes A's child; a third pool cannot allocate to it; no cycle back
    const al = await a.post(`${V1}/fenPei`, { parentPoolId: A, childPoolId: B, amount: '10.00', memo: '分配' }, admin);
    expect(al.statusCode, al.body).toBe(200);
    const C = pools['YSC2026-HN-KA-CL'].id;
    expect((await a.post(`${V1}/fenPei`, { parentPoolId: C, childPoolId: B, amount: '1.00', memo: '分配' }, admin)).statusCode).toBe(409);
    expect((await a.post(`${V1}/fenPei`, { parentPoolId: B, childPoolId: A, amount: '1.00', memo: '分配' }, admin)).statusCode).toBe(409);
    expect((await a.post(`${V2}/delete`, { id: A }, admin)).statusCode).toBe(409);
    // nor a cycle by editing: A's parent cannot become its child B
    const fa = (await a.post(`${V2}/edit/init`, { id: A }, admin)).json().data;
    const cyc = await a.post(
      `${V1}/save`,
      { id: A, version: fa.version, code: fa.code, name: fa.name, amount: fa.amount, controlMode: fa.controlMode, parentId: B },
      admin,
    );
    expect(cyc.statusCode).toBe(422);
    expect(cyc.json().errors).toEqual([{ field: 'parentId', message: '上级预算池不能是本预算池的下级' }]);
    const kinds = (await a.post(`${V2}/ledger`, { poolId: B, limit: 50 }, admin)).json().data.page.rows.map((r: { kind: string }) => r.kind);
    expect(kinds.slice(0, 2)).toEqual(['allocateIn', 'transferIn']);
    await agree(A);
    await agree(B);
    await agree(C);
  });

  it('soft control without a tolerance of its own allows down to the TPM setting (10 %), not beyond', async () => {
    const init = (await a.post(`${V2}/edit/init`, {}, admin)).json().data;
    expect(init.controlMode).toBe('hard'); // the TPM default control of a new pool
    const soft = (await a.post(`${V1}/save`, { code: `SOFT-${backend}`, name: '软控默认容差', amount: '1000.00', controlMode: 'soft' }, admin)).json().data;
    const tr = await a.post(`${V1}/diaoBo`, { fromPoolId: soft.id, toPoolId: pools['YSC2026-HD-KA-CX'].id, amount: '1000.00', memo: '全部调出' }, admin);
    expect(tr.statusCode, tr.body).toBe(200);
    // amount 0 now: a tolerance of 10 % of nothing → any further cut is refused
    expect((await a.post(`${V1}/tiaoZheng`, { poolId: soft.id, amount: '-0.01', memo: '超出' }, admin)).statusCode).toBe(422);
    await a.post(`${V1}/tiaoZheng`, { poolId: soft.id, amount: '1000.00', memo: '补回' }, admin);
    await a.ctx.db.transaction((tx) => postMovement(tx, { poolId: soft.id, kind: 'occupy', amount: '1000.00', userId: 'test', defaultTolerancePct: '10' }));
    expect((await a.post(`${V1}/tiaoZheng`, { poolId: soft.id, amount: '-90.00', memo: '容差内' }, admin)).statusCode).toBe(200);
    // amount 910.00, occupied 1000.00: available −90.00 ≥ −91.00; a further −2.00 → 908.00, −92.00 < −90.80
    expect((await a.post(`${V1}/tiaoZheng`, { poolId: soft.id, amount: '-2.00', memo: '超出容差' }, admin)).statusCode).toBe(422);
    expect((await agree(soft.id)).available).toBe('-90.00');
  });

  it("names the document behind a movement in the ledger (an application's submit)", async () => {
    const list = await a.post('/emp/api/v2/biaoDan/record/list', { formCode: 'feiYongShenQing', limit: 50 }, zw);
    const draft = (list.json().data.rows as { shenPiZhuangTai: string; data: Record<string, unknown> }[]).find((x) => x.shenPiZhuangTai === '0')!;
    const d = structuredClone(draft.data);
    const line: Record<string, unknown> = { ...(d.mingXi as Record<string, unknown>[])[0], shuLiang: 1, danJia: '12.34', jinE: '12.34' };
    delete line._id;
    delete line.yuSuanChi;
    const target = (await a.post(`${V2}/list`, { keyword: 'HD-KA-CL' }, zw)).json().data.rows[0];
    const r = await a.post(
      '/emp/api/v2/biaoDan/record/save',
      { formCode: 'feiYongShenQing', data: { ...d, yuSuanChi: { id: target.id, name: target.name }, mingXi: [line], shenQingJinE: '12.34' }, submit: true },
      zw,
    );
    expect(r.statusCode, r.body).toBe(200);
    const number =
      r.json().data.number ?? (await a.post('/emp/api/v2/biaoDan/record/list', { formCode: 'feiYongShenQing', limit: 1 }, zw)).json().data.rows[0].number;
    const top = (await a.post(`${V2}/ledger`, { poolId: target.id, limit: 10 }, zw)).json().data.page.rows[0];
    expect(top).toMatchObject({ kind: 'occupy', dOccupied: '12.34', dAvailable: '-12.34', documentNumber: number, applicationId: r.json().data.id });
    expect(top.createdByName).toBe('张伟');
    await agree(target.id);
  });

  it('exports the ledger to Excel: Chinese columns, numbers with two decimals, a totals row that adds up', async () => {
    const id = pools['YSC2026-HD-KA-CX'].id;
    await a.post(`${V1}/tiaoZheng`, { poolId: id, amount: '0.10', memo: 'a' }, admin);
    await a.post(`${V1}/tiaoZheng`, { poolId: id, amount: '0.20', memo: 'b' }, admin);
    const r = await a.post(`${V2}/ledger/daoChu`, { poolId: id }, zw);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const head = (ws.getRow(2).values as unknown[]).slice(1);
    expect(head).toEqual(['序号', '时间', '类型', '单据号', '预算变动', '占用变动', '使用变动', '可用变动', '变动后可用', '备注', '操作人']);
    const last = ws.rowCount;
    const cents = (v: unknown) => Math.round(Number(v) * 100);
    let sum = 0;
    for (let i = 3; i < last; i++) sum += cents(ws.getRow(i).getCell(8).value);
    const pool = await agree(id);
    const total = ws.getRow(last);
    expect(total.getCell(1).value).toBe('合计');
    expect(cents(total.getCell(8).value)).toBe(sum);
    expect(cents(total.getCell(9).value)).toBe(cents(pool.available));
    expect(sum).toBe(cents(pool.available));
    expect(ws.getColumn(8).numFmt).toBe('#,##0.00');
    const pools2 = await a.post(`${V1}/daoChu`, { keyword: 'HD' }, zw);
    expect(pools2.statusCode).toBe(200);
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(pools2.rawPayload as unknown as ArrayBuffer);
    expect(wb2.worksheets[0].getRow(1).getCell(1).value).toBe('预算池编码');
    expect(wb2.worksheets[0].rowCount).toBeGreaterThan(2);
  });
});
