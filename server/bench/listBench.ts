// `npm run bench:api`: the record list endpoint over many expense applications, measured with
// autocannon beside the raw page query issued directly to the database in the same run, on
// PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL; a fresh database is created in it) and
// on PGlite. BENCH_RECORDS (default 1,000,000), BENCH_SECONDS (default 10) per scenario,
// BENCH_CONNECTIONS (default 10). Prints p50/p95 of both and the ratio.
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, rows, sql, type Database } from '../db/client';

const N = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;
const FORM = 'feiYongShenQing';

interface Scenario {
  name: string;
  body: Record<string, unknown>;
  /** the page query alone, as the server issues it */
  raw: string;
}

async function fill(database: Database, dealerId: string, adminId: string) {
  const t0 = Date.now();
  const batch = 100_000;
  for (let from = 0; from < N; from += batch) {
    const to = Math.min(N, from + batch);
    // ids: 19 digits, increasing; 14 dealers; amounts 100.00 … 99999.00
    await database.db.execute(sql.raw(`
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
      from generate_series(${from + 1}, ${to}) g`));
    process.stdout.write(`\r  inserted ${to.toLocaleString()} / ${N.toLocaleString()}`);
  }
  await database.db.execute(sql`update form_definitions set record_count = record_count + ${N} where code = ${FORM}`);
  // the sort of the JSONB scenario, as an expression index for this form
  await database.db.execute(sql.raw(`create index if not exists records_bench_amount_idx on records (form_code, ((data->>'shenQingJinE')::numeric) desc nulls last, id desc)`));
  await database.db.execute(sql.raw('analyze records'));
  console.log(`\n  filled in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

function pct(samples: number[], p: number) {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

async function rawLatencies(run: (q: string) => Promise<unknown>, q: string): Promise<number[]> {
  const out: number[] = [];
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        await run(q);
        out.push(performance.now() - t);
      }
    }),
  );
  return out;
}

async function benchBackend(kind: 'postgres' | 'pglite') {
  console.log(`\n━━ ${kind}: ${N.toLocaleString()} records`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'formwork-bench-'));
  let dbUrl: string | null = null;
  let dbName = '';
  if (kind === 'postgres') {
    dbName = `formwork_bench_${Date.now().toString(36)}`;
    const c = new pg.Client({ connectionString: PG_URL! });
    await c.connect();
    await c.query(`create database ${dbName}`);
    await c.end();
    const u = new URL(PG_URL!);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
  }
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', FORMWORK_TEST_MODE: '1', CLIENT_DIST: path.join(dataDir, 'none'), ...(dbUrl ? { DATABASE_URL: dbUrl } : {}) });
  const database = await openDatabase({ databaseUrl: dbUrl, pgliteDir: path.join(dataDir, 'pglite'), poolSize: CONNECTIONS + 2 });
  const { app, ctx } = await buildApp(config, { database, logger: false });
  try {
    const [admin] = await rows<{ id: string }>(ctx.db, sql`select id from users where username = 'admin'`);
    const [dealer] = await rows<{ id: string }>(ctx.db, sql`select id from dealers order by sort limit 1`);
    await fill(database, dealer.id, admin.id);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await app.inject({ method: 'POST', url: '/emp/api/v2/login', payload: { username: 'admin', password: 'Admin@123' } });
    const token = login.json().data.mytoken as string;

    const deepPage = Math.max(1, Math.floor(N / 20 / 2));
    const scenarios: Scenario[] = [
      {
        name: 'first page',
        body: { formCode: FORM, page: 1, limit: 20 },
        raw: `select * from records where form_code = '${FORM}' and is_you_xiao = '1' order by id desc limit 20`,
      },
      {
        name: 'JSONB filter + sort',
        body: { formCode: FORM, page: 1, limit: 20, sort: 'shenQingJinE', order: 'desc', filters: [{ key: 'jingXiaoShang', op: 'eq', value: dealer.id }] },
        raw: `select * from records where form_code = '${FORM}' and is_you_xiao = '1' and data @> '{"jingXiaoShang":{"id":"${dealer.id}"}}'::jsonb order by (data->>'shenQingJinE')::numeric desc nulls last, id desc limit 20`,
      },
      {
        name: `deep page ${deepPage}`,
        body: { formCode: FORM, page: deepPage, limit: 20 },
        raw: `select * from records where form_code = '${FORM}' and is_you_xiao = '1' order by id desc limit 20 offset ${(deepPage - 1) * 20}`,
      },
    ];

    const rawRun = kind === 'postgres'
      ? (() => {
          const pool = new pg.Pool({ connectionString: dbUrl!, max: CONNECTIONS });
          return { run: (q: string) => pool.query(q), close: () => pool.end() };
        })()
      : { run: (q: string) => ctx.db.execute(sql.raw(q)), close: async () => undefined };

    const results: string[] = [];
    for (const s of scenarios) {
      const probe = await app.inject({ method: 'POST', url: '/emp/api/v2/biaoDan/record/list', payload: s.body, headers: { authorization: token } });
      const pd = probe.json().data;
      if (probe.statusCode !== 200 || !pd?.rows?.length) throw new Error(`${s.name}: ${probe.statusCode} ${probe.body.slice(0, 300)}`);
      const apiLat: number[] = [];
      const r = await new Promise<autocannon.Result>((resolve, reject) => {
        const inst = autocannon({
          url: `${address}/emp/api/v2/biaoDan/record/list`,
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: token },
          body: JSON.stringify(s.body),
          connections: CONNECTIONS,
          duration: SECONDS,
        }, (err, res) => (err ? reject(err) : resolve(res)));
        inst.on('response', (_client, _status, _bytes, responseTime) => apiLat.push(responseTime));
      });
      const raw = await rawLatencies(rawRun.run, s.raw);
      const apiP50 = pct(apiLat, 50);
      const apiP95Exact = pct(apiLat, 95);
      const rawP50 = pct(raw, 50), rawP95 = pct(raw, 95);
      results.push(
        `  ${s.name.padEnd(22)} API p50 ${apiP50.toFixed(1).padStart(7)} ms  p95 ${apiP95Exact.toFixed(1).padStart(7)} ms  (${r.requests.average.toFixed(0)} req/s, ${r.non2xx} non-2xx)` +
        ` | raw p50 ${rawP50.toFixed(1).padStart(7)} ms  p95 ${rawP95.toFixed(1).padStart(7)} ms | p95 ratio ${(apiP95Exact / Math.max(rawP95, 0.01)).toFixed(2)}× | totalRecord ${pd.totalRecord}${pd.totalIsEstimate ? ' (estimate)' : ''}`,
      );
      console.log(results[results.length - 1]);
    }
    await rawRun.close();
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (dbName) {
      const c = new pg.Client({ connectionString: PG_URL! });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    }
  }
}

const only = process.env.BENCH_BACKEND;
if (PG_URL && only !== 'pglite') await benchBackend('postgres');
else if (!PG_URL) console.log('(no BENCH_DATABASE_URL / TEST_DATABASE_URL: PostgreSQL skipped)');
if (only !== 'postgres') await benchBackend('pglite');
