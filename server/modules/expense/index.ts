// The expense module's face (docs/expense.md): budget control and the expense lifecycle. It
// plugs into the records module's seam — record hooks on the expense forms move money in the
// same transaction as the document's step — and serves the budget and document-chain routes.
// Each part registers itself here with one line (lifecycle hooks, pool routes, chain routes …).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../context';
import { registerExpenseHooks } from './lifecycle';
import { chainRoutes } from './chainRoutes';
import { poolRoutes } from './poolRoutes';
import { proposalRoutes } from './proposalRoutes';
import { prepayment } from './prepayment';

export const expenseModule: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  registerExpenseHooks(ctx);
  chainRoutes(app, ctx);
  poolRoutes(app, ctx);
  proposalRoutes(app, ctx);
  prepayment(app, ctx);
};
