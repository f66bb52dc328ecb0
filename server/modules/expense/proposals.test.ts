// Budget proposals, changes and accruals on the real app (demo seed): a template downloaded,
// filled and imported (every kind of row error reported by row and column, in the user's
// language, and as a workbook with an error column; then a valid import as a draft proposal),
// approval loading the pools exactly once (an existing pool raised, a missing one created),
// change / transfer / allocation applied through the ledger on approval, refused when the
// source pool is short (at submit, and at approval when it ran short meanwhile), and accruals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { endpoints, pathOf } from '../../../schemas/api';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';
import { rows } from '../../db/client';
import { ledgerSums, poolTotals, postMovement } from './ledger';
import { loadProposal, proposalLoaded } from './proposals';

const E = endpoints.budgetProposal;
const path = (e: { path: string }) => pathOf(e, '/tpm');
const P = { taskAll: path(endpoints.process.taskAll), approve: path(endpoints.process.approve) };
const R = { save: path(endpoints.records.save) };

describe.each(BACKENDS)('budget proposals (%s)', (backend) => {
  let a: TestApp;
  let zw: string;
  let lina: string;
  let sunli: string;
  let fy: { id: string; code: string; name: string };
  let fy25: { id: string; code: string; name: string };

  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    [zw, lina, sunli] = await Promise.all([a.login('zhangwei'), a.login('lina'), a.login('sunli')]);
    const years = (await a.post(path(E.fiscalYears), {}, zw)).json().data as { id: string; code: string; name: string }[];
    fy = years.find((y) => y.code === 'FY2026')!;
    fy25 = years.find((y) => y.code === 'FY2025')!;
  }, 180_000);
  afterAll(async () => a?.stop());

  const pool = async (code: string) => {
    const [p] = await rows<{ id: string; name: string }>(a.ctx.db, sql`select id, name from budget_pools where code = ${code}`);
    return p;
  };
  const totals = async (id: string) => (await poolTotals(a.ctx.db, id))!;

  async function download(kind: 'quYu' | 'quDao' | 'feiYong' | 'chanPin', token = zw) {
    const e = { quYu: E.templateRegion, quDao: E.templateChannel, feiYong: E.templateSubject, chanPin: E.templateProduct }[kind];
    const r = await a.post(path(e), { caiWuNian: fy.id }, token);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    return wb;
  }
  const bytes = async (wb: ExcelJS.Workbook) => Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
  const importIt = async (wb: ExcelJS.Workbook, kind = 'quYu', token = zw, caiWuNian = fy.id) => {
    const r = await a.post(path(E.import), { kind, caiWuNian, fileName: '预算.xlsx', content: await bytes(wb) }, token);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as {
      ok: boolean;
      errors: { row: number; column: string | null; message: string }[];
      errorReport?: string;
      id?: string;
      number?: string;
      total: string;
      lineCount: number;
    };
  };
  /** the row of the template whose region code is `code` */
  const rowOf = (ws: ExcelJS.Worksheet, code: string) => {
    for (let r = 2; r <= ws.rowCount; r++) if (ws.getRow(r).getCell(2).value === code) return ws.getRow(r);
    throw new Error(`no row ${code}`);
  };
  const fill = (row: ExcelJS.Row, channel: string, subject: string, amount: string | number, product?: string) => {
    row.getCell(4).value = channel;
    row.getCell(6).value = subject;
    if (product) row.getCell(8).value = product;
    row.getCell(10).value = amount;
  };

  const task = async (token: string, recordId: string) => {
    const r = await a.post(P.taskAll, { tab: 'todo', limit: 50 }, token);
    return (r.json().data.rows as { recordId: string; taskId: string }[]).find((x) => x.recordId === recordId)?.taskId;
  };
  /** lina (department leader) then sunli (finance) approve the record */
  const approveAll = async (recordId: string) => {
    for (const token of [lina, sunli]) {
      const t = await task(token, recordId);
      expect(t, `task of ${recordId}`).toBeTruthy();
      const r = await a.post(P.approve, { taskId: t }, token);
      expect(r.statusCode, r.body).toBe(200);
    }
  };
  const status = async (id: string) => (await rows<{ s: string }>(a.ctx.db, sql`select shen_pi_zhuang_tai as s from records where id = ${id}`))[0].s;

  let proposalId = '';
  let newPoolId = '';

  it('downloads a template per kind with the dimension prefilled and a reference sheet, in the user’s language', async () => {
    const wb = await download('quYu');
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('预算模板');
    expect(ws.getRow(1).getCell(2).value).toBe('区域编码 *');
    // the sales regions are leaf departments: each has a row with the fiscal year
    const d11 = rowOf(ws, 'D11');
    expect(d11.getCell(1).value).toBe('FY2026');
    expect(d11.getCell(3).value).toBe('华东大区销售部');
    expect(wb.worksheets[1].name).toBe('编码参考');
    const ref = wb.worksheets[1];
    const refText = JSON.stringify(ref.getSheetValues());
    for (const code of ['FY2026', 'D11', 'KA', '660101', '6901234500011']) expect(refText).toContain(code);
    // the channel template prefills level-1 channels; the product template the products
    const ch = (await download('quDao')).worksheets[0];
    expect(ch.getColumn(4).values.filter(Boolean)).toEqual(expect.arrayContaining(['KA', 'TT', 'HR', 'EC']));
    expect(ch.getColumn(4).values).not.toContain('KA01');
    const pr = (await download('chanPin')).worksheets[0];
    expect(pr.getColumn(8).values).toContain('6901234500011');
    // the model names the columns in order
    const m = (await a.post(path(E.model), {}, zw)).json().data;
    expect(m.columns.map((c: { key: string }) => c.key).slice(0, 2)).toEqual(['caiWuNian', 'quYuBianMa']);
    expect(m.kinds).toHaveLength(4);
  });

  it('reports every bad row by row and column, with the workbook back with an error column; nothing is saved', async () => {
    const before = (await rows<{ n: number }>(a.ctx.db, sql`select count(*)::int as n from records where form_code = 'tiYuSuan'`))[0].n;
    const wb = await download('quYu');
    const ws = wb.worksheets[0];
    fill(rowOf(ws, 'D11'), 'KA', '660101', '1000.10');
    fill(rowOf(ws, 'D12'), 'XX', '660101', '12.345'); // unknown channel, three decimals
    fill(rowOf(ws, 'D13'), 'KA', '660101', -5); // negative (a number cell)
    const d14 = rowOf(ws, 'D14');
    fill(d14, 'KA', '660101', '20.00');
    d14.getCell(1).value = 'FY2025'; // another fiscal year
    // a second row with D11's dimensions
    ws.addRow(['FY2026', 'D11', '', 'KA', '', '660101', '', '', '', '5.00']);
    const dup = ws.rowCount;
    const r = await importIt(wb);
    expect(r.ok).toBe(false);
    const d12 = rowOf(ws, 'D12').number;
    const d13 = rowOf(ws, 'D13').number;
    expect(r.errors.map((e) => [e.row, e.column])).toEqual([
      [d12, 'quDaoBianMa'],
      [d12, 'jinE'],
      [d13, 'jinE'],
      [d14.number, 'caiWuNian'],
      [dup, null],
    ]);
    expect(r.errors[0].message).toBe('渠道编码“XX”不存在');
    expect(r.errors[1].message).toBe('金额“12.345”不是最多两位小数的数字');
    expect(r.errors[2].message).toBe('金额“-5”不能为负数');
    expect(r.errors[3].message).toBe('财年“FY2025”与导入的财年“FY2026”不一致');
    expect(r.errors[4].message).toBe(`与第 ${rowOf(ws, 'D11').number} 行的区域、渠道、科目、单品重复`);
    // the error report: the rows as uploaded, an error column on the bad ones
    const report = new ExcelJS.Workbook();
    await report.xlsx.load(Buffer.from(r.errorReport!, 'base64') as unknown as ArrayBuffer);
    const rs = report.worksheets[0];
    expect(rs.getRow(1).getCell(12).value).toBe('错误信息');
    expect(String(rs.getRow(d12).getCell(12).value)).toContain('渠道编码：渠道编码“XX”不存在');
    expect(rs.getRow(rowOf(ws, 'D11').number).getCell(12).value ?? '').toBe('');
    expect(rs.getRow(d12).getCell(2).value).toBe('D12');
    // in the user's language: zhangwei switches to en-US
    expect((await a.post('/emp/api/v2/login/duoYuYan', { update: 1, duoYuYanType: 3 }, zw)).json().code).toBe(0);
    const en = await importIt(wb);
    expect(en.errors[0].message).toBe('Channel code "XX" does not exist');
    expect((await a.post('/emp/api/v2/login/duoYuYan', { update: 1, duoYuYanType: 1 }, zw)).json().code).toBe(0);
    // not a workbook; a product template with no product; an empty one
    const junk = await a.post(path(E.import), { kind: 'quYu', caiWuNian: fy.id, fileName: 'x.xlsx', content: Buffer.from('not excel').toString('base64') }, zw);
    expect(junk.json().data.errors[0]).toMatchObject({ row: 0, message: '无法读取文件，请上传由模板填写的 .xlsx 文件' });
    const prod = await download('chanPin');
    const pw = prod.worksheets[0];
    pw.getRow(2).getCell(8).value = null;
    fill(pw.getRow(2), 'KA', '660101', '1.00');
    pw.getRow(2).getCell(2).value = 'D11';
    expect((await importIt(prod, 'chanPin')).errors.map((e) => e.column)).toEqual(['danPinBianMa']);
    expect((await importIt(await download('quYu'))).errors[0].message).toBe('模板中没有填写金额的行');
    const after = (await rows<{ n: number }>(a.ctx.db, sql`select count(*)::int as n from records where form_code = 'tiYuSuan'`))[0].n;
    expect(after).toBe(before);
  });

  it('imports a valid template as a draft proposal with its lines', async () => {
    const wb = await download('quYu');
    const ws = wb.worksheets[0];
    fill(rowOf(ws, 'D11'), 'KA', '660101', '1000.10'); // the seeded pool YSC2026-HD-KA-CL
    fill(rowOf(ws, 'D12'), 'EC', '660104', 2000.2); // no such pool yet (a number cell)
    const r = await importIt(wb);
    expect(r).toMatchObject({ ok: true, errors: [], total: '3000.30', lineCount: 2 });
    proposalId = r.id!;
    expect(r.number).toMatch(/^TYS\d{8}\d{4}$/);
    const rec = (await a.post(path(E.findDataById), { id: proposalId }, zw)).json().data;
    expect(rec.shenPiZhuangTai).toBe('0');
    expect(rec.data.heJi).toBe('3000.30');
    expect(rec.data.caiWuNian).toEqual({ id: fy.id, name: fy.name });
    expect(rec.data.mingXi.map((l: { buMen: { name: string }; jinE: string }) => [l.buMen.name, l.jinE])).toEqual([
      ['华东大区销售部', '1000.10'],
      ['华南大区销售部', '2000.20'],
    ]);
    const list = (await a.post(path(E.list), { caiWuNian: fy.id }, zw)).json().data;
    expect(list.rows.find((x: { id: string }) => x.id === proposalId)).toMatchObject({ heJi: '3000.30', lineCount: 2, loaded: false, muBanLeiXing: 'quYu' });
    // another employee does not see it
    expect((await a.post(path(E.findDataById), { id: proposalId }, await a.login('xuqiang'))).statusCode).toBe(403);
  });

  it('approval loads the pools exactly once: the existing pool raised, the missing one created', async () => {
    const seeded = await pool('YSC2026-HD-KA-CL');
    const before = await totals(seeded.id);
    const rec = (await a.post(path(E.findDataById), { id: proposalId }, zw)).json().data;
    // a line repeated by hand is refused at submit
    const twice = { ...rec.data, mingXi: [...rec.data.mingXi, { ...rec.data.mingXi[0], _id: 'dup' }] };
    const dup = await a.post(path(E.save), { id: proposalId, version: rec.version, data: twice, submit: true }, zw);
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors[0]).toMatchObject({ field: 'mingXi.2.buMen', message: '与第 1 行的区域、渠道、科目、单品重复' });
    const sub = await a.post(path(E.save), { id: proposalId, version: rec.version, data: rec.data, submit: true }, zw);
    expect(sub.statusCode, sub.body).toBe(200);
    // in approval: nothing loaded yet
    expect(await proposalLoaded(a.ctx.db, proposalId)).toBe(false);
    await approveAll(proposalId);
    expect(await status(proposalId)).toBe('2');
    const after = await totals(seeded.id);
    expect(after.amount).toBe((Number(before.amount) + 1000.1).toFixed(2));
    expect(after.available).toBe((Number(before.available) + 1000.1).toFixed(2));
    const made = await pool('YSC-FY2026-D12-EC-660104');
    expect(made).toBeTruthy();
    newPoolId = made.id;
    expect(made.name).toBe('2026财年华南大区销售部电商渠道海报DM费');
    expect(await totals(newPoolId)).toMatchObject({ amount: '2000.20', available: '2000.20', controlMode: 'hard' });
    // the detail names each line's pool
    const d = (await a.post(path(E.detail), { id: proposalId }, zw)).json().data;
    expect(d.loaded).toBe(true);
    expect(d.lines.map((l: { pool: { code: string; loaded: string } }) => [l.pool.code, l.pool.loaded])).toEqual([
      ['YSC2026-HD-KA-CL', '1000.10'],
      ['YSC-FY2026-D12-EC-660104', '2000.20'],
    ]);
    // loading again (a replayed hook) writes nothing
    const rowRec = (await rows<{ id: string; number: string; data: unknown }>(a.ctx.db, sql`select id, number, data from records where id = ${proposalId}`))[0];
    expect(await a.ctx.db.transaction((tx) => loadProposal(tx, rowRec, 'test'))).toBe(0);
    expect((await totals(seeded.id)).amount).toBe(after.amount);
    const loads = await rows<{ n: number }>(a.ctx.db, sql`select count(*)::int as n from budget_ledger where record_id = ${proposalId}`);
    expect(loads[0].n).toBe(2);
    // an approved proposal cannot be submitted again
    const again = (await a.post(path(E.findDataById), { id: proposalId }, zw)).json().data;
    expect((await a.post(path(E.save), { id: proposalId, version: again.version, data: again.data, submit: true }, zw)).statusCode).toBe(409);
    for (const id of [seeded.id, newPoolId]) {
      const s = await ledgerSums(a.ctx.db, id);
      const p = await totals(id);
      expect([s.amount, s.available]).toEqual([p.amount, p.available]);
    }
  });

  it('two loads of one proposal at once write its lines once (the record row serialises them)', async () => {
    const wb = await download('quYu');
    const ws = wb.worksheets[0];
    // pools no other test reads
    fill(rowOf(ws, 'D13'), 'TT', '660102', '10.01');
    fill(rowOf(ws, 'D14'), 'HR', '660103', '20.02');
    const r = await importIt(wb);
    expect(r.ok).toBe(true);
    const rec = (await rows<{ id: string; number: string; data: unknown }>(a.ctx.db, sql`select id, number, data from records where id = ${r.id!}`))[0];
    const done = await Promise.all([0, 1].map(() => a.ctx.db.transaction((tx) => loadProposal(tx, rec, 'test'))));
    expect(done.sort()).toEqual([0, 2]);
    const n = await rows<{ n: number; s: string }>(
      a.ctx.db,
      sql`select count(*)::int as n, sum(d_amount)::text as s from budget_ledger where record_id = ${rec.id}`,
    );
    expect(n[0]).toEqual({ n: 2, s: '30.03' });
  });

  describe('budget changes, transfers and allocations', () => {
    const change = async (data: Record<string, unknown>) =>
      a.post(R.save, { formCode: 'yuSuanBianGeng', data: { bianGengYuanYin: '季度调整', ...data }, submit: true }, zw);
    const ref = async (id: string) => ({ id, name: (await totals(id)).name });

    it('transfers between pools on approval (out and in, the ledger as its log)', async () => {
      const target = await pool('YSC2026-HD-KA-CL');
      const t0 = await totals(target.id);
      const r = await change({
        bianGengLeiXing: 'transfer',
        yuanYuSuanChi: await ref(newPoolId),
        muBiaoYuSuanChi: await ref(target.id),
        bianGengJinE: '500.00',
      });
      expect(r.statusCode, r.body).toBe(200);
      const id = r.json().data.id;
      expect((await totals(newPoolId)).amount).toBe('2000.20'); // nothing moves before approval
      await approveAll(id);
      expect((await totals(newPoolId)).amount).toBe('1500.20');
      expect((await totals(target.id)).amount).toBe((Number(t0.amount) + 500).toFixed(2));
      const log = await rows<{ kind: string; d: string }>(
        a.ctx.db,
        sql`select kind, d_amount::text as d from budget_ledger where record_id = ${id} order by seq`,
      );
      expect(log).toEqual([
        { kind: 'transferOut', d: '-500.00' },
        { kind: 'transferIn', d: '500.00' },
      ]);
    });

    it('refuses a transfer the hard source pool cannot give, at submit', async () => {
      const target = await pool('YSC2026-HD-KA-CL');
      const r = await change({
        bianGengLeiXing: 'transfer',
        yuanYuSuanChi: await ref(newPoolId),
        muBiaoYuSuanChi: await ref(target.id),
        bianGengJinE: '1500.21',
      });
      expect(r.statusCode).toBe(422);
      expect(r.json().errors).toEqual([
        expect.objectContaining({ field: 'yuanYuSuanChi', message: '预算池“2026财年华南大区销售部电商渠道海报DM费”可用余额 1500.20，不足以调出 1500.21' }),
      ]);
      // a target pool of another fiscal year, the same pool, no target
      const [other] = await rows<{ id: string }>(a.ctx.db, sql`select id from budget_pools where fiscal_year_id = ${fy25.id} limit 1`);
      if (other) {
        const r2 = await change({
          bianGengLeiXing: 'transfer',
          yuanYuSuanChi: await ref(newPoolId),
          muBiaoYuSuanChi: await ref(other.id),
          bianGengJinE: '1.00',
        });
        expect(r2.json().errors[0]).toMatchObject({ field: 'muBiaoYuSuanChi', message: '两个预算池的财年不同' });
      }
      const r3 = await change({
        bianGengLeiXing: 'transfer',
        yuanYuSuanChi: await ref(newPoolId),
        muBiaoYuSuanChi: await ref(newPoolId),
        bianGengJinE: '1.00',
      });
      expect(r3.json().errors[0]).toMatchObject({ field: 'muBiaoYuSuanChi', message: '目标预算池不能与调出预算池相同' });
      // a disabled source pool gives nothing
      await a.ctx.db.execute(sql`update budget_pools set is_enabled = false where id = ${newPoolId}`);
      const r5 = await change({ bianGengLeiXing: 'change', yuanYuSuanChi: await ref(newPoolId), bianGengJinE: '-1.00' });
      expect(r5.json().errors[0]).toMatchObject({ field: 'yuanYuSuanChi', message: '预算池“2026财年华南大区销售部电商渠道海报DM费”已停用' });
      await a.ctx.db.execute(sql`update budget_pools set is_enabled = true where id = ${newPoolId}`);
      const r4 = await change({ bianGengLeiXing: 'allocate', yuanYuSuanChi: await ref(newPoolId), bianGengJinE: '1.00' });
      expect(r4.statusCode).toBe(422);
      expect(JSON.stringify(r4.json().errors)).toContain('muBiaoYuSuanChi');
    });

    it('refuses at approval when the source ran short meanwhile; the request stays in approval', async () => {
      const target = await pool('YSC2026-HD-KA-CL');
      const r = await change({
        bianGengLeiXing: 'transfer',
        yuanYuSuanChi: await ref(newPoolId),
        muBiaoYuSuanChi: await ref(target.id),
        bianGengJinE: '1000.00',
      });
      expect(r.statusCode, r.body).toBe(200);
      const id = r.json().data.id;
      // an application occupies 800.00 of the source meanwhile
      await a.ctx.db.transaction((tx) =>
        postMovement(tx, { poolId: newPoolId, kind: 'occupy', amount: '800.00', applicationId: '9000000000000000001', userId: 'test' }),
      );
      const t1 = await task(lina, id);
      expect((await a.post(P.approve, { taskId: t1 }, lina)).statusCode).toBe(200);
      const t2 = await task(sunli, id);
      const refused = await a.post(P.approve, { taskId: t2 }, sunli);
      expect(refused.statusCode).toBe(422);
      expect(refused.body).toContain('可用余额 700.20，不足以调出 1000.00');
      expect(await status(id)).toBe('1');
      expect((await totals(newPoolId)).amount).toBe('1500.20');
      await a.ctx.db.transaction((tx) =>
        postMovement(tx, { poolId: newPoolId, kind: 'release', amount: '800.00', applicationId: '9000000000000000001', userId: 'test' }),
      );
    });

    it('raises and lowers a pool, and allocates from a parent pool to a child (the child then belongs to it)', async () => {
      const lower = await change({ bianGengLeiXing: 'change', yuanYuSuanChi: await ref(newPoolId), bianGengJinE: '-100.00' });
      expect(lower.statusCode, lower.body).toBe(200);
      await approveAll(lower.json().data.id);
      expect((await totals(newPoolId)).amount).toBe('1400.20');
      const parent = await pool('YSC2026-HD-KA-CL');
      const p0 = await totals(parent.id);
      const alloc = await change({
        bianGengLeiXing: 'allocate',
        yuanYuSuanChi: await ref(parent.id),
        muBiaoYuSuanChi: await ref(newPoolId),
        bianGengJinE: '300.00',
      });
      expect(alloc.statusCode, alloc.body).toBe(200);
      await approveAll(alloc.json().data.id);
      expect((await totals(newPoolId)).amount).toBe('1700.20');
      expect((await totals(parent.id)).amount).toBe((Number(p0.amount) - 300).toFixed(2));
      const [child] = await rows<{ parentId: string }>(a.ctx.db, sql`select parent_id as "parentId" from budget_pools where id = ${newPoolId}`);
      expect(child.parentId).toBe(parent.id);
      // another parent may no longer allocate to it
      const other = await pool('YSC2026-HD-KA-CX');
      const bad = await change({
        bianGengLeiXing: 'allocate',
        yuanYuSuanChi: await ref(other.id),
        muBiaoYuSuanChi: await ref(newPoolId),
        bianGengJinE: '1.00',
      });
      expect(bad.json().errors[0].field).toBe('muBiaoYuSuanChi');
      for (const id of [parent.id, newPoolId]) {
        const s = await ledgerSums(a.ctx.db, id);
        expect(s.amount).toBe((await totals(id)).amount);
      }
    });
  });

  describe('accruals', () => {
    it('are reviewed without moving pool money; the pool must be of the fiscal year', async () => {
      const p = await pool('YSC2026-HD-KA-CL');
      const before = await ledgerSums(a.ctx.db, p.id);
      const data = {
        caiWuNian: { id: fy25.id, name: fy25.name },
        yuTiQiJian: '2026-06',
        yuSuanChi: { id: p.id, name: p.name },
        yuTiJinE: '8800.00',
        yuTiShuoMing: '6月端架陈列费预提',
      };
      const wrong = await a.post(R.save, { formCode: 'yuTi', data, submit: true }, zw);
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors[0]).toMatchObject({ field: 'yuSuanChi', message: '预算池“2026华东大区现代渠道陈列费”不属于所选财年' });
      const ok = await a.post(R.save, { formCode: 'yuTi', data: { ...data, caiWuNian: { id: fy.id, name: fy.name } }, submit: true }, zw);
      expect(ok.statusCode, ok.body).toBe(200);
      await approveAll(ok.json().data.id);
      expect(await status(ok.json().data.id)).toBe('2');
      expect((await ledgerSums(a.ctx.db, p.id)).rows).toBe(before.rows);
    });
  });
});
