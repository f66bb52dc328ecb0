// The budget ledger's one way of moving money: each movement's effect on the pool's totals, the
// control modes (hard / soft with its tolerance / none), a disabled pool, and the database's own
// hard-control check holding even against a write that bypasses postMovement.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';
import { rows } from '../../db/client';
import { newId } from '../../lib/ids';
import { InsufficientBudget, ledgerSums, occupationsOf, poolTotals, postMovement, releaseAll } from './ledger';
import { fmt, money, parseMoney, sum } from './money';

describe('money', () => {
  it('is exact on decimal strings and refuses floats and more than two decimals', () => {
    expect(fmt(sum(['0.10', '0.20']))).toBe('0.30');
    expect(parseMoney('1.005')).toBeNull();
    expect(parseMoney(0.1)).toBeNull();
    expect(parseMoney('abc')).toBeNull();
    expect(fmt(money('99999999.99').plus('0.01'))).toBe('100000000.00');
    expect(fmt(sum(Array.from({ length: 500 }, () => '0.01')))).toBe('5.00');
  });
});

describe.each(BACKENDS)('budget ledger (%s)', (backend) => {
  let a: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres', overrides: { seedDemo: false } });
  });
  afterAll(async () => a?.stop());

  async function pool(controlMode: 'hard' | 'soft' | 'none', amount: string, tolerancePct: string | null = null) {
    const id = newId();
    await a.ctx.db.execute(
      sql`insert into budget_pools (id, code, name, amount, control_mode, tolerance_pct) values (${id}, ${`T${id}`}, ${`测试预算池${id.slice(-4)}`}, 0, ${controlMode}, ${tolerancePct})`,
    );
    await a.ctx.db.transaction((tx) => postMovement(tx, { poolId: id, kind: 'load', amount, userId: 'test' }));
    return id;
  }
  const move = (m: Parameters<typeof postMovement>[1]) => a.ctx.db.transaction((tx) => postMovement(tx, m));

  it('moves each total as its kind says, and the totals always equal the ledger sums', async () => {
    const id = await pool('hard', '1000.00');
    const app = newId();
    await move({ poolId: id, kind: 'occupy', amount: '300.10', applicationId: app, lineId: 'l1', userId: 'u' });
    await move({ poolId: id, kind: 'occupy', amount: '0.20', applicationId: app, lineId: 'l2', userId: 'u' });
    expect((await poolTotals(a.ctx.db, id))!.available).toBe('699.70');
    const c = await move({ poolId: id, kind: 'consume', amount: '250.00', applicationId: app, lineId: 'l1', userId: 'u' });
    expect(c.availableAfter).toBe('699.70');
    expect(await occupationsOf(a.ctx.db, app)).toEqual([
      { poolId: id, lineId: 'l1', occupied: '50.10' },
      { poolId: id, lineId: 'l2', occupied: '0.20' },
    ]);
    const released = await a.ctx.db.transaction((tx) => releaseAll(tx, { applicationId: app, userId: 'u' }));
    expect(fmt(released)).toBe('50.30');
    await move({ poolId: id, kind: 'change', amount: '-100.00', userId: 'u' });
    const p = (await poolTotals(a.ctx.db, id))!;
    expect(p).toMatchObject({ amount: '900.00', occupied: '0.00', consumed: '250.00', available: '650.00' });
    const s = await ledgerSums(a.ctx.db, id);
    expect(s).toMatchObject({ amount: '900.00', occupied: '0.00', consumed: '250.00', available: '650.00', rows: 7 });
    const [last] = await rows<{ a: string }>(
      a.ctx.db,
      sql`select available_after::text as a from budget_ledger where pool_id = ${id} order by seq desc limit 1`,
    );
    expect(last.a).toBe('650.00');
  });

  it('hard control refuses what would go below zero and changes nothing', async () => {
    const id = await pool('hard', '100.00');
    await move({ poolId: id, kind: 'occupy', amount: '99.99', userId: 'u' });
    const err = await move({ poolId: id, kind: 'occupy', amount: '0.02', userId: 'u' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InsufficientBudget);
    expect((err as InsufficientBudget).status).toBe(422);
    expect((err as InsufficientBudget).params).toMatchObject({ available: '0.01', amount: '0.02' });
    await move({ poolId: id, kind: 'occupy', amount: '0.01', userId: 'u' });
    expect(await ledgerSums(a.ctx.db, id)).toMatchObject({ available: '0.00', rows: 3 });
    // a budget cut below what is held is refused too
    await expect(move({ poolId: id, kind: 'change', amount: '-0.01', userId: 'u' })).rejects.toBeInstanceOf(InsufficientBudget);
    await expect(move({ poolId: id, kind: 'transferOut', amount: '1.00', userId: 'u' })).rejects.toBeInstanceOf(InsufficientBudget);
  });

  it('the database check holds hard control even against a write that bypasses the ledger', async () => {
    const id = await pool('hard', '10.00');
    await expect(a.ctx.db.execute(sql`update budget_pools set occupied = 10.01 where id = ${id}`)).rejects.toThrow();
    expect((await poolTotals(a.ctx.db, id))!.occupied).toBe('0.00');
  });

  it('soft control allows down to −amount × tolerance (the pool’s, else the setting’s); none allows anything', async () => {
    const own = await pool('soft', '1000.00', '5');
    await move({ poolId: own, kind: 'occupy', amount: '1050.00', userId: 'u' });
    await expect(move({ poolId: own, kind: 'occupy', amount: '0.01', userId: 'u' })).rejects.toBeInstanceOf(InsufficientBudget);
    const bySetting = await pool('soft', '1000.00');
    await expect(move({ poolId: bySetting, kind: 'occupy', amount: '1000.01', userId: 'u' })).rejects.toBeInstanceOf(InsufficientBudget);
    await move({ poolId: bySetting, kind: 'occupy', amount: '1100.00', userId: 'u', defaultTolerancePct: '10' });
    expect((await poolTotals(a.ctx.db, bySetting))!.available).toBe('-100.00');
    const none = await pool('none', '1.00');
    await move({ poolId: none, kind: 'occupy', amount: '5000.00', userId: 'u' });
    expect(await ledgerSums(a.ctx.db, none)).toMatchObject({ available: '-4999.00' });
  });

  it('a disabled pool gives no money, but takes money back', async () => {
    const id = await pool('hard', '100.00');
    await move({ poolId: id, kind: 'occupy', amount: '40.00', applicationId: 'x1', userId: 'u' });
    await a.ctx.db.execute(sql`update budget_pools set is_enabled = false where id = ${id}`);
    await expect(move({ poolId: id, kind: 'occupy', amount: '1.00', userId: 'u' })).rejects.toMatchObject({ status: 422, msgKey: 'expense.poolDisabled' });
    await move({ poolId: id, kind: 'release', amount: '40.00', applicationId: 'x1', userId: 'u' });
    expect((await poolTotals(a.ctx.db, id))!.available).toBe('100.00');
  });

  it('an unknown pool is a 404', async () => {
    await expect(move({ poolId: '1999999999999999999', kind: 'occupy', amount: '1.00', userId: 'u' })).rejects.toMatchObject({ status: 404 });
  });
});
