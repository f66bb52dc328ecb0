// The maintenance module's face: health, the maintenance status and the admin switch as a
// Fastify plugin, and the switch's state (app.ts decorates `maintenanceOn` with it for the
// maintenance gate of server/plugins/maintenance.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext, ModuleOptions } from '../../context';
import { maintenanceRoutes } from './routes';
import { refreshMaintenance } from './service';

export const maintenanceModule: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  maintenanceRoutes(app, ctx);
};

/** Whether maintenance mode is on (re-read from the database every few seconds). */
export const maintenanceState = (ctx: AppContext) => (): Promise<boolean> => refreshMaintenance(ctx);

export { refreshMaintenance } from './service';
