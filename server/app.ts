// buildApp(config): the whole API as one Fastify instance (tests drive it with app.inject).
// Every module under modules/ is a Fastify plugin registered here with `{ ctx }`; the plugins
// under plugins/ (envelope, maintenance gate, policy) reach modules only through the instance's
// decorations (`resolveSession`, `maintenanceOn`), set here from the modules' faces.
// Order matters: the maintenance gate answers before the session check, and the policy hook
// must see every route, so both are installed before any plugin that registers routes.
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import path from 'node:path';
import type { Config } from './config';
import { EventBus, type AppContext } from './context';
import { openDatabase, type Database } from './db/client';
import { registerBodyDepth } from './plugins/bodyDepth';
import { registerEnvelope } from './plugins/envelope';
import { registerMaintenanceGate } from './plugins/maintenance';
import { registerOpenApi } from './plugins/openapi';
import { registerSerializer } from './plugins/serializer';
import { registerClient } from './plugins/static';
import { registerCompression } from './plugins/compress';
import { registerSecurityHeaders } from './plugins/securityHeaders';
import { registerPolicy, type RegisteredRoute } from './plugins/policy';
import { maintenanceModule, maintenanceState, refreshMaintenance } from './modules/maintenance';
import { authModule, sessionResolver } from './modules/auth';
import { seedBusinessIfEmpty, seedIfEmpty } from './seed/seed';
import { definitionsModule } from './modules/definitions';
import { recordsModule } from './modules/records';
import { menuModule } from './modules/menu';
import { masterDataModule } from './modules/masterData';
import { filesModule } from './modules/files';
import { languagesModule } from './modules/languages';
import { processModule } from './modules/process';
import { expenseModule } from './modules/expense';
import { AppError } from './lib/errors';
import { loggerOptions } from './lib/redact';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** every route with its declared policy (for the access test) */
  routes: RegisteredRoute[];
}

export interface BuildOptions {
  /** an already open database (tests share one per file); otherwise opened from config */
  database?: Database;
  logger?: boolean;
  /** where the log goes (tests capture it); stdout otherwise */
  logStream?: NodeJS.WritableStream;
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const database = opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') }));
  const ctx: AppContext = { config, database, db: database.db, maintenance: { enabled: config.maintenance }, events: new EventBus() };
  await seedIfEmpty(ctx);
  await refreshMaintenance(ctx, true);

  const app = Fastify({
    // every log line: secret query parameters (?empSessionId=…), headers and error texts redacted
    logger: opts.logger === false ? false : loggerOptions(config.logLevel, opts.logStream),
    bodyLimit: 5 * 1024 * 1024,
    // Fastify's default is no limit: a client that never finishes its request would hold its
    // connection (and a graceful stop) forever. Node 20 takes the limit only from the server's
    // construction (a value set afterwards, as Fastify's own option does, is not enforced), so it
    // goes in both; Node looks for expired requests every few seconds.
    requestTimeout: config.requestTimeoutMs,
    http: { requestTimeout: config.requestTimeoutMs, connectionsCheckingInterval: Math.min(5000, config.requestTimeoutMs) },
    trustProxy: config.trustProxy,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, useDefaults: true, allErrors: true } },
  });
  if (!opts.database) app.addHook('onClose', async () => database.close());

  registerEnvelope(app);
  registerSerializer(app, { validate: config.testMode });
  // bad input is refused before any route sees it: nesting, NUL/surrogates, unbounded numbers (422)
  registerBodyDepth(app);
  // what the plugins below need from modules, as decorations (plugins/ imports no module)
  app.decorate('resolveSession', sessionResolver(ctx));
  app.decorate('maintenanceOn', maintenanceState(ctx));
  // maintenance is answered before the session check (an unauthenticated caller sees -999999 too)
  registerMaintenanceGate(app);
  const routes = registerPolicy(app, ['/emp', config.apiPrefix]);

  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10 }, throwFileSizeLimit: true });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError(429, 'errors.tooManyRequests'),
  });
  // answers of 1 KB and more compressed (br/gzip); security headers on every answer, CSP on pages
  await registerCompression(app);
  registerSecurityHeaders(app);
  await registerOpenApi(app, config.apiPrefix);

  // the modules (records indexes every published form's list at start and on `definition.published`)
  for (const module of [
    maintenanceModule,
    authModule,
    definitionsModule,
    recordsModule,
    menuModule,
    masterDataModule,
    filesModule,
    languagesModule,
    processModule,
    expenseModule,
  ]) {
    await app.register(module, { ctx });
  }

  // the built client (precompressed, cached by hash), with history fallback for its routes
  await registerClient(app, config.clientDist, [config.apiPrefix]);

  await app.ready();
  if (config.seedBusiness && config.seedDemo) await seedBusinessIfEmpty(app, ctx);
  return { app, ctx, routes };
}
