// The background workers while the database is unreachable (issue 16): the callback dispatcher
// (a pass every callbackPollMs) and the timeout scheduler (every schedulerIntervalSeconds) neither
// crash nor spin nor flood the log — an outage is reported once, passes back off (1 s doubling to
// 60 s) — and they note the database's return and work again by themselves.
import path from 'node:path';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus, type AppContext } from '../context';
import { loadConfig } from '../config';
import { openDatabase, schema, type Database, type Db } from '../db/client';
import { isDatabaseUnavailable } from '../lib/pgErrors';
import { startDispatcher } from '../modules/process/outbox';
import { startScheduler } from '../modules/process/scheduler';
import { freePort, sleep } from './durabilityHelpers';

describe('background workers during a database outage', () => {
  let working: Database;
  let deadPool: pg.Pool;
  let connects = 0;
  let dead: Db;
  beforeAll(async () => {
    working = await openDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
    // a server that is not there: every connection is refused
    deadPool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/none`, max: 2 });
    // count the connection attempts (both of pg-pool's forms: promise and callback)
    const connect = deadPool.connect.bind(deadPool) as (...args: unknown[]) => unknown;
    (deadPool as unknown as { connect: (...args: unknown[]) => unknown }).connect = (...args: unknown[]) => {
      connects++;
      return connect(...args);
    };
    dead = drizzle(deadPool, { schema }) as unknown as Db;
  }, 120_000);
  afterAll(async () => {
    await deadPool?.end();
    await working?.close();
  });

  const contextOn = (db: Db, env: Record<string, string>): AppContext => {
    const config = loadConfig({ FORMWORK_TEST_MODE: '1', DATA_DIR: path.join(tmpdir(), 'formwork-unused'), ...env });
    return { config, database: working, db, maintenance: { enabled: false }, events: new EventBus() };
  };

  it('the callback dispatcher: one report per outage, backed-off passes, and its recovery', { timeout: 30_000 }, async () => {
    const ctx = contextOn(dead, { CALLBACK_POLL_MS: '10' });
    const errors: unknown[] = [];
    const recovered: number[] = [];
    connects = 0;
    const stop = startDispatcher(
      ctx,
      (err) => errors.push(err),
      (s) => recovered.push(s),
    );
    try {
      await sleep(2500);
      // 10 ms polls for 2.5 s would be ~250 passes; backed off: at 0, ~1 s and ~3 s
      expect(errors).toHaveLength(1);
      expect(isDatabaseUnavailable(errors[0])).toBe(true);
      expect(connects).toBeGreaterThanOrEqual(1);
      expect(connects).toBeLessThanOrEqual(4);
      // the database is back: the next pass after the backoff works and says so
      ctx.db = working.db;
      const t0 = Date.now();
      while (!recovered.length && Date.now() - t0 < 10_000) await sleep(20);
      expect(recovered).toHaveLength(1);
      expect(errors).toHaveLength(1);
    } finally {
      await stop();
    }
  });

  it('the timeout scheduler: one report per outage, skipped passes, and its recovery', { timeout: 30_000 }, async () => {
    const ctx = contextOn(dead, { SCHEDULER_INTERVAL_SECONDS: '1' });
    const errors: unknown[] = [];
    const recovered: number[] = [];
    connects = 0;
    const stop = startScheduler(
      ctx,
      async () => undefined,
      (err) => errors.push(err),
      (s) => recovered.push(s),
    );
    try {
      await sleep(4500);
      // four passes were due; the first failed and reported, the backoff skipped some of the rest
      expect(errors).toHaveLength(1);
      expect(isDatabaseUnavailable(errors[0])).toBe(true);
      expect(connects).toBeGreaterThanOrEqual(1);
      expect(connects).toBeLessThanOrEqual(3);
      ctx.db = working.db;
      const t0 = Date.now();
      while (!recovered.length && Date.now() - t0 < 10_000) await sleep(50);
      expect(recovered).toHaveLength(1);
      expect(errors).toHaveLength(1);
    } finally {
      await stop();
    }
  });
});
