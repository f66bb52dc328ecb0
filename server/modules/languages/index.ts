// The languages module's face: switch the session's language, save a key, read a locale's keys.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../context';
import { languageRoutes } from './routes';

export const languagesModule: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  languageRoutes(app, ctx);
};
