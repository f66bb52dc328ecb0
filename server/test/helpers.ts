// Test harness: one real database per test file (in-process PGlite, or a fresh database on the
// PostgreSQL of TEST_DATABASE_URL), the app driven with app.inject, low scrypt cost.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuiltApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { dealers } from '../db/schema';
import { dealerValue } from './fixtures';

export const PG_URL = process.env.TEST_DATABASE_URL || null;

export interface TestApp extends BuiltApp {
  dataDir: string;
  config: Config;
  stop(): Promise<void>;
  /** POST with a JSON body (and a session token) */
  post(url: string, body?: unknown, token?: string | null, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
  login(username: string, password?: string): Promise<string>;
}

async function freshPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `formwork_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: PG_URL! });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(PG_URL!);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL! });
      await c.connect();
      // pool.end() returns before every backend has gone: wait for them, so that the forced drop
      // does not kill a connection still closing (its client would raise an unhandled 57P01)
      for (let i = 0; i < 100; i++) {
        const r = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (r.rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface StartOptions {
  /** run on PostgreSQL (requires TEST_DATABASE_URL) */
  postgres?: boolean;
  env?: Record<string, string>;
  overrides?: Partial<Config>;
  /** reuse a data directory (restart tests) */
  dataDir?: string;
}

let loginSeq = 0;

export async function startTestApp(opts: StartOptions = {}): Promise<TestApp> {
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'formwork-test-'));
  let drop: (() => Promise<void>) | null = null;
  let databaseUrl: string | null = null;
  if (opts.postgres) {
    const fresh = await freshPgDatabase();
    databaseUrl = fresh.url;
    drop = fresh.drop;
  }
  const config = loadConfig(
    {
      FORMWORK_TEST_MODE: '1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      CLIENT_DIST: path.join(dataDir, 'no-client'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...(opts.env ?? {}),
    },
    opts.overrides,
  );
  const database: Database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(dataDir, 'pglite'), poolSize: 60 });
  const built = await buildApp(config, { database, logger: false });
  // the fixture dealers of the server tests (fixtures.ts dealerValue(0…20)) are real, active
  // master data: a record's picker values must be rows its picker offers (records/pickerRefs.ts)
  await built.ctx.db
    .insert(dealers)
    .values(Array.from({ length: 21 }, (_, i) => ({ ...dealerValue(i), code: `FX${String(i).padStart(4, '0')}`, sort: 1000 + i })))
    .onConflictDoNothing();
  const t: TestApp = {
    ...built,
    dataDir,
    config,
    async stop() {
      await built.app.close();
      await database.close();
      if (drop) await drop();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    inject: (o) => built.app.inject(o),
    post(url, body, token, headers = {}) {
      return built.app.inject({
        method: 'POST',
        url,
        payload: body === undefined ? {} : (body as object),
        headers: { ...(token ? { authorization: token, token, empsessionid: token } : {}), ...headers },
      });
    },
    async login(username, password) {
      const pw = password ?? (username === 'admin' ? 'Admin@123' : 'Demo@123');
      const url = username.startsWith('dealer') ? `${config.apiPrefix}/dp/commons/check/check-login.action` : '/emp/api/v2/login';
      // each helper login comes from its own address: a suite's many sign-ins must not trip the
      // per-address login rate limit (the rate-limit test drives that from addresses of its own)
      const n = ++loginSeq;
      const remoteAddress = `10.200.${(n >> 8) & 255}.${n & 255}`;
      const r = await built.app.inject({ method: 'POST', url, payload: { username, password: pw }, remoteAddress });
      const body = r.json();
      if (body.code !== 0) throw new Error(`login ${username} failed: ${r.body}`);
      return body.data.mytoken as string;
    },
  };
  return t;
}

/** every test file runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set */
export const BACKENDS: ('pglite' | 'postgres')[] = PG_URL ? ['pglite', 'postgres'] : ['pglite'];
