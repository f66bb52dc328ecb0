// Background work of the process module: the outbox dispatcher (callbacks after commit and on a
// timer) and the timeout scheduler (croner), both driven by database state so they survive
// restarts. Started when the app is ready, stopped when it closes; off when
// config.processBackground is false (the test default: a test turns it on with PROCESS_BACKGROUND=1).
import type { AppContext, TypedApp } from '../../context';
import { startDispatcher } from './outbox';
import { startScheduler } from './scheduler';
import { act } from './steps';

export function startBackground(app: TypedApp, ctx: AppContext) {
  if (!ctx.config.processBackground) return;
  const stops: (() => Promise<void>)[] = [];
  app.addHook('onReady', async () => {
    stops.push(startDispatcher(ctx, (err) => app.log.error({ err }, 'process callbacks: dispatch failed')));
    stops.push(startScheduler(ctx, act, (err) => app.log.error({ err }, 'process timeouts: a job failed')));
  });
  app.addHook('onClose', async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
  });
}
