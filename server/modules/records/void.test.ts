// record/void: an owner voids a document that is not in approval (schemas/lifecycle.ts `void`):
// one conditional write, the hooks in the same transaction (an expense application releases its
// budget; a returned document's live approval is closed), 409 in approval or on a stale version,
// 403 for someone else's document. Real database (PGlite; PostgreSQL too when configured).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';
import { budgetPools, records } from '../../db/schema';
import { rows } from '../../db/client';
import { newId } from '../../lib/ids';
import { endpoints, pathOf } from '../../../schemas/api';

const PREFIX = '/tpm';
const SAVE = pathOf(endpoints.records.save, PREFIX);
const LIST = pathOf(endpoints.records.list, PREFIX);
const VOID = pathOf(endpoints.records.void, PREFIX);
const P = {
  taskAll: pathOf(endpoints.process.taskAll, PREFIX),
  approve: pathOf(endpoints.process.approve, PREFIX),
  return: pathOf(endpoints.process.return, PREFIX),
};
type Data = Record<string, unknown>;

describe.each(BACKENDS)('record/void (%s)', (backend) => {
  let a: TestApp;
  const tok: Record<string, string> = {};
  let base: Data;

  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    for (const u of ['zhangwei', 'lina', 'xuqiang', 'sunli', 'admin']) tok[u] = await a.login(u);
    const list = await a.post(LIST, { formCode: 'feiYongShenQing', limit: 50 }, tok.zhangwei);
    base = structuredClone((list.json().data.rows as { shenPiZhuangTai: string; data: Data }[]).find((x) => x.shenPiZhuangTai === '0')!.data);
  }, 180_000);
  afterAll(async () => a?.stop());

  const pool = async (amount: string) => {
    const id = newId();
    const fy = base.caiWuNian as { id: string };
    await a.ctx.db.transaction(async (tx) => {
      await tx.insert(budgetPools).values({ id, code: `V-${id}`, name: `作废测试池${id.slice(-4)}`, amount, fiscalYearId: fy.id });
      await tx.execute(
        sql`insert into budget_ledger (id, pool_id, kind, d_amount, available_after) values (${newId()}, ${id}, 'load', ${amount}::numeric, ${amount}::numeric)`,
      );
    });
    return { id, name: `作废测试池${id.slice(-4)}` };
  };
  const submit = async (p: { id: string; name: string }, amount: string) => {
    const d = structuredClone(base);
    const line: Data = { ...(base.mingXi as Data[])[0], shuLiang: 1, danJia: amount, jinE: amount };
    delete line._id;
    Object.assign(d, { yuSuanChi: p, mingXi: [line], shenQingJinE: amount });
    const r = await a.post(SAVE, { formCode: 'feiYongShenQing', data: d, submit: true }, tok.zhangwei);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data.id as string;
  };
  /** the pool's available balance, and its ledger's sums (the pool's totals must equal them) */
  const available = async (poolId: string) => {
    const [r] = await rows<{ available: string; ledger: string; occupied: string; n: number }>(
      a.ctx.db,
      sql`select (p.amount - p.occupied - p.consumed)::text as available, p.occupied::text as occupied,
        (select sum(d_amount - d_occupied - d_consumed)::text from budget_ledger where pool_id = p.id) as ledger,
        (select count(*)::int from budget_ledger where pool_id = p.id) as n from budget_pools p where p.id = ${poolId}`,
    );
    expect(r.ledger).toBe(r.available);
    return r;
  };
  const record = async (id: string) => (await a.ctx.db.select().from(records).where(eq(records.id, id)))[0];
  const taskOf = async (u: string, recordId: string) => {
    const r = await a.post(P.taskAll, { tab: 'todo', limit: 50 }, tok[u]);
    return (r.json().data.rows as { recordId: string; taskId: string | null }[]).find((x) => x.recordId === recordId)?.taskId ?? null;
  };
  const approveAll = async (id: string) => {
    for (let i = 0; i < 8 && (await record(id)).shenPiZhuangTai !== '2'; i++)
      for (const u of ['lina', 'xuqiang', 'sunli', 'admin']) {
        const task = await taskOf(u, id);
        if (task) {
          expect((await a.post(P.approve, { taskId: task, comment: '同意' }, tok[u])).statusCode).toBe(200);
          break;
        }
      }
    expect((await record(id)).shenPiZhuangTai).toBe('2');
  };
  const voidIt = async (id: string, token = tok.zhangwei, version?: number) =>
    a.post(VOID, { formCode: 'feiYongShenQing', id, version: version ?? (await record(id)).version }, token);

  it('refuses a document in approval (409, withdraw first) and someone else’s (403); voids an approved one and releases its budget', async () => {
    const p = await pool('1000.00');
    const id = await submit(p, '400.00');
    expect((await available(p.id)).available).toBe('600.00');
    const inApproval = await voidIt(id);
    expect(inApproval.statusCode).toBe(409);
    expect(inApproval.json().msg).toBe('单据当前状态不能作废（审批中的单据请先撤回）');
    await approveAll(id);
    expect((await voidIt(id, tok.lina)).statusCode).toBe(403);
    const stale = await voidIt(id, tok.zhangwei, (await record(id)).version - 1);
    expect(stale.statusCode).toBe(409);
    const r = await voidIt(id);
    expect(r.statusCode, r.body).toBe(200);
    expect((await record(id)).shenPiZhuangTai).toBe('5');
    expect((await available(p.id)).available).toBe('1000.00');
    expect(await available(p.id)).toMatchObject({ occupied: '0.00', n: 3 });
    // void is final
    expect((await voidIt(id)).statusCode).toBe(409);
  });

  it('voiding a returned document releases its budget and closes its live approval', async () => {
    const p = await pool('1000.00');
    const id = await submit(p, '250.00');
    const task = await taskOf('lina', id);
    expect((await a.post(P.return, { taskId: task, to: 'applicant', comment: '请补充方案' }, tok.lina)).statusCode).toBe(200);
    expect((await record(id)).shenPiZhuangTai).toBe('3');
    expect((await available(p.id)).available).toBe('750.00');
    const live = () => rows<{ n: number }>(a.ctx.db, sql`select count(*)::int as n from process_instances where record_id = ${id} and ended_at is null`);
    expect((await live())[0].n).toBe(1);
    expect((await voidIt(id)).statusCode).toBe(200);
    expect((await available(p.id)).available).toBe('1000.00');
    expect((await live())[0].n).toBe(0);
  });
});
