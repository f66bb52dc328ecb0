// A task completes exactly once, whatever the concurrency: on PostgreSQL (TEST_DATABASE_URL) the
// requests really run in parallel over a connection pool. 50 approvals of one task → exactly
// one succeeds (the rest 409 process.taskDone), in each of 100 runs; an approval racing the
// applicant's withdrawal → one wins, and the record, the instance and the task rows agree.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PG_URL, startTestApp, type TestApp } from '../../test/helpers';
import { processHistory, processInstances, processTasks, records } from '../../db/schema';
import { expenseData, P, R } from './testing';

describe.skipIf(!PG_URL)('approval concurrency (postgres)', () => {
  let a: TestApp;
  let zw: string;
  let lina: string;
  let data: Record<string, unknown>;
  beforeAll(async () => {
    a = await startTestApp({ postgres: true });
    [zw, lina] = await Promise.all([a.login('zhangwei'), a.login('lina')]);
    data = await expenseData(a, zw, '1200.00');
  }, 180_000);
  afterAll(async () => a?.stop());

  /** zhangwei submits an application; answers its id and lina's pending task on it. */
  const submit = async () => {
    const r = await a.post(R.save, { formCode: 'feiYongShenQing', data, submit: true }, zw);
    expect(r.statusCode, r.body).toBe(200);
    const id: string = r.json().data.id;
    const [task] = await a.ctx.db.select().from(processTasks).where(eq(processTasks.recordId, id));
    expect(task).toMatchObject({ assigneeId: expect.any(String), status: 'pending', nodeId: 'buMenJingLi' });
    return { id, taskId: task.id };
  };

  /** The record, its instance and its task rows agree with each other. */
  const consistent = async (recordId: string) => {
    const [rec] = await a.ctx.db.select().from(records).where(eq(records.id, recordId));
    const [inst] = await a.ctx.db.select().from(processInstances).where(eq(processInstances.recordId, recordId));
    const rows = await a.ctx.db.select().from(processTasks).where(eq(processTasks.instanceId, inst.id));
    const state = inst.state as { status: string; tasks: { id: string; status: string }[] };
    expect(state.status).toBe(inst.status);
    // every task of the state has its row, in the same status
    expect(new Map(rows.map((r) => [r.id, r.status]))).toEqual(new Map(state.tasks.map((t) => [t.id, t.status])));
    const expected: Record<string, string> = { running: '1', withdrawn: '4', approved: '2', returned: '3', rejected: '5' };
    expect(rec.shenPiZhuangTai).toBe(expected[inst.status]);
    expect(rec.liuChengId).toBe(inst.id);
    return { rec, inst, rows };
  };

  it('50 concurrent approvals of one task: exactly one succeeds, in each of 100 runs', { timeout: 900_000 }, async () => {
    for (let run = 0; run < 100; run++) {
      const { id, taskId } = await submit();
      const rs = await Promise.all(Array.from({ length: 50 }, () => a.post(P.approve, { taskId, comment: `run ${run}` }, lina)));
      const codes = rs.map((r) => r.statusCode);
      expect(
        codes.filter((c) => c === 200),
        `run ${run}`,
      ).toHaveLength(1);
      expect(
        codes.filter((c) => c === 409),
        `run ${run}`,
      ).toHaveLength(49);
      expect(rs.find((r) => r.statusCode === 409)!.json().msg).toBe('该待办已处理，请刷新后查看');
      const { inst, rows } = await consistent(id);
      expect(inst.status).toBe('running');
      // one approval in history, the leader's task approved once, finance's task created once
      const approvals = await a.ctx.db.select().from(processHistory).where(eq(processHistory.instanceId, inst.id));
      expect(approvals.filter((h) => h.action === 'approve')).toHaveLength(1);
      expect(rows.filter((r) => r.id === taskId && r.status === 'approved')).toHaveLength(1);
      expect(rows.filter((r) => r.nodeId === 'caiWuShenPi' && r.status === 'pending')).toHaveLength(1);
    }
  });

  it('approve vs withdraw: one wins, no half-state', { timeout: 300_000 }, async () => {
    const wins = { approve: 0, withdraw: 0 };
    for (let run = 0; run < 30; run++) {
      const { id, taskId } = await submit();
      const [ap, wd] = await Promise.all([a.post(P.approve, { taskId }, lina), a.post(P.withdraw, { recordId: id }, zw)]);
      expect([ap.statusCode, wd.statusCode].sort(), `${ap.body} ${wd.body}`).toEqual([200, 409]);
      const { inst, rec } = await consistent(id);
      if (ap.statusCode === 200) {
        wins.approve++;
        expect(inst.status).toBe('running');
        expect(rec.shenPiZhuangTai).toBe('1');
      } else {
        wins.withdraw++;
        expect(inst.status).toBe('withdrawn');
        expect(rec.shenPiZhuangTai).toBe('4');
      }
    }
    expect(wins.approve + wins.withdraw).toBe(30);
  });
});
