// PostgreSQL error codes through drizzle's wrapper (DrizzleQueryError keeps the driver error as `cause`).
export function pgCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
export function pgConstraint(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i++) {
    const c = (e as { constraint?: unknown }).constraint;
    if (typeof c === 'string') return c;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
export const UNIQUE_VIOLATION = '23505';
export const SERIALIZATION_FAILURE = '40001';

// ─── the database going away ─────────────────────────────────────────────────────────────────
/**
 * The database cannot be reached right now (a server restarting, a connection cut, the pool
 * unable to connect, the embedded database's thread gone). Raised by the drivers' wrappers in
 * server/db; answered 503 with Retry-After by the envelope, like the driver errors
 * `isDatabaseUnavailable` recognises.
 */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** SQLSTATEs of a server going away or refusing connections for now. */
const UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown (pg_ctl stop, fast or immediate)
  '57P02', // crash_shutdown (another backend crashed)
  '57P03', // cannot_connect_now (starting up, shutting down, in recovery)
  '53300', // too_many_connections
]);
/** socket errors of a server that is not there (or went away mid-conversation) */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNABORTED']);
/** node-postgres's and pg-pool's messages for a lost, closed or unobtainable connection */
const MESSAGES = [
  /^Connection terminated/i, // "… unexpectedly", "… due to connection timeout"
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
  /Connection is closed/i,
  /^terminating connection/i,
  /the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)/i,
];

function unavailableHere(e: object): boolean {
  if (e instanceof DatabaseUnavailableError) return true;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || SOCKET_CODES.has(code)) return true;
  }
  const message = (e as { message?: unknown }).message;
  return typeof message === 'string' && MESSAGES.some((m) => m.test(message));
}

/**
 * Whether `err` (or what it wraps: drizzle's `cause`, an AggregateError's `errors`) says the
 * database is unreachable for now, as opposed to a statement that failed on a working database.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const stack: unknown[] = [err];
  while (stack.length && seen.size < 16) {
    const e = stack.pop();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    if (unavailableHere(e)) return true;
    stack.push((e as { cause?: unknown }).cause);
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner)) stack.push(...inner);
  }
  return false;
}

/** Seconds a client is asked to wait before retrying while the database is unavailable. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Reports an outage once: `down(err)` answers true only for the first failure of an outage (log
 * it), `up()` answers the outage's length in seconds when one just ended (log that), else null.
 * `delayMs()` is a backoff for background work while down: 1 s doubling to 60 s.
 */
export class OutageLog {
  private since: number | null = null;
  private failures = 0;
  down(): boolean {
    this.failures++;
    if (this.since !== null) return false;
    this.since = Date.now();
    return true;
  }
  up(): number | null {
    if (this.since === null) return null;
    const s = (Date.now() - this.since) / 1000;
    this.since = null;
    this.failures = 0;
    return s;
  }
  get isDown(): boolean {
    return this.since !== null;
  }
  delayMs(): number {
    return this.since === null ? 0 : Math.min(60_000, 1000 * 2 ** Math.min(6, this.failures - 1));
  }
}
