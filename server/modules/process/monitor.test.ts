// Process monitoring (processMonitor: processInstance/list, task/list) and the task center's
// additions (batchAllowed, applicant and date filters, the amount column) on the seeded expense
// process: administrators see every instance and open task with names, current nodes and
// approvers, waiting time and the callback failure flag; filters narrow; task/del empties the
// open-task list; employees get 403; bad bodies get 422 with field messages. PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { endpoints, pathOf } from '../../../schemas/api';
import type { MonitorInstanceRow, MonitorTaskRow } from '../../../schemas/api/processMonitor';
import type { TaskListRow } from '../../../schemas/api/process';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';
import { rows } from '../../db/client';
import { records, users } from '../../db/schema';
import { expenseData, P, R } from './testing';

const M = { instances: pathOf(endpoints.processMonitor.instances, '/tpm'), tasks: pathOf(endpoints.processMonitor.tasks, '/tpm') };
const TASK_DEL = pathOf(endpoints.processAdmin.taskDelete, '/tpm');

interface Page<T> {
  rows: T[];
  totalRecord: number;
  pageSize: number;
  currentPage: number;
}

describe.each(BACKENDS)('process monitoring (%s)', (backend) => {
  let a: TestApp;
  let zw: string;
  let lina: string;
  let admin: string;
  const uid: Record<string, string> = {};
  let first: string;
  let second: string;

  const ok = async <T>(path: string, body: unknown, token: string): Promise<T> => {
    const r = await a.post(path, body, token);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as T;
  };
  const submit = async (amount: string) => {
    const data = await expenseData(a, zw, amount);
    return (await ok<{ id: string }>(R.save, { formCode: 'feiYongShenQing', data, submit: true }, zw)).id;
  };

  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    [zw, lina, admin] = await Promise.all(['zhangwei', 'lina', 'admin'].map((u) => a.login(u)));
    for (const u of await a.ctx.db.select({ id: users.id, username: users.username }).from(users)) uid[u.username] = u.id;
    first = await submit('1200.00');
    second = await submit('2345.60');
  }, 180_000);
  afterAll(async () => a?.stop());

  describe('processInstance/list', () => {
    it('lists every instance newest first with names, current nodes and approvers, waiting time and the callback flag', async () => {
      const page = await ok<Page<MonitorInstanceRow>>(M.instances, { limit: 50 }, admin);
      expect(page.totalRecord).toBeGreaterThanOrEqual(2);
      expect(page).toMatchObject({ pageSize: 50, currentPage: 1 });
      const ids = page.rows.map((r) => r.recordId);
      // newest first: the second submit comes before the first
      expect(ids.indexOf(second)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
      const starts = page.rows.map((r) => Date.parse(r.startedAt));
      expect([...starts].sort((x, y) => y - x)).toEqual(starts);
      const row = page.rows.find((r) => r.recordId === second)!;
      expect(row).toMatchObject({
        formCode: 'feiYongShenQing',
        formName: '费用申请',
        applicantId: uid.zhangwei,
        applicantName: '张伟',
        status: 'running',
        endedAt: null,
        callbackFailed: false,
        currentNodes: [{ id: 'buMenJingLi', name: expect.any(String) }],
        currentApprovers: [{ id: uid.lina, name: expect.any(String) }],
      });
      expect(row.number).toEqual(expect.any(String));
      expect(row.waitingMs).toBeGreaterThanOrEqual(0);
      expect(row.currentNodes[0].name).not.toBe('buMenJingLi');
    });

    it('names nodes in the caller’s language', async () => {
      const zh = (await ok<Page<MonitorInstanceRow>>(M.instances, { limit: 50 }, admin)).rows.find((r) => r.recordId === second)!;
      const r = await a.inject({ method: 'POST', url: M.instances, payload: { limit: 50 }, headers: { authorization: admin, 'accept-language': 'en-US' } });
      expect(r.statusCode, r.body).toBe(200);
      const en = (r.json().data as Page<MonitorInstanceRow>).rows.find((x) => x.recordId === second)!;
      expect(en.currentNodes[0].id).toBe(zh.currentNodes[0].id);
      expect(en.formName).toEqual(expect.any(String));
    });

    it('filters by status, form, keyword and applicant', async () => {
      const all = await ok<Page<MonitorInstanceRow>>(M.instances, { limit: 50 }, admin);
      const number = all.rows.find((r) => r.recordId === first)!.number!;
      const byNumber = await ok<Page<MonitorInstanceRow>>(M.instances, { keyword: number }, admin);
      expect(byNumber.rows.map((r) => r.recordId)).toEqual([first]);
      expect(byNumber.totalRecord).toBe(1);
      // a typed wildcard is literal
      expect((await ok<Page<MonitorInstanceRow>>(M.instances, { keyword: '%' }, admin)).rows).toEqual([]);
      const running = await ok<Page<MonitorInstanceRow>>(M.instances, { status: 'running', limit: 50 }, admin);
      expect(running.rows.length).toBeGreaterThan(0);
      expect(running.rows.every((r) => r.status === 'running')).toBe(true);
      expect((await ok<Page<MonitorInstanceRow>>(M.instances, { status: 'withdrawn' }, admin)).rows.every((r) => r.status === 'withdrawn')).toBe(true);
      expect((await ok<Page<MonitorInstanceRow>>(M.instances, { formCode: 'feiYongJieAn', keyword: number }, admin)).rows).toEqual([]);
      const mine = await ok<Page<MonitorInstanceRow>>(M.instances, { applicantId: uid.zhangwei, limit: 50 }, admin);
      expect(mine.rows.map((r) => r.recordId)).toEqual(expect.arrayContaining([first, second]));
      expect(mine.rows.every((r) => r.applicantId === uid.zhangwei)).toBe(true);
      expect((await ok<Page<MonitorInstanceRow>>(M.instances, { applicantId: uid.lina, keyword: number }, admin)).rows).toEqual([]);
      // '' means any
      expect((await ok<Page<MonitorInstanceRow>>(M.instances, { status: '', formCode: '', applicantId: '', limit: 50 }, admin)).totalRecord).toBe(
        all.totalRecord,
      );
      // paging
      const p1 = await ok<Page<MonitorInstanceRow>>(M.instances, { limit: 10, page: 1 }, admin);
      expect(p1.rows.length).toBe(Math.min(10, all.totalRecord));
      const beyond = await ok<Page<MonitorInstanceRow>>(M.instances, { limit: 50, page: 99 }, admin);
      expect(beyond.rows).toEqual([]);
      expect(beyond.totalRecord).toBe(all.totalRecord);
    });

    it('shows the record’s callback failure flag', async () => {
      await a.ctx.db.update(records).set({ shenPiCallBackFailure: '1' }).where(eq(records.id, first));
      const row = (await ok<Page<MonitorInstanceRow>>(M.instances, { limit: 50 }, admin)).rows.find((r) => r.recordId === first)!;
      expect(row.callbackFailed).toBe(true);
      await a.ctx.db.update(records).set({ shenPiCallBackFailure: '0' }).where(eq(records.id, first));
    });
  });

  describe('task/list and task/del', () => {
    it('lists every open task oldest first, with node, assignee and applicant; filters by assignee, form and keyword', async () => {
      const page = await ok<Page<MonitorTaskRow>>(M.tasks, { limit: 50 }, admin);
      const row = page.rows.find((r) => r.recordId === first)!;
      expect(row).toMatchObject({
        nodeId: 'buMenJingLi',
        assigneeId: uid.lina,
        applicantId: uid.zhangwei,
        applicantName: '张伟',
        formCode: 'feiYongShenQing',
        origin: 'node',
      });
      expect(row.nodeName).not.toBe('buMenJingLi');
      expect(row.waitingMs).toBeGreaterThanOrEqual(0);
      const arrived = page.rows.map((r) => Date.parse(r.arrivedAt));
      expect([...arrived].sort((x, y) => x - y)).toEqual(arrived);
      const linas = await ok<Page<MonitorTaskRow>>(M.tasks, { assigneeId: uid.lina, limit: 50 }, admin);
      expect(linas.rows.every((r) => r.assigneeId === uid.lina)).toBe(true);
      expect(linas.rows.map((r) => r.recordId)).toEqual(expect.arrayContaining([first, second]));
      expect((await ok<Page<MonitorTaskRow>>(M.tasks, { assigneeId: uid.sunli, limit: 50 }, admin)).rows.map((r) => r.recordId)).not.toContain(first);
      expect((await ok<Page<MonitorTaskRow>>(M.tasks, { keyword: row.number }, admin)).rows.map((r) => r.recordId)).toEqual([first]);
      expect((await ok<Page<MonitorTaskRow>>(M.tasks, { keyword: row.number, formCode: 'feiYongJieAn' }, admin)).rows).toEqual([]);
    });

    it('task/del cancels the instance: its task leaves the list and the instance shows cancelled', async () => {
      const before = await ok<Page<MonitorTaskRow>>(M.tasks, { limit: 50 }, admin);
      const row = before.rows.find((r) => r.recordId === second)!;
      await ok(TASK_DEL, { instanceId: row.instanceId, comment: 'test cleanup' }, admin);
      const after = await ok<Page<MonitorTaskRow>>(M.tasks, { limit: 50 }, admin);
      expect(after.rows.map((r) => r.recordId)).not.toContain(second);
      expect(after.totalRecord).toBe(before.totalRecord - 1);
      const inst = (await ok<Page<MonitorInstanceRow>>(M.instances, { status: 'cancelled', limit: 50 }, admin)).rows.find((r) => r.recordId === second)!;
      expect(inst).toMatchObject({ status: 'cancelled', currentNodes: [], currentApprovers: [], waitingMs: 0 });
      expect(inst.endedAt).toEqual(expect.any(String));
    });
  });

  describe('access and bad bodies', () => {
    it('refuses employees (403) and sessions-less calls (401)', async () => {
      for (const path of [M.instances, M.tasks]) {
        expect((await a.post(path, {}, zw)).statusCode, path).toBe(403);
        expect((await a.post(path, {}, lina)).statusCode, path).toBe(403);
        expect((await a.post(path, {})).statusCode, path).toBe(401);
      }
    });

    it('answers bad bodies with 422 and field messages, never 500', async () => {
      const bad: [string, unknown][] = [
        [M.instances, { status: 'sleeping' }],
        [M.instances, { limit: 15 }],
        [M.instances, { page: 0 }],
        [M.instances, { applicantId: 'lina' }],
        [M.instances, { keyword: 'x'.repeat(101) }],
        [M.tasks, { assigneeId: '123' }],
        [M.tasks, { limit: 'all' }],
        [M.tasks, { formCode: 'x'.repeat(65) }],
      ];
      for (const [path, body] of bad) {
        const r = await a.post(path, body, admin);
        expect(r.statusCode, JSON.stringify(body)).toBe(422);
        const b = r.json();
        expect(b.errors.length, JSON.stringify(body)).toBeGreaterThan(0);
        expect(b.errors[0].message).toEqual(expect.any(String));
      }
    });
  });

  describe('task center additions', () => {
    const tab = async (token: string, body: Record<string, unknown>) =>
      ok<Page<TaskListRow> & { counts: Record<string, number | boolean> }>(P.taskAll, { tab: 'todo', limit: 50, ...body }, token);

    it('tells whether the caller is on the batch-approval whitelist, in task-all and counts', async () => {
      expect((await tab(lina, {})).counts.batchAllowed).toBe(true);
      expect((await ok<{ batchAllowed: boolean }>(P.counts, {}, lina)).batchAllowed).toBe(true);
      expect((await tab(zw, {})).counts.batchAllowed).toBe(false);
      expect((await ok<{ batchAllowed: boolean }>(P.counts, {}, zw)).batchAllowed).toBe(false);
    });

    it('filters by applicant and arrival days, and answers the amount field asked for', async () => {
      const all = await tab(lina, { amountField: 'shenQingJinE' });
      const row = all.rows.find((r) => r.recordId === first)!;
      expect(row.amount).toBe('1200.00');
      expect(row.startedAt).toEqual(expect.any(String));
      expect((await tab(lina, {})).rows.find((r) => r.recordId === first)).not.toHaveProperty('amount');
      expect((await tab(lina, { applicantId: uid.zhangwei })).rows.map((r) => r.recordId)).toContain(first);
      expect((await tab(lina, { applicantId: uid.sunli })).rows).toEqual([]);
      // the arrival day, in the database's time zone: the whole of today includes it, yesterday does not
      const [{ today }] = await rows<{ today: string }>(a.ctx.db, sql`select to_char(current_date, 'YYYY-MM-DD') as today`);
      expect((await tab(lina, { from: today, to: today })).rows.map((r) => r.recordId)).toContain(first);
      expect((await tab(lina, { from: today })).rows.map((r) => r.recordId)).toContain(first);
      expect((await tab(lina, { to: '2000-01-01' })).rows).toEqual([]);
      expect((await tab(lina, { from: '2999-01-01' })).rows).toEqual([]);
      expect((await tab(lina, { from: '', to: '', applicantId: '' })).totalRecord).toBe(all.totalRecord);
    });

    it('refuses days that do not exist and malformed filters (422 with the field)', async () => {
      const r = await a.post(P.taskAll, { tab: 'todo', from: '2026-02-30' }, lina);
      expect(r.statusCode, r.body).toBe(422);
      expect(r.json().errors[0]).toMatchObject({ field: 'from', message: expect.any(String) });
      for (const body of [
        { tab: 'todo', to: '26-1-1' },
        { tab: 'todo', applicantId: 'x' },
        { tab: 'todo', amountField: 'data->>x' },
      ]) {
        const b = await a.post(P.taskAll, body, lina);
        expect(b.statusCode, JSON.stringify(body)).toBe(422);
        expect(b.json().errors.length).toBeGreaterThan(0);
      }
    });
  });
});
