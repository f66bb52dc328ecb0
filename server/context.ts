// What every module gets: configuration, the database and the event bus. Modules are Fastify
// plugins (server/modules/<m>/index.ts) registered by app.ts with `{ ctx }`; they talk to each
// other through those faces or through events on `ctx.events`.
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Locale } from '../schemas/constants';
import type { FormDefinition } from '../schemas';

/** The events modules announce, by name → payload. */
export interface AppEvents {
  /** a definition version was published (its transaction committed) */
  'definition.published': { definition: FormDefinition; version: number };
}

type Handler<P> = (payload: P) => void | Promise<void>;

/**
 * A tiny typed event bus. `emit` calls the handlers in subscription order and never throws: a
 * handler's error (or rejected promise) goes to `onError`, so an announcing module is never
 * broken by a listener.
 */
export class EventBus<E extends object = AppEvents> {
  private readonly handlers = new Map<keyof E, Set<Handler<never>>>();
  constructor(private readonly onError: (err: unknown, event: keyof E) => void = (err, event) => console.warn(`event ${String(event)}:`, err)) {}

  /** Subscribes; answers the unsubscribe function. */
  on<K extends keyof E>(event: K, handler: Handler<E[K]>): () => void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(handler as Handler<never>);
    return () => void set.delete(handler as Handler<never>);
  }

  emit<K extends keyof E>(event: K, payload: E[K]): void {
    for (const h of [...(this.handlers.get(event) ?? [])]) {
      try {
        const r = (h as Handler<E[K]>)(payload);
        if (r && typeof r.then === 'function') r.then(undefined, (err: unknown) => this.onError(err, event));
      } catch (err) {
        this.onError(err, event);
      }
    }
  }

  /** how many handlers listen to `event` */
  listeners(event: keyof E): number {
    return this.handlers.get(event)?.size ?? 0;
  }
}

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /** maintenance switch state (env var or admin switch), cached; see modules/maintenance */
  maintenance: { enabled: boolean };
  /** what modules announce to each other (a published definition → records' list indexes) */
  events: EventBus<AppEvents>;
}

/** The Fastify instance modules register routes on: request parts typed from their TypeBox schemas (schemas/api). */
export type TypedApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;

/** The options every module plugin is registered with. */
export interface ModuleOptions {
  ctx: AppContext;
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
  interface FastifyInstance {
    /**
     * The session behind a presented token (null when unknown, expired or revoked). Decorated by
     * app.ts from the auth module's face; the policy plugin reaches sessions only through it.
     */
    resolveSession(token: string): Promise<SessionUser | null>;
    /** Whether maintenance mode is on (cached). Decorated from the maintenance module's face. */
    maintenanceOn(): Promise<boolean>;
  }
}
