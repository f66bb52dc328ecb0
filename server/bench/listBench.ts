// `npm run bench:api`: the record list endpoint over many expense applications, measured with
// autocannon (in its own thread, so the load generator does not share the server's event loop)
// beside the very page query the route issues (its SQL and parameters taken from the route's own
// query builder), run directly on the database in the same run and at the same concurrency, on
// PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL; raw: its own `pg` pool) and on PGlite (raw:
// the server's own PGlite client, which runs the database in its worker thread, without HTTP).
//
//   BENCH_RECORDS      records to seed (default 1,000,000; BENCH_PGLITE_RECORDS overrides it for PGlite)
//   BENCH_SECONDS      measured seconds per scenario and side (default 10), after 2 s of warm-up
//                      per side, in BENCH_ROUNDS (default 5) alternating API / raw rounds
//   BENCH_CONNECTIONS  concurrent requests / queries (default 10)
//   BENCH_DB_NAME      PostgreSQL database to use and keep (seeded once, reused while it holds
//                      enough records); without it a fresh database is created and dropped
//   BENCH_PGLITE_DIR   PGlite directory to use and keep (same reuse); default a temp directory
//   BENCH_BACKEND      postgres | pglite to run only one
//   BENCH_OFFSET=1     also the deep page by page number alone (a long OFFSET over the index; informational)
//
// Seeding: one INSERT … SELECT FROM generate_series per 200k rows with the secondary indexes of
// `records` dropped meanwhile and re-created from their own definitions afterwards (pg_indexes),
// then ANALYZE. Prints p50/p95 of both sides, their ratio and totalRecord (marked when estimated).
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { load, pct, rawLatencies, type LoadResult } from './measure';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, rows, sql, type Database } from '../db/client';
import type { AppContext, SessionUser } from '../context';
import { sessionResolver } from '../modules/auth';
import { ensureListIndexes, listPageSql, type ListInput } from '../modules/records';
import { publishedDefinition } from '../modules/definitions';

const N_PG = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const N_PGLITE = Number(process.env.BENCH_PGLITE_RECORDS ?? N_PG);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** API and raw alternate in this many rounds of SECONDS / ROUNDS each */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARMUP_SECONDS = 2;
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;
const FORM = 'feiYongShenQing';

interface Scenario {
  name: string;
  body: ListInput;
}

async function fill(database: Database, n: number, dealerId: string, adminId: string) {
  const [{ have }] = await rows<{ have: number }>(
    database.db,
    sql`select count(*)::int as have from records where form_code = ${FORM} and number like 'BENCH%'`,
  );
  if (have >= n) {
    console.log(`  reusing ${have.toLocaleString()} seeded records`);
    return;
  }
  const t0 = Date.now();
  const idx = await rows<{ indexname: string; indexdef: string }>(
    database.db,
    sql`
    select i.indexname, i.indexdef from pg_indexes i
    where i.tablename = 'records' and i.schemaname = current_schema()
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const i of idx) await database.db.execute(sql.raw(`drop index if exists "${i.indexname}"`));
  const batch = 200_000;
  for (let from = have; from < n; from += batch) {
    const to = Math.min(n, from + batch);
    // ids: 19 digits, increasing; 14 dealers; amounts 100.00 … 99999.00
    await database.db.execute(
      sql.raw(`
      insert into records (id, form_code, number, title, is_you_xiao, row_create_id, row_create_date, row_mod_user, row_mod_date,
                           shen_pi_zhuang_tai, definition_version, version, data)
      select (1500000000000000000 + g)::text, '${FORM}', 'BENCH' || lpad(g::text, 10, '0'), '压测活动' || g, '1', '${adminId}',
             to_char(timestamp '2026-01-01' + (g || ' seconds')::interval, 'YYYY-MM-DD HH24:MI:SS'), '${adminId}',
             to_char(timestamp '2026-01-01' + (g || ' seconds')::interval, 'YYYY-MM-DD HH24:MI:SS'),
             (g % 3)::text, 1, 1,
             jsonb_build_object(
               'huoDongMingCheng', '压测活动' || g,
               'jingXiaoShang', jsonb_build_object('id', case when g % 14 = 0 then '${dealerId}' else lpad((g % 14)::text, 19, '9') end, 'name', '经销商' || (g % 14)),
               'shenQingJinE', ((g::bigint * 7919) % 99900 + 100)::text || '.00')
      from generate_series(${from + 1}, ${to}) g`),
    );
    process.stdout.write(`\r  inserted ${to.toLocaleString()} / ${n.toLocaleString()}`);
  }
  // the maintained counter, as the server keeps it on create/delete
  await database.db.execute(
    sql`update form_definitions set record_count = (select count(*) from records where form_code = ${FORM} and is_you_xiao = '1') where code = ${FORM}`,
  );
  process.stdout.write('\n  re-creating indexes …');
  for (const i of idx) await database.db.execute(sql.raw(i.indexdef));
  console.log(` seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

async function benchBackend(kind: 'postgres' | 'pglite') {
  const n = kind === 'postgres' ? N_PG : N_PGLITE;
  console.log(`\n━━ ${kind}: ${n.toLocaleString()} records, ${CONNECTIONS} connections, ${SECONDS} s per side`);
  const keepDir = kind === 'pglite' ? process.env.BENCH_PGLITE_DIR : undefined;
  const dataDir = keepDir ?? mkdtempSync(path.join(tmpdir(), 'formwork-bench-'));
  let dbUrl: string | null = null;
  const keepDb = kind === 'postgres' ? process.env.BENCH_DB_NAME : undefined;
  const dbName = kind === 'postgres' ? (keepDb ?? `formwork_bench_${Date.now().toString(36)}`) : '';
  if (kind === 'postgres') {
    const c = new pg.Client({ connectionString: PG_URL! });
    await c.connect();
    const exists = await c.query('select 1 from pg_database where datname = $1', [dbName]);
    if (!exists.rowCount) await c.query(`create database "${dbName}"`);
    await c.end();
    const u = new URL(PG_URL!);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    FORMWORK_TEST_MODE: '1',
    CLIENT_DIST: path.join(dataDir, 'none'),
    ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
  });
  const pgliteDir = path.join(dataDir, 'pglite');
  if (kind === 'pglite' && existsSync(pgliteDir)) console.log(`  PGlite directory ${pgliteDir}`);
  const database = await openDatabase({ databaseUrl: dbUrl, pgliteDir, poolSize: CONNECTIONS + 2 });
  const { app, ctx } = await buildApp(config, { database, logger: false });
  const rawPool = kind === 'postgres' ? new pg.Pool({ connectionString: dbUrl!, max: CONNECTIONS }) : null;
  try {
    const [admin] = await rows<{ id: string }>(ctx.db, sql`select id from users where username = 'admin'`);
    const [dealer] = await rows<{ id: string }>(ctx.db, sql`select id from dealers order by sort limit 1`);
    await fill(database, n, dealer.id, admin.id);
    // the list indexes the server keeps for the form's sortable columns (as after a publish)
    const def = await publishedDefinition(ctx, FORM);
    await ensureListIndexes(ctx, def!);
    // as autovacuum would have done by now: statistics and the visibility map (index-only scans)
    await database.db.execute(sql.raw('vacuum (analyze) records'));
    // and the buffers that dirtied written out now, not by a checkpoint in the middle of a measurement
    await database.db.execute(sql.raw('checkpoint'));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await app.inject({ method: 'POST', url: '/emp/api/v2/login', payload: { username: 'admin', password: 'Admin@123' } });
    const token = login.json().data.mytoken as string;
    const me = (await sessionResolver(ctx)(token)) as SessionUser;

    const deepPage = Math.max(2, Math.floor(n / 20 / 2));
    // a deep page reached the way the list pages on: the keyset cursor of the page before it
    const before = await app.inject({
      method: 'POST',
      url: '/emp/api/v2/biaoDan/record/list',
      payload: { formCode: FORM, page: deepPage - 1, limit: 20 },
      headers: { authorization: token },
    });
    const cursor = before.json().data.nextCursor as string;
    const scenarios: Scenario[] = [
      { name: 'first page', body: { formCode: FORM, page: 1, limit: 20 } },
      {
        name: 'JSONB filter + sort',
        body: { formCode: FORM, page: 1, limit: 20, sort: 'shenQingJinE', order: 'desc', filters: [{ key: 'jingXiaoShang', op: 'eq', value: dealer.id }] },
      },
      { name: `deep page ${deepPage} (keyset)`, body: { formCode: FORM, page: deepPage, limit: 20, cursor } },
      ...(process.env.BENCH_OFFSET === '1' ? [{ name: `deep page ${deepPage} (OFFSET)`, body: { formCode: FORM, page: deepPage, limit: 20 } }] : []),
    ];

    // PGlite: the database client the server itself uses (server/db/pgliteThread.ts)
    const pglite = kind === 'pglite' ? (ctx.db as unknown as { $client: { query: (q: string, p: unknown[]) => Promise<unknown> } }).$client : null;
    console.log(
      `  ${'scenario'.padEnd(30)} ${'API p50'.padStart(9)} ${'p95'.padStart(9)} ${'req/s'.padStart(7)} | ${'raw p50'.padStart(9)} ${'p95'.padStart(9)} | p95 ratio | totalRecord`,
    );
    for (const s of scenarios) {
      const probe = await app.inject({ method: 'POST', url: '/emp/api/v2/biaoDan/record/list', payload: s.body, headers: { authorization: token } });
      const pd = probe.json().data;
      if (probe.statusCode !== 200 || !pd?.rows?.length) throw new Error(`${s.name}: ${probe.statusCode} ${probe.body.slice(0, 300)}`);
      // the page query exactly as the route builds it for this request
      const q = await listPageSql(ctx as AppContext, me, s.body, 'zh-CN');
      const runRaw = rawPool ? () => rawPool.query(q.sql, q.params) : () => pglite!.query(q.sql, q.params);
      const apiOpts = {
        url: `${address}/emp/api/v2/biaoDan/record/list`,
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        body: JSON.stringify(s.body),
        connections: CONNECTIONS,
      };
      // warm-up of both sides (JIT, pool connections, prepared statements), not measured
      await load({ ...apiOpts, duration: WARMUP_SECONDS });
      await rawLatencies(runRaw, WARMUP_SECONDS, CONNECTIONS);
      // then API and raw alternate in short rounds, so a load swing on the shared machine hits both
      const api: LoadResult = { latencies: [], requestsPerSecond: 0, non2xx: 0, errors: 0 };
      const raw: number[] = [];
      const slice = SECONDS / ROUNDS;
      for (let round = 0; round < ROUNDS; round++) {
        const r = await load({ ...apiOpts, duration: slice });
        api.latencies.push(...r.latencies);
        api.non2xx += r.non2xx;
        api.errors += r.errors;
        raw.push(...(await rawLatencies(runRaw, slice, CONNECTIONS)));
      }
      api.requestsPerSecond = api.latencies.length / SECONDS;
      if (!api.latencies.length) throw new Error(`${s.name}: no responses (${api.non2xx} non-2xx, ${api.errors} errors)`);
      const apiP50 = pct(api.latencies, 50),
        apiP95 = pct(api.latencies, 95);
      const rawP50 = pct(raw, 50),
        rawP95 = pct(raw, 95);
      console.log(
        `  ${s.name.padEnd(30)} ${apiP50.toFixed(1).padStart(6)} ms ${apiP95.toFixed(1).padStart(6)} ms ${api.requestsPerSecond.toFixed(0).padStart(7)} |` +
          ` ${rawP50.toFixed(1).padStart(6)} ms ${rawP95.toFixed(1).padStart(6)} ms | ${(apiP95 / Math.max(rawP95, 0.01)).toFixed(2).padStart(8)}× |` +
          ` ${pd.totalRecord}${pd.totalIsEstimate ? ' (estimate)' : ''}${api.non2xx || api.errors ? `  !! ${api.non2xx} non-2xx, ${api.errors} errors` : ''}`,
      );
    }
  } finally {
    await rawPool?.end();
    await app.close();
    await database.close();
    if (!keepDir) rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres' && !keepDb) {
      const c = new pg.Client({ connectionString: PG_URL! });
      await c.connect();
      await c.query(`drop database if exists "${dbName}" with (force)`);
      await c.end();
    }
  }
}

const only = process.env.BENCH_BACKEND;
if (PG_URL && only !== 'pglite') await benchBackend('postgres');
else if (!PG_URL) console.log('(no BENCH_DATABASE_URL / TEST_DATABASE_URL: PostgreSQL skipped)');
if (only !== 'postgres') await benchBackend('pglite');
