// The PostgreSQL pool when a connection dies under a transaction (issue 16), on the server of
// TEST_DATABASE_URL (a fresh database): the backend of a client held by a transaction is
// terminated between two statements. node-postgres then emits 'error' on a client pg-pool does not
// listen to while it is checked out, which used to exit the process; now the transaction fails as
// "database unavailable" (503), the dead client leaves the pool, and the next statement works.
// A client released inside a transaction is never handed out again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase, rows, sql, type Database } from '../db/client';
import { isDatabaseUnavailable } from '../lib/pgErrors';
import { freshPgDatabase, sleep } from './durabilityHelpers';
import { PG_URL } from './helpers';

describe.skipIf(!PG_URL)('the PostgreSQL pool when a connection dies', () => {
  let fresh: { url: string; drop: () => Promise<void> };
  let database: Database;
  let admin: pg.Client;
  const crashes: unknown[] = [];
  const onCrash = (err: unknown) => crashes.push(err);
  beforeAll(async () => {
    process.on('uncaughtException', onCrash);
    process.on('unhandledRejection', onCrash);
    fresh = await freshPgDatabase(PG_URL!);
    database = await openDatabase({ databaseUrl: fresh.url, pgliteDir: 'memory://', poolSize: 4 });
    admin = new pg.Client({ connectionString: fresh.url });
    await admin.connect();
  }, 120_000);
  afterAll(async () => {
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
    await admin?.end();
    await database?.close();
    await fresh?.drop();
  });

  it('a backend terminated under a transaction fails that transaction as unavailable; nothing unhandled; the pool goes on', async () => {
    const err = await database.db
      .transaction(async (tx) => {
        const [{ pid }] = await rows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        await admin.query('select pg_terminate_backend($1)', [pid]);
        // the server's 57P01 and the closed socket reach the client while no statement is running
        await sleep(200);
        await tx.execute(sql`select 1`);
      })
      .catch((e: unknown) => e);
    expect(isDatabaseUnavailable(err), String(err)).toBe(true);
    expect(crashes.map(String)).toEqual([]);
    const [{ n }] = await rows<{ n: number }>(database.db, sql`select 2 as n`);
    expect(n).toBe(2);
    await database.ping();
  });

  it('a statement in flight when its backend dies fails as unavailable', async () => {
    const [{ pid }] = await rows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`);
    // the next statement most likely gets the same idle client; find whichever runs the sleep
    const slow = rows(database.db, sql`select pg_sleep(5)`).catch((e: unknown) => e);
    await sleep(200);
    const r = await admin.query<{ pid: number }>(`select pid from pg_stat_activity where query like 'select pg_sleep(5)%' and pid <> pg_backend_pid()`);
    expect(r.rows.length, `the sleeping backend (pid ${pid} was idle before)`).toBe(1);
    await admin.query('select pg_terminate_backend($1)', [r.rows[0].pid]);
    const err = await slow;
    expect(isDatabaseUnavailable(err), String(err)).toBe(true);
    expect(crashes.map(String)).toEqual([]);
    await database.ping();
  });

  it('a client released inside a transaction is destroyed, not handed to the next caller', async () => {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const c1 = await pool.connect();
    await c1.query('begin');
    await c1.query('create temp table left_open (i int)');
    c1.release();
    const c2 = await pool.connect();
    try {
      expect(c2).not.toBe(c1);
      const r = await c2.query<{ t: string | null }>(`select to_regclass('pg_temp.left_open')::text as t`);
      expect(r.rows[0].t).toBeNull();
    } finally {
      c2.release();
    }
  });
});
