// buildApp(config): the whole API as one Fastify instance (tests drive it with app.inject).
// Order matters: the policy hook must see every route, so it is installed before any plugin
// that registers routes.
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase, type Database } from './db/client';
import { registerEnvelope } from './plugins/envelope';
import { registerPolicy, type RegisteredRoute } from './plugins/policy';
import { maintenanceHook, maintenanceRoutes } from './modules/maintenance/routes';
import { refreshMaintenance } from './modules/maintenance/service';
import { authRoutes } from './modules/auth/routes';
import { seedIfEmpty } from './seed/seed';
import { definitionRoutes } from './modules/definitions/routes';
import { recordRoutes } from './modules/records/routes';
import { ensureAllListIndexes } from './modules/records/listIndexes';
import { menuRoutes } from './modules/menu/routes';
import { masterDataRoutes } from './modules/masterData/routes';
import { fileRoutes } from './modules/files/routes';
import { languageRoutes } from './modules/languages/routes';
import { AppError } from './lib/errors';

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
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const database =
    opts.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') }));
  const ctx: AppContext = { config, database, db: database.db, maintenance: { enabled: config.maintenance } };
  await seedIfEmpty(ctx);
  await ensureAllListIndexes(ctx);
  await refreshMaintenance(ctx, true);

  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    bodyLimit: 5 * 1024 * 1024,
    trustProxy: config.trustProxy,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, useDefaults: true, allErrors: true } },
  });
  if (!opts.database) app.addHook('onClose', async () => database.close());

  registerEnvelope(app);
  // maintenance is answered before the session check (an unauthenticated caller sees -999999 too)
  maintenanceHook(app, ctx);
  const routes = registerPolicy(app, ctx, ['/emp', config.apiPrefix]);

  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10 }, throwFileSizeLimit: true });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError(429, 'errors.tooManyRequests'),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Formwork API', version: '1.0.0', description: 'See docs/api.md: envelope { code, msg, data }.' },
      components: {
        securitySchemes: {
          mytoken: { type: 'apiKey', in: 'header', name: 'Authorization' },
          token: { type: 'apiKey', in: 'header', name: 'token' },
          empSessionId: { type: 'apiKey', in: 'header', name: 'empSessionId' },
        },
      },
      security: [{ mytoken: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  maintenanceRoutes(app, ctx);
  authRoutes(app, ctx);
  definitionRoutes(app, ctx);
  recordRoutes(app, ctx);
  menuRoutes(app, ctx);
  masterDataRoutes(app, ctx);
  fileRoutes(app, ctx);
  languageRoutes(app, ctx);

  // the built client, with history fallback for its routes
  if (existsSync(path.join(config.clientDist, 'index.html'))) {
    await app.register(fastifyStatic, { root: config.clientDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    const clientRoute = url === '/' || url === '/web' || url.startsWith('/web/') || url === '/maintenance';
    if (req.method === 'GET' && clientRoute && existsSync(path.join(config.clientDist, 'index.html'))) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ code: 404, msg: 'Not Found', data: null });
  });

  await app.ready();
  return { app, ctx, routes };
}
