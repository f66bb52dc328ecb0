// The client side of server/db/pgliteWorker.mjs: the PGlite methods drizzle's PGlite driver
// calls (query, transaction) and exec/close, forwarded to the database's own thread.
import { Worker } from 'node:worker_threads';

interface Reply {
  id: number;
  ok: boolean;
  value?: unknown;
  error?: Record<string, unknown> & { message: string };
}
export interface ThreadResults<T = Record<string, unknown>> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}
interface QueryOptions {
  rowMode?: 'array' | 'object';
}

/** A database error from the thread, with the PostgreSQL fields (code, constraint, …) kept. */
export class PgliteThreadError extends Error {
  [k: string]: unknown;
  constructor(fields: Record<string, unknown> & { message: string }) {
    super(fields.message);
    this.name = 'DatabaseError';
    Object.assign(this, fields);
  }
}

/** The database, or one open transaction on it (`tx`). */
class Connection {
  constructor(
    private readonly thread: { call(msg: Record<string, unknown>): Promise<unknown> },
    private readonly tx?: number,
  ) {}
  query<T = Record<string, unknown>>(sql: string, params: unknown[] = [], opts: QueryOptions = {}): Promise<ThreadResults<T>> {
    return this.thread.call({ op: 'query', sql, params, rowMode: opts.rowMode ?? 'object', tx: this.tx }) as Promise<ThreadResults<T>>;
  }
  exec(sql: string): Promise<ThreadResults[]> {
    return this.thread.call({ op: 'exec', sql, tx: this.tx }) as Promise<ThreadResults[]>;
  }
}

export class PgliteThread {
  private readonly worker: Worker;
  private readonly root = new Connection(this);
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: unknown): void }>();
  private nextId = 1;
  private failure: Error | null = null;

  private constructor(worker: Worker) {
    this.worker = worker;
    worker.on('message', (m: Reply) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.ok) p.resolve(m.value);
      else p.reject(new PgliteThreadError(m.error!));
    });
    const fail = (err: Error) => {
      this.failure = err;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the database thread stopped (exit ${code})`)));
  }

  /** Starts the thread and opens the database in `dataDir` (a directory, or `memory://`). */
  static async open(dataDir: string): Promise<PgliteThread> {
    const worker = new Worker(new URL('./pgliteWorker.mjs', import.meta.url), { workerData: { dataDir } });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (m: { ready?: boolean; error?: { message: string } }) => {
        if (m.ready === undefined) return;
        worker.off('message', onMessage);
        if (m.ready) resolve();
        else reject(new PgliteThreadError(m.error ?? { message: 'the database did not open' }));
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
    return new PgliteThread(worker);
  }

  query<T = Record<string, unknown>>(sql: string, params: unknown[] = [], opts: QueryOptions = {}): Promise<ThreadResults<T>> {
    return this.root.query<T>(sql, params, opts);
  }

  exec(sql: string): Promise<ThreadResults[]> {
    return this.root.exec(sql);
  }

  call(msg: Record<string, unknown>): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...msg, id });
    });
  }

  /** Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(fn: (tx: Connection) => Promise<T>): Promise<T> {
    const tx = (await this.call({ op: 'begin' })) as number;
    let result: T;
    try {
      result = await fn(new Connection(this, tx));
    } catch (err) {
      await this.call({ op: 'end', tx, commit: false });
      throw err;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (!this.failure) await this.call({ op: 'close' });
    await this.worker.terminate();
  }
}
