// The master-data module's face: the autocomplete sources and the budget pool list.
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleOptions } from '../../context';
import { masterDataRoutes } from './routes';

export const masterDataModule: FastifyPluginAsync<ModuleOptions> = async (app, { ctx }) => {
  masterDataRoutes(app, ctx);
};

export { AUTOCOMPLETE_NAMES } from './repository';
