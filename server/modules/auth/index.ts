// The auth module's face: sessions (employee and dealer login, init, logout, password change,
// QR login) as a Fastify plugin, and the session functions other parts of the server use.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext, ModuleOptions, SessionUser } from '../../context';
import { authRoutes } from './routes';
import { resolveSession } from './sessionRepository';

export const authModule: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  authRoutes(app, ctx);
};

/** The session behind a token, with the configured timeouts (app.ts decorates `resolveSession` with it). */
export function sessionResolver(ctx: AppContext): (token: string) => Promise<SessionUser | null> {
  // the configuration is read at each call (tests change the cache time of a running app)
  return (token) =>
    resolveSession(ctx.db, token, { idleMs: ctx.config.sessionIdleMs, absoluteMs: ctx.config.sessionAbsoluteMs, cacheMs: ctx.config.sessionCacheMs });
}

export { resetPassword, setUserDisabled, type SessionValues } from './service';
export { clearSessionCache, revokeUserSessions, setSessionLanguage } from './sessionRepository';
