// Session routes of docs/api.md: employee and dealer login, init, logout, password change, QR login.
// Paths, bodies and answers come from the contract (schemas/api/auth.ts).
import type { FastifyRequest } from 'fastify';
import { endpoints, pathOf, routeSchema } from '../../../schemas/api';
import type { AppContext, TypedApp } from '../../context';
import { ok } from '../../lib/errors';
import { changePassword, confirmQrTicket, initPassword, login, newQrTicket, pollQrTicket, sessionValues } from './service';
import { revokeSession } from './sessionRepository';
import { presentedToken } from '../../plugins/policy';

const E = endpoints.auth;

export function authRoutes(app: TypedApp, ctx: AppContext) {
  const p = ctx.config.apiPrefix;
  const rateLimit = { max: ctx.config.loginRateMax, timeWindow: 60_000 };

  app.route({
    method: E.login.method,
    url: pathOf(E.login, p),
    schema: routeSchema(E.login),
    config: { policy: 'public', maintenanceExempt: true, rateLimit },
    handler: async (req) => ok(await login(ctx, req.body.username, req.body.password, 'employee', req.ip)),
  });
  app.route({
    method: E.dealerLogin.method,
    url: pathOf(E.dealerLogin, p),
    schema: routeSchema(E.dealerLogin),
    config: { policy: 'public', rateLimit },
    handler: async (req) => ok(await login(ctx, req.body.username, req.body.password, 'dealer', req.ip)),
  });

  const current = async (req: FastifyRequest) => ok(await sessionValues(ctx, req.auth!.userId, presentedToken(req)!, req.auth!.duoYuYanType));
  app.route({ method: E.loginInit.method, url: pathOf(E.loginInit, p), schema: routeSchema(E.loginInit), config: { policy: 'any' }, handler: current });
  app.route({ method: E.dealerInit.method, url: pathOf(E.dealerInit, p), schema: routeSchema(E.dealerInit), config: { policy: 'dealer' }, handler: current });

  app.route({
    method: E.logout.method,
    url: pathOf(E.logout, p),
    schema: routeSchema(E.logout),
    config: { policy: 'any' },
    handler: async (req) => {
      await revokeSession(ctx.db, req.auth!.sessionId);
      return ok(null);
    },
  });

  app.route({
    method: E.changePassword.method,
    url: pathOf(E.changePassword, p),
    schema: routeSchema(E.changePassword),
    config: { policy: 'any' },
    handler: async (req) => {
      await changePassword(ctx, req.auth!, req.body.oldPassword, req.body.newPassword);
      return ok(null);
    },
  });

  // user init password: an administrator sets another user's password; every session of that user ends
  app.route({
    method: E.initPassword.method,
    url: pathOf(E.initPassword, p),
    schema: routeSchema(E.initPassword),
    config: { policy: 'admin' },
    handler: async (req) => {
      const username = await initPassword(ctx, req.auth!, req.body.userId, req.body.newPassword, req.locale);
      // the audit line: who reset whose password (never the password)
      req.log.info({ audit: 'user.initPassword', adminId: req.auth!.userId, userId: req.body.userId, username }, 'password reset by an administrator');
      return ok(null);
    },
  });

  // QR login (WeChat-style, without WeChat's servers)
  app.route({
    method: E.qrTicket.method,
    url: pathOf(E.qrTicket, p),
    schema: routeSchema(E.qrTicket),
    config: { policy: 'public', rateLimit: { max: 60, timeWindow: 60_000 } },
    handler: async (req) => ok(await newQrTicket(ctx, `${req.protocol}://${req.host}`)),
  });
  app.route({
    method: E.qrPoll.method,
    url: pathOf(E.qrPoll, p),
    schema: routeSchema(E.qrPoll),
    config: { policy: 'public' },
    handler: async (req) => ok(await pollQrTicket(ctx, req.body.ticket)),
  });
  app.route({
    method: E.qrConfirm.method,
    url: pathOf(E.qrConfirm, p),
    schema: routeSchema(E.qrConfirm),
    config: { policy: 'employee' },
    handler: async (req) => {
      await confirmQrTicket(ctx, req.auth!, req.body.ticket);
      return ok(null);
    },
  });
}
