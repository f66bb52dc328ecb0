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
import { DatabaseUnavailableError } from '../lib/pgErrors';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** a transaction handle; has the same query API as Db */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** one round trip (`select 1`): resolves while the database answers, rejects (DatabaseUnavailableError class) while it does not */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  databaseUrl: string | null;
  /** PGlite data directory; `memory://` for a throwaway in-memory database */
  pgliteDir: string;
  poolSize?: number;
}

/** how long a request waits for a connection (a new one, or a free one of a busy pool) before the pool gives up (answered 503) */
const CONNECT_TIMEOUT_MS = 30_000;

type PoolClient = pg.PoolClient & { _txStatus?: string | null; _queryable?: boolean };

/**
 * A pg.Pool that survives the server going away (restart, failover, `pg_ctl stop -m immediate`):
 * - every client gets a permanent 'error' listener when it connects. pg-pool listens only while a
 *   client is idle; a client checked out (held by a transaction between two statements, or in a
 *   query) emits 'error' with no listener when its socket dies, and that exits the process. The
 *   statement in flight (or the next one) fails on its own, and the pool drops the dead client
 *   when it is released;
 * - a client released inside a transaction (a rollback that could not be sent) or after its
 *   connection failed is destroyed, never handed to the next request;
 * - connecting (or waiting for a free client) gives up after CONNECT_TIMEOUT_MS instead of forever.
 * No reconnect logic is needed beyond that: the next checkout opens a new connection.
 */
class ResilientPool extends pg.Pool {
  /** the first connection failure of an outage is logged, the rest only once it ends */
  private outageSince: number | null = null;

  constructor(config: pg.PoolConfig) {
    super({ connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true, ...config });
    this.on('connect', (client) => {
      client.on('error', (err) => this.lost(err));
      if (this.outageSince !== null) {
        console.warn(`[db] connected again after ${((Date.now() - this.outageSince) / 1000).toFixed(1)} s`);
        this.outageSince = null;
      }
    });
    // an idle connection the server drops must not take the process down either
    this.on('error', (err) => this.lost(err));
  }

  private lost(err: Error) {
    if (this.outageSince !== null) return;
    this.outageSince = Date.now();
    console.warn(`[db] connection lost: ${err.message}`);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    if (callback) {
      super.connect((err, client) => {
        if (client) guardRelease(client);
        callback(err, client, client ? (client.release as (release?: unknown) => void) : () => undefined);
      });
      return;
    }
    return super.connect().then(
      (client) => guardRelease(client),
      (err: unknown) => {
        throw wrapConnectError(err);
      },
    );
  }
}

/** release(): a client still in a transaction, or whose connection failed, is destroyed instead of pooled. */
function guardRelease(client: pg.PoolClient): pg.PoolClient {
  const c = client as PoolClient;
  const release = c.release.bind(c);
  c.release = (err?: Error | boolean) => {
    if (!err && c._txStatus && c._txStatus !== 'I') err = new Error('released inside a transaction');
    if (!err && c._queryable === false) err = new Error('released after its connection failed');
    return release(err);
  };
  return c;
}

/** a pool that cannot connect: the message a log shows, the driver's error kept as the cause */
function wrapConnectError(err: unknown): unknown {
  if (err instanceof Error && /timeout exceeded when trying to connect/i.test(err.message)) {
    return new DatabaseUnavailableError(`no database connection within ${CONNECT_TIMEOUT_MS} ms`, { cause: err });
  }
  return err;
}

/** a pool still closing after this long is reported (with what it still holds) */
const CLOSE_REPORT_MS = 5000;

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new ResilientPool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 20 });
    // numeric stays a string (exact money); bigint counts fit in JS numbers
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      close: async () => {
        // pg-pool's end() waits for every checked-out connection to come back: say which, if slow
        const slow = setTimeout(
          () =>
            console.warn(
              `[db] still closing after ${CLOSE_REPORT_MS} ms: ${pool.totalCount} connections, ${pool.idleCount} idle, ${pool.waitingCount} callers waiting`,
            ),
          CLOSE_REPORT_MS,
        );
        slow.unref();
        try {
          await pool.end();
        } finally {
          clearTimeout(slow);
        }
      },
    };
  }
  if (!opts.pgliteDir.startsWith('memory://')) mkdirSync(opts.pgliteDir, { recursive: true });
  // PGlite runs in its own thread: WASM query execution never blocks the API's event loop; a
  // thread that dies is replaced on the same directory (pgliteThread.ts)
  const client = await PgliteThread.open(opts.pgliteDir);
  const db = drizzlePglite(client as never, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
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
