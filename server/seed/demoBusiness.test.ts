// The demo year's business: seeded once through the app's own routes (every record hook runs),
// each application ends where its plan says, and the money agrees everywhere — each pool's
// running totals equal its ledger, each application's expense_amounts equal its ledger rows,
// and the journey's pool has exactly what the plans leave it.
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../db/client';
import { ledgerSums, poolTotals } from '../modules/expense/ledger';
import { BACKENDS, startTestApp, type TestApp } from '../test/helpers';
import { APPLICATION_PLANS, seedDemoBusiness, type ChainEnd } from './demoBusiness';
import { seedBusinessIfEmpty } from './seed';
import { BUDGET_POOLS } from './demoData';

const STATUS_OF: Record<ChainEnd, string> = {
  draft: '0',
  inApproval: '1',
  atFinance: '1',
  returned: '3',
  withdrawn: '4',
  rejected: '5',
  approved: '2',
  settling: '2',
  settled: '2',
  writingOff: '2',
  writtenOff: '2',
  shortfall: '2',
  paidPart: '2',
  paid: '2',
};
const applied = (p: (typeof APPLICATION_PLANS)[number]) => {
  if (p.market) return new Decimal(p.actual ?? '10000');
  if (p.special) return p.special.items.reduce((a, [, q, price]) => a.plus(new Decimal(price).times(q)), new Decimal(0));
  return p.lines.reduce((a, [, , q, price]) => a.plus(new Decimal(price).times(q)), new Decimal(0));
};
const HOLDS: ChainEnd[] = ['inApproval', 'atFinance', 'returned', 'approved', 'settling'];
const SETTLED: ChainEnd[] = ['settled', 'writingOff', 'writtenOff', 'shortfall', 'paidPart', 'paid'];

describe.each(BACKENDS)('demo business (%s)', (backend) => {
  let a: TestApp;
  let ms = 0;
  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    const t0 = Date.now();
    // what the server runs after start (SEED_BUSINESS): true = seeded now, without an error
    expect(await seedBusinessIfEmpty(a.app, a.ctx)).toBe(true);
    ms = Date.now() - t0;
  }, 600_000);
  afterAll(async () => a?.stop());

  it('runs once (the settings key), in a few seconds', async () => {
    expect(await seedDemoBusiness(a.app, a.ctx)).toBe(false);
    console.info(`demo business on ${backend}: ${APPLICATION_PLANS.length} applications in ${ms} ms`);
    expect(ms).toBeLessThan(120_000);
  });

  it('ends every application where its plan says (the seeded demo records are still there)', async () => {
    const apps = await rows<{ name: string; status: string }>(
      a.ctx.db,
      sql`select data->>'huoDongMingCheng' as name, shen_pi_zhuang_tai as status from records
        where form_code in ('feiYongShenQing', 'zhuanXiangFeiYong', 'shiChangFeiYong') and is_you_xiao = '1'`,
    );
    const byName = new Map(apps.map((r) => [r.name, r.status]));
    for (const p of APPLICATION_PLANS) expect([p.name, byName.get(p.name)]).toEqual([p.name, STATUS_OF[p.end]]);
    // demoRecords' documents, which other tests use, are kept
    expect(byName.get('五角场沃尔玛夏季果汁品鉴')).toBe('0');
    expect(byName.get('大润发杨浦店堆头陈列')).toBe('1');
  });

  it('has settlements, write-offs, payments and a supplementary invoice in each state the plans name', async () => {
    const count = async (form: string) =>
      Object.fromEntries(
        (
          await rows<{ status: string; n: number }>(
            a.ctx.db,
            sql`select shen_pi_zhuang_tai as status, count(*)::int as n from records where form_code = ${form} and is_you_xiao = '1' group by 1`,
          )
        ).map((r) => [r.status, r.n]),
      ) as Record<string, number>;
    const n = (...ends: ChainEnd[]) => APPLICATION_PLANS.filter((p) => ends.includes(p.end)).length;
    expect(await count('feiYongJieAn')).toEqual({ '1': n('settling'), '2': n(...SETTLED) });
    expect(await count('feiYongHeXiao')).toEqual({ '1': n('writingOff'), '2': n('writtenOff', 'shortfall', 'paidPart', 'paid') });
    expect(await count('feiYongZhiFu')).toEqual({ '2': n('paidPart', 'paid') });
    const shortfalls = APPLICATION_PLANS.filter((p) => p.end === 'shortfall');
    expect(await count('buFaPiaoShenQing')).toEqual({
      '0': shortfalls.filter((p) => !p.supplement).length,
      '2': shortfalls.filter((p) => p.supplement).length,
    });
  });

  it("dates the documents over the year: zhangwei's list still opens with the seeded demo records (newest first)", async () => {
    const zw = await a.login('zhangwei');
    const r = await a.post('/emp/api/v2/biaoDan/record/list', { formCode: 'feiYongShenQing', limit: 10, sort: 'rowCreateDate', order: 'desc' }, zw);
    const names = (r.json().data.rows as { data: { huoDongMingCheng: string } }[]).map((x) => x.data.huoDongMingCheng);
    // as the list page asks (its default sort): demoRecords' five of zhangwei (dated this week) come before the year's documents
    expect(names.slice(0, 5).sort()).toEqual(
      ['五角场沃尔玛夏季果汁品鉴', '古北家乐福海报DM', '大润发杨浦店堆头陈列', '春节旺季联华超市端架陈列', '杭州联华庆春路店特价促销'].sort(),
    );
    const [first] = await rows<{ d: string }>(
      a.ctx.db,
      sql`select min(row_create_date) as d from records where form_code = 'feiYongShenQing' and data->>'huoDongMingCheng' = ${APPLICATION_PLANS[0].name}`,
    );
    expect(first.d.slice(0, 10)).toBe('2025-12-18');
  });

  it("keeps every pool's running totals equal to its ledger", async () => {
    const pools = await rows<{ id: string }>(a.ctx.db, sql`select id from budget_pools`);
    expect(pools.length).toBe(BUDGET_POOLS.length);
    for (const { id } of pools) {
      const p = (await poolTotals(a.ctx.db, id))!;
      const s = await ledgerSums(a.ctx.db, id);
      expect({ code: p.code, amount: s.amount, occupied: s.occupied, consumed: s.consumed }).toEqual({
        code: p.code,
        amount: p.amount,
        occupied: p.occupied,
        consumed: p.consumed,
      });
    }
  });

  it("keeps each application's amounts equal to its ledger rows", async () => {
    const r = await rows<{ name: string; occupied: string; settled: string; lo: string; lc: string }>(
      a.ctx.db,
      sql`select r.data->>'huoDongMingCheng' as name, e.occupied::text, e.settled::text,
        coalesce((select sum(d_occupied) from budget_ledger l where l.application_id = r.id), 0)::text as lo,
        coalesce((select sum(d_consumed) from budget_ledger l where l.application_id = r.id), 0)::text as lc
        from records r join expense_amounts e on e.application_id = r.id`,
    );
    expect(r.length).toBeGreaterThan(10);
    for (const x of r) {
      expect([x.name, new Decimal(x.occupied).toFixed(2), new Decimal(x.settled).toFixed(2)]).toEqual([
        x.name,
        new Decimal(x.lo).toFixed(2),
        new Decimal(x.lc).toFixed(2),
      ]);
    }
  });

  it("leaves each plan's pool exactly what its load, opening use, holds and settlements say", async () => {
    for (const pool of BUDGET_POOLS) {
      let available = new Decimal(pool.amount).minus(pool.used);
      for (const p of APPLICATION_PLANS.filter((x) => x.pool === pool.code)) {
        if (HOLDS.includes(p.end)) available = available.minus(applied(p));
        if (SETTLED.includes(p.end)) available = available.minus(p.actual ?? applied(p));
        if (p.end === 'paid' || p.end === 'paidPart') expect(p.form ?? 'feiYongShenQing').not.toBe('shiChangFeiYong');
      }
      // demoRecords' documents in approval, returned or approved hold theirs
      const held = await rows<{ v: string }>(
        a.ctx.db,
        sql`select coalesce(sum(l.d_occupied), 0)::text as v from budget_ledger l join budget_pools p on p.id = l.pool_id
          join records r on r.id = l.application_id where p.code = ${pool.code} and l.created_by <> 'system'
          and not exists (select 1 from jsonb_array_elements_text(${JSON.stringify(APPLICATION_PLANS.map((x) => x.name))}::jsonb) n where n = r.data->>'huoDongMingCheng')`,
      );
      const [p] = await rows<{ available: string }>(
        a.ctx.db,
        sql`select (amount - occupied - consumed)::text as available from budget_pools where code = ${pool.code}`,
      );
      expect([pool.code, new Decimal(p.available).toFixed(2)]).toEqual([pool.code, available.minus(held[0].v).toFixed(2)]);
    }
  });
});
