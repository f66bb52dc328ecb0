// Entry point of `npm start`: the API and the built client on one port (ARCHITECTURE.md
// "Runtime contract"). Migrations run and the first start seeds (see seed/seed.ts).
import { buildApp } from './app';
import { loadConfig } from './config';
import { isDatabaseUnavailable } from './lib/pgErrors';

const config = loadConfig();
const { app } = await buildApp(config);
/** how long a shutdown may take (requests finishing, background work stopping, the pool ending) */
const SHUTDOWN_GRACE_MS = 15_000;
const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  // bounded: a stop must end the process even when something (a connection the database never
  // answers, a request that does not finish) holds the close
  const force = setTimeout(() => {
    app.log.error({ signal, graceMs: SHUTDOWN_GRACE_MS, pending: process.getActiveResourcesInfo() }, 'shutdown did not finish in time; exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  await app.close();
  process.exit(0);
};
// a safety net: a database outage surfacing outside a request (a stray promise) is logged, not fatal
process.on('unhandledRejection', (err) => {
  if (isDatabaseUnavailable(err)) app.log.warn({ err }, 'database unavailable');
  else throw err;
});
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
await app.listen({ port: config.port, host: config.host });
