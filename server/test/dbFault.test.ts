// Fault test (issue 16, Must-show): PostgreSQL is stopped with `-m immediate` while 20 clients
// save records over real HTTP, and started again. The API process must ride it out: no error
// nothing handles (the process would exit), no 500 and no refused connection during the outage
// (every request answers 503 with the translated message and Retry-After, /health too), the pool
// reconnects by itself within seconds of PostgreSQL being back, and every write answered 200 is
// in the database afterwards.
//
// The cluster is this test's own (initdb in /tmp on a free port, run as the `postgres` user), never
// the shared dev or CI cluster. Skipped only where no PostgreSQL binaries are installed or the
// test cannot run them as `postgres` (not root); .ci/run installs them and runs as root.
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app';
import { loadConfig } from '../config';
import { freePort, sleep } from './durabilityHelpers';
import { expenseForm } from './fixtures';

const run = promisify(execFile);

function pgBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')) && existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length ? path.join(root, versions[versions.length - 1], 'bin') : null;
}
function postgresUser(): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}
const BIN = pgBin();
const PG_USER = postgresUser();
const CAN_RUN = !!BIN && !!PG_USER && process.getuid?.() === 0;

/** A throwaway cluster of this test's own. */
class Cluster {
  readonly dir: string;
  constructor(readonly port: number) {
    this.dir = mkdtempSync(path.join(tmpdir(), 'formwork-fault-'));
    chownSync(this.dir, PG_USER!.uid, PG_USER!.gid);
  }
  private pg(tool: string, args: string[]) {
    return run('runuser', ['-u', 'postgres', '--', path.join(BIN!, tool), ...args], { timeout: 60_000 });
  }
  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }
  async init() {
    await this.pg('initdb', ['-D', path.join(this.dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-instructions']);
  }
  async start() {
    const opts = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=100`;
    await this.pg('pg_ctl', ['-D', path.join(this.dir, 'data'), '-o', opts, '-w', '-t', '60', '-l', path.join(this.dir, 'log'), 'start']);
  }
  async stop(mode: 'immediate' | 'fast') {
    await this.pg('pg_ctl', ['-D', path.join(this.dir, 'data'), '-m', mode, '-w', 'stop']);
  }
  async destroy() {
    await this.stop('immediate').catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

interface Outcome {
  status: number;
  code?: number;
  msg?: string;
  retryAfter?: string | null;
  data?: { id: string; version: number };
}

/** One POST; `null` when no HTTP answer came (connection refused or cut: the process is gone). */
async function post(base: string, url: string, body: unknown, token?: string, locale?: string): Promise<Outcome | null> {
  try {
    const r = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}), ...(locale ? { 'accept-language': locale } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await r.text();
    const parsed = JSON.parse(text) as { code?: number; msg?: string; data?: { id: string; version: number } };
    return { status: r.status, code: parsed.code, msg: parsed.msg, data: parsed.data, retryAfter: r.headers.get('retry-after') };
  } catch {
    return null;
  }
}
async function get(base: string, url: string, locale = 'zh-CN'): Promise<Outcome | null> {
  try {
    const r = await fetch(`${base}${url}`, { headers: { 'accept-language': locale }, signal: AbortSignal.timeout(20_000) });
    const parsed = JSON.parse(await r.text()) as { code?: number; msg?: string };
    return { status: r.status, code: parsed.code, msg: parsed.msg, retryAfter: r.headers.get('retry-after') };
  } catch {
    return null;
  }
}

const SAVE = '/emp/api/v2/biaoDan/record/save';
const LOGIN = '/emp/api/v2/login';
const HEALTH = '/health';
const CLIENTS = 20;

describe.skipIf(!CAN_RUN)('PostgreSQL stopped with -m immediate under load', () => {
  let cluster: Cluster | null = null;
  let built: BuiltApp | null = null;
  const crashes: unknown[] = [];
  const onCrash = (err: unknown) => crashes.push(err);
  let dataDir: string | null = null;
  afterAll(async () => {
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
    await cluster?.destroy();
    await Promise.race([built?.app.close().catch(() => undefined), sleep(5000)]);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('answers 503 during the outage, recovers by itself, and loses no acknowledged write', { timeout: 120_000 }, async () => {
    // what would take the process down (an 'error' event nothing listens to, a rejection nobody
    // handles) is counted here; vitest reports it as well
    process.on('uncaughtException', onCrash);
    process.on('unhandledRejection', onCrash);

    cluster = new Cluster(await freePort());
    await cluster.init();
    await cluster.start();
    dataDir = mkdtempSync(path.join(tmpdir(), 'formwork-fault-app-'));
    const config = loadConfig({
      FORMWORK_TEST_MODE: '1',
      DATA_DIR: dataDir,
      DATABASE_URL: cluster.url,
      LOG_LEVEL: 'silent',
      CLIENT_DIST: path.join(dataDir, 'no-client'),
      LOGIN_RATE_MAX: '10000',
      // the background workers run through the outage too (they must neither crash nor spin)
      PROCESS_BACKGROUND: '1',
      CALLBACK_POLL_MS: '200',
      SCHEDULER_INTERVAL_SECONDS: '1',
    });
    built = await buildApp(config, { logger: false });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = built.app.server.address();
    const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;

    const login = async (username: string, password: string) => {
      const r = await post(base, LOGIN, { username, password });
      if (r?.code !== 0) throw new Error(`login ${username}: ${JSON.stringify(r)}`);
      return (r.data as unknown as { mytoken: string }).mytoken;
    };
    const admin = await login('admin', 'Admin@123');
    expect((await post(base, '/tpm/emp/system/commons/biaoDan/edit-save.action', { definition: expenseForm('fault') }, admin))?.code).toBe(0);
    expect((await post(base, '/emp/api/v2/biaoDan/publish', { code: 'fault' }, admin))?.code).toBe(0);
    const zw = await login('zhangwei', 'Demo@123');

    // ── the clients ──
    const acks = new Map<string, string>();
    const tally = { ok: 0, s503: 0, s500: 0, other: 0, unreachable: 0, badMessage: 0, noRetryAfter: 0 };
    const seen500: string[] = [];
    const others: string[] = [];
    let phase: 'before' | 'down' | 'restarting' | 'after' = 'before';
    let firstOkAfterStart = 0;
    let stop = false;
    let seq = 0;
    const client = async (c: number) => {
      while (!stop) {
        const amount = `${c + 1}${String(++seq).padStart(6, '0')}.${String(seq % 100).padStart(2, '0')}`;
        const r = await post(base, SAVE, { formCode: 'fault', data: { amount, qty: seq } }, zw, 'zh-CN');
        if (!r) tally.unreachable++;
        else if (r.status === 200 && r.code === 0 && r.data) {
          tally.ok++;
          acks.set(r.data.id, amount);
          if (phase === 'after' && !firstOkAfterStart) firstOkAfterStart = Date.now();
        } else if (r.status === 503) {
          tally.s503++;
          if (r.msg !== '数据库暂时不可用，请稍后重试') tally.badMessage++;
          if (!r.retryAfter) tally.noRetryAfter++;
          await sleep(50);
        } else if (r.status >= 500) {
          tally.s500++;
          if (seen500.length < 5) seen500.push(`${phase} ${r.status} ${r.msg}`);
          await sleep(50);
        } else {
          tally.other++;
          if (others.length < 5) others.push(`${phase} ${r.status} ${r.msg}`);
          await sleep(50);
        }
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, c) => client(c));

    await sleep(3000);
    const acksBefore = acks.size;
    expect(acksBefore, 'the clients write before the outage').toBeGreaterThan(20);

    // ── the outage ──
    const stopAt = Date.now();
    await cluster.stop('immediate');
    phase = 'down';
    await sleep(1500);
    const healthDown = await get(base, HEALTH);
    // the message in the request's language
    const healthDownEn = await get(base, HEALTH, 'en-US');
    const healthDownTw = await get(base, HEALTH, 'zh-TW');
    await sleep(2500);
    const downSeconds = (Date.now() - stopAt) / 1000;
    const during = { ...tally };

    // ── back ──
    phase = 'restarting';
    await cluster.start();
    const startedAt = Date.now();
    phase = 'after';
    while (!firstOkAfterStart && Date.now() - startedAt < 20_000) await sleep(50);
    const recoverSeconds = firstOkAfterStart ? (firstOkAfterStart - startedAt) / 1000 : Infinity;
    await sleep(1500);
    const healthUp = await get(base, HEALTH);
    stop = true;
    await Promise.all(clients);

    console.log(
      `[dbFault] ${CLIENTS} clients: ${acks.size} acknowledged writes (${acksBefore} before the stop), ` +
        `${tally.s503} answers 503 during ${downSeconds.toFixed(1)} s down, ${tally.s500} answers 500, ${tally.unreachable} without an answer, ` +
        `${tally.other} other; writes again ${recoverSeconds.toFixed(2)} s after PostgreSQL was back; ` +
        `/health down ${healthDown?.status}, up ${healthUp?.status}`,
    );

    expect(crashes, `errors nothing handled: ${crashes.map(String).join('; ')}`).toEqual([]);
    expect(tally.unreachable, 'requests the API did not answer (the process is gone)').toBe(0);
    expect(tally.s500, `5xx other than 503: ${seen500.join(' | ')}`).toBe(0);
    expect(tally.other, `other answers: ${others.join(' | ')}`).toBe(0);
    expect(during.s503).toBeGreaterThan(0);
    expect(tally.badMessage, 'a 503 without the translated message').toBe(0);
    expect(tally.noRetryAfter, 'a 503 without Retry-After').toBe(0);
    expect(healthDown?.status).toBe(503);
    expect(healthDown?.retryAfter).toBeTruthy();
    expect([healthDown?.msg, healthDownEn?.msg, healthDownTw?.msg]).toEqual([
      '数据库暂时不可用，请稍后重试',
      'The database is temporarily unavailable; please try again shortly',
      '資料庫暫時無法使用，請稍後重試',
    ]);
    expect([healthDownEn?.status, healthDownTw?.status, healthDownEn?.code]).toEqual([503, 503, 503]);
    expect(healthUp?.status).toBe(200);
    expect(recoverSeconds).toBeLessThan(10);
    expect(acks.size).toBeGreaterThan(acksBefore);

    // every write answered 200 is in the database, with the amount it was answered for. The app
    // closes first, bounded: one CI run in several, its close (the background workers' stop, the
    // pool's end) did not finish within the test's two minutes after this outage. That is shutdown,
    // not what this test is about (noted on issue 16 as open): reported here, and the check goes on.
    const closing = built.app.close().then(() => 'closed' as const);
    const closed = await Promise.race([closing, sleep(15_000).then(() => 'hung' as const)]);
    if (closed === 'hung') {
      const pending = process.getActiveResourcesInfo().reduce<Record<string, number>>((m, k) => ({ ...m, [k]: (m[k] ?? 0) + 1 }), {});
      console.warn(`[dbFault] the app did not close within 15 s after the outage; pending: ${JSON.stringify(pending)}`);
    }
    built = null;
    const check = new pg.Client({ connectionString: cluster.url });
    await check.connect();
    try {
      const ids = [...acks.keys()];
      const r = await check.query<{ id: string; amount: string }>(`select id, data->>'amount' as amount from records where id = any($1::text[])`, [ids]);
      const stored = new Map(r.rows.map((row) => [row.id, row.amount]));
      const missing = ids.filter((id) => stored.get(id) !== acks.get(id));
      expect(missing, `acknowledged writes missing or changed: ${missing.slice(0, 5).join(', ')}`).toEqual([]);
    } finally {
      await check.end();
    }
  });
});
