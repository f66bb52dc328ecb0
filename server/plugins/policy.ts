// Every route declares who may call it (`config.policy`); API routes without one refuse to
// register. The hook resolves the session from `Authorization` (the mytoken, with or without
// "Bearer "), `token`, `empSessionId` (header, or the page's query string) and enforces the
// policy: no session → 401 (errorCode "1000000", errorType "10010"), wrong kind → 403.
// Sessions are looked up through the instance's `resolveSession` decoration (the auth module's
// face provides it; this plugin imports no module).
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Policy } from '../context';
import { forbidden, unauthorized } from '../lib/errors';
import { pickLocale } from '../lib/i18n';

export interface RegisteredRoute {
  method: string;
  url: string;
  policy: Policy;
}

const POLICIES: ReadonlySet<string> = new Set(['public', 'employee', 'dealer', 'any', 'admin']);

export function presentedToken(req: FastifyRequest): string | null {
  const h = req.headers;
  const auth = typeof h.authorization === 'string' ? h.authorization.replace(/^Bearer\s+/i, '').trim() : '';
  if (auth) return auth;
  if (typeof h.token === 'string' && h.token) return h.token;
  if (typeof h.empsessionid === 'string' && h.empsessionid) return h.empsessionid;
  const q: unknown = req.query;
  const fromPage = q && typeof q === 'object' && 'empSessionId' in q ? q.empSessionId : undefined;
  if (typeof fromPage === 'string' && fromPage) return fromPage;
  return null;
}

export function registerPolicy(app: FastifyInstance, apiPrefixes: string[]): RegisteredRoute[] {
  const registered: RegisteredRoute[] = [];
  const isApi = (url: string) => apiPrefixes.some((p) => url === p || url.startsWith(`${p}/`));

  app.decorateRequest('auth', null);
  app.decorateRequest('locale', 'zh-CN');
  app.addHook('onReady', async () => {
    if (typeof app.resolveSession !== 'function') throw new Error('policy: no resolveSession decoration (register the auth module face)');
  });

  app.addHook('onRoute', (route: RouteOptions) => {
    route.config ??= {};
    const cfg = route.config as { policy?: Policy; maintenanceExempt?: boolean };
    if (!cfg.policy) {
      if (isApi(route.url)) throw new Error(`route ${String(route.method)} ${route.url} declares no policy`);
      // static client files and the OpenAPI UI: public, reachable in maintenance
      cfg.policy = 'public';
      cfg.maintenanceExempt = true;
    }
    if (!POLICIES.has(cfg.policy)) throw new Error(`route ${route.url}: unknown policy ${cfg.policy}`);
    for (const m of [route.method].flat()) {
      if (m !== 'HEAD') registered.push({ method: m, url: route.url, policy: cfg.policy });
    }
  });

  app.addHook('onRequest', async (req) => {
    const policy = req.routeOptions.config?.policy ?? 'public';
    const token = presentedToken(req);
    // the header's language first: an error while reading the session (database down) is told in it
    req.locale = pickLocale(req.headers['accept-language']);
    if (token) {
      req.auth = await app.resolveSession(token);
    }
    req.locale = pickLocale(req.headers['accept-language'], req.auth?.duoYuYanType);
    if (policy === 'public') return;
    const a = req.auth;
    if (!a) throw unauthorized();
    if (policy === 'employee' && a.kind !== 'employee') throw forbidden();
    if (policy === 'dealer' && a.kind !== 'dealer') throw forbidden();
    if (policy === 'admin' && !(a.kind === 'employee' && a.isAdmin)) throw forbidden();
  });

  return registered;
}
