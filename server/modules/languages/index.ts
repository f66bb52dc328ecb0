// The languages module's face: switch the session's language, save a key, read a locale's keys.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../context';
import { removeUnsafeLanguageKeys } from './keys';
import { languageRoutes } from './routes';

export const languagesModule: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  // keys that reach the prototype chain are refused on save; rows written before that go at start
  const removed = await removeUnsafeLanguageKeys(ctx.db);
  if (removed) app.log.warn({ removed }, 'language keys with unsafe segments removed');
  languageRoutes(app, ctx);
};
