// The definitions module's face: the definition routes as a Fastify plugin, and the published
// definitions other modules read. Publishing announces `definition.published` on ctx.events.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../context';
import { definitionRoutes } from './routes';

export const definitionsModule: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  definitionRoutes(app, ctx);
};

export { publishedDefinition, upgradeDefinition } from './service';
export { getDefinitionRow } from './repository';
