import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
