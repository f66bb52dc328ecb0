// What every module gets: configuration and the database.
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Locale } from '../schemas/constants';

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /** maintenance switch state (env var or admin switch), cached; see modules/maintenance */
  maintenance: { enabled: boolean };
}

/** The five route policies; every route declares one in `config.policy`. */
export type Policy = 'public' | 'employee' | 'dealer' | 'any' | 'admin';

export interface SessionUser {
  sessionId: string;
  userId: string;
  username: string;
  kind: 'employee' | 'dealer';
  employeeId: string | null;
  dealerId: string | null;
  isAdmin: boolean;
  displayName: string;
  mobile: string | null;
  jiaoJieRenIds: string[];
  duoYuYanType: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    policy?: Policy;
    /** answers even in maintenance mode (health, maintenance status, static client) */
    maintenanceExempt?: boolean;
  }
  interface FastifyRequest {
    auth: SessionUser | null;
    locale: Locale;
  }
}
