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
    ...overrides,
  };
}
