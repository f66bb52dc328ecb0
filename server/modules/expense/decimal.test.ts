// Money is exact along the whole path (docs/expense.md): money.ts takes decimal strings (never a
// float), the ledger adds 0.10 + 0.20 to exactly 0.30 in the pool and in its rows, 500 movements
// of 0.01 make 5.00, the largest amounts (99,999,999.99 and the 18-digit limit) stay whole; and
// through the real routes an application of 0.10 + 0.20, a 500-line application of 0.01 each and
// one of 99,999,999.99 occupy, settle and answer the chain (lianLu) to the cent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { endpoints, pathOf } from '../../../schemas/api';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';
import { budgetPools, processTasks, records, users } from '../../db/schema';
import { newId } from '../../lib/ids';
import { InsufficientBudget, ledgerSums, poolTotals, postMovement } from './ledger';
import { fmt, isMoneyText, money, parseMoney, sum } from './money';

const CHAIN = pathOf(endpoints.expense.chain, '/tpm');
const DERIVE = pathOf(endpoints.records.derive, '/tpm');
const R = { save: pathOf(endpoints.records.save, '/tpm'), list: pathOf(endpoints.records.list, '/tpm') };
const APPROVE = pathOf(endpoints.process.approve, '/tpm');
type Data = Record<string, unknown>;

/** A valid application's data: zhangwei's seeded draft (dealer, fiscal year, brand and product …). */
async function seededDraft(a: TestApp, token: string): Promise<Data> {
  const r = await a.post(R.list, { formCode: 'feiYongShenQing', limit: 50 }, token);
  const draft = (r.json().data.rows as { shenPiZhuangTai: string; data: Data }[]).find((x) => x.shenPiZhuangTai === '0');
  if (!draft) throw new Error('no seeded draft to copy');
  return structuredClone(draft.data);
}

// a 1×1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Uploads a small PNG; answers the file reference a record stores. */
async function upload(a: TestApp, token: string, name: string) {
  const boundary = `----formwork${newId()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`);
  const payload = Buffer.concat([head, PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const r = await a.inject({
    method: 'POST',
    url: pathOf(endpoints.files.upload, '/tpm'),
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token },
  });
  expect(r.statusCode, r.body).toBe(200);
  const f = r.json().data as { id: string; name: string; size: number; type: string };
  return { id: f.id, name: f.name, size: f.size, type: f.type };
}

describe('money.ts', () => {
  it('takes decimal strings of at most two decimals and safe integers, never a float', () => {
    for (const ok of ['0', '0.1', '0.10', '-5.25', ' 12.5 ', '99999999.99', '999999999999999999.99']) expect(isMoneyText(ok), ok).toBe(true);
    for (const bad of ['1.234', '1e3', '0x10', '', '.5', '1,000.00', 'NaN', '1234567890123456789']) expect(isMoneyText(bad), bad).toBe(false);
    expect(parseMoney(0.1)).toBeNull();
    expect(parseMoney(1.5)).toBeNull();
    expect(parseMoney(Number.MAX_SAFE_INTEGER + 1)).toBeNull();
    expect(parseMoney(12)!.toFixed(2)).toBe('12.00');
    expect(parseMoney('0.1')!.toFixed(2)).toBe('0.10');
    expect(money(undefined).isZero()).toBe(true);
    expect(money('abc').isZero()).toBe(true);
  });

  it('adds 0.10 + 0.20 to exactly 0.30 (the float sum is not), and 500 × 0.01 to 5.00', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(fmt(sum(['0.10', '0.20']))).toBe('0.30');
    expect(sum(['0.10', '0.20']).eq(new Decimal('0.3'))).toBe(true);
    expect(fmt(sum(Array.from({ length: 500 }, () => '0.01')))).toBe('5.00');
    // float addition of the same 500 cents drifts; the decimal one does not
    expect(Array.from({ length: 500 }, () => 0.01).reduce((x, y) => x + y, 0)).not.toBe(5);
    expect(fmt(sum(Array.from({ length: 3 }, () => '33333333.33')))).toBe('99999999.99');
    expect(fmt('999999999999999999.99')).toBe('999999999999999999.99');
    expect(fmt(money('99999999.99').plus('0.01'))).toBe('100000000.00');
    expect(fmt('-0.005')).toBe('-0.01');
  });
});

describe.each(BACKENDS)('exact money through the ledger and the routes (%s)', (backend) => {
  let a: TestApp;
  const tok: Record<string, string> = {};
  const tokenOf = new Map<string, string>();
  let zwId: string;
  let base: Data;
  let fy: { id: string; name: string };

  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    for (const u of ['zhangwei', 'lina', 'xuqiang', 'sunli', 'admin']) tok[u] = await a.login(u);
    for (const u of await a.ctx.db.select({ id: users.id, username: users.username }).from(users)) if (tok[u.username]) tokenOf.set(u.id, tok[u.username]);
    [{ id: zwId }] = await a.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'zhangwei'));
    base = await seededDraft(a, tok.zhangwei);
    fy = base.caiWuNian as { id: string; name: string };
  }, 180_000);
  afterAll(async () => a?.stop());

  const pool = async (amount: string) => {
    const id = newId();
    const name = `精度池-${id.slice(-6)}`;
    await a.ctx.db.transaction(async (tx) => {
      await tx.insert(budgetPools).values({ id, code: `DEC-${id}`, name, amount: '0', fiscalYearId: fy.id, controlMode: 'hard' });
      await postMovement(tx, { poolId: id, kind: 'load', amount, userId: 'system', action: 'load' });
    });
    return { id, name };
  };
  const consistent = async (poolId: string) => {
    const p = (await poolTotals(a.ctx.db, poolId))!;
    const l = await ledgerSums(a.ctx.db, poolId);
    expect({ amount: p.amount, occupied: p.occupied, consumed: p.consumed, available: p.available }).toEqual({
      amount: l.amount,
      occupied: l.occupied,
      consumed: l.consumed,
      available: l.available,
    });
    expect(fmt(money(p.amount).minus(p.occupied).minus(p.consumed))).toBe(p.available);
    return p;
  };
  const move = (poolId: string, kind: 'occupy' | 'release' | 'consume', amount: string) =>
    a.ctx.db.transaction((tx) => postMovement(tx, { poolId, kind, amount, userId: zwId, applicationId: null }));

  it('the ledger: 0.10 + 0.20 fill a pool of 0.30 exactly; one more cent is refused', async () => {
    const p = await pool('0.30');
    await move(p.id, 'occupy', '0.10');
    expect((await move(p.id, 'occupy', '0.20')).availableAfter).toBe('0.00');
    expect(await consistent(p.id)).toMatchObject({ occupied: '0.30', available: '0.00' });
    await expect(move(p.id, 'occupy', '0.01')).rejects.toBeInstanceOf(InsufficientBudget);
    expect((await ledgerSums(a.ctx.db, p.id)).rows).toBe(3);
    // consume 0.10, release 0.20: back to 0.20 available, 0.10 consumed
    await move(p.id, 'consume', '0.10');
    await move(p.id, 'release', '0.20');
    expect(await consistent(p.id)).toMatchObject({ occupied: '0.00', consumed: '0.10', available: '0.20' });
  });

  it('the ledger: 500 movements of 0.01 make 5.00; 99,999,999.99 and the 18-digit limit stay whole', async () => {
    const p = await pool('5.00');
    await a.ctx.db.transaction(async (tx) => {
      for (let i = 0; i < 500; i++) await postMovement(tx, { poolId: p.id, kind: 'occupy', amount: '0.01', userId: zwId, lineId: `l${i}` });
    });
    expect(await consistent(p.id)).toMatchObject({ occupied: '5.00', available: '0.00' });
    expect((await ledgerSums(a.ctx.db, p.id)).rows).toBe(501);
    const big = await pool('99999999.99');
    await move(big.id, 'occupy', '99999999.98');
    await move(big.id, 'occupy', '0.01');
    expect(await consistent(big.id)).toMatchObject({ occupied: '99999999.99', available: '0.00' });
    await expect(move(big.id, 'occupy', '0.01')).rejects.toMatchObject({ requested: '0.01', pool: { available: '0.00' } });
    const huge = await pool('999999999999999999.99');
    await move(huge.id, 'occupy', '999999999999999999.98');
    expect(await consistent(huge.id)).toMatchObject({ occupied: '999999999999999999.98', available: '0.01' });
  });

  // ─── the whole path through the routes ──────────────────────────────────────────────────

  const appData = (p: { id: string; name: string }, amounts: string[]): Data => {
    const d = structuredClone(base);
    const proto = (base.mingXi as Data[])[0];
    d.yuSuanChi = p;
    d.mingXi = amounts.map((x) => {
      const row: Data = { ...structuredClone(proto), shuLiang: 1, danJia: x, jinE: x };
      delete row._id;
      return row;
    });
    return d;
  };
  const record = async (id: string) => (await a.ctx.db.select().from(records).where(eq(records.id, id)))[0];
  /** Approves the record's pending tasks as their assignees until it is approved. */
  const approveAll = async (id: string) => {
    for (let i = 0; i < 10 && (await record(id)).shenPiZhuangTai === '1'; i++) {
      const pending = await a.ctx.db.select().from(processTasks).where(eq(processTasks.recordId, id));
      const task = pending.find((t) => t.status === 'pending');
      if (!task) break;
      const r = await a.post(APPROVE, { taskId: task.id, comment: '同意' }, tokenOf.get(task.assigneeId) ?? tok.admin);
      expect(r.statusCode, r.body).toBe(200);
    }
    expect((await record(id)).shenPiZhuangTai).toBe('2');
  };
  const submit = async (data: Data) => {
    const r = await a.post(R.save, { formCode: 'feiYongShenQing', data, submit: true }, tok.zhangwei);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data.id as string;
  };
  const chain = async (id: string) => {
    const r = await a.post(CHAIN, { id }, tok.zhangwei);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data;
  };
  const settle = async (appId: string, actuals: string[]) => {
    const d = (await a.post(DERIVE, { formCode: 'feiYongJieAn', fromId: appId }, tok.zhangwei)).json().data.data as Data;
    (d.mingXi as Data[]).forEach((row, i) => (row.shiJiJinE = actuals[i]));
    Object.assign(d, { jieAnRiQi: '2026-03-05', zhiXingQingKuang: '按方案执行' });
    // above 50,000 the settlement requires its execution photos
    if (sum(actuals).gt(50_000)) d.zhiXingZhaoPian = [await upload(a, tok.zhangwei, '执行照片.png')];
    const r = await a.post(R.save, { formCode: 'feiYongJieAn', data: d, submit: true, derivedFrom: appId }, tok.zhangwei);
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json().data.id as string;
    await approveAll(id);
    return id;
  };

  it('an application of 0.10 + 0.20 occupies 0.30; settled at 0.10 + 0.19 it consumes 0.29 and releases 0.01; the chain says so', async () => {
    const p = await pool('1.00');
    const appId = await submit(appData(p, ['0.10', '0.20']));
    expect(await consistent(p.id)).toMatchObject({ occupied: '0.30', available: '0.70' });
    expect(((await record(appId)).data as Data).shenQingJinE).toBe('0.30');
    let c = await chain(appId);
    expect(c.application).toMatchObject({ applied: '0.30', occupied: '0.30' });
    expect(c.lines.map((l: { occupied: string }) => l.occupied).sort()).toEqual(['0.10', '0.20']);
    await approveAll(appId);
    const sid = await settle(appId, ['0.10', '0.19']);
    expect(await consistent(p.id)).toMatchObject({ occupied: '0.00', consumed: '0.29', available: '0.71' });
    c = await chain(sid);
    expect(c.application).toMatchObject({ applied: '0.30', occupied: '0.00', settled: '0.29', released: '0.01', remainingToWriteOff: '0.29' });
    expect(c.documents.map((d: { kind: string; amount: string }) => [d.kind, d.amount])).toEqual([
      ['application', '0.30'],
      ['settlement', '0.29'],
    ]);
    expect(c.lines.map((l: { consumed: string }) => l.consumed).sort()).toEqual(['0.10', '0.19']);
  }, 120_000);

  it('a 500-line application of 0.01 each occupies exactly 5.00, line by line', async () => {
    const p = await pool('5.00');
    const appId = await submit(
      appData(
        p,
        Array.from({ length: 500 }, () => '0.01'),
      ),
    );
    expect(((await record(appId)).data as Data).shenQingJinE).toBe('5.00');
    expect(await consistent(p.id)).toMatchObject({ occupied: '5.00', available: '0.00' });
    const c = await chain(appId);
    expect(c.application).toMatchObject({ applied: '5.00', occupied: '5.00' });
    expect(c.lines).toHaveLength(500);
    expect(c.lines.every((l: { occupied: string; poolId: string }) => l.occupied === '0.01' && l.poolId === p.id)).toBe(true);
    // the pool is full: another cent is refused, and nothing moved
    const more = await a.post(R.save, { formCode: 'feiYongShenQing', data: appData(p, ['0.01']), submit: true }, tok.zhangwei);
    expect(more.statusCode).toBe(422);
    expect(await consistent(p.id)).toMatchObject({ occupied: '5.00', available: '0.00' });
  }, 120_000);

  it('an application of 99,999,999.99 occupies and settles to the cent', async () => {
    const p = await pool('99999999.99');
    const d = appData(p, ['33333333.33', '33333333.33', '33333333.33']);
    // above 50,000 the form requires its activity plan
    d.fuJian = [await upload(a, tok.zhangwei, '活动方案.png')];
    const appId = await submit(d);
    expect(((await record(appId)).data as Data).shenQingJinE).toBe('99999999.99');
    expect(await consistent(p.id)).toMatchObject({ occupied: '99999999.99', available: '0.00' });
    await approveAll(appId);
    const sid = await settle(appId, ['33333333.33', '33333333.32', '0.01']);
    expect(await consistent(p.id)).toMatchObject({ occupied: '0.00', consumed: '66666666.66', available: '33333333.33' });
    const c = await chain(sid);
    expect(c.application).toMatchObject({ applied: '99999999.99', settled: '66666666.66', released: '33333333.33', remainingToWriteOff: '66666666.66' });
  }, 180_000);
});
