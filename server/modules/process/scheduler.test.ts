// The timeout scheduler: syncJobs keeps one pending job per pending task with a due time;
// runDueJobs hands due jobs to the step runner and finishes them (a refusal too), leaves an
// unexpected failure for a retry after the lease; and the whole path survives a restart — a
// submit under a process whose first node times out after a moment, the app closed before it is
// due, a new app on the same database (PGlite DATA_DIR, or PostgreSQL) approves the task by timeout.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '../../../schemas/process';
import { processHistory, processInstances, processJobs, processTasks } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { BACKENDS, PG_URL, startTestApp, type TestApp } from '../../test/helpers';
import { runDueJobs, syncJobs, type ActFn } from './scheduler';
import { expenseData, R } from './testing';

const task = (id: string, status: Task['status'], dueAt?: string): Task => ({
  id,
  runId: 'r1',
  nodeId: 'n1',
  assigneeId: '1000000000000000001',
  status,
  origin: 'node',
  order: 0,
  createdAt: new Date().toISOString(),
  createdStep: 1,
  ...(dueAt ? { dueAt } : {}),
});

describe.each(BACKENDS)('scheduler (%s)', (backend) => {
  let a: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres', env: { PROCESS_LEASE_MS: '300' } });
  });
  afterAll(async () => a?.stop());

  const jobsOf = (instanceId: string) => a.ctx.db.select().from(processJobs).where(eq(processJobs.instanceId, instanceId));

  it('syncJobs: a pending job per pending task with a due time, moved with it, cancelled when the task is done', async () => {
    const inst = newId();
    const [t1, t2, t3] = [newId(), newId(), newId()];
    const due1 = new Date(Date.now() + 3_600_000).toISOString();
    await a.ctx.db.transaction((tx) => syncJobs(tx, inst, [task(t1, 'pending', due1), task(t2, 'pending'), task(t3, 'approved', due1)]));
    let jobs = await jobsOf(inst);
    expect(jobs.map((j) => [j.taskId, j.status, j.kind])).toEqual([[t1, 'pending', 'timeout']]);
    expect(jobs[0].dueAt.toISOString()).toBe(due1);

    const due2 = new Date(Date.now() + 7_200_000).toISOString();
    await a.ctx.db.transaction((tx) => syncJobs(tx, inst, [task(t1, 'pending', due2), task(t2, 'pending', due1)]));
    jobs = await jobsOf(inst);
    expect(jobs).toHaveLength(2);
    expect(jobs.find((j) => j.taskId === t1)!.dueAt.toISOString()).toBe(due2);
    // the same state again changes nothing
    await a.ctx.db.transaction((tx) => syncJobs(tx, inst, [task(t1, 'pending', due2), task(t2, 'pending', due1)]));
    expect(await jobsOf(inst)).toHaveLength(2);

    await a.ctx.db.transaction((tx) => syncJobs(tx, inst, [task(t1, 'approved', due2), task(t2, 'pending', due1)]));
    jobs = await jobsOf(inst);
    expect(jobs.find((j) => j.taskId === t1)!.status).toBe('cancelled');
    expect(jobs.find((j) => j.taskId === t2)!.status).toBe('pending');
  });

  it('runDueJobs: due jobs go to act as timeouts; refusals finish the job; an unexpected error is retried after the lease', async () => {
    const inst = newId();
    const [ok, refused, broken, later] = [newId(), newId(), newId(), newId()];
    const past = new Date(Date.now() - 1000).toISOString();
    await a.ctx.db.transaction((tx) =>
      syncJobs(tx, inst, [
        task(ok, 'pending', past),
        task(refused, 'pending', past),
        task(broken, 'pending', past),
        task(later, 'pending', new Date(Date.now() + 3_600_000).toISOString()),
      ]),
    );
    const calls: string[] = [];
    let breakIt = true;
    const act: ActFn = async (_ctx, user, target, action) => {
      expect(user).toBeNull();
      expect(target).toEqual({ instanceId: inst });
      if (action.type !== 'timeout') throw new Error('not a timeout');
      calls.push(action.taskId);
      if (action.taskId === refused) throw new AppError(409, 'process.taskDone');
      if (action.taskId === broken && breakIt) throw new Error('database went away');
      return {};
    };
    const errors: unknown[] = [];
    expect(await runDueJobs(a.ctx, act, (e) => errors.push(e))).toBe(2);
    expect(calls.sort()).toEqual([ok, refused, broken].sort());
    expect(errors).toHaveLength(1);
    let jobs = await jobsOf(inst);
    const by = (id: string) => jobs.find((j) => j.taskId === id)!;
    expect(by(ok)).toMatchObject({ status: 'done', runs: 1, lastError: null });
    expect(by(refused)).toMatchObject({ status: 'done', lastError: 'process.taskDone' });
    expect(by(broken)).toMatchObject({ status: 'running', runs: 1, lastError: 'database went away' });
    expect(by(later)).toMatchObject({ status: 'pending', runs: 0 });

    // within the lease nobody takes the running job again; after it, it is retried
    expect(await runDueJobs(a.ctx, act)).toBe(0);
    breakIt = false;
    await new Promise((r) => setTimeout(r, 400));
    expect(await runDueJobs(a.ctx, act)).toBe(1);
    jobs = await jobsOf(inst);
    expect(by(broken)).toMatchObject({ status: 'done', runs: 2, lastError: null });
    expect(calls.filter((c) => c === broken)).toHaveLength(2);
  });
});

/** Where two apps in a row find the same database: a PGlite DATA_DIR, or a PostgreSQL database of its own. */
async function samePlace(backend: 'pglite' | 'postgres') {
  if (backend === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'formwork-sched-'));
    return { opts: (env: Record<string, string> = {}) => ({ dataDir, env }), drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `formwork_t_sched_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_URL! });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(PG_URL!);
  u.pathname = `/${name}`;
  return {
    opts: (env: Record<string, string> = {}) => ({ env: { DATABASE_URL: u.toString(), ...env } }),
    drop: async () => {
      for (let i = 0; i < 100; i++) {
        const r = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (r.rows[0].n === 0) break;
        await new Promise((res) => setTimeout(res, 50));
      }
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

describe.each(BACKENDS)('scheduler across a restart (%s: the same database)', (backend) => {
  it('a timeout job written before the app closed is run by the next app', { timeout: 240_000 }, async () => {
    const place = await samePlace(backend);
    try {
      let a = await startTestApp(place.opts());
      const admin = await a.login('admin');
      const zw = await a.login('zhangwei');
      // the seeded expense process, its department-manager node timing out (approve) after ~1 s
      const P = '/tpm/emp/system/process/processDefinition';
      const item = (await a.post(`${P}/item/rule`, { code: 'feiYongShenQingLiuCheng' }, admin)).json().data;
      const def = structuredClone(item.published);
      const node = def.nodes.find((n: { id: string }) => n.id === 'buMenJingLi');
      node.timeout = { hours: 0.0003, action: 'approve' };
      const saved = await a.post(`${P}/update/rule`, { code: 'feiYongShenQingLiuCheng', draftVersion: item.summary.draftVersion, definition: def }, admin);
      expect(saved.statusCode, saved.body).toBe(200);
      const pub = await a.post(`${P}/update/liuChengDingYi`, { code: 'feiYongShenQingLiuCheng' }, admin);
      expect(pub.statusCode, pub.body).toBe(200);

      const data = await expenseData(a, zw, '1000.00');
      const sub = await a.post(R.save, { formCode: 'feiYongShenQing', data, submit: true }, zw);
      expect(sub.statusCode, sub.body).toBe(200);
      const recordId: string = sub.json().data.id;
      const [inst] = await a.ctx.db.select().from(processInstances).where(eq(processInstances.recordId, recordId));
      expect(inst.processVersion).toBe(pub.json().data.version);
      const [leaderTask] = await a.ctx.db
        .select()
        .from(processTasks)
        .where(and(eq(processTasks.instanceId, inst.id), eq(processTasks.nodeId, 'buMenJingLi')));
      expect(leaderTask.status).toBe('pending');
      const [job] = await a.ctx.db.select().from(processJobs).where(eq(processJobs.taskId, leaderTask.id));
      expect(job).toMatchObject({ status: 'pending', kind: 'timeout' });
      await a.stop(); // background off in this app: nothing ran the job

      await new Promise((r) => setTimeout(r, Math.max(0, job.dueAt.getTime() - Date.now()) + 100));
      a = await startTestApp(place.opts({ PROCESS_BACKGROUND: '1', SCHEDULER_INTERVAL_SECONDS: '1' }));
      try {
        await a.inject({ method: 'GET', url: '/health' }); // ready: the background starts
        const end = Date.now() + 20_000;
        let status = '';
        while (Date.now() < end) {
          status = (await a.ctx.db.select().from(processJobs).where(eq(processJobs.id, job.id)))[0].status;
          if (status === 'done') break;
          await new Promise((r) => setTimeout(r, 100));
        }
        expect(status).toBe('done');
        const [t] = await a.ctx.db.select().from(processTasks).where(eq(processTasks.id, leaderTask.id));
        expect(t.status).toBe('approved');
        const history = await a.ctx.db.select().from(processHistory).where(eq(processHistory.instanceId, inst.id));
        expect(history.some((h) => h.action === 'timeout' || (h.taskId === leaderTask.id && h.actorId === null))).toBe(true);
      } finally {
        await a.stop();
      }
    } finally {
      await place.drop();
    }
  });
});
