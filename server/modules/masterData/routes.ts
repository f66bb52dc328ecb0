// Autocomplete routes under {prefix}/emp/base/autoComplete/<name> and the budget pool list.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { notFound, ok } from '../../lib/errors';
import { AUTOCOMPLETE_NAMES, autocomplete, budgetPoolList, type AutoQuery } from './repository';

const Query = Type.Object(
  {
    keyword: Type.Optional(Type.String({ maxLength: 100 })),
    page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  },
  { additionalProperties: Type.Union([Type.String({ maxLength: 64 }), Type.Number(), Type.Null()]) },
);

function autoQuery(req: FastifyRequest): AutoQuery {
  const b = (req.body ?? {}) as Record<string, unknown>;
  const params: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(b)) if (!['keyword', 'page', 'limit'].includes(k) && v != null && v !== '') params[k] = String(v);
  return { keyword: typeof b.keyword === 'string' && b.keyword.trim() ? b.keyword.trim() : undefined, page: Number(b.page ?? 1), limit: Number(b.limit ?? 20), params, locale: req.locale };
}

export function masterDataRoutes(app: FastifyInstance, ctx: AppContext) {
  const tags = ['master data'];
  for (const name of AUTOCOMPLETE_NAMES) {
    app.post(`${ctx.config.apiPrefix}/emp/base/autoComplete/${name}`, { config: { policy: 'employee' }, schema: { tags, body: Type.Optional(Query) } }, async (req) => {
      const r = await autocomplete(ctx.db, name, autoQuery(req));
      if (!r) throw notFound('source');
      return ok(r);
    });
  }
  app.post('/emp/api/v2/feiYong/yuSuanChi/list', { config: { policy: 'employee' }, schema: { tags, body: Type.Optional(Query) } }, async (req) => ok(await budgetPoolList(ctx.db, autoQuery(req))));
}
