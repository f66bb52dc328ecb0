// Two drivers, one schema, one set of migrations: PGlite (embedded, files under DATA_DIR) by
// default, in a worker thread of its own; PostgreSQL when a connection string is given.
// Migrations run on open.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import * as schema from './schema';
import { PgliteThread } from './pgliteThread';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** a transaction handle; has the same query API as Db */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  databaseUrl: string | null;
  /** PGlite data directory; `memory://` for a throwaway in-memory database */
  pgliteDir: string;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 20 });
    // an idle connection the server drops (restart, failover) must not take the process down;
    // the pool replaces it on the next checkout
    pool.on('error', (err) => console.warn(`[db] idle connection lost: ${err.message}`));
    // numeric stays a string (exact money); bigint counts fit in JS numbers
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (!opts.pgliteDir.startsWith('memory://')) mkdirSync(opts.pgliteDir, { recursive: true });
  // PGlite runs in its own thread: WASM query execution never blocks the API's event loop
  const client = await PgliteThread.open(opts.pgliteDir);
  const db = drizzlePglite(client as never, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, kind: 'pglite', close: () => client.close() };
}

/** Raw rows of a SQL query on either driver. */
export async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const r = (await db.execute(query)) as unknown as { rows: T[] };
  return r.rows;
}

/** A statement's text and parameters, as the driver sends them (benches run them directly; plan probes). */
export function statementOf(db: DbOrTx, s: SQL): { sql: string; params: unknown[] } {
  return (db as unknown as { dialect: { sqlToQuery(s: SQL): { sql: string; params: unknown[] } } }).dialect.sqlToQuery(s);
}

export { sql, schema };
