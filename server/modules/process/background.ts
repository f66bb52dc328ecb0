// Background work of the process module: the outbox dispatcher (callbacks after commit and on a
// timer) and the timeout scheduler (croner), both driven by database state so they survive
// restarts. Started when the app is ready, stopped when it closes; off when
// config.processBackground is false (the test default: a test turns it on with PROCESS_BACKGROUND=1).
import type { AppContext, TypedApp } from '../../context';
import { startDispatcher } from './outbox';
import { startScheduler } from './scheduler';
import { act } from './steps';
import { isDatabaseUnavailable } from '../../lib/pgErrors';

export function startBackground(app: TypedApp, ctx: AppContext) {
  if (!ctx.config.processBackground) return;
  const stops: (() => Promise<void>)[] = [];
  // the database unreachable (restart, failover) is an outage, not a bug: a warning when it
  // starts (each worker reports it once and backs off) and a note when it ends
  const reporter = (what: string) => ({
    onError: (err: unknown) => {
      if (isDatabaseUnavailable(err)) app.log.warn({ err }, `${what}: the database is unavailable; retrying with backoff`);
      else app.log.error({ err }, `${what} failed`);
    },
    onRecovered: (seconds: number) => app.log.info(`${what}: the database is back after ${seconds.toFixed(1)} s`),
  });
  app.addHook('onReady', async () => {
    const callbacks = reporter('process callbacks: dispatch');
    stops.push(startDispatcher(ctx, callbacks.onError, callbacks.onRecovered));
    const timeouts = reporter('process timeouts: a job');
    stops.push(startScheduler(ctx, act, timeouts.onError, timeouts.onRecovered));
  });
  app.addHook('onClose', async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
  });
}
