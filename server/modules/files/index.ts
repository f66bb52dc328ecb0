// The files module's face: upload, download and delete as a Fastify plugin, and what the records
// module needs to link a record's files (which ids a record refers to, which of them its writer
// may not use, writing the links in the record's transaction).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../context';
import { fileRoutes } from './routes';

export const filesModule: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  fileRoutes(app, ctx);
};

export {
  applyStoredFileRefs,
  canReadFile,
  fileIdsOf,
  storedFileRefs,
  registerFileReader,
  unreadableNewFiles,
  writeRecordFiles,
  type FileReader,
  type StoredFileRef,
} from './access';
