// The client side of server/db/pgliteWorker.mjs: the PGlite methods drizzle's PGlite driver
// calls (query, transaction) and exec/close, forwarded to the database's own thread.
//
// A thread that dies (exits, throws, its WASM instance aborts) does not take the process with it:
// what was waiting on it rejects with DatabaseUnavailableError (answered 503), a transaction open
// on it is lost (its later statements reject the same way, never reaching the new thread), and a
// new thread opens the same data directory (PGlite recovers from its WAL as after a crash).
// Statements that arrive while it opens wait for it; if it cannot open, they reject at once and
// the opening is tried again with a backoff (0.5 s doubling to 30 s). An in-memory database
// (`memory://`) died with its thread: it is not reopened empty, every call rejects.
import { Worker } from 'node:worker_threads';
import { DatabaseUnavailableError } from '../lib/pgErrors';

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

/** The database, or one open transaction on it (`tx`, on the thread of generation `gen`). */
class Connection {
  constructor(
    private readonly thread: { call(msg: Record<string, unknown>, gen?: number): Promise<unknown> },
    private readonly tx?: number,
    private readonly gen?: number,
  ) {}
  query<T = Record<string, unknown>>(sql: string, params: unknown[] = [], opts: QueryOptions = {}): Promise<ThreadResults<T>> {
    return this.thread.call({ op: 'query', sql, params, rowMode: opts.rowMode ?? 'object', tx: this.tx }, this.gen) as Promise<ThreadResults<T>>;
  }
  exec(sql: string): Promise<ThreadResults[]> {
    return this.thread.call({ op: 'exec', sql, tx: this.tx }, this.gen) as Promise<ThreadResults[]>;
  }
}

interface Pending {
  gen: number;
  resolve(v: unknown): void;
  reject(e: unknown): void;
}

/** how long a thread may take to open its database before it is given up */
const OPEN_TIMEOUT_MS = 120_000;

/** Starts a thread on `dataDir` and waits until its database is open. */
function spawn(dataDir: string): Promise<Worker> {
  const worker = new Worker(new URL('./pgliteWorker.mjs', import.meta.url), { workerData: { dataDir } });
  return new Promise<Worker>((resolve, reject) => {
    const done = (err: Error | null) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (!err) return resolve(worker);
      void worker.terminate();
      reject(err);
    };
    const onMessage = (m: { ready?: boolean; error?: { message: string } }) => {
      if (m.ready === undefined) return;
      done(m.ready ? null : new PgliteThreadError(m.error ?? { message: 'the database did not open' }));
    };
    const onError = (err: Error) => done(err);
    const onExit = (code: number) => done(new Error(`the database thread stopped while opening (exit ${code})`));
    const timer = setTimeout(() => done(new Error(`the database did not open within ${OPEN_TIMEOUT_MS} ms`)), OPEN_TIMEOUT_MS);
    timer.unref();
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });
}

export class PgliteThread {
  private worker: Worker | null = null;
  /** bumped with every thread: a transaction belongs to the thread it began on */
  private generation = 0;
  private readonly root = new Connection(this);
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;
  /** a new thread being opened (calls wait for it) */
  private opening: Promise<void> | null = null;
  /** why there is no thread now (calls reject with it until a reopening works) */
  private down: Error | null = null;
  private failures = 0;
  private retry: NodeJS.Timeout | null = null;
  /** how many times a dead thread was replaced */
  restarts = 0;

  private constructor(private readonly dataDir: string) {}

  /** Starts the thread and opens the database in `dataDir` (a directory, or `memory://`). */
  static async open(dataDir: string): Promise<PgliteThread> {
    const t = new PgliteThread(dataDir);
    t.attach(await spawn(dataDir));
    return t;
  }

  private attach(worker: Worker) {
    const gen = ++this.generation;
    this.worker = worker;
    worker.on('message', (m: Reply) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.ok) p.resolve(m.value);
      else p.reject(new PgliteThreadError(m.error!));
    });
    let gone = false;
    const lost = (reason: string) => {
      if (gone) return;
      gone = true;
      if (this.worker === worker) this.worker = null;
      const err = new DatabaseUnavailableError(`the database thread stopped (${reason})`);
      for (const [id, p] of this.pending) {
        if (p.gen !== gen) continue;
        this.pending.delete(id);
        p.reject(err);
      }
      if (this.closed) return;
      console.warn(`[db] ${err.message}`);
      this.down = err;
      this.reopen();
    };
    worker.on('error', (err) => lost(err.message));
    worker.on('exit', (code) => lost(`exit ${code}`));
  }

  /** Opens a new thread on the same directory; on failure, tries again later (backoff). */
  private reopen() {
    if (this.closed || this.opening || this.worker) return;
    if (this.dataDir.startsWith('memory://')) {
      this.down = new DatabaseUnavailableError('the in-memory database was lost with its thread');
      return;
    }
    this.opening = (async () => {
      try {
        const worker = await spawn(this.dataDir);
        if (this.closed) {
          await worker.terminate();
          return;
        }
        this.attach(worker);
        this.down = null;
        this.failures = 0;
        this.restarts++;
        console.warn(`[db] the database thread was opened again on ${this.dataDir}`);
      } catch (err) {
        this.failures++;
        this.down = new DatabaseUnavailableError(`the database could not be opened again: ${err instanceof Error ? err.message : String(err)}`, {
          cause: err,
        });
        const delay = Math.min(30_000, 500 * 2 ** Math.min(6, this.failures - 1));
        this.retry = setTimeout(() => {
          this.retry = null;
          this.reopen();
        }, delay);
        this.retry.unref();
      } finally {
        this.opening = null;
      }
    })();
  }

  query<T = Record<string, unknown>>(sql: string, params: unknown[] = [], opts: QueryOptions = {}): Promise<ThreadResults<T>> {
    return this.root.query<T>(sql, params, opts);
  }

  exec(sql: string): Promise<ThreadResults[]> {
    return this.root.exec(sql);
  }

  /** Sends `msg` to the thread; `gen` (a transaction's) must still be the current thread. */
  async call(msg: Record<string, unknown>, gen?: number): Promise<unknown> {
    return (await this.send(msg, gen)).value;
  }

  private async send(msg: Record<string, unknown>, gen?: number): Promise<{ value: unknown; gen: number }> {
    if (this.closed) throw new Error('the database thread stopped (closed)');
    if (gen !== undefined && gen !== this.generation) throw new DatabaseUnavailableError('the transaction was lost with the database thread');
    if (!this.worker && this.opening) await this.opening;
    const worker = this.worker;
    if (!worker || (gen !== undefined && gen !== this.generation)) {
      throw this.down ?? new DatabaseUnavailableError('the database thread is not running');
    }
    const at = this.generation;
    const id = this.nextId++;
    const value = await new Promise((resolve, reject) => {
      this.pending.set(id, { gen: at, resolve, reject });
      worker.postMessage({ ...msg, id });
    });
    return { value, gen: at };
  }

  /** Runs `fn` in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(fn: (tx: Connection) => Promise<T>): Promise<T> {
    const { value, gen } = await this.send({ op: 'begin' });
    const tx = value as number;
    let result: T;
    try {
      result = await fn(new Connection(this, tx, gen));
    } catch (err) {
      // a thread that died took the transaction with it: nothing to roll back, the error stands
      if (gen === this.generation) await this.call({ op: 'end', tx, commit: false }, gen);
      throw err;
    }
    await this.call({ op: 'end', tx, commit: true }, gen);
    return result;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    const worker = this.worker;
    if (worker) await this.call({ op: 'close' }).catch(() => undefined);
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.opening) await this.opening;
    const err = new Error('the database thread stopped (closed)');
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
    if (worker) await worker.terminate();
  }

  /** Tests: the current thread (to kill it). */
  get currentWorker(): Worker | null {
    return this.worker;
  }
}
