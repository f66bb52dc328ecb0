import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../lib/pgErrors';
import { PgliteThread, PgliteThreadError } from './pgliteThread';

// the embedded database in its own thread: the PGlite surface drizzle uses, transactions holding
// the database's lock, and PostgreSQL's error fields carried across the thread boundary
describe('PgliteThread', () => {
  let db: PgliteThread;
  beforeAll(async () => {
    db = await PgliteThread.open('memory://');
    await db.exec(`create table t (id int primary key, name text not null, amount numeric(12,2), at timestamp, doc jsonb)`);
  });
  afterAll(async () => db?.close());

  it('answers rows as objects or arrays, numeric and timestamps as text, jsonb parsed', async () => {
    await db.query(`insert into t values ($1, $2, $3, $4, $5)`, [1, '端架陈列', '1234.50', '2026-03-01 08:00:00', JSON.stringify({ k: ['a'] })]);
    const r = await db.query<{ id: number; amount: string; at: string; doc: unknown }>(`select id, amount, at, doc from t where id = $1`, [1]);
    expect(r.rows).toEqual([{ id: 1, amount: '1234.50', at: '2026-03-01 08:00:00', doc: { k: ['a'] } }]);
    expect(r.fields.map((f) => f.name)).toEqual(['id', 'amount', 'at', 'doc']);
    const a = await db.query(`select id, name from t`, [], { rowMode: 'array' });
    expect(a.rows).toEqual([[1, '端架陈列']]);
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const got = await db.transaction(async (tx) => {
      await tx.query(`insert into t (id, name) values (2, 'b')`);
      return (await tx.query<{ n: number }>(`select count(*)::int as n from t`)).rows[0].n;
    });
    expect(got).toBe(2);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into t (id, name) values (3, 'c')`);
        throw new Error('abandon');
      }),
    ).rejects.toThrow('abandon');
    expect((await db.query(`select id from t order by id`)).rows).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('a statement outside a transaction waits for it to end', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = db.transaction(async (t) => {
      await t.query(`insert into t (id, name) values (4, 'd')`);
      await held;
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = db.query<{ n: number }>(`select count(*)::int as n from t`);
    let answered = false;
    void outside.then(() => (answered = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBe(false);
    release();
    await tx;
    expect((await outside).rows[0].n).toBe(3);
  });

  it('keeps the PostgreSQL error code and constraint', async () => {
    const err = await db.query(`insert into t (id, name) values (1, 'dup')`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PgliteThreadError);
    expect(err).toMatchObject({ code: '23505', constraint: 't_pkey' });
    // and the connection is fine afterwards, in and out of transactions
    await expect(db.transaction(async (tx) => tx.query(`insert into t (id, name) values (1, 'dup')`))).rejects.toMatchObject({ code: '23505' });
    expect((await db.query<{ n: number }>(`select count(*)::int as n from t`)).rows[0].n).toBe(3);
  });

  it('refuses calls once closed', async () => {
    const other = await PgliteThread.open('memory://');
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow(/stopped/);
  });
});

// the thread dying (issue 16): the process keeps running, what waited on the thread rejects as
// "database unavailable" (503), and a new thread opens the same directory with what was committed
describe('PgliteThread when its thread dies', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('rejects what was pending, loses the open transaction, and reopens the directory with the committed rows', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'formwork-pglite-kill-'));
    dirs.push(dir);
    const db = await PgliteThread.open(dir);
    try {
      await db.exec(`create table k (id int primary key, note text)`);
      await db.query(`insert into k values (1, 'committed'), (2, 'committed')`);

      // a transaction left open on the thread, with a row it has not committed
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let txConn: { query(sql: string): Promise<unknown> } | null = null;
      const tx = db.transaction(async (t) => {
        txConn = t;
        await t.query(`insert into k values (3, 'never committed')`);
        await held;
        await t.query(`insert into k values (4, 'never committed either')`);
      });
      while (!txConn) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, 20));
      // a statement waiting behind the transaction's lock when the thread dies
      const waiting = db.query(`select count(*)::int as n from k`);

      const old = db.currentWorker!;
      await old.terminate();

      const pendingErr = await waiting.catch((e: unknown) => e);
      expect(pendingErr).toBeInstanceOf(DatabaseUnavailableError);
      expect(isDatabaseUnavailable(pendingErr)).toBe(true);
      // the transaction's next statement never reaches the new thread
      release();
      const txErr = await tx.catch((e: unknown) => e);
      expect(isDatabaseUnavailable(txErr), String(txErr)).toBe(true);

      // a new statement waits for the new thread and sees exactly what was committed
      const after = await db.query<{ id: number; note: string }>(`select id, note from k order by id`);
      expect(after.rows).toEqual([
        { id: 1, note: 'committed' },
        { id: 2, note: 'committed' },
      ]);
      expect(db.restarts).toBe(1);
      expect(db.currentWorker).not.toBe(old);
      // and it works as before: transactions, errors with their fields
      await db.transaction(async (t) => t.query(`insert into k values (5, 'after')`));
      await expect(db.query(`insert into k values (5, 'dup')`)).rejects.toMatchObject({ code: '23505' });
      expect((await db.query<{ n: number }>(`select count(*)::int as n from k`)).rows[0].n).toBe(3);
    } finally {
      await db.close();
    }
  });

  it('an in-memory database is not reopened empty: every call then answers "unavailable"', async () => {
    const db = await PgliteThread.open('memory://');
    try {
      await db.query(`select 1`);
      await db.currentWorker!.terminate();
      await new Promise((r) => setTimeout(r, 20));
      await expect(db.query(`select 1`)).rejects.toBeInstanceOf(DatabaseUnavailableError);
      expect(db.restarts).toBe(0);
    } finally {
      await db.close();
    }
  });
});
