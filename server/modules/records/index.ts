// The records module's face: the record routes as a Fastify plugin. At start it makes sure the
// list's sort indexes exist for every published form, and it listens for `definition.published`
// to index a newly published version in the background. It grants reading the files a readable
// record refers to (files module reader grant).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../context';
import { registerFileReader } from '../files';
import { recordFileReader } from './fileReads';
import { ensureAllListIndexes, ensureListIndexesLater } from './listIndexes';
import { recordRoutes } from './routes';

export const recordsModule: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  await ensureAllListIndexes(ctx);
  ctx.events.on('definition.published', ({ definition }) => {
    ensureListIndexesLater(ctx, definition, (err) => console.warn(`list indexes of ${definition.code}:`, err));
  });
  // a file a readable record refers to is readable (owners, approvers, cc readers: the record scope)
  registerFileReader(ctx, recordFileReader(ctx));
  recordRoutes(app, ctx);
};

// What other modules plug in with, from their own plugins: record hooks (inside each write's
// transaction), record scope providers, and the links between documents.
export { registerRecordHooks, type RecordHooks, type RecordWriteEvent, type RecordTransitionEvent, type TransitionStep } from './hooks';
export { registerScopeProvider, recordScope, scopeOf, type RecordScope, type ScopeProvider, type ScopeGrant } from './access';
export { linksOf, type RecordLink } from './links';
// the approval module's step on a record (lifecycle step, approval fields, approver edits)
export { applyApprovalStep, approverEdits, type ApprovalFields, type ApprovalStepInput } from './approval';
export { getRecord as getRecordRow, type RecordRow } from './repository';
export { definitionOf as recordDefinition } from './definition';
// for the list bench (server/bench): the very page statement the list route issues
export { listPageSql, type ListInput } from './listQuery';
export { ensureListIndexes } from './listIndexes';
export { saveRecord, type SaveInput } from './save';
