// The document chain route (docs/expense.md "API"; contract: schemas/api/expense.ts).
import { endpoints, pathOf, routeSchema } from '../../../schemas/api';
import type { AppContext, TypedApp } from '../../context';
import { ok } from '../../lib/errors';
import { documentChain } from './chain';

const E = endpoints.expense;

export function chainRoutes(app: TypedApp, ctx: AppContext) {
  app.post(pathOf(E.chain, ctx.config.apiPrefix), { config: { policy: 'employee' }, schema: routeSchema(E.chain) }, async (req) =>
    ok(await documentChain(ctx, req.auth!, req.body.id)),
  );
}
