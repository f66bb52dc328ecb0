// The menu module's face: the signed-in user's menu tree.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../context';
import { menuRoutes } from './routes';

export const menuModule: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  menuRoutes(app, ctx);
};

export { menuTree, type MenuNode } from './routes';
