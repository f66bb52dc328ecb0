// `npm run bench:tasks`: the approval task center under load on PostgreSQL. Seeds open
// (running) expense-application instances through the app itself (record/save with submit, as
// zhangwei; the department leader lina then approves a share, which moves those on to finance,
// sunli), so the to-dos fall on two approvers and each list is large. Then measures, with
// autocannon in its own thread (loadWorker.mjs), task-all.action (tab todo, first page) and
// task/counts for lina and sunli, beside the very SELECTs those routes run, executed directly on
// their own `pg` pool at the same concurrency, alternating in rounds (as listBench.ts does); for
// task-all also its page SELECT alone. Before measuring, the statements are checked to answer
// what the route answers (same tasks on the page, same total and counts).
//
//   BENCH_INSTANCES    open instances to seed (default 1,000)
//   BENCH_APPROVED     of them, how many lina approves on to finance (default 30 %)
//   BENCH_SECONDS      measured seconds per scenario and side (default 10), after 2 s of warm-up,
//                      in BENCH_ROUNDS (default 5) alternating API / raw rounds
//   BENCH_CONNECTIONS  concurrent requests / queries (default 10)
//   BENCH_DB_NAME      database to use and keep (seeded once, reused while it holds enough
//                      open instances); without it a fresh database is created and dropped
// Needs BENCH_DATABASE_URL or TEST_DATABASE_URL.
//
// The raw side: the very statements the routes issue for the same caller and input, taken from
// the task center's own builder (server/modules/process taskCenterStatements: the page SELECT,
// its count, the tabs' counts), so the bench cannot drift from the route.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { load, pct, rawLatencies, type LoadResult } from './measure';
import { endpoints, pathOf } from '../../schemas/api';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, rows, sql } from '../db/client';
import { taskCenterStatements } from '../modules/process';

const N = Number(process.env.BENCH_INSTANCES ?? 1000);
const N_APPROVED = Number(process.env.BENCH_APPROVED ?? Math.round(N * 0.3));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARMUP_SECONDS = 2;
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;
const FORM = 'feiYongShenQing';
const TITLE = '压测审批';
const PREFIX = '/tpm';
const P = {
  taskAll: pathOf(endpoints.process.taskAll, PREFIX),
  counts: pathOf(endpoints.process.counts, PREFIX),
  approve: pathOf(endpoints.process.approve, PREFIX),
  save: pathOf(endpoints.records.save, PREFIX),
  list: pathOf(endpoints.records.list, PREFIX),
};

/** Runs `n` jobs `width` at a time; prints progress. */
async function pool(n: number, width: number, label: string, job: (i: number) => Promise<void>) {
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) {
        const i = next++;
        await job(i);
        if (++done % 50 === 0 || done === n) process.stdout.write(`\r  ${label} ${done} / ${n}`);
      }
    }),
  );
  if (n) process.stdout.write('\n');
}

async function main() {
  if (!PG_URL) {
    console.log('bench:tasks needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL server)');
    process.exitCode = 1;
    return;
  }
  const keepDb = process.env.BENCH_DB_NAME;
  const dbName = keepDb ?? `formwork_pbench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  if (!(await admin.query('select 1 from pg_database where datname = $1', [dbName])).rowCount) await admin.query(`create database "${dbName}"`);
  await admin.end();
  const u = new URL(PG_URL);
  u.pathname = `/${dbName}`;
  const dbUrl = u.toString();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'formwork-pbench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    FORMWORK_TEST_MODE: '1',
    PROCESS_BACKGROUND: '0',
    CLIENT_DIST: path.join(dataDir, 'none'),
    DATABASE_URL: dbUrl,
  });
  const database = await openDatabase({ databaseUrl: dbUrl, pgliteDir: path.join(dataDir, 'pglite'), poolSize: CONNECTIONS + 4 });
  const { app, ctx } = await buildApp(config, { database, logger: false });
  const rawPool = new pg.Pool({ connectionString: dbUrl, max: CONNECTIONS });
  try {
    const token = async (username: string) => {
      const r = await app.inject({ method: 'POST', url: '/emp/api/v2/login', payload: { username, password: 'Demo@123' } });
      return r.json().data.mytoken as string;
    };
    const post = async (url: string, body: unknown, tk: string) => {
      const r = await app.inject({ method: 'POST', url, payload: body as object, headers: { authorization: tk } });
      const b = r.json();
      if (r.statusCode !== 200 || b.code !== 0) throw new Error(`${url}: ${r.statusCode} ${r.body.slice(0, 400)}`);
      return b.data;
    };
    const [zw, lina, sunli] = [await token('zhangwei'), await token('lina'), await token('sunli')];
    const ids = Object.fromEntries(
      (await rows<{ username: string; id: string }>(ctx.db, sql`select username, id from users where username in ('zhangwei', 'lina', 'sunli')`)).map((x) => [
        x.username,
        x.id,
      ]),
    );

    // ── seeding: open instances submitted through record/save, a share approved on by lina ──
    const t0 = Date.now();
    const [{ have }] = await rows<{ have: number }>(
      ctx.db,
      sql`select count(*)::int as have from process_instances i join records r on r.id = i.record_id where r.title like ${`${TITLE}%`} and i.status = 'running'`,
    );
    if (have >= N) console.log(`  reusing ${have.toLocaleString()} open instances`);
    else {
      const drafts = (await post(P.list, { formCode: FORM, limit: 50 }, zw)).rows as { shenPiZhuangTai: string; data: Record<string, unknown> }[];
      const draft = drafts.find((x) => x.shenPiZhuangTai === '0');
      if (!draft) throw new Error('zhangwei has no seeded draft to copy');
      const line0 = (draft.data.mingXi as Record<string, unknown>[])[0];
      const toSeed = N - have;
      await pool(toSeed, 4, 'submitted', async (i) => {
        // amounts below 50,000: department leader → finance (no attachment needed)
        const amount = 1000 + ((i * 7919) % 40_000);
        const data = {
          ...structuredClone(draft.data),
          huoDongMingCheng: `${TITLE} ${have + i + 1}`,
          mingXi: [{ ...line0, shuLiang: amount, danJia: '1.00', jinE: `${amount}.00` }],
          shenQingJinE: `${amount}.00`,
        };
        await post(P.save, { formCode: FORM, data, submit: true }, zw);
      });
      const approve = Math.max(0, Math.min(toSeed, Math.round((N_APPROVED * toSeed) / N)));
      const linaTasks = await rows<{ id: string }>(
        ctx.db,
        sql`select t.id from process_tasks t join records r on r.id = t.record_id
            where t.assignee_id = ${ids.lina} and t.status = 'pending' and r.title like ${`${TITLE}%`} order by t.created_at limit ${approve}`,
      );
      await pool(linaTasks.length, 4, 'approved on by lina', async (i) => {
        await post(P.approve, { taskId: linaTasks[i].id, comment: '同意' }, lina);
      });
      await database.db.execute(sql.raw('vacuum (analyze) process_tasks, process_instances, process_cc, records'));
      await database.db.execute(sql.raw('checkpoint'));
      console.log(`  seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
    const [open] = await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from process_instances where status = 'running'`);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    // the statements as the route builds them for each approver's first to-do page
    const stmts = (me: string) => taskCenterStatements(ctx.db, me, { tab: 'todo', page: 1, limit: 20 });
    const q = { lina: stmts(ids.lina), sunli: stmts(ids.sunli) };
    // they answer what the route answers (the same tasks on the page, the same total and counts)
    for (const who of ['lina', 'sunli'] as const) {
      const tk = who === 'lina' ? lina : sunli;
      const api = await post(P.taskAll, { tab: 'todo', page: 1, limit: 20 }, tk);
      const page = await rawPool.query<{ task_id: string }>(q[who].page.sql, q[who].page.params);
      const count = await rawPool.query<{ n: string }>(q[who].count.sql, q[who].count.params);
      const counts = await rawPool.query<Record<string, string>>(q[who].counts.sql, q[who].counts.params);
      const same =
        JSON.stringify(api.rows.map((r: { taskId: string }) => r.taskId)) === JSON.stringify(page.rows.map((r) => r.task_id)) &&
        api.totalRecord === Number(count.rows[0].n) &&
        Object.entries(api.counts as Record<string, number>).every(([k, v]) => Number(counts.rows[0][k]) === v);
      if (!same) throw new Error(`taskCenterStatements no longer answers what task-all answers for ${who}`);
    }

    interface Scenario {
      name: string;
      url: string;
      body: unknown;
      tk: string;
      raw: (c: pg.Pool) => Promise<unknown>;
      /** task-all: the page SELECT alone, measured too (the route's other statements are counts) */
      page?: (c: pg.Pool) => Promise<unknown>;
      /** the size the scenario reads: its list's total, or the to-do count */
      size: (data: { totalRecord?: number; todo?: number }) => number;
    }
    const todoRaw = (who: 'lina' | 'sunli') => async (c: pg.Pool) => {
      // the route runs these one after the other (taskPage, then taskCounts)
      await c.query(q[who].page.sql, q[who].page.params);
      await c.query(q[who].count.sql, q[who].count.params);
      await c.query(q[who].counts.sql, q[who].counts.params);
    };
    const scenarios: Scenario[] = [
      {
        name: 'task-all todo (lina)',
        url: P.taskAll,
        body: { tab: 'todo', page: 1, limit: 20 },
        tk: lina,
        raw: todoRaw('lina'),
        page: (c) => c.query(q.lina.page.sql, q.lina.page.params),
        size: (d) => d.totalRecord ?? 0,
      },
      {
        name: 'task-all todo (sunli)',
        url: P.taskAll,
        body: { tab: 'todo', page: 1, limit: 20 },
        tk: sunli,
        raw: todoRaw('sunli'),
        page: (c) => c.query(q.sunli.page.sql, q.sunli.page.params),
        size: (d) => d.totalRecord ?? 0,
      },
      { name: 'task/counts (lina)', url: P.counts, body: {}, tk: lina, raw: (c) => c.query(q.lina.counts.sql, q.lina.counts.params), size: (d) => d.todo ?? 0 },
      {
        name: 'task/counts (sunli)',
        url: P.counts,
        body: {},
        tk: sunli,
        raw: (c) => c.query(q.sunli.counts.sql, q.sunli.counts.params),
        size: (d) => d.todo ?? 0,
      },
    ];
    console.log(`\n━━ postgres: ${open.n.toLocaleString()} open instances, ${CONNECTIONS} connections, ${SECONDS} s per side`);
    console.log('   raw: the SELECTs the route runs (task-all: page, count, counts in sequence; counts: one), on their own pg pool');
    console.log(
      `  ${'scenario'.padEnd(24)} ${'API p50'.padStart(9)} ${'p95'.padStart(9)} ${'req/s'.padStart(7)} | ${'raw p50'.padStart(9)} ${'p95'.padStart(9)} | p95 ratio | to-dos`,
    );
    for (const s of scenarios) {
      const probe = await post(s.url, s.body, s.tk);
      const apiOpts = {
        url: `${address}${s.url}`,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: s.tk },
        body: JSON.stringify(s.body),
        connections: CONNECTIONS,
      };
      const runRaw = () => s.raw(rawPool);
      await load({ ...apiOpts, duration: WARMUP_SECONDS });
      await rawLatencies(runRaw, WARMUP_SECONDS, CONNECTIONS);
      const api: LoadResult = { latencies: [], requestsPerSecond: 0, non2xx: 0, errors: 0 };
      const raw: number[] = [];
      const pageOnly: number[] = [];
      const slice = SECONDS / ROUNDS;
      for (let round = 0; round < ROUNDS; round++) {
        const r = await load({ ...apiOpts, duration: slice });
        api.latencies.push(...r.latencies);
        api.non2xx += r.non2xx;
        api.errors += r.errors;
        raw.push(...(await rawLatencies(runRaw, slice, CONNECTIONS)));
        const page = s.page;
        if (page) pageOnly.push(...(await rawLatencies(() => page(rawPool), slice, CONNECTIONS)));
      }
      api.requestsPerSecond = api.latencies.length / SECONDS;
      if (!api.latencies.length) throw new Error(`${s.name}: no responses (${api.non2xx} non-2xx, ${api.errors} errors)`);
      const apiP50 = pct(api.latencies, 50),
        apiP95 = pct(api.latencies, 95);
      const rawP50 = pct(raw, 50),
        rawP95 = pct(raw, 95);
      console.log(
        `  ${s.name.padEnd(24)} ${apiP50.toFixed(1).padStart(6)} ms ${apiP95.toFixed(1).padStart(6)} ms ${api.requestsPerSecond.toFixed(0).padStart(7)} |` +
          ` ${rawP50.toFixed(1).padStart(6)} ms ${rawP95.toFixed(1).padStart(6)} ms | ${(apiP95 / Math.max(rawP95, 0.01)).toFixed(2).padStart(8)}× |` +
          ` ${s.size(probe)}${api.non2xx || api.errors ? `  !! ${api.non2xx} non-2xx, ${api.errors} errors` : ''}`,
      );
      if (pageOnly.length)
        console.log(
          `  ${'  └ its page SELECT alone'.padEnd(24)} ${''.padStart(9)} ${''.padStart(9)} ${''.padStart(7)} |` +
            ` ${pct(pageOnly, 50).toFixed(1).padStart(6)} ms ${pct(pageOnly, 95).toFixed(1).padStart(6)} ms |`,
        );
    }
  } finally {
    await rawPool.end();
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (!keepDb) {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists "${dbName}" with (force)`);
      await c.end();
    }
  }
}

await main();
