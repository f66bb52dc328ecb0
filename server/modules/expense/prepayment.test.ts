// Prepayment (yuFuKuan) and repayment (huanKuan) through the real routes (prepayment.ts):
// finance only; a prepayment only from an approved application and at most applied − prepaid −
// prepaying (field-level 422 in Chinese), approved at once; two concurrent prepayments never
// exceed; a repayment at most what is left of its prepayment and of the prepaid money the
// write-offs did not absorb; void needs a reason, gives the money back and keeps the reason on
// the record (the void log lists it); expense_amounts agrees with the live documents. Real
// database (PGlite; PostgreSQL too when TEST_DATABASE_URL is set).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';
import { budgetPools, records } from '../../db/schema';
import { rows } from '../../db/client';
import { newId } from '../../lib/ids';
import { endpoints, pathOf } from '../../../schemas/api';
import { applyApprovalStep, recordDefinition } from '../records';
import { postMovement } from './ledger';

const PREFIX = '/tpm';
const DERIVE = pathOf(endpoints.records.derive, PREFIX);
const R = { save: pathOf(endpoints.records.save, PREFIX), list: pathOf(endpoints.records.list, PREFIX), void: pathOf(endpoints.records.void, PREFIX) };
const P = { taskAll: pathOf(endpoints.process.taskAll, PREFIX), approve: pathOf(endpoints.process.approve, PREFIX) };
const VOID = '/emp/api/v2/feiYong/yuFu/zuoFei';

type Data = Record<string, unknown>;

describe.each(BACKENDS)('prepayment and repayment (%s)', (backend) => {
  let a: TestApp;
  const tok: Record<string, string> = {};
  let base: Data;
  let fy2026: { id: string; name: string };

  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    for (const u of ['zhangwei', 'lina', 'xuqiang', 'sunli', 'admin']) tok[u] = await a.login(u);
    const list = await a.post(R.list, { formCode: 'feiYongShenQing', limit: 50 }, tok.zhangwei);
    const draft = (list.json().data.rows as { shenPiZhuangTai: string; data: Data }[]).find((x) => x.shenPiZhuangTai === '0')!;
    base = structuredClone(draft.data);
    fy2026 = base.caiWuNian as { id: string; name: string };
  }, 180_000);
  afterAll(async () => a?.stop());

  const pool = async (amount: string) => {
    const id = newId();
    const name = `预付测试池-${id.slice(-6)}`;
    await a.ctx.db.transaction(async (tx) => {
      await tx.insert(budgetPools).values({ id, code: `T-${id}`, name, amount: '0', fiscalYearId: fy2026.id, controlMode: 'hard' });
      await postMovement(tx, { poolId: id, kind: 'load', amount, userId: 'system', action: 'load' });
    });
    return { id, name };
  };
  const appData = (header: { id: string; name: string }, amounts: string[]): Data => {
    const d = structuredClone(base);
    const proto = (base.mingXi as Data[])[0];
    d.yuSuanChi = header;
    d.mingXi = amounts.map((amount) => {
      const row: Data = { ...structuredClone(proto), shuLiang: 1, danJia: amount, jinE: amount };
      delete row._id;
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
  const derive = async (token: string, formCode: string, fromId: string) => {
    const r = await a.post(DERIVE, { formCode, fromId }, token);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data.data as Data;
  };
  const amounts = async (appId: string) =>
    (
      await rows<Data>(
        a.ctx.db,
        sql`select applied::text, prepaying::text, prepaid::text, repaying::text, repaid::text from expense_amounts where application_id = ${appId}`,
      )
    )[0];
  /** expense_amounts.prepaid / repaid = Σ of the approved documents' amounts; nothing held (no process). */
  const consistent = async (appId: string) => {
    const [s] = await rows<{ prepaid: string; repaid: string }>(
      a.ctx.db,
      sql`select coalesce(sum((p.data->>'yuFuJinE')::numeric) filter (where p.shen_pi_zhuang_tai = '2'), 0)::numeric(20,2)::text as prepaid,
          coalesce((select sum((h.data->>'huanKuanJinE')::numeric) from record_links l2 join records h on h.id = l2.to_id
            where l2.kind = 'derives' and h.form_code = 'huanKuan' and h.shen_pi_zhuang_tai = '2' and h.is_you_xiao = '1'
              and l2.from_id in (select l3.to_id from record_links l3 where l3.from_id = ${appId} and l3.kind = 'derives')), 0)::numeric(20,2)::text as repaid
        from record_links l join records p on p.id = l.to_id
        where l.from_id = ${appId} and l.kind = 'derives' and p.form_code = 'yuFuKuan' and p.is_you_xiao = '1'`,
    );
    expect(await amounts(appId)).toMatchObject({ prepaying: '0.00', repaying: '0.00', prepaid: s.prepaid, repaid: s.repaid });
  };
  const prepay = async (appId: string, amount: string, token = tok.sunli) => {
    const d = await derive(tok.sunli, 'yuFuKuan', appId);
    return save(token, 'yuFuKuan', { ...d, yuFuJinE: amount, zhiFuFangShi: base.zhiFuFangShi, zhiFuRiQi: '2026-02-01' }, { submit: true, derivedFrom: appId });
  };
  const repay = async (prepaymentId: string, amount: string) => {
    const d = await derive(tok.sunli, 'huanKuan', prepaymentId);
    return save(
      tok.sunli,
      'huanKuan',
      { ...d, huanKuanJinE: amount, huanKuanFangShi: base.zhiFuFangShi, huanKuanRiQi: '2026-05-01' },
      { submit: true, derivedFrom: prepaymentId },
    );
  };
  const voidWith = async (formCode: string, id: string, reason: string) =>
    a.post(VOID, { formCode, id, version: (await record(id)).version, reason }, tok.sunli);

  it('prepays within what is applied (finance only, approved at once), refuses more with a field message, never from an application in approval', async () => {
    const p = await pool('20000.00');
    const appId = await submitApp(appData(p, ['3000.00', '2000.00']));
    // an application in approval: no prepayment
    const early = await prepay(appId, '100.00');
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual([{ field: 'shenQingDanHao', code: 'sourceNotApproved', message: '只能对审批通过的费用申请预付' }]);
    await approveAll(appId);
    const d = await derive(tok.sunli, 'yuFuKuan', appId);
    expect(d).toMatchObject({ shenQingDanHao: (await record(appId)).number, shenQingJinE: '5000.00', laiYuanBiaoDan: 'feiYongShenQing' });
    const byApplicant = await prepay(appId, '100.00', tok.zhangwei);
    expect(byApplicant.statusCode).toBe(403);
    expect(byApplicant.json().msg).toBe('只有财务人员可以办理预付和还款');
    const tooMuch = await prepay(appId, '5000.01');
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors).toEqual([{ field: 'yuFuJinE', code: 'exceedsRemaining', message: '本次预付金额 5000.01 超过可预付余额 5000.00' }]);
    const first = await prepay(appId, '0.10');
    expect(first.statusCode, first.body).toBe(200);
    expect((await record(first.json().data.id)).shenPiZhuangTai).toBe('2');
    const second = await prepay(appId, '0.20');
    expect(second.statusCode, second.body).toBe(200);
    expect(await amounts(appId)).toMatchObject({ applied: '5000.00', prepaid: '0.30', prepaying: '0.00' });
    const rest = await prepay(appId, '4999.71');
    expect(rest.statusCode).toBe(422);
    expect(rest.json().errors[0].message).toBe('本次预付金额 4999.71 超过可预付余额 4999.70');
    expect((await prepay(appId, '4999.70')).statusCode).toBe(200);
    expect(await amounts(appId)).toMatchObject({ prepaid: '5000.00' });
    await consistent(appId);
    // the prepaid application may not be voided
    const def = (await recordDefinition(a.ctx, 'feiYongShenQing'))!;
    const owner = { userId: (await record(appId)).rowCreateId, isAdmin: false } as never;
    const firstNumber = (await record(first.json().data.id)).number;
    await expect(
      a.ctx.db.transaction((tx) => applyApprovalStep(a.ctx, tx, owner, { definition: def, recordId: appId, action: 'void', fields: {} }, 'zh-CN')),
    ).rejects.toMatchObject({ status: 409, msgKey: 'expense.prepayApplicationVoid', params: { number: firstNumber } });
    expect((await record(appId)).shenPiZhuangTai).toBe('2');
  }, 180_000);

  it('two concurrent prepayments never exceed what is left (one conditional update each)', async () => {
    const p = await pool('20000.00');
    const appId = await submitApp(appData(p, ['2000.00']));
    await approveAll(appId);
    expect((await prepay(appId, '500.00')).statusCode).toBe(200);
    const d = await derive(tok.sunli, 'yuFuKuan', appId);
    const data = { ...d, yuFuJinE: '1000.00', zhiFuFangShi: base.zhiFuFangShi, zhiFuRiQi: '2026-02-01' };
    const both = await Promise.all([0, 1].map(() => save(tok.sunli, 'yuFuKuan', data, { submit: true, derivedFrom: appId })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(await amounts(appId)).toMatchObject({ prepaid: '1500.00', prepaying: '0.00' });
    await consistent(appId);
  }, 180_000);

  it('repays at most what is repayable; void needs a reason, gives the money back and keeps the reason (the void log lists it)', async () => {
    const p = await pool('20000.00');
    const appId = await submitApp(appData(p, ['6000.00']));
    await approveAll(appId);
    const pre = await prepay(appId, '3000.00');
    expect(pre.statusCode, pre.body).toBe(200);
    const preId = pre.json().data.id as string;
    expect((await prepay(appId, '1000.00')).statusCode).toBe(200);
    // a repayment of the first prepayment: at most its 3000.00
    const d = await derive(tok.sunli, 'huanKuan', preId);
    expect(d).toMatchObject({ yuFuDanHao: (await record(preId)).number, yuFuJinE: '3000.00', shenQingDanHao: (await record(appId)).number });
    const tooMuch = await repay(preId, '3000.01');
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors).toEqual([{ field: 'huanKuanJinE', code: 'exceedsRemaining', message: '本次还款金额 3000.01 超过可还款余额 3000.00' }]);
    const r1 = await repay(preId, '1000.00');
    expect(r1.statusCode, r1.body).toBe(200);
    const r1Id = r1.json().data.id as string;
    expect((await record(r1Id)).shenPiZhuangTai).toBe('2');
    expect((await repay(preId, '2000.01')).statusCode).toBe(422);
    expect(await amounts(appId)).toMatchObject({ prepaid: '4000.00', repaid: '1000.00' });
    await consistent(appId);

    // the plain void (no reason) is refused for these forms; an empty reason too
    const plain = await a.post(R.void, { formCode: 'yuFuKuan', id: preId, version: (await record(preId)).version }, tok.sunli);
    expect(plain.statusCode).toBe(422);
    expect(plain.json().errors).toEqual([{ field: 'zuoFeiYuanYin', code: 'required', message: '请填写作废原因' }]);
    expect((await voidWith('yuFuKuan', preId, '  ')).statusCode).toBe(422);
    // a prepayment with a live repayment may not be voided
    const blocked = await voidWith('yuFuKuan', preId, '重复预付');
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().msg).toBe(`预付单已有还款（${(await record(r1Id)).number}），不能作废`);
    expect((await record(preId)).shenPiZhuangTai).toBe('2');
    // the repayment voided: repaid back; then the prepayment: prepaid back; each keeps its reason
    const v1 = await voidWith('huanKuan', r1Id, '银行退票');
    expect(v1.statusCode, v1.body).toBe(200);
    expect(await amounts(appId)).toMatchObject({ repaid: '0.00' });
    const v2 = await voidWith('yuFuKuan', preId, '重复预付');
    expect(v2.statusCode, v2.body).toBe(200);
    const voided = await record(preId);
    expect(voided.shenPiZhuangTai).toBe('5');
    expect(voided.data).toMatchObject({ zuoFeiYuanYin: '重复预付', yuFuJinE: '3000.00' });
    expect((await record(r1Id)).data).toMatchObject({ zuoFeiYuanYin: '银行退票' });
    expect(await amounts(appId)).toMatchObject({ prepaid: '1000.00', repaid: '0.00' });
    await consistent(appId);
    // the void log: voided prepayments (status 5), with their reason
    const log = await a.post(R.list, { formCode: 'yuFuKuan', limit: 50, filters: [{ key: 'shenPiZhuangTai', op: 'in', value: ['5'] }] }, tok.sunli);
    expect(log.statusCode, log.body).toBe(200);
    const logRows = log.json().data.rows as { id: string; shenPiZhuangTai: string; data: Data }[];
    expect(logRows.every((x) => x.shenPiZhuangTai === '5')).toBe(true);
    expect(logRows.find((x) => x.id === preId)?.data).toMatchObject({ zuoFeiYuanYin: '重复预付' });
    // a voided prepayment is no source of a repayment
    const fromVoided = await save(
      tok.sunli,
      'huanKuan',
      { ...d, huanKuanJinE: '1.00', huanKuanFangShi: base.zhiFuFangShi, huanKuanRiQi: '2026-05-01' },
      { submit: true, derivedFrom: preId },
    );
    expect(fromVoided.statusCode).toBe(422);
    // the database itself refuses repaid beyond prepaid
    await expect(a.ctx.db.execute(sql`update expense_amounts set repaid = prepaid + 1 where application_id = ${appId}`)).rejects.toThrow();
  }, 180_000);

  it('a repayment returns only what the write-offs did not absorb: prepaid − written off', async () => {
    const p = await pool('20000.00');
    const appId = await submitApp(appData(p, ['4000.00']));
    await approveAll(appId);
    const pre = await prepay(appId, '4000.00');
    expect(pre.statusCode, pre.body).toBe(200);
    const preId = pre.json().data.id as string;
    // settled in full, 2500.00 of it written off
    const ja = await derive(tok.zhangwei, 'feiYongJieAn', appId);
    Object.assign(ja, { jieAnRiQi: '2026-03-05', zhiXingQingKuang: '按方案执行' });
    const s1 = await save(tok.zhangwei, 'feiYongJieAn', ja, { submit: true, derivedFrom: appId });
    expect(s1.statusCode, s1.body).toBe(200);
    const settlementId = s1.json().data.id as string;
    await approveAll(settlementId);
    const hx = { ...(await derive(tok.zhangwei, 'feiYongHeXiao', settlementId)), heXiaoJinE: '2500.00', heXiaoFangShi: 'xianJin' };
    const w = await save(tok.zhangwei, 'feiYongHeXiao', hx, { submit: true, derivedFrom: settlementId });
    expect(w.statusCode, w.body).toBe(200);
    await approveAll(w.json().data.id as string);
    const tooMuch = await repay(preId, '1500.01');
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors).toEqual([{ field: 'huanKuanJinE', code: 'exceedsRemaining', message: '本次还款金额 1500.01 超过可还款余额 1500.00' }]);
    expect((await repay(preId, '1500.00')).statusCode).toBe(200);
    expect(await amounts(appId)).toMatchObject({ prepaid: '4000.00', repaid: '1500.00', repaying: '0.00' });
    await consistent(appId);
  }, 180_000);
});
