// The expense lifecycle end to end through the real routes (docs/expense.md "The documents and
// what moves"): each row of the table — application submit/return/resubmit/withdraw/reject/void,
// settlement approve (consume the actual, release the rest), write-off hold/approve/give back with
// the supplementary invoice, payment hold/paid/void — checked on the pool totals, the ledger and
// expense_amounts; decimal-exact sums (0.10 + 0.20, a 500-line application). Real database
// (PGlite; PostgreSQL too when TEST_DATABASE_URL is set).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';
import { budgetPools, records, users } from '../../db/schema';
import { rows } from '../../db/client';
import { newId } from '../../lib/ids';
import { endpoints, pathOf } from '../../../schemas/api';
import { applyApprovalStep, recordDefinition } from '../records';
import { ledgerSums, poolTotals, postMovement } from './ledger';
import { amountsOf } from './rules';

const PREFIX = '/tpm';
const DERIVE = pathOf(endpoints.records.derive, PREFIX);
const R = { save: pathOf(endpoints.records.save, PREFIX), list: pathOf(endpoints.records.list, PREFIX) };
const P = {
  taskAll: pathOf(endpoints.process.taskAll, PREFIX),
  approve: pathOf(endpoints.process.approve, PREFIX),
  reject: pathOf(endpoints.process.reject, PREFIX),
  return: pathOf(endpoints.process.return, PREFIX),
  withdraw: pathOf(endpoints.process.withdraw, PREFIX),
};
const DELETE = pathOf(endpoints.records.delete, PREFIX);

type Data = Record<string, unknown>;

describe.each(BACKENDS)('expense lifecycle (%s)', (backend) => {
  let a: TestApp;
  const tok: Record<string, string> = {};
  const uid: Record<string, string> = {};
  let base: Data;
  let fy2026: { id: string; name: string };

  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres', env: process.env.DBG ? { LOG_LEVEL: 'error' } : {} });
    for (const u of ['zhangwei', 'lina', 'xuqiang', 'sunli', 'admin']) tok[u] = await a.login(u);
    for (const u of await a.ctx.db.select({ id: users.id, username: users.username }).from(users)) uid[u.username] = u.id;
    // a valid application's data: zhangwei's seeded draft (dealer, subject, brand and product of one line …)
    const list = await a.post(R.list, { formCode: 'feiYongShenQing', limit: 50 }, tok.zhangwei);
    const draft = (list.json().data.rows as { shenPiZhuangTai: string; data: Data }[]).find((x) => x.shenPiZhuangTai === '0')!;
    base = structuredClone(draft.data);
    fy2026 = base.caiWuNian as { id: string; name: string };
  }, 180_000);
  afterAll(async () => a?.stop());

  /** A pool of its own for a test (hard control unless told), loaded with `amount`. */
  const pool = async (amount: string, more: { controlMode?: 'hard' | 'soft' | 'none'; fiscalYearId?: string; tolerancePct?: string } = {}) => {
    const id = newId();
    const name = `测试池-${id.slice(-6)}`;
    await a.ctx.db.transaction(async (tx) => {
      await tx.insert(budgetPools).values({
        id,
        code: `T-${id}`,
        name,
        amount: '0',
        fiscalYearId: more.fiscalYearId ?? fy2026.id,
        controlMode: more.controlMode ?? 'hard',
        tolerancePct: more.tolerancePct ?? null,
      });
      await postMovement(tx, { poolId: id, kind: 'load', amount, userId: 'system', action: 'load' });
    });
    return { id, name };
  };
  const available = async (poolId: string) => (await poolTotals(a.ctx.db, poolId))!.available;
  /** Each pool's totals equal its ledger's sums. */
  const consistent = async (...poolIds: string[]) => {
    for (const id of poolIds) {
      const p = (await poolTotals(a.ctx.db, id))!;
      const l = await ledgerSums(a.ctx.db, id);
      expect({ amount: p.amount, occupied: p.occupied, consumed: p.consumed, available: p.available }).toEqual({
        amount: l.amount,
        occupied: l.occupied,
        consumed: l.consumed,
        available: l.available,
      });
    }
  };

  /** An application's data: lines of [amount, pool of the line?] against the header pool. */
  const appData = (header: { id: string; name: string }, lines: [string, { id: string; name: string }?][]): Data => {
    const d = structuredClone(base);
    const proto = (base.mingXi as Data[])[0];
    d.yuSuanChi = header;
    d.mingXi = lines.map(([amount, p]) => {
      const row: Data = { ...structuredClone(proto), shuLiang: 1, danJia: amount, jinE: amount };
      delete row._id;
      if (p) row.yuSuanChi = p;
      return row;
    });
    return d;
  };
  const save = async (token: string, formCode: string, data: Data, more: Data = {}) => a.post(R.save, { formCode, data, ...more }, token);
  const record = async (id: string) => (await a.ctx.db.select().from(records).where(eq(records.id, id)))[0];
  const taskOf = async (token: string, recordId: string) => {
    const r = await a.post(P.taskAll, { tab: 'todo', limit: 50 }, token);
    return (r.json().data.rows as { recordId: string; taskId: string | null }[]).find((x) => x.recordId === recordId)?.taskId ?? null;
  };
  /** Approves every task of the record, node after node, until it is approved. */
  const approveAll = async (id: string) => {
    for (let i = 0; i < 8 && (await record(id)).shenPiZhuangTai !== '2'; i++) {
      for (const u of ['lina', 'xuqiang', 'sunli', 'admin']) {
        const task = await taskOf(tok[u], id);
        if (task) {
          const r = await a.post(P.approve, { taskId: task, comment: '同意' }, tok[u]);
          expect(r.statusCode, r.body).toBe(200);
          break;
        }
      }
    }
    expect((await record(id)).shenPiZhuangTai).toBe('2');
  };
  const submitApp = async (data: Data) => {
    const r = await save(tok.zhangwei, 'feiYongShenQing', data, { submit: true });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data.id as string;
  };
  const ledgerOf = (applicationId: string) =>
    rows<{ kind: string; poolId: string; lineId: string | null; dOccupied: string; dConsumed: string; action: string }>(
      a.ctx.db,
      sql`select kind, pool_id as "poolId", line_id as "lineId", d_occupied::text as "dOccupied", d_consumed::text as "dConsumed", action
        from budget_ledger where application_id = ${applicationId} order by seq`,
    );
  const derive = async (token: string, formCode: string, fromId: string) => {
    const r = await a.post(DERIVE, { formCode, fromId }, token);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data.data as Data;
  };
  /** An approved application of `lines` settled with `actuals` (per line, in order) and approved. */
  const settled = async (p: { id: string; name: string }, lines: string[], actuals: string[]) => {
    const appId = await submitApp(
      appData(
        p,
        lines.map((x) => [x]),
      ),
    );
    await approveAll(appId);
    const d = await derive(tok.zhangwei, 'feiYongJieAn', appId);
    (d.mingXi as Data[]).forEach((r, i) => (r.shiJiJinE = actuals[i]));
    Object.assign(d, { jieAnRiQi: '2026-03-05', zhiXingQingKuang: '按方案执行' });
    const r = await save(tok.zhangwei, 'feiYongJieAn', d, { submit: true, derivedFrom: appId });
    expect(r.statusCode, r.body).toBe(200);
    const settlementId = r.json().data.id as string;
    await approveAll(settlementId);
    return { appId, settlementId };
  };
  const writeOff = async (settlementId: string, patch: Data, submit = true) => {
    const d = { ...(await derive(tok.zhangwei, 'feiYongHeXiao', settlementId)), ...patch };
    return save(tok.zhangwei, 'feiYongHeXiao', d, { submit, derivedFrom: settlementId });
  };
  const invoice = (amount: string, n = 1) => ({
    faPiaoHaoMa: `3100000000${String(n).padStart(10, '0')}`,
    kaiPiaoRiQi: '2026-03-06',
    faPiaoJinE: amount,
    shuiLv: '6',
  });

  it('application submit occupies each line in its pool (a line’s own pool, else the header’s), exactly; expense_amounts records it', async () => {
    const p1 = await pool('1000.00');
    const p2 = await pool('1000.00');
    const id = await submitApp(appData(p1, [['0.10'], ['0.20'], ['300.00', p2]]));
    expect(await available(p1.id)).toBe('999.70');
    expect(await available(p2.id)).toBe('700.00');
    expect((await poolTotals(a.ctx.db, p1.id))!.occupied).toBe('0.30');
    const l = await ledgerOf(id);
    expect(l.map((x) => [x.kind, x.poolId, x.dOccupied])).toEqual(
      [
        ['occupy', p1.id, '0.10'],
        ['occupy', p1.id, '0.20'],
        ['occupy', p2.id, '300.00'],
      ].sort((x, y) => (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0)),
    );
    // every line has its id, and the ledger names it
    const lines = (await record(id)).data as Data;
    const ids = (lines.mingXi as Data[]).map((r) => r._id);
    expect(ids.every((x) => typeof x === 'string' && x.length > 0)).toBe(true);
    expect(new Set(l.map((x) => x.lineId))).toEqual(new Set(ids));
    expect(await amountsOf(a.ctx.db, id)).toMatchObject({ applied: '300.30', occupied: '300.30', settled: '0.00', released: '0.00' });
    await consistent(p1.id, p2.id);
  });

  it('a hard pool refuses what it does not hold: 422 naming the pool and what is left, nothing written', async () => {
    const p = await pool('500.00');
    const r = await save(tok.zhangwei, 'feiYongShenQing', appData(p, [['300.00'], ['200.01']]), { submit: true });
    expect(r.statusCode).toBe(422);
    expect(r.json().msg).toBe(`预算池「${p.name}」可用余额不足：可用 200.00，本次需要 200.01`);
    expect(await available(p.id)).toBe('500.00');
    expect((await ledgerSums(a.ctx.db, p.id)).rows).toBe(1);
    // soft control: down to −amount × tolerance (the pool's own 10 %)
    const soft = await pool('500.00', { controlMode: 'soft', tolerancePct: '10' });
    expect((await save(tok.zhangwei, 'feiYongShenQing', appData(soft, [['550.00']]), { submit: true })).statusCode).toBe(200);
    expect(await available(soft.id)).toBe('-50.00');
    expect((await save(tok.zhangwei, 'feiYongShenQing', appData(soft, [['0.01']]), { submit: true })).statusCode).toBe(422);
    await consistent(p.id, soft.id);
  });

  it('return keeps the money held; resubmit releases and occupies anew; withdraw and reject release everything', async () => {
    const p = await pool('10000.00');
    const id = await submitApp(appData(p, [['1000.00'], ['500.00']]));
    expect(await available(p.id)).toBe('8500.00');
    const task = (await taskOf(tok.lina, id))!;
    expect((await a.post(P.return, { taskId: task, to: 'applicant', comment: '请调整金额' }, tok.lina)).statusCode).toBe(200);
    expect(await available(p.id)).toBe('8500.00');
    const rec = await record(id);
    const data = rec.data as Data;
    (data.mingXi as Data[])[0] = { ...(data.mingXi as Data[])[0], danJia: '800.00', jinE: '800.00' };
    const r = await save(tok.zhangwei, 'feiYongShenQing', data, { id, version: rec.version, submit: true });
    expect(r.statusCode, r.body).toBe(200);
    expect(await available(p.id)).toBe('8700.00');
    expect(await amountsOf(a.ctx.db, id)).toMatchObject({ applied: '1300.00', occupied: '1300.00', released: '1500.00' });
    // withdraw: everything back
    expect((await a.post(P.withdraw, { recordId: id }, tok.zhangwei)).statusCode).toBe(200);
    expect(await available(p.id)).toBe('10000.00');
    expect(await amountsOf(a.ctx.db, id)).toMatchObject({ occupied: '0.00', released: '2800.00' });
    // reject (ends void): everything back
    const id2 = await submitApp(appData(p, [['2500.00']]));
    expect(await available(p.id)).toBe('7500.00');
    const t2 = (await taskOf(tok.lina, id2))!;
    expect((await a.post(P.reject, { taskId: t2, comment: '预算不足' }, tok.lina)).statusCode).toBe(200);
    expect((await record(id2)).shenPiZhuangTai).toBe('5');
    expect(await available(p.id)).toBe('10000.00');
    // a document in approval is withdrawn before it is deleted (409 until then); withdrawn, then deleted: released
    const id3 = await submitApp(appData(p, [['100.00']]));
    const r3 = await record(id3);
    expect((await a.post(DELETE, { formCode: 'feiYongShenQing', id: id3, version: r3.version }, tok.zhangwei)).statusCode).toBe(409);
    expect(await available(p.id)).toBe('9900.00');
    expect((await a.post(P.withdraw, { recordId: id3 }, tok.zhangwei)).statusCode).toBe(200);
    const w3 = await record(id3);
    expect((await a.post(DELETE, { formCode: 'feiYongShenQing', id: id3, version: w3.version }, tok.zhangwei)).statusCode).toBe(200);
    expect(await available(p.id)).toBe('10000.00');
    await consistent(p.id);
  });

  it('a 500-line application occupies exactly its sum', async () => {
    const p = await pool('100000.00');
    const lines: [string][] = Array.from({ length: 500 }, (_, i) => [`${i % 7}.${String((i * 13 + 1) % 100).padStart(2, '0')}`]);
    const d = appData(p, lines);
    const id = await submitApp(d);
    const total = lines.reduce((s, [x]) => s + Math.round(Number(x) * 100), 0);
    const expected = `${Math.floor(total / 100)}.${String(total % 100).padStart(2, '0')}`;
    expect((await poolTotals(a.ctx.db, p.id))!.occupied).toBe(expected);
    expect(await amountsOf(a.ctx.db, id)).toMatchObject({ applied: expected, occupied: expected });
    expect((await ledgerOf(id)).length).toBe(500);
    await consistent(p.id);
  }, 120_000);

  it('settlement: only from an approved application; a line’s actual at most what it holds; approve consumes the actual and releases the rest', async () => {
    const p = await pool('50000.00');
    const appId = await submitApp(appData(p, [['8000.00'], ['4000.00']]));
    expect(await available(p.id)).toBe('38000.00');
    // in approval: refused with the message at the field
    const early = await a.post(DERIVE, { formCode: 'feiYongJieAn', fromId: appId }, tok.zhangwei);
    expect(early.statusCode).toBe(200);
    const d0 = early.json().data.data as Data;
    Object.assign(d0, { jieAnRiQi: '2026-03-05', zhiXingQingKuang: '执行' });
    const notYet = await save(tok.zhangwei, 'feiYongJieAn', d0, { derivedFrom: appId });
    expect(notYet.statusCode).toBe(422);
    expect(notYet.json().errors).toEqual([{ field: 'shenQingDanHao', code: 'sourceNotApproved', message: '申请单尚未审批通过，不能结案' }]);
    await approveAll(appId);
    expect(await available(p.id)).toBe('38000.00');
    const d = await derive(tok.zhangwei, 'feiYongJieAn', appId);
    const app = (await record(appId)).data as Data;
    expect(d).toMatchObject({ laiYuanBiaoDan: 'feiYongShenQing', shenQingDanHao: (await record(appId)).number });
    expect((d.mingXi as Data[]).map((r) => [r.shenQingHangId, r.shenQingJinE, r.shiJiJinE])).toEqual(
      (app.mingXi as Data[]).map((r) => [r._id, r.jinE, r.jinE]),
    );
    Object.assign(d, { jieAnRiQi: '2026-03-05', zhiXingQingKuang: '按方案执行' });
    // a line above what it holds
    (d.mingXi as Data[])[1].shiJiJinE = '4000.01';
    const over = await save(tok.zhangwei, 'feiYongJieAn', d, { submit: true, derivedFrom: appId });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual([{ field: 'mingXi.1.shiJiJinE', code: 'exceedsOccupied', message: '实际金额 4000.01 超过申请占用金额 4000.00' }]);
    // 10,500.00 of 12,000.00
    (d.mingXi as Data[])[0].shiJiJinE = '7000.00';
    (d.mingXi as Data[])[1].shiJiJinE = '3500.00';
    const ok = await save(tok.zhangwei, 'feiYongJieAn', d, { submit: true, derivedFrom: appId });
    expect(ok.statusCode, ok.body).toBe(200);
    const sid = ok.json().data.id as string;
    expect(((await record(sid)).data as Data).shiJiJinE).toBe('10500.00');
    expect(await available(p.id)).toBe('38000.00');
    await approveAll(sid);
    expect(await available(p.id)).toBe('39500.00');
    expect(await poolTotals(a.ctx.db, p.id)).toMatchObject({ occupied: '0.00', consumed: '10500.00' });
    expect(await amountsOf(a.ctx.db, appId)).toMatchObject({ applied: '12000.00', occupied: '0.00', settled: '10500.00', released: '1500.00' });
    const l = (await ledgerOf(appId)).filter((x) => x.action === 'approve');
    expect(l.map((x) => [x.kind, x.dOccupied, x.dConsumed]).sort()).toEqual(
      [
        ['consume', '-7000.00', '7000.00'],
        ['release', '-1000.00', '0.00'],
        ['consume', '-3500.00', '3500.00'],
        ['release', '-500.00', '0.00'],
      ].sort(),
    );
    // a settled application may not be voided
    const def = (await recordDefinition(a.ctx, 'feiYongShenQing'))!;
    const me = { userId: uid.zhangwei, isAdmin: false } as never;
    await expect(
      a.ctx.db.transaction((tx) => applyApprovalStep(a.ctx, tx, me, { definition: def, recordId: appId, action: 'void', fields: {} }, 'zh-CN')),
    ).rejects.toMatchObject({
      status: 409,
      msgKey: 'expense.voidSettled',
    });
    await consistent(p.id);
  }, 120_000);

  it('a rejected settlement moves nothing and frees its application to be settled again', async () => {
    const p = await pool('5000.00');
    const appId = await submitApp(appData(p, [['1000.00']]));
    await approveAll(appId);
    const d = await derive(tok.zhangwei, 'feiYongJieAn', appId);
    Object.assign(d, { jieAnRiQi: '2026-03-05', zhiXingQingKuang: '执行' });
    const s1 = await save(tok.zhangwei, 'feiYongJieAn', d, { submit: true, derivedFrom: appId });
    expect(s1.statusCode, s1.body).toBe(200);
    // while it is alive, a second settlement is refused (one per application)
    expect((await a.post(DERIVE, { formCode: 'feiYongJieAn', fromId: appId }, tok.zhangwei)).statusCode).toBe(409);
    const task = (await taskOf(tok.lina, s1.json().data.id))!;
    expect((await a.post(P.reject, { taskId: task, comment: '金额有误' }, tok.lina)).statusCode).toBe(200);
    expect(await available(p.id)).toBe('4000.00');
    const s2 = await save(
      tok.zhangwei,
      'feiYongJieAn',
      await derive(tok.zhangwei, 'feiYongJieAn', appId).then((x) => ({ ...x, jieAnRiQi: '2026-03-06', zhiXingQingKuang: '重新结案' })),
      {
        submit: true,
        derivedFrom: appId,
      },
    );
    expect(s2.statusCode, s2.body).toBe(200);
    await approveAll(s2.json().data.id);
    expect(await poolTotals(a.ctx.db, p.id)).toMatchObject({ occupied: '0.00', consumed: '1000.00', available: '4000.00' });
    await consistent(p.id);
  }, 120_000);

  it('void of an approved, unsettled application releases what it holds', async () => {
    const p = await pool('5000.00');
    const appId = await submitApp(appData(p, [['1200.00']]));
    await approveAll(appId);
    expect(await available(p.id)).toBe('3800.00');
    const def = (await recordDefinition(a.ctx, 'feiYongShenQing'))!;
    await a.ctx.db.transaction((tx) =>
      applyApprovalStep(
        a.ctx,
        tx,
        { userId: uid.zhangwei, isAdmin: false } as never,
        { definition: def, recordId: appId, action: 'void', fields: {} },
        'zh-CN',
      ),
    );
    expect(await available(p.id)).toBe('5000.00');
    expect(await amountsOf(a.ctx.db, appId)).toMatchObject({ occupied: '0.00', released: '1200.00' });
    await consistent(p.id);
  }, 60_000);

  it('write-off: from an approved settlement only, at most what is left, invoices for 票扣; submit holds, withdraw gives back, approve writes off and asks for the missing invoices', async () => {
    const p = await pool('50000.00');
    const { appId, settlementId } = await settled(p, ['6000.00'], ['5000.00']);
    // too much
    const tooMuch = await writeOff(settlementId, { heXiaoJinE: '5000.01', heXiaoFangShi: 'xianJin' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors).toEqual([{ field: 'heXiaoJinE', code: 'exceedsRemaining', message: '本次核销金额 5000.01 超过可核销余额 5000.00' }]);
    // 票扣 without an invoice
    const noInvoice = await writeOff(settlementId, { heXiaoJinE: '3000.00', heXiaoFangShi: 'piaoKou' });
    expect(noInvoice.statusCode).toBe(422);
    expect(noInvoice.json().errors).toEqual([{ field: 'faPiao', code: 'invoiceRequired', message: '票扣核销至少需要填写一张发票' }]);
    // hold 3,000.00; then a second write-off can take only the other 2,000.00
    const w1 = await writeOff(settlementId, { heXiaoJinE: '3000.00', heXiaoFangShi: 'piaoKou', faPiao: [invoice('1000.00', 1), invoice('1500.00', 2)] });
    expect(w1.statusCode, w1.body).toBe(200);
    const w1Id = w1.json().data.id as string;
    expect(((await record(w1Id)).data as Data).faPiaoHeJi).toBe('2500.00');
    expect(((await record(w1Id)).data as Data).buFaPiaoJinE).toBe('500.00');
    expect(await amountsOf(a.ctx.db, appId)).toMatchObject({ settled: '5000.00', writingOff: '3000.00', writtenOff: '0.00' });
    const w2 = await writeOff(settlementId, { heXiaoJinE: '2000.01', heXiaoFangShi: 'xianJin' });
    expect(w2.statusCode).toBe(422);
    expect(w2.json().errors[0].message).toBe('本次核销金额 2000.01 超过可核销余额 2000.00');
    // withdraw gives the hold back; submitting again holds it again
    expect((await a.post(P.withdraw, { recordId: w1Id }, tok.zhangwei)).statusCode).toBe(200);
    expect(await amountsOf(a.ctx.db, appId)).toMatchObject({ writingOff: '0.00' });
    const rec = await record(w1Id);
    const again = await save(tok.zhangwei, 'feiYongHeXiao', rec.data as Data, { id: w1Id, version: rec.version, submit: true });
    expect(again.statusCode, again.body).toBe(200);
    expect(await amountsOf(a.ctx.db, appId)).toMatchObject({ writingOff: '3000.00' });
    await approveAll(w1Id);
    expect(await amountsOf(a.ctx.db, appId)).toMatchObject({ writingOff: '0.00', writtenOff: '3000.00' });
    // the invoices covered 2,500.00 of 3,000.00: a supplementary-invoice draft of 500.00 for zhangwei, linked
    const [sup] = await rows<{ id: string; rowCreateId: string; status: string; data: Data }>(
      a.ctx.db,
      sql`select r.id, r.row_create_id as "rowCreateId", r.shen_pi_zhuang_tai as status, r.data from records r
        join record_links l on l.to_id = r.id and l.kind = 'derives' and l.from_id = ${w1Id} where r.form_code = 'buFaPiaoShenQing'`,
    );
    expect(sup).toMatchObject({ rowCreateId: uid.zhangwei, status: '0', data: { heXiaoDanHao: (await record(w1Id)).number, queFaPiaoJinE: '500.00' } });
    // a rejected write-off gives its hold back
    const w3 = await writeOff(settlementId, { heXiaoJinE: '2000.00', heXiaoFangShi: 'xianJin' });
    expect(w3.statusCode, w3.body).toBe(200);
    const w3Id = w3.json().data.id as string;
    expect(await amountsOf(a.ctx.db, appId)).toMatchObject({ writingOff: '2000.00', writtenOff: '3000.00' });
    expect((await a.post(P.reject, { taskId: (await taskOf(tok.lina, w3Id))!, comment: '票据不全' }, tok.lina)).statusCode).toBe(200);
    expect(await amountsOf(a.ctx.db, appId)).toMatchObject({ writingOff: '0.00', writtenOff: '3000.00' });
  }, 180_000);

  it('write-off from a settlement still in approval is refused', async () => {
    const p = await pool('5000.00');
    const appId = await submitApp(appData(p, [['1000.00']]));
    await approveAll(appId);
    const d = await derive(tok.zhangwei, 'feiYongJieAn', appId);
    Object.assign(d, { jieAnRiQi: '2026-03-05', zhiXingQingKuang: '执行' });
    const s = await save(tok.zhangwei, 'feiYongJieAn', d, { submit: true, derivedFrom: appId });
    expect(s.statusCode, s.body).toBe(200);
    const r = await writeOff(s.json().data.id, { heXiaoJinE: '100.00', heXiaoFangShi: 'xianJin' });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors).toEqual([{ field: 'jieAnDanHao', code: 'sourceNotApproved', message: '结案单尚未审批通过，不能核销' }]);
  }, 120_000);

  it('payment: finance only; at most what is written off and unpaid; approved at once (paid); void gives paid back', async () => {
    const p = await pool('50000.00');
    const { appId, settlementId } = await settled(p, ['4000.00'], ['4000.00']);
    const w = await writeOff(settlementId, { heXiaoJinE: '4000.00', heXiaoFangShi: 'xianJin' });
    expect(w.statusCode, w.body).toBe(200);
    const wId = w.json().data.id as string;
    await approveAll(wId);
    // the applicant may not pay
    const d = await derive(tok.sunli, 'feiYongZhiFu', wId);
    expect(d).toMatchObject({ heXiaoDanHao: (await record(wId)).number, zhiFuJinE: '4000.00', heXiaoJinE: '4000.00', laiYuanBiaoDan: 'feiYongShenQing' });
    const pay = { ...d, zhiFuFangShi: (base as Data).zhiFuFangShi, zhiFuRiQi: '2026-03-20' };
    const byApplicant = await save(tok.zhangwei, 'feiYongZhiFu', { ...pay, zhiFuJinE: '1000.00' }, { submit: true, derivedFrom: wId });
    expect(byApplicant.statusCode).toBe(403);
    expect(byApplicant.json().msg).toBe('只有财务人员可以办理费用支付');
    const tooMuch = await save(tok.sunli, 'feiYongZhiFu', { ...pay, zhiFuJinE: '4000.01' }, { submit: true, derivedFrom: wId });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors).toEqual([{ field: 'zhiFuJinE', code: 'exceedsRemaining', message: '本次支付金额 4000.01 超过可支付余额 4000.00' }]);
    const p1 = await save(tok.sunli, 'feiYongZhiFu', { ...pay, zhiFuJinE: '1500.00' }, { submit: true, derivedFrom: wId });
    expect(p1.statusCode, p1.body).toBe(200);
    const p1Id = p1.json().data.id as string;
    expect((await record(p1Id)).shenPiZhuangTai).toBe('2');
    expect(await amountsOf(a.ctx.db, appId)).toMatchObject({ writtenOff: '4000.00', paying: '0.00', paid: '1500.00' });
    const p2 = await save(tok.sunli, 'feiYongZhiFu', { ...pay, zhiFuJinE: '2500.01' }, { submit: true, derivedFrom: wId });
    expect(p2.statusCode).toBe(422);
    const p3 = await save(tok.sunli, 'feiYongZhiFu', { ...pay, zhiFuJinE: '2500.00' }, { submit: true, derivedFrom: wId });
    expect(p3.statusCode, p3.body).toBe(200);
    expect(await amountsOf(a.ctx.db, appId)).toMatchObject({ paid: '4000.00' });
    // void of an approved payment: paid back down
    const def = (await recordDefinition(a.ctx, 'feiYongZhiFu'))!;
    await a.ctx.db.transaction((tx) =>
      applyApprovalStep(a.ctx, tx, { userId: uid.sunli, isAdmin: false } as never, { definition: def, recordId: p1Id, action: 'void', fields: {} }, 'zh-CN'),
    );
    expect(await amountsOf(a.ctx.db, appId)).toMatchObject({ paid: '2500.00' });
    // the write-off has a live payment: it may not be voided
    const wDef = (await recordDefinition(a.ctx, 'feiYongHeXiao'))!;
    await expect(
      a.ctx.db.transaction((tx) =>
        applyApprovalStep(
          a.ctx,
          tx,
          { userId: uid.zhangwei, isAdmin: false } as never,
          { definition: wDef, recordId: wId, action: 'void', fields: {} },
          'zh-CN',
        ),
      ),
    ).rejects.toMatchObject({ status: 409, msgKey: 'expense.writeOffPaid' });
    await consistent(p.id);
  }, 180_000);

  it('rules: the fiscal year is the pool’s; a line’s product belongs to its brand (messages at the field, en-US too)', async () => {
    const [fy2025] = await rows<{ id: string; name: string }>(
      a.ctx.db,
      sql`select id, name from master_data where kind = 'fiscalYear' and id <> ${fy2026.id} order by code limit 1`,
    );
    const other = await pool('1000.00', { fiscalYearId: fy2025.id });
    const r = await save(tok.zhangwei, 'feiYongShenQing', appData(other, [['10.00']]), { submit: true });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors).toEqual([
      { field: 'caiWuNian', code: 'fiscalYearMismatch', message: `单据财年「${fy2026.name}」与预算池「${other.name}」的财年「${fy2025.name}」不一致` },
    ]);
    // a line's own pool of another year: the message sits on the line's pool
    const ok = await pool('1000.00');
    const r2 = await save(tok.zhangwei, 'feiYongShenQing', appData(ok, [['10.00'], ['10.00', other]]), { submit: true });
    expect(r2.json().errors.map((e: { field: string }) => e.field)).toEqual(['mingXi.1.yuSuanChi']);
    // product of another brand
    const [foreign] = await rows<{ id: string; name: string }>(
      a.ctx.db,
      sql`select p.id, p.name from master_data p join master_data s on s.id = p.parent_id join master_data b on b.id = s.parent_id
        where p.kind = 'product' and b.code = 'B02' limit 1`,
    );
    const d = appData(ok, [['10.00']]);
    const line = (d.mingXi as Data[])[0];
    line.danPin = foreign;
    const r3 = await save(tok.zhangwei, 'feiYongShenQing', d, { submit: true });
    expect(r3.statusCode).toBe(422);
    expect(r3.json().errors).toEqual([
      { field: 'mingXi.0.danPin', code: 'productNotOfBrand', message: `单品「${foreign.name}」不属于品牌「${(line.pinPai as { name: string }).name}」` },
    ]);
    // in the session's language (duoYuYanType 3 → en-US)
    expect((await a.post('/emp/api/v2/login/duoYuYan', { update: 1, duoYuYanType: 3 }, tok.zhangwei)).json().code).toBe(0);
    const en = await a.post(R.save, { formCode: 'feiYongShenQing', data: d, submit: true }, tok.zhangwei);
    await a.post('/emp/api/v2/login/duoYuYan', { update: 1, duoYuYanType: 1 }, tok.zhangwei);
    expect(en.json().errors[0].message).toBe(`Product "${foreign.name}" is not of brand "${(line.pinPai as { name: string }).name}"`);
    expect(await available(ok.id)).toBe('1000.00');
  }, 60_000);
});
