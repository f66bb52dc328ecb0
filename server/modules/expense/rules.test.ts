// The TPM settings the lifecycle reads (settings.ts: the newest valid record of each singleton
// form, else the documented default) and the rules they switch, through the real routes; and
// the other two application forms (market expense 99800: one amount; special project 99700: its
// own detail lines) occupying, settling and carrying laiYuanBiaoDan down the chain. Real
// database (PGlite; PostgreSQL too when TEST_DATABASE_URL is set).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';
import { budgetPools, departments, records, users } from '../../db/schema';
import { rows } from '../../db/client';
import { newId } from '../../lib/ids';
import { nowText } from '../../lib/time';
import { endpoints, pathOf } from '../../../schemas/api';
import { ledgerSums, poolTotals, postMovement } from './ledger';
import { amountsOf } from './rules';
import { TPM_DEFAULTS, tpmFlag, tpmNumber, tpmSetting } from './settings';

const PREFIX = '/tpm';
const DERIVE = pathOf(endpoints.records.derive, PREFIX);
const R = { save: pathOf(endpoints.records.save, PREFIX), list: pathOf(endpoints.records.list, PREFIX) };
const P = { taskAll: pathOf(endpoints.process.taskAll, PREFIX), approve: pathOf(endpoints.process.approve, PREFIX) };

type Data = Record<string, unknown>;
type Pick = { id: string; name: string };

describe.each(BACKENDS)('expense settings and rules (%s)', (backend) => {
  let a: TestApp;
  const tok: Record<string, string> = {};
  let base: Data;
  let fy2026: Pick;

  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    for (const u of ['zhangwei', 'lina', 'xuqiang', 'sunli', 'admin']) tok[u] = await a.login(u);
    const list = await a.post(R.list, { formCode: 'feiYongShenQing', limit: 50 }, tok.zhangwei);
    base = structuredClone((list.json().data.rows as { shenPiZhuangTai: string; data: Data }[]).find((x) => x.shenPiZhuangTai === '0')!.data);
    fy2026 = base.caiWuNian as Pick;
  }, 180_000);
  afterAll(async () => a?.stop());

  /** A settings record (a singleton's), as the settings page saves it; answers its id. */
  let tick = 0;
  const setting = async (formCode: string, data: Data, valid = true) => {
    const id = newId();
    const [admin] = await a.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    // strictly increasing modification times: the newest record is the one in force
    const at = nowText(new Date(Date.now() + ++tick * 1000));
    await a.ctx.db.insert(records).values({
      id,
      formCode,
      number: `SZ${id.slice(-8)}`,
      isYouXiao: valid ? '1' : '0',
      rowCreateId: admin.id,
      rowCreateDate: at,
      rowModDate: at,
      definitionVersion: 1,
      data,
    });
    return id;
  };
  const pool = async (amount: string, fiscalYearId = fy2026.id) => {
    const id = newId();
    const name = `规则池-${id.slice(-6)}`;
    await a.ctx.db.transaction(async (tx) => {
      await tx.insert(budgetPools).values({ id, code: `R-${id}`, name, amount: '0', fiscalYearId });
      await postMovement(tx, { poolId: id, kind: 'load', amount, userId: 'system', action: 'load' });
    });
    return { id, name };
  };
  const available = async (id: string) => (await poolTotals(a.ctx.db, id))!.available;
  const record = async (id: string) => (await a.ctx.db.select().from(records).where(eq(records.id, id)))[0];
  const save = (token: string, formCode: string, data: Data, more: Data = {}) => a.post(R.save, { formCode, data, ...more }, token);
  const taskOf = async (token: string, recordId: string) => {
    const r = await a.post(P.taskAll, { tab: 'todo', limit: 50 }, token);
    return (r.json().data.rows as { recordId: string; taskId: string | null }[]).find((x) => x.recordId === recordId)?.taskId ?? null;
  };
  const approveAll = async (id: string) => {
    for (let i = 0; i < 8 && (await record(id)).shenPiZhuangTai !== '2'; i++) {
      for (const u of ['lina', 'xuqiang', 'sunli', 'admin']) {
        const task = await taskOf(tok[u], id);
        if (task) {
          const r = await a.post(P.approve, { taskId: task }, tok[u]);
          expect(r.statusCode, r.body).toBe(200);
          break;
        }
      }
    }
    expect((await record(id)).shenPiZhuangTai).toBe('2');
  };
  const derive = async (token: string, formCode: string, fromId: string) => {
    const r = await a.post(DERIVE, { formCode, fromId }, token);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data.data as Data;
  };
  const appData = (p: Pick, amounts: string[]): Data => {
    const d = structuredClone(base);
    const proto = (base.mingXi as Data[])[0];
    d.yuSuanChi = p;
    d.mingXi = amounts.map((x) => {
      const r: Data = { ...structuredClone(proto), shuLiang: 1, danJia: x, jinE: x };
      delete r._id;
      return r;
    });
    return d;
  };
  const submitted = async (formCode: string, data: Data) => {
    const r = await save(tok.zhangwei, formCode, data, { submit: true });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data.id as string;
  };
  const settle = async (appId: string, actuals?: string[], extra: Data = {}) => {
    const d = await derive(tok.zhangwei, 'feiYongJieAn', appId);
    if (actuals) (d.mingXi as Data[]).forEach((r, i) => (r.shiJiJinE = actuals[i]));
    Object.assign(d, { jieAnRiQi: '2026-03-05', zhiXingQingKuang: '按方案执行' }, extra);
    return save(tok.zhangwei, 'feiYongJieAn', d, { submit: true, derivedFrom: appId });
  };

  it('settings.ts: the documented defaults without a record; the newest valid record in force; malformed values read as the default', async () => {
    expect(await tpmSetting(a.ctx.db, 'feiYongHeXiaoSheZhi', 'heXiaoQiXianTian')).toBe('365');
    expect(await tpmSetting(a.ctx.db, 'yuSuanSheZhi', 'moRenKongZhiFangShi')).toBe('hard');
    expect(await tpmFlag(a.ctx.db, 'feiYongJieAnSheZhi', 'yunXuChaoShenQing')).toBe(false);
    expect(await tpmFlag(a.ctx.db, 'feiYongHeXiaoSheZhi', 'biXuFaPiao')).toBe(true);
    expect(await tpmNumber(a.ctx.db, 'yuSuanSheZhi', 'ruanKongRongChaBaiFenBi')).toBe('10');
    expect(await tpmSetting(a.ctx.db, 'noSuchForm', 'x')).toBeNull();
    await setting('yuSuanSheZhi', { ruanKongRongChaBaiFenBi: '12.5', moRenKongZhiFangShi: { value: 'soft', label: '柔性' } });
    expect(await tpmNumber(a.ctx.db, 'yuSuanSheZhi', 'ruanKongRongChaBaiFenBi')).toBe('12.5');
    expect(await tpmSetting(a.ctx.db, 'yuSuanSheZhi', 'moRenKongZhiFangShi')).toBe('soft');
    // a newer record wins; an invalid (deleted) one never does; a malformed value reads as the default
    await setting('yuSuanSheZhi', { ruanKongRongChaBaiFenBi: '-3' });
    expect(await tpmNumber(a.ctx.db, 'yuSuanSheZhi', 'ruanKongRongChaBaiFenBi')).toBe(TPM_DEFAULTS.yuSuanSheZhi.ruanKongRongChaBaiFenBi);
    expect(await tpmSetting(a.ctx.db, 'yuSuanSheZhi', 'moRenKongZhiFangShi')).toBe('hard');
    await setting('yuSuanSheZhi', { ruanKongRongChaBaiFenBi: '20' }, false);
    expect(await tpmNumber(a.ctx.db, 'yuSuanSheZhi', 'ruanKongRongChaBaiFenBi')).toBe('10');
    await setting('feiYongZhiFuSheZhi', { yunXuBuFenZhiFu: 0 });
    expect(await tpmFlag(a.ctx.db, 'feiYongZhiFuSheZhi', 'yunXuBuFenZhiFu')).toBe(false);
    await setting('feiYongZhiFuSheZhi', { yunXuBuFenZhiFu: '1' });
    expect(await tpmFlag(a.ctx.db, 'feiYongZhiFuSheZhi', 'yunXuBuFenZhiFu')).toBe(true);
  });

  it('yunXuChaoShenQing: off, a line may not exceed what it holds; on, the excess is occupied (under the pool’s control) and consumed', async () => {
    const p = await pool('3000.00');
    const appId = await submitted('feiYongShenQing', appData(p, ['1000.00', '500.00']));
    await approveAll(appId);
    const refused = await settle(appId, ['1200.00', '500.00']);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([{ field: 'mingXi.0.shiJiJinE', code: 'exceedsOccupied', message: '实际金额 1200.00 超过申请占用金额 1000.00' }]);
    await setting('feiYongJieAnSheZhi', { yunXuChaoShenQing: '1' });
    const ok = await settle(appId, ['1200.00', '400.00']);
    expect(ok.statusCode, ok.body).toBe(200);
    await approveAll(ok.json().data.id);
    // 1,200 + 400 consumed; 100 of the second line released; 200 more occupied and consumed
    expect(await poolTotals(a.ctx.db, p.id)).toMatchObject({ occupied: '0.00', consumed: '1600.00', available: '1400.00' });
    expect(await amountsOf(a.ctx.db, appId)).toMatchObject({ applied: '1500.00', occupied: '0.00', settled: '1600.00', released: '100.00' });
    const l = await ledgerSums(a.ctx.db, p.id);
    expect(l).toMatchObject({ occupied: '0.00', consumed: '1600.00', available: '1400.00' });
    await setting('feiYongJieAnSheZhi', { yunXuChaoShenQing: '0' });
  }, 120_000);

  it('heXiaoQiXianTian, biXuFaPiao and yunXuBuFenZhiFu take effect at once', async () => {
    const p = await pool('9000.00');
    const appId = await submitted('feiYongShenQing', appData(p, ['2000.00']));
    await approveAll(appId);
    const s = await settle(appId);
    expect(s.statusCode, s.body).toBe(200);
    const sid = s.json().data.id as string;
    await approveAll(sid);
    const w = async (patch: Data) =>
      save(tok.zhangwei, 'feiYongHeXiao', { ...(await derive(tok.zhangwei, 'feiYongHeXiao', sid)), ...patch }, { submit: true, derivedFrom: sid });
    // no days left after the settlement's approval
    await setting('feiYongHeXiaoSheZhi', { heXiaoQiXianTian: 0, biXuFaPiao: '1' });
    const late = await w({ heXiaoFangShi: 'xianJin' });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual([
      { field: 'jieAnDanHao', code: 'writeOffExpired', message: expect.stringMatching(/^已超过核销期限：结案审批通过（\d{4}-\d{2}-\d{2}）后 0 天内可以核销$/) },
    ]);
    // 票扣 without an invoice: refused while biXuFaPiao is 1, accepted once it is 0
    await setting('feiYongHeXiaoSheZhi', { heXiaoQiXianTian: 365, biXuFaPiao: '1' });
    expect((await w({ heXiaoFangShi: 'piaoKou' })).json().errors[0].code).toBe('invoiceRequired');
    await setting('feiYongHeXiaoSheZhi', { heXiaoQiXianTian: 365, biXuFaPiao: '0' });
    const ok = await w({ heXiaoFangShi: 'piaoKou' });
    expect(ok.statusCode, ok.body).toBe(200);
    const wid = ok.json().data.id as string;
    await approveAll(wid);
    // no invoice at all: the whole amount is owed as a supplementary invoice
    const [sup] = await rows<{ data: Data }>(
      a.ctx.db,
      sql`select r.data from records r join record_links l on l.to_id = r.id where l.from_id = ${wid} and l.kind = 'derives'`,
    );
    expect(sup.data).toMatchObject({ queFaPiaoJinE: '2000.00' });
    // partial payments off: only the whole 2,000.00
    await setting('feiYongZhiFuSheZhi', { yunXuBuFenZhiFu: '0' });
    const pay = { ...(await derive(tok.sunli, 'feiYongZhiFu', wid)), zhiFuFangShi: base.zhiFuFangShi, zhiFuRiQi: '2026-03-20' };
    const part = await save(tok.sunli, 'feiYongZhiFu', { ...pay, zhiFuJinE: '500.00' }, { submit: true, derivedFrom: wid });
    expect(part.statusCode).toBe(422);
    expect(part.json().errors).toEqual([{ field: 'zhiFuJinE', code: 'partialNotAllowed', message: '不允许部分支付：本次须支付全部可支付余额 2000.00' }]);
    const whole = await save(tok.sunli, 'feiYongZhiFu', pay, { submit: true, derivedFrom: wid });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(await amountsOf(a.ctx.db, appId)).toMatchObject({ settled: '2000.00', writtenOff: '2000.00', paid: '2000.00' });
    await setting('feiYongZhiFuSheZhi', { yunXuBuFenZhiFu: '1' });
  }, 180_000);

  it('caiWuNianXiaoYan: 0 lets a document’s fiscal year differ from its pool’s', async () => {
    const [other] = await rows<Pick>(a.ctx.db, sql`select id, name from master_data where kind = 'fiscalYear' and id <> ${fy2026.id} limit 1`);
    const p = await pool('1000.00', other.id);
    expect((await save(tok.zhangwei, 'feiYongShenQing', appData(p, ['10.00']), { submit: true })).json().errors[0].code).toBe('fiscalYearMismatch');
    await setting('feiYongShenQingSheZhi', { caiWuNianXiaoYan: '0' });
    const r = await save(tok.zhangwei, 'feiYongShenQing', appData(p, ['10.00']), { submit: true });
    expect(r.statusCode, r.body).toBe(200);
    expect(await available(p.id)).toBe('990.00');
    await setting('feiYongShenQingSheZhi', { caiWuNianXiaoYan: '1' });
  }, 60_000);

  // picker values are real master data (records/pickerRefs.ts refuses made-up ids)
  const masterRef = async (kind: string) =>
    (await rows<{ id: string; name: string }>(a.ctx.db, sql`select id, name from master_data where kind = ${kind} and is_active order by sort, id limit 1`))[0];
  const employeeRef = async (username: string) =>
    (
      await rows<{ id: string; name: string }>(
        a.ctx.db,
        sql`select e.id, e.name from users u join employees e on e.id = u.employee_id where u.username = ${username}`,
      )
    )[0];

  it('a market expense (99800) occupies its one amount; its settlement is derived with laiYuanBiaoDan and settles the header line', async () => {
    const p = await pool('100000.00');
    const [d11] = await a.ctx.db.select().from(departments).where(eq(departments.code, 'D11'));
    const data: Data = {
      huoDongMingCheng: '华东直播推广',
      chengDanBuMen: { id: d11.id, name: d11.name },
      chengBenZhongXin: await masterRef('costCenter'),
      caiWuNian: fy2026,
      huoDongQiJian: ['2026-03-01', '2026-03-31'],
      feiYongKeMu: base.feiYongKeMu,
      yuSuanChi: p,
      zhiFuFangShi: base.zhiFuFangShi,
      yuGuJinE: '4800.50',
      shiFouYuTi: 'fou',
      xiangMuShuoMing: '四场直播',
    };
    const appId = await submitted('shiChangFeiYong', data);
    expect(await available(p.id)).toBe('95199.50');
    expect(await amountsOf(a.ctx.db, appId)).toMatchObject({ applied: '4800.50', occupied: '4800.50' });
    await approveAll(appId);
    const d = await derive(tok.zhangwei, 'feiYongJieAn', appId);
    expect(d).toMatchObject({ laiYuanBiaoDan: 'shiChangFeiYong', huoDongMingCheng: '华东直播推广', yuSuanChi: p });
    expect(d.mingXi).toBeUndefined();
    d.mingXi = [{ feiYongXiangMu: '直播坑位费', shiJiJinE: '4000.00' }];
    Object.assign(d, { jieAnRiQi: '2026-04-02', zhiXingQingKuang: '四场直播完成' });
    const s = await save(tok.zhangwei, 'feiYongJieAn', d, { submit: true, derivedFrom: appId });
    expect(s.statusCode, s.body).toBe(200);
    await approveAll(s.json().data.id);
    expect(await poolTotals(a.ctx.db, p.id)).toMatchObject({ occupied: '0.00', consumed: '4000.00', available: '96000.00' });
    expect(await amountsOf(a.ctx.db, appId)).toMatchObject({ settled: '4000.00', released: '800.50' });
    // the write-off carries the source form on
    const w = await derive(tok.zhangwei, 'feiYongHeXiao', s.json().data.id);
    expect(w).toMatchObject({ laiYuanBiaoDan: 'shiChangFeiYong', jieAnJinE: '4000.00' });
  }, 180_000);

  it('a special-project expense (99700) occupies per detail line; its settlement settles line by line', async () => {
    const p = await pool('100000.00');
    const data: Data = {
      zhuanXiangHuoDong: await masterRef('specialActivity'),
      huoDongMingCheng: '专项堆头',
      zhuanXiangJingLi: await employeeRef('zhangwei'),
      caiWuNian: fy2026,
      yuSuanChi: p,
      jingXiaoShang: base.jingXiaoShang,
      huoDongQiJian: ['2026-01-15', '2026-02-15'],
      mingXi: [
        { feiYongXiangMu: '促销员费用', shuLiang: 3, danJia: '300.10', jinE: '900.30' },
        { feiYongXiangMu: '试用装', shuLiang: 1000, danJia: '0.85', jinE: '850.00' },
      ],
      zongJinE: '1750.30',
    };
    const appId = await submitted('zhuanXiangFeiYong', data);
    expect(await available(p.id)).toBe('98249.70');
    await approveAll(appId);
    const d = await derive(tok.zhangwei, 'feiYongJieAn', appId);
    const app = (await record(appId)).data as Data;
    expect(d.laiYuanBiaoDan).toBe('zhuanXiangFeiYong');
    expect((d.mingXi as Data[]).map((r) => [r.shenQingHangId, r.feiYongXiangMu, r.shenQingJinE])).toEqual(
      (app.mingXi as Data[]).map((r) => [r._id, r.feiYongXiangMu, r.jinE]),
    );
    (d.mingXi as Data[])[1].shiJiJinE = '800.00';
    Object.assign(d, { jieAnRiQi: '2026-02-20', zhiXingQingKuang: '执行完毕' });
    const s = await save(tok.zhangwei, 'feiYongJieAn', d, { submit: true, derivedFrom: appId });
    expect(s.statusCode, s.body).toBe(200);
    expect(((await record(s.json().data.id)).data as Data).shenQingJinE).toBe('1750.30');
    await approveAll(s.json().data.id);
    expect(await poolTotals(a.ctx.db, p.id)).toMatchObject({ occupied: '0.00', consumed: '1700.30' });
    expect(await amountsOf(a.ctx.db, appId)).toMatchObject({ settled: '1700.30', released: '50.00' });
  }, 180_000);
});
