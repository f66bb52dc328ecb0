// Autocomplete routes under {prefix}/emp/base/autoComplete/<name> (one route per source) and the
// budget pool list. Paths, bodies and answers come from the contract (schemas/api/masterData.ts).
import type { Static } from '@sinclair/typebox';
import { endpoints, pathOf, routeSchema, type AutoQuery as AutoQueryBody } from '../../../schemas/api';
import type { Locale } from '../../../schemas/constants';
import type { AppContext, TypedApp } from '../../context';
import { notFound, ok } from '../../lib/errors';
import { AUTOCOMPLETE_NAMES, autocomplete, budgetPoolList, type AutoQuery } from './repository';

const E = endpoints.masterData;

function autoQuery(body: Static<typeof AutoQueryBody> | undefined, locale: Locale): AutoQuery {
  const b = body ?? {};
  const params: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(b)) if (!['keyword', 'page', 'limit'].includes(k) && v != null && v !== '') params[k] = String(v);
  return {
    keyword: typeof b.keyword === 'string' && b.keyword.trim() ? b.keyword.trim() : undefined,
    page: Number(b.page ?? 1),
    limit: Number(b.limit ?? 20),
    params,
    locale,
  };
}

export function masterDataRoutes(app: TypedApp, ctx: AppContext) {
  const p = ctx.config.apiPrefix;
  // a route per source (an unknown name is a 404 of the router); the schema without the path
  // parameter, since the name is part of each route's path
  const { params: _name, ...autoCompleteSchema } = routeSchema(E.autoComplete);
  for (const name of AUTOCOMPLETE_NAMES) {
    app.post(pathOf(E.autoComplete, p, { name }), { config: { policy: 'employee' }, schema: autoCompleteSchema }, async (req) => {
      const r = await autocomplete(ctx.db, name, autoQuery(req.body, req.locale));
      if (!r) throw notFound('source');
      return ok(r);
    });
  }
  app.post(pathOf(E.budgetPools, p), { config: { policy: 'employee' }, schema: routeSchema(E.budgetPools) }, async (req) =>
    ok(await budgetPoolList(ctx.db, autoQuery(req.body, req.locale))),
  );
}
