// The process module's face: approvals that run (schemas/process is the model and the pure
// engine; this module persists it). It plugs into the records module's lifecycle seam: a submit
// or resubmit of a form bound to a process starts or resumes an instance in the record's own
// transaction (record hooks), and approvers and cc readers see the document (a record scope
// provider). Routes: the runtime (runtimeRoutes.ts: task center, actions, history, dry-run,
// task-all) and the administration (adminRoutes.ts: definitions, binding, versions, matrices,
// callback failures, task delete). Background: the outbox dispatcher and the timeout scheduler.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../context';
import { adminRoutes } from './adminRoutes';
import { startBackground } from './background';
import { directoryRoutes } from './directoryRoutes';
import { registerProcessHooks } from './hooks';
import { monitorRoutes } from './monitorRoutes';
import { runtimeRoutes } from './runtimeRoutes';

export const processModule: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  registerProcessHooks(ctx);
  runtimeRoutes(app, ctx);
  adminRoutes(app, ctx);
  directoryRoutes(app, ctx);
  monitorRoutes(app, ctx);
  startBackground(app, ctx);
};

// for the task-center bench (server/bench/processBench.ts): the statements task-all and task/counts issue
export { taskCenterStatements } from './taskCenter';
