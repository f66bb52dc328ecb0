// The languages module's face: switch the session's language, save a key, read a locale's keys.
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleOptions } from '../../context';
import { languageRoutes } from './routes';

export const languagesModule: FastifyPluginAsync<ModuleOptions> = async (app, { ctx }) => {
  languageRoutes(app, ctx);
};
