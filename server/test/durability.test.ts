// Durability of approvals under SIGKILL (issue #13, Must-show): the real server runs as a child
// process while concurrent clients work the expense application process — zhangwei submits (two
// clients; amounts above 50,000 put the matrix director on the path), resubmits what came back
// and withdraws some; lina, xuqiang and sunli (two clients each, so they race for the same task)
// approve their to-dos, return some and reject a few — and the server is killed with SIGKILL at
// a random moment (once a few actions were acknowledged since its start), started again on the
// same database, several times. The process has a callback URL on a receiver in this test
// (which refuses a share of the deliveries, so retries happen), so every step writes outbox
// rows, and its finance node times out after ~7 s (approve), so the scheduler's timeout jobs act
// too, as the system, across the restarts. After a last start the outbox drains and the server
// stops gracefully; then the database is read directly: every instance is in a state the engine
// could have written (state tasks = task rows, history for every finished task, no open task on
// a finished instance, the record's approval fields = its instance's, a timeout job for every
// pending task with a due time and none for another), every answer a client got code 0 for is
// there, and every callback either reached the receiver or is still in the table, none was sent
// that the database does not hold, and no delivery id came with two bodies.
//
// PostgreSQL when TEST_DATABASE_URL is set (a fresh database), else PGlite in a temp DATA_DIR.
// DURABILITY_CYCLES (default 8 on PostgreSQL, 4 on PGlite, whose start is slow), DURABILITY_SEED.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, rows, sql } from '../db/client';
import { expenseData } from '../modules/process/testing';
import type { TaskListRow, ActAnswer } from '../../schemas/api/process';
import type { ProcessDefinition } from '../../schemas/process';
import {
  call,
  checkInvariants,
  freePort,
  freshPgDatabase,
  login,
  PATHS,
  prng,
  ServerProcess,
  sleep,
  startReceiver,
  upload,
  Unknown,
  type Ack,
  type Answer,
  type Receiver,
} from './durabilityHelpers';
import { PG_URL, startTestApp } from './helpers';

const FORM = 'feiYongShenQing';
const PROCESS = 'feiYongShenQingLiuCheng';
/** the expense application process's finance node (sunli) */
const FINANCE = 'caiWuShenPi';
const CYCLES = Number(process.env.DURABILITY_CYCLES ?? (PG_URL ? 8 : 4));
const SEED = Number(process.env.DURABILITY_SEED ?? Date.now() % 1_000_000);

interface RecordDoc {
  id: string;
  version: number;
  shenPiZhuangTai: string;
  data: Record<string, unknown>;
}

describe('approvals survive SIGKILL', () => {
  it(
    `kills the server ${CYCLES}× in the middle of approvals; every instance stays consistent, nothing acknowledged or enqueued is lost`,
    { timeout: 900_000 },
    async () => {
      const rnd = prng(SEED);
      console.log(`[durability] ${PG_URL ? 'postgres' : 'pglite'}, ${CYCLES} kills, DURABILITY_SEED=${SEED}`);
      const dataDir = mkdtempSync(path.join(tmpdir(), 'formwork-durability-'));
      const fresh = PG_URL ? await freshPgDatabase(PG_URL) : null;
      const receiver = await startReceiver(0.1, rnd.next);
      const port = await freePort();
      const server = new ServerProcess(port, {
        DATA_DIR: dataDir,
        CLIENT_DIST: path.join(dataDir, 'no-client'),
        ...(fresh ? { DATABASE_URL: fresh.url } : {}),
        FORMWORK_TEST_MODE: '1',
        LOG_LEVEL: 'warn',
        PROCESS_BACKGROUND: '1',
        CALLBACK_ALLOWLIST: `127.0.0.1:${receiver.port}`,
        CALLBACK_BASE_DELAY_MS: '50',
        CALLBACK_POLL_MS: '200',
        CALLBACK_ATTEMPTS: '8',
        // a delivery a killed server had claimed is taken over soon after the restart
        PROCESS_LEASE_MS: '1500',
        SCHEDULER_INTERVAL_SECONDS: '1',
        LOGIN_RATE_MAX: '1000',
      });
      const base = server.base;
      const acks: Ack[] = [];
      const counts = { ok: 0, refused: 0, unknown: 0 };
      try {
        // ── first start: sessions, the callback URL, the data template ──
        const bootMs = await server.start();
        console.log(`[durability] first start ${bootMs} ms`);
        const admin = await login(base, 'admin');
        const [zw, lina, xq, sl] = await Promise.all(['zhangwei', 'lina', 'xuqiang', 'sunli'].map((u) => login(base, u)));

        const item = await call<{ summary: { draftVersion: number }; published: ProcessDefinition }>(base, PATHS.definitionItem, { code: PROCESS }, admin);
        expect(item.code, item.msg).toBe(0);
        // callbacks to the receiver; finance approves by itself after ~7 s (the scheduler's timeout
        // jobs then race sunli's clients and the kills: a task left pending over a restart times out)
        const callbackUrl = `http://127.0.0.1:${receiver.port}/callback`;
        const nodes = item.data.published.nodes.map((n) => (n.id === FINANCE ? { ...n, timeout: { hours: 0.002, action: 'approve' as const } } : n));
        expect(nodes.some((n) => n.timeout)).toBe(true);
        const saved = await call<{ draftVersion: number }>(
          base,
          PATHS.definitionSave,
          { code: PROCESS, draftVersion: item.data.summary.draftVersion, definition: { ...item.data.published, nodes, callbackUrl } },
          admin,
        );
        expect(saved.code, saved.msg).toBe(0);
        const published = await call<{ version: number }>(base, PATHS.definitionPublish, { code: PROCESS }, admin);
        expect(published.code, JSON.stringify(published)).toBe(0);

        const list = await call<{ rows: RecordDoc[] }>(base, PATHS.recordList, { formCode: FORM, limit: 50 }, zw);
        const draft = list.data.rows.find((r) => r.shenPiZhuangTai === '0');
        if (!draft) throw new Error('zhangwei has no seeded draft to copy');
        const template = structuredClone(draft.data);
        const line0 = (template.mingXi as Record<string, unknown>[])[0];
        // the submissions occupy budget (issue 15): give the template's pool room for all of them
        const poolId = (template.yuSuanChi as { id: string }).id;
        const raised = await call(base, PATHS.poolChange, { poolId, amount: '100000000.00', memo: '耐久测试追加预算' }, admin);
        expect(raised.code, raised.msg).toBe(0);

        // ── the clients ──
        let up = true;
        let stopClients = false;
        let seq = 0;
        /** one call; a connection cut by the kill counts as unknown and waits for the restart */
        /** approvals whose connection the kill cut: their outcome is unknown to the client (committed or not) */
        const cut: { kind: 'approve' | 'reject' | 'return'; taskId: string }[] = [];
        const run = async <T>(url: string, body: unknown, token: string, onCut?: () => void): Promise<Answer<T> | null> => {
          if (!up) return null;
          try {
            const a = await call<T>(base, url, body, token);
            if (a.code === 0) counts.ok++;
            else counts.refused++;
            if (a.status >= 500) throw new Error(`${url} answered ${a.status}: ${a.msg}\n${server.tail()}`);
            return a;
          } catch (err) {
            if (!(err instanceof Unknown)) throw err;
            counts.unknown++;
            onCut?.();
            return null;
          }
        };
        const idle = () => sleep(up ? 5 : 100);

        const amountOf = () => (rnd.next() < 0.35 ? rnd.int(51_000, 90_000) : rnd.int(1_000, 45_000));
        const submitter = async () => {
          while (!stopClients) {
            if (!up) {
              await idle();
              continue;
            }
            const r = rnd.next();
            if (r < 0.6) {
              const amount = amountOf();
              const data: Record<string, unknown> = structuredClone(template);
              data.huoDongMingCheng = `耐久测试 ${++seq}`;
              data.mingXi = [{ ...line0, shuLiang: amount, danJia: '1.00', jinE: `${amount}.00` }];
              data.shenQingJinE = `${amount}.00`;
              if (amount > 50_000) {
                try {
                  data.fuJian = [await upload(base, zw, '活动方案.png')];
                } catch (err) {
                  if (err instanceof Unknown) {
                    counts.unknown++;
                    continue;
                  }
                  throw err;
                }
              }
              const a = await run<{ id: string; version: number }>(PATHS.recordSave, { formCode: FORM, data, submit: true }, zw);
              if (a?.code === 0) acks.push({ kind: 'submit', recordId: a.data.id, version: a.data.version });
              else if (a) throw new Error(`submit refused: ${a.status} ${a.msg}`);
            } else {
              const started = await run<{ rows: TaskListRow[] }>(PATHS.taskAll, { tab: 'started', limit: 50 }, zw);
              if (!started || started.code !== 0) continue;
              const returned = started.data.rows.filter((x) => x.status === 'returned');
              const running = started.data.rows.filter((x) => x.status === 'running');
              if (r < 0.85 && returned.length) {
                const row = rnd.pick(returned);
                const got = await run<{ record: RecordDoc }>(PATHS.recordGet, { formCode: FORM, id: row.recordId }, zw);
                if (!got || got.code !== 0) continue;
                const rec = got.data.record;
                const a = await run<{ id: string; version: number }>(
                  PATHS.recordSave,
                  { formCode: FORM, id: rec.id, version: rec.version, data: { ...rec.data, huoDongShuoMing: `补充 ${++seq}` }, submit: true },
                  zw,
                );
                if (a?.code === 0) acks.push({ kind: 'resubmit', recordId: a.data.id, version: a.data.version });
              } else if (running.length) {
                const row = rnd.pick(running);
                const a = await run<ActAnswer>(PATHS.withdraw, { recordId: row.recordId, comment: '撤回' }, zw);
                if (a?.code === 0)
                  acks.push({ kind: 'withdraw', recordId: row.recordId, instanceId: a.data.instanceId, revision: a.data.revision, status: a.data.status });
              }
            }
          }
        };
        const approver = async (token: string) => {
          while (!stopClients) {
            if (!up) {
              await idle();
              continue;
            }
            const todo = await run<{ rows: TaskListRow[] }>(PATHS.taskAll, { tab: 'todo', limit: 10 }, token);
            if (!todo || todo.code !== 0 || !todo.data.rows.length) {
              await sleep(50);
              continue;
            }
            // the first rows: two clients of one approver often race for the same task
            const row = todo.data.rows[Math.min(todo.data.rows.length - 1, rnd.int(0, 2))];
            const r = rnd.next();
            const [kind, url, body] =
              r < 0.8
                ? (['approve', PATHS.approve, { taskId: row.taskId, comment: '同意' }] as const)
                : r < 0.93
                  ? (['return', PATHS.return, { taskId: row.taskId, to: 'applicant', comment: '请补充材料' }] as const)
                  : (['reject', PATHS.reject, { taskId: row.taskId, comment: '不符合政策' }] as const);
            const a = await run<ActAnswer>(url, body, token, () => cut.push({ kind, taskId: row.taskId! }));
            if (a?.code === 0) acks.push({ kind, taskId: row.taskId!, instanceId: a.data.instanceId, revision: a.data.revision, status: a.data.status });
            else if (a && ![403, 404, 409, 422].includes(a.status)) throw new Error(`${kind} answered ${a.status}: ${a.msg}`);
          }
        };
        const clients = Promise.all([submitter(), submitter(), ...[lina, lina, xq, xq, sl, sl].map((t) => approver(t))]);
        let clientError: unknown = null;
        const watched = clients.catch((err) => {
          clientError = err;
          stopClients = true;
        });

        // ── the kills ──
        const restarts: number[] = [];
        for (let cycle = 0; cycle < CYCLES && !clientError; cycle++) {
          // some work acknowledged since the start (a slow start, PGlite's, must not leave a cycle idle), then a random moment
          const before = acks.length;
          const deadline = Date.now() + 30_000;
          while (acks.length < before + 3 && Date.now() < deadline && !clientError) await sleep(50);
          await sleep(rnd.int(0, 2500));
          const dying = server.kill();
          up = false;
          await dying;
          const ms = await server.start();
          restarts.push(ms);
          up = true;
        }
        // ── the last run, then the drain and a graceful stop ──
        await sleep(2000);
        stopClients = true;
        await watched;
        if (clientError) throw clientError;
        const t0 = Date.now();
        while (Date.now() - t0 < 60_000) {
          await sleep(500);
          // quiet for longer than a lease and the longest backoff of the retries
          if (Date.now() - receiver.lastAt > 5000) break;
        }
        const drainedAt = Date.now();
        expect(await server.stop()).toBe(0);
        console.log(
          `[durability] restarts ${restarts.map((x) => `${(x / 1000).toFixed(1)} s`).join(', ')}; calls ${JSON.stringify(counts)}; acks ${acks.length}`,
        );

        // ── the database, read directly ──
        const database = await openDatabase({ databaseUrl: fresh?.url ?? null, pgliteDir: path.join(dataDir, 'pglite'), poolSize: 2 });
        try {
          const report = await checkInvariants(database.db, acks, receiver);
          console.log(`[durability] ${JSON.stringify(report.stats)}`);
          // the cut actions: some committed before the kill, some did not (both are consistent states)
          const FINISHED = { approve: 'approved', reject: 'rejected', return: 'returned' } as const;
          const cutRows = cut.length
            ? await rows<{ id: string; status: string }>(
                database.db,
                sql`select id, status from process_tasks where id in (${sql.join(
                  cut.map((c) => sql`${c.taskId}`),
                  sql`, `,
                )})`,
              )
            : [];
          const statusOf = new Map(cutRows.map((r) => [r.id, r.status]));
          const landed = cut.filter((c) => statusOf.get(c.taskId) === FINISHED[c.kind]).length;
          console.log(
            `[durability] actions cut by a kill: ${cut.length}, whose task ended as the action leaves it (by this call or a twin client's): ${landed}`,
          );
          expect(report.problems, report.problems.join('\n')).toEqual([]);
          // the run did what it claims: work was acknowledged on both sides of the kills, requests were cut
          expect(restarts.length).toBe(CYCLES);
          expect(counts.unknown).toBeGreaterThan(0);
          expect(acks.length).toBeGreaterThanOrEqual(3 * CYCLES);
          expect(acks.filter((a) => a.kind === 'submit').length).toBeGreaterThan(0);
          expect(acks.filter((a) => a.kind === 'approve').length).toBeGreaterThan(0);
          expect(Number(report.stats.outbox)).toBeGreaterThan(0);
          // drained: every callback reached the receiver
          // (a timeout firing while the server shut down may leave its callbacks pending: still in the table, not lost)
          expect(report.undeliveredAt.filter((at) => at < drainedAt - 1000)).toEqual([]);
        } finally {
          await database.close();
        }
      } finally {
        await server.kill();
        await receiver.close();
        if (fresh) await fresh.drop().catch(() => {});
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});

// The checks themselves can fail: on a small consistent database they find nothing, and each
// kind of torn write (a step's history, record fields, task row, outbox row or timeout job
// missing or out of step, a delivery the table does not hold, an acknowledgement without its
// write) is reported.
describe('the durability checks', () => {
  it('find nothing on a consistent database and report each kind of torn write', { timeout: 180_000 }, async () => {
    const a = await startTestApp({ overrides: { callbackAllowlist: ['127.0.0.1:9'] } });
    try {
      const [admin, zw, lina] = [await a.login('admin'), await a.login('zhangwei'), await a.login('lina')];
      const item = (await a.post(PATHS.definitionItem, { code: PROCESS }, admin)).json().data;
      const nodes = (item.published as ProcessDefinition).nodes.map((n) =>
        n.id === FINANCE ? { ...n, timeout: { hours: 1, action: 'approve' as const } } : n,
      );
      const definition = { ...item.published, nodes, callbackUrl: 'http://127.0.0.1:9/callback' };
      expect((await a.post(PATHS.definitionSave, { code: PROCESS, draftVersion: item.summary.draftVersion, definition }, admin)).json().code).toBe(0);
      expect((await a.post(PATHS.definitionPublish, { code: PROCESS }, admin)).json().code).toBe(0);
      const saved = await a.post(PATHS.recordSave, { formCode: FORM, data: await expenseData(a, zw, '1000.00'), submit: true }, zw);
      expect(saved.statusCode, saved.body).toBe(200);
      const recordId: string = saved.json().data.id;
      const todo = (await a.post(PATHS.taskAll, { tab: 'todo' }, lina)).json().data.rows as TaskListRow[];
      const task = todo.find((x) => x.recordId === recordId)!;
      const approved = (await a.post(PATHS.approve, { taskId: task.taskId, comment: '同意' }, lina)).json().data as ActAnswer;
      const acks: Ack[] = [
        { kind: 'submit', recordId, version: saved.json().data.version },
        { kind: 'approve', taskId: task.taskId!, instanceId: approved.instanceId, revision: approved.revision, status: approved.status },
      ];
      const receiver: Receiver = { port: 9, bodies: new Map(), accepted: new Set(), acceptedAgain: new Set(), hits: 0, lastAt: 0, close: async () => {} };
      const db = a.ctx.db;

      const clean = await checkInvariants(db, acks, receiver);
      expect(clean.problems).toEqual([]);
      expect(Number(clean.stats.outbox)).toBeGreaterThan(1);
      expect(clean.stats.undelivered).toBe(clean.stats.outbox);

      const problemsAfter = async (extraAcks: Ack[] = []) => (await checkInvariants(db, [...acks, ...extraAcks], receiver)).problems.join('\n');
      // a step's history entry lost
      await db.execute(sql`delete from process_history where task_id = ${task.taskId} and action = 'approve'`);
      expect(await problemsAfter()).toMatch(new RegExp(`task ${task.taskId} is approved without its approve history entry`));
      // a record field out of step with its instance
      await db.execute(sql`update records set state_name = 'elsewhere' where id = ${recordId}`);
      expect(await problemsAfter()).toMatch(/stateName 'elsewhere' ≠/);
      await db.execute(sql`update records set shen_pi_zhuang_tai = '2' where id = ${recordId}`);
      expect(await problemsAfter()).toMatch(/shenPiZhuangTai ≠ '1'/);
      // a task row out of step with the state
      await db.execute(sql`update process_tasks set status = 'pending' where id = ${task.taskId}`);
      expect(await problemsAfter()).toMatch(new RegExp(`task ${task.taskId} row pending/`));
      // an outbox row lost
      await db.execute(sql`delete from process_outbox where id = (select id from process_outbox where record_id = ${recordId} and event = 'submitted')`);
      expect(await problemsAfter()).toMatch(/1 'submitted' callback\(s\) due \(history, final status\) but 0 outbox row\(s\)/);
      // a delivery the table does not hold, and one id with two bodies
      receiver.bodies.set('1999999999999999999', new Set(['{"a":1}', '{"a":2}']));
      const p = await problemsAfter();
      expect(p).toMatch(/delivery 1999999999999999999, which is not in the outbox/);
      expect(p).toMatch(/delivery 1999999999999999999 came with 2 different bodies/);
      // a timeout job lost (finance's task waits with a due time)
      expect(clean.stats.timeoutJobs).toBe(1);
      await db.execute(sql`delete from process_jobs`);
      expect(await problemsAfter()).toMatch(/pending task \d+ due .* has no timeout job/);
      // an acknowledged step that is not there
      expect(
        await problemsAfter([{ kind: 'approve', taskId: '1888888888888888888', instanceId: approved.instanceId, revision: 99, status: 'running' }]),
      ).toMatch(/acknowledged approve of task 1888888888888888888: task is missing/);
    } finally {
      await a.stop();
    }
  });
});
