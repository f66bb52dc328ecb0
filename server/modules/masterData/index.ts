// The master-data module's face: the autocomplete sources and the budget pool list.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../context';
import { masterDataRoutes } from './routes';

export const masterDataModule: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  masterDataRoutes(app, ctx);
};

export { AUTOCOMPLETE_NAMES, MASTER_KINDS, budgetPoolList, type BudgetPoolRow } from './repository';
