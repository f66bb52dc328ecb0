// The calls of the administrators' monitoring pages (processMonitor: the instance and open-task
// lists; process detail for the drawer; processAdmin: task/del, the callback failures and their
// retry; the published forms and the user search for the filters) behind one interface, so the
// jsdom tests drive the pages with a fake.
import { endpoints } from '../../../api/paths';
import type { BodyOf, DataOf } from '../../../api/paths';
import type { MonitorInstanceRow, MonitorTaskRow } from '../../../../schemas/api/processMonitor';
import type { InstanceDetail } from '../../../../schemas/api/process';
import { call } from '../../../api/call';
import { createTaskCenterApi, type DirectoryUser, type FormOption } from '../tasks/api';

const M = endpoints.processMonitor;
const A = endpoints.processAdmin;

export type InstanceQuery = NonNullable<BodyOf<typeof M.instances>>;
export type OpenTaskQuery = NonNullable<BodyOf<typeof M.tasks>>;
export type CallbackQuery = NonNullable<BodyOf<typeof A.callbackFailures>>;
export type InstancePage = DataOf<typeof M.instances>;
export type OpenTaskPage = DataOf<typeof M.tasks>;
export type CallbackPage = DataOf<typeof A.callbackFailures>;
export type CallbackFailure = CallbackPage['rows'][number];
export type { DirectoryUser, FormOption, InstanceDetail, MonitorInstanceRow, MonitorTaskRow };

export interface MonitorApi {
  instances(q: InstanceQuery): Promise<InstancePage>;
  openTasks(q: OpenTaskQuery): Promise<OpenTaskPage>;
  detail(recordId: string): Promise<InstanceDetail>;
  /** cancels the instance's open tasks (the instance ends cancelled) */
  deleteTask(instanceId: string, comment: string): Promise<void>;
  callbackFailures(q: CallbackQuery): Promise<CallbackPage>;
  retryCallbacks(ids: string[]): Promise<{ retried: number; delivered: number }>;
  forms(): Promise<FormOption[]>;
  searchUsers(keyword: string): Promise<DirectoryUser[]>;
  usersByIds(ids: string[]): Promise<DirectoryUser[]>;
}

export function createMonitorApi(): MonitorApi {
  const shared = createTaskCenterApi();
  return {
    instances: (q) => call(M.instances, q),
    openTasks: (q) => call(M.tasks, q),
    detail: (recordId) => call(endpoints.process.detail, { recordId }),
    deleteTask: async (instanceId, comment) => {
      await call(A.taskDelete, { instanceId, ...(comment ? { comment } : {}) });
    },
    callbackFailures: (q) => call(A.callbackFailures, q),
    retryCallbacks: (ids) => call(A.callbackRetry, { ids }),
    forms: shared.forms,
    searchUsers: shared.searchUsers,
    usersByIds: shared.usersByIds,
  };
}
