// Runtime configuration, read once from the environment (README "Configuration").
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… switches from the embedded PGlite to a PostgreSQL server */
  databaseUrl: string | null;
  apiPrefix: string;
  seedDemo: boolean;
  /** after start, with the demo data: the demo year's documents through the routes (seed/demoBusiness.ts), once */
  seedBusiness: boolean;
  adminPassword: string | null;
  maintenance: boolean;
  production: boolean;
  clientDist: string;
  logLevel: string;
  /** lower scrypt cost and looser limits for the test suite */
  testMode: boolean;
  /** idle and absolute session lifetimes (ms) */
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** how long this process reuses a resolved session before asking the database again (0: never) */
  sessionCacheMs: number;
  /** largest accepted upload (bytes) */
  uploadMaxBytes: number;
  /** login attempts per IP per minute before 429 */
  loginRateMax: number;
  /** failed passwords per user before the account is locked for `lockMs` */
  loginLockAfter: number;
  loginLockMs: number;
  /** trust X-Forwarded-* (only behind a reverse proxy: the login rate limit keys on the client address) */
  trustProxy: boolean;
  /** process background work (callback dispatcher, timeout scheduler); off in tests unless a test turns it on */
  processBackground: boolean;
  /** HMAC secret of process callbacks (null: one is generated and kept in `settings`) */
  callbackSecret: string | null;
  /** host or host:port patterns (`*.example.com` for subdomains) callbacks may go to; empty: none */
  callbackAllowlist: string[];
  /** delivery attempts of one callback before it is `failed` */
  callbackAttempts: number;
  /** the first retry's delay (ms); each next one doubles, up to an hour */
  callbackBaseDelayMs: number;
  /** one delivery's timeout (ms) */
  callbackTimeoutMs: number;
  /** how long a claimed (delivering / running) outbox row or job is left to its claimer before another takes it over (ms) */
  processLeaseMs: number;
  /** how often the dispatcher looks for due callbacks besides the after-commit kick (ms) */
  callbackPollMs: number;
  /** how often the scheduler looks for due timeouts (seconds) */
  schedulerIntervalSeconds: number;
  /** the longest a client may take to send a whole request (ms): a connection that trickles it is answered 408 and closed */
  requestTimeoutMs: number;
}

const num = (v: string | undefined, d: number) => (v === undefined || v === '' || Number.isNaN(Number(v)) ? d : Number(v));

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port: num(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    apiPrefix: env.API_PREFIX ?? '/tpm',
    seedDemo: env.SEED_DEMO !== '0',
    seedBusiness: env.SEED_BUSINESS ? env.SEED_BUSINESS === '1' : env.FORMWORK_TEST_MODE !== '1',
    adminPassword: env.ADMIN_PASSWORD || null,
    maintenance: env.MAINTENANCE === '1',
    production: env.NODE_ENV === 'production',
    clientDist: path.resolve(env.CLIENT_DIST ?? 'dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    testMode: env.FORMWORK_TEST_MODE === '1',
    sessionIdleMs: num(env.SESSION_IDLE_MINUTES, 120) * 60_000,
    sessionAbsoluteMs: num(env.SESSION_MAX_HOURS, 12) * 3_600_000,
    sessionCacheMs: num(env.SESSION_CACHE_MS, 3000),
    uploadMaxBytes: num(env.UPLOAD_MAX_MB, 20) * 1024 * 1024,
    loginRateMax: num(env.LOGIN_RATE_MAX, 20),
    loginLockAfter: 5,
    loginLockMs: 15 * 60_000,
    trustProxy: env.TRUST_PROXY === '1',
    processBackground: env.PROCESS_BACKGROUND ? env.PROCESS_BACKGROUND === '1' : env.FORMWORK_TEST_MODE !== '1',
    callbackSecret: env.CALLBACK_SECRET || null,
    callbackAllowlist: (env.CALLBACK_ALLOWLIST ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    callbackAttempts: Math.max(1, num(env.CALLBACK_ATTEMPTS, 6)),
    callbackBaseDelayMs: num(env.CALLBACK_BASE_DELAY_MS, 30_000),
    callbackTimeoutMs: num(env.CALLBACK_TIMEOUT_MS, 5000),
    processLeaseMs: num(env.PROCESS_LEASE_MS, 120_000),
    callbackPollMs: num(env.CALLBACK_POLL_MS, 5000),
    schedulerIntervalSeconds: Math.max(1, num(env.SCHEDULER_INTERVAL_SECONDS, 30)),
    requestTimeoutMs: Math.max(1000, num(env.REQUEST_TIMEOUT_MS, 300_000)),
    ...overrides,
  };
}
