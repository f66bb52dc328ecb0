// The menu module's face: the signed-in user's menu tree.
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleOptions } from '../../context';
import { menuRoutes } from './routes';

export const menuModule: FastifyPluginAsync<ModuleOptions> = async (app, { ctx }) => {
  menuRoutes(app, ctx);
};

export { menuTree, type MenuNode } from './routes';
