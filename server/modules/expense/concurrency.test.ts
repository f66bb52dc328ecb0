// Budget control under real concurrency (PostgreSQL, TEST_DATABASE_URL; skipped otherwise).
// The issue's must-show: 200 concurrent occupations against a hard pool holding half of their
// total → never overspent, in each of 20 runs, the pool's totals equal to its ledger afterwards,
// and no occupation refused that would have fitted (every refused amount exceeds what is left).
// Then transfers both ways racing occupations (pools locked in id order: no deadlock), and the
// same guarantee through the HTTP API (concurrent transfers out of a hard pool).
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rows, type Database } from '../../db/client';
import { newId } from '../../lib/ids';
import { PG_URL, startTestApp, type TestApp } from '../../test/helpers';
import { InsufficientBudget, ledgerSums, poolTotals, postMovement } from './ledger';

const cents = (c: number) => `${Math.trunc(c / 100)}.${String(c % 100).padStart(2, '0')}`;

describe.skipIf(!PG_URL)('budget concurrency (postgres)', () => {
  let a: TestApp;
  let wide: Database;
  beforeAll(async () => {
    a = await startTestApp({ postgres: true });
    // a pool of its own, wide enough that all 200 transactions really run at once
    wide = await openDatabase({ databaseUrl: a.config.databaseUrl, pgliteDir: 'memory://', poolSize: 210 });
  }, 180_000);
  afterAll(async () => {
    await wide?.close();
    await a?.stop();
  });

  const newPool = async (amount: string, code: string) => {
    const id = newId();
    await wide.db.transaction(async (tx) => {
      await tx.execute(sql`insert into budget_pools (id, code, name, amount, control_mode) values (${id}, ${code}, ${code}, 0, 'hard')`);
      await postMovement(tx, { poolId: id, kind: 'load', amount, userId: 'test' });
    });
    return id;
  };

  const agreesWithLedger = async (id: string) => {
    const p = (await poolTotals(wide.db, id))!;
    const s = await ledgerSums(wide.db, id);
    expect({ amount: p.amount, occupied: p.occupied, consumed: p.consumed, available: p.available }).toEqual({
      amount: s.amount,
      occupied: s.occupied,
      consumed: s.consumed,
      available: s.available,
    });
    expect(new Decimal(p.available).isNegative()).toBe(false);
    return p;
  };

  it('200 concurrent occupations against a hard pool holding half their total: never overspent, in each of 20 runs', { timeout: 120_000 }, async () => {
    const [{ n: connections }] = await rows<{ n: number }>(wide.db, sql`select setting::int as n from pg_settings where name = 'max_connections'`);
    expect(connections).toBeGreaterThan(210);
    const figures: string[] = [];
    for (let run = 0; run < 20; run++) {
      // 200 amounts in cents (varied, with cents), the pool holding exactly half their total
      const amounts = Array.from({ length: 200 }, (_, i) => 10_000 + ((i * 7919 + run * 104729) % 50_000) + ((i + run) % 2) * 1);
      let total = amounts.reduce((x, y) => x + y, 0);
      if (total % 2) {
        amounts[0] += 1;
        total += 1;
      }
      const poolId = await newPool(cents(total / 2), `CONC-${run}`);
      // every transaction holds its connection until all have started: they really overlap
      let release!: () => void;
      const started = new Promise<void>((resolve) => (release = resolve));
      let waiting = amounts.length;
      const outcomes = await Promise.all(
        amounts.map((c, i) =>
          wide.db
            .transaction(async (tx) => {
              await tx.execute(sql`select 1`);
              if (--waiting === 0) release();
              await started;
              await postMovement(tx, { poolId, kind: 'occupy', amount: cents(c), applicationId: null, lineId: `L${i}`, userId: 'test' });
            })
            .then(
              () => ({ ok: true as const, c }),
              (e: unknown) => {
                if (!(e instanceof InsufficientBudget)) throw e;
                return { ok: false as const, c };
              },
            ),
        ),
      );
      const won = outcomes.filter((o) => o.ok);
      const lost = outcomes.filter((o) => !o.ok);
      const occupied = won.reduce((x, o) => x + o.c, 0);
      const p = await agreesWithLedger(poolId);
      expect(p.occupied, `run ${run}`).toBe(cents(occupied));
      expect(occupied, `run ${run}: never overspent`).toBeLessThanOrEqual(total / 2);
      const left = total / 2 - occupied;
      expect(p.available).toBe(cents(left));
      // nothing refused that would still fit
      for (const o of lost) expect(o.c, `run ${run}`).toBeGreaterThan(left);
      expect(won.length + lost.length).toBe(200);
      expect(lost.length, `run ${run}: some must be refused`).toBeGreaterThan(0);
      figures.push(
        `run ${String(run + 1).padStart(2)}: ${won.length} succeeded, ${lost.length} refused, occupied ${cents(occupied)} of ${cents(total / 2)}, left ${cents(left)}`,
      );
    }
    console.log(`hard pool, 200 concurrent occupations (half fit):\n${figures.join('\n')}`);
  });

  it('transfers both ways racing occupations: no deadlock, neither pool below zero, totals = ledger', { timeout: 60_000 }, async () => {
    for (let run = 0; run < 5; run++) {
      const A = await newPool('10000.00', `RACE-A-${run}`);
      const B = await newPool('10000.00', `RACE-B-${run}`);
      const ops: (() => Promise<void>)[] = [];
      for (let i = 0; i < 60; i++) {
        ops.push(() =>
          wide.db.transaction(async (tx) => void (await postMovement(tx, { poolId: i % 2 ? A : B, kind: 'occupy', amount: '250.00', userId: 't' }))),
        );
      }
      for (let i = 0; i < 40; i++) {
        const [from, to] = i % 2 ? [A, B] : [B, A];
        ops.push(() =>
          wide.db.transaction(async (tx) => {
            // the service's order: both pools locked in id order first, then the two movements
            await tx.execute(sql`select id from budget_pools where id in (${A}, ${B}) order by id for update`);
            await postMovement(tx, { poolId: from, kind: 'transferOut', amount: '700.00', userId: 't' });
            await postMovement(tx, { poolId: to, kind: 'transferIn', amount: '700.00', userId: 't' });
          }),
        );
      }
      ops.sort(() => Math.random() - 0.5);
      const results = await Promise.allSettled(ops.map((op) => op()));
      const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      // the only refusals are the control's (a deadlock or a check violation would show here)
      for (const f of failures) expect(f.reason).toBeInstanceOf(InsufficientBudget);
      const pa = await agreesWithLedger(A);
      const pb = await agreesWithLedger(B);
      // money is neither created nor lost: the two pools' budgets still total 20,000.00
      expect(new Decimal(pa.amount).plus(pb.amount).toFixed(2)).toBe('20000.00');
    }
  });

  it(
    'through the HTTP API: 200 concurrent application submissions against a hard pool holding half of them → exactly half occupy, in each of 20 runs',
    { timeout: 600_000 },
    async () => {
      const zw = await a.login('zhangwei');
      const list = await a.post('/emp/api/v2/biaoDan/record/list', { formCode: 'feiYongShenQing', limit: 50 }, zw);
      const draft = (list.json().data?.rows as { shenPiZhuangTai: string; data: Record<string, unknown> }[] | undefined)?.find(
        (x) => x.shenPiZhuangTai === '0',
      );
      expect(draft, list.body.slice(0, 300)).toBeTruthy();
      const fy = draft!.data.caiWuNian as { id: string };
      const figures: string[] = [];
      const SUBMISSIONS = 200;
      const RUNS = 20;
      for (let run = 0; run < RUNS; run++) {
        const id = newId();
        const name = `并发申请池-${run}`;
        await wide.db.transaction(async (tx) => {
          await tx.execute(
            sql`insert into budget_pools (id, code, name, amount, control_mode, fiscal_year_id) values (${id}, ${`APP-${run}`}, ${name}, 0, 'hard', ${fy.id})`,
          );
          await postMovement(tx, { poolId: id, kind: 'load', amount: '10000.00', userId: 'test' });
        });
        const data = (i: number) => {
          const d = structuredClone(draft!.data);
          const proto = (d.mingXi as Record<string, unknown>[])[0];
          const line: Record<string, unknown> = { ...proto, shuLiang: 1, danJia: '100.00', jinE: '100.00' };
          delete line._id;
          delete line.yuSuanChi;
          return { ...d, huoDongMingCheng: `并发 ${run}-${i}`, yuSuanChi: { id, name }, mingXi: [line], shenQingJinE: '100.00' };
        };
        const rs = await Promise.all(
          Array.from({ length: SUBMISSIONS }, (_, i) =>
            a.post('/emp/api/v2/biaoDan/record/save', { formCode: 'feiYongShenQing', data: data(i), submit: true }, zw),
          ),
        );
        const codes = rs.map((r) => r.statusCode);
        const other = rs.find((r) => r.statusCode !== 200 && r.statusCode !== 422);
        expect(other?.body, `run ${run}`).toBeUndefined();
        expect(
          codes.filter((c) => c === 200),
          `run ${run}`,
        ).toHaveLength(SUBMISSIONS / 2);
        expect(
          codes.filter((c) => c === 422),
          `run ${run}`,
        ).toHaveLength(SUBMISSIONS / 2);
        const p = await agreesWithLedger(id);
        expect(p).toMatchObject({ occupied: '10000.00', available: '0.00' });
        figures.push(
          `run ${run + 1}: ${codes.filter((c) => c === 200).length} submitted, ${codes.filter((c) => c === 422).length} refused, occupied ${p.occupied}`,
        );
      }
      console.log(`HTTP application submissions (${SUBMISSIONS} × 100.00 against 10,000.00, ${RUNS} runs):\n${figures.join('\n')}`);
    },
  );

  it('through the HTTP API: 100 concurrent transfers of 100.00 out of a hard pool holding 5,000.00 → exactly 50 succeed', { timeout: 60_000 }, async () => {
    const admin = await a.login('admin');
    const A = await newPool('5000.00', 'HTTP-A');
    const B = await newPool('0.00', 'HTTP-B');
    const rs = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        a.post('/emp/api/feiYong/yuSuan/diaoBo', { fromPoolId: A, toPoolId: B, amount: '100.00', memo: `并发 ${i}` }, admin),
      ),
    );
    const codes = rs.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(50);
    expect(codes.filter((c) => c === 422)).toHaveLength(50);
    expect(rs.find((r) => r.statusCode === 422)!.json().msg).toContain('不足');
    expect((await agreesWithLedger(A)).available).toBe('0.00');
    expect((await agreesWithLedger(B)).amount).toBe('5000.00');
    console.log(`HTTP transfers: ${codes.filter((c) => c === 200).length} succeeded, ${codes.filter((c) => c === 422).length} refused`);
  });
});
