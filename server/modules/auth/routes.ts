// Session routes of docs/api.md: employee and dealer login, init, logout, password change, QR login.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ok } from '../../lib/errors';
import { changePassword, confirmQrTicket, login, newQrTicket, pollQrTicket, sessionValues } from './service';
import { revokeSession } from './sessionRepository';
import { presentedToken } from '../../plugins/policy';

const Credentials = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
});
type Credentials = { username: string; password: string };
const Ticket = Type.Object({ ticket: Type.String({ minLength: 10, maxLength: 100 }) });

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const p = ctx.config.apiPrefix;
  const rateLimit = { max: ctx.config.loginRateMax, timeWindow: 60_000 };
  const tags = ['sessions'];

  app.post('/emp/api/v2/login', { config: { policy: 'public', maintenanceExempt: true, rateLimit }, schema: { tags, body: Credentials } }, async (req) => {
    const b = req.body as Credentials;
    return ok(await login(ctx, b.username, b.password, 'employee'));
  });
  app.post(`${p}/dp/commons/check/check-login.action`, { config: { policy: 'public', rateLimit }, schema: { tags, body: Credentials } }, async (req) => {
    const b = req.body as Credentials;
    return ok(await login(ctx, b.username, b.password, 'dealer'));
  });

  const current = async (req: FastifyRequest) => ok(await sessionValues(ctx, req.auth!.userId, presentedToken(req)!, req.auth!.duoYuYanType));
  app.post('/emp/api/v2/login/init', { config: { policy: 'any' }, schema: { tags } }, current);
  app.post(`${p}/dp/commons/check/check-init.action`, { config: { policy: 'dealer' }, schema: { tags } }, current);

  app.post('/emp/api/v2/logout', { config: { policy: 'any' }, schema: { tags } }, async (req) => {
    await revokeSession(ctx.db, req.auth!.sessionId);
    return ok(null);
  });

  app.post(
    '/emp/api/v2/login/changePassword',
    { config: { policy: 'any' }, schema: { tags, body: Type.Object({ oldPassword: Type.String({ minLength: 1 }), newPassword: Type.String({ minLength: 1, maxLength: 200 }) }) } },
    async (req) => {
      const b = req.body as { oldPassword: string; newPassword: string };
      await changePassword(ctx, req.auth!, b.oldPassword, b.newPassword);
      return ok(null);
    },
  );

  // QR login (WeChat-style, without WeChat's servers)
  app.post(`${p}/wx/commons/wxConfig/web-qrcode.action`, { config: { policy: 'public', rateLimit: { max: 60, timeWindow: 60_000 } }, schema: { tags } }, async (req) => {
    const origin = `${req.protocol}://${req.host}`;
    return ok(await newQrTicket(ctx, origin));
  });
  app.post(`${p}/wx/commons/wxConfig/webQrcode-callBack.action`, { config: { policy: 'public' }, schema: { tags, body: Ticket } }, async (req) => {
    return ok(await pollQrTicket(ctx, (req.body as { ticket: string }).ticket));
  });
  app.post(`${p}/wx/commons/wxConfig/webQrcode-confirm.action`, { config: { policy: 'employee' }, schema: { tags, body: Ticket } }, async (req) => {
    await confirmQrTicket(ctx, req.auth!, (req.body as { ticket: string }).ticket);
    return ok(null);
  });
}
