// The calls of the task center, the workbench summary and the summary approval (task-all,
// counts, batch, cc/read of schemas/api/process.ts; the published forms and the user search for
// the filters) behind one interface, so the jsdom tests drive the pages with a fake.
import { endpoints } from '../../../api/paths';
import type { BodyOf, DataOf } from '../../../api/paths';
import type { TaskCounts, TaskListRow } from '../../../../schemas/api/process';
import type { DirectoryUser } from '../../../../schemas/api/processDirectory';
import type { LocalizedText } from '../../../../schemas/definition';
import { call } from '../../../api/call';
import type { BatchResult } from './model';

const E = endpoints.process;

export type TaskAllBody = BodyOf<typeof E.taskAll>;
export type TaskAllData = DataOf<typeof E.taskAll>;
export type { DirectoryUser, TaskCounts, TaskListRow };

export interface FormOption {
  code: string;
  name: LocalizedText;
}

export interface TaskCenterApi {
  list(body: TaskAllBody): Promise<TaskAllData>;
  counts(): Promise<TaskCounts>;
  batch(taskIds: string[], decision: 'approve' | 'reject', comment?: string): Promise<BatchResult[]>;
  /** marks the caller's copy of a document read */
  ccRead(recordId: string): Promise<void>;
  /** the published forms (the form filter) */
  forms(): Promise<FormOption[]>;
  /** employee users by keyword (the applicant filter) */
  searchUsers(keyword: string): Promise<DirectoryUser[]>;
  usersByIds(ids: string[]): Promise<DirectoryUser[]>;
}

export function createTaskCenterApi(): TaskCenterApi {
  return {
    list: (body) => call(E.taskAll, body),
    counts: () => call(E.counts),
    batch: async (taskIds, decision, comment) => (await call(E.batch, { taskIds, decision, ...(comment ? { comment } : {}) })).results,
    ccRead: async (recordId) => {
      await call(E.ccRead, { recordId });
    },
    forms: async () => {
      const r = await call(endpoints.definitions.list, { page: 1, limit: 50 });
      return r.rows.filter((f) => f.status === 'published' || f.version > 0).map((f) => ({ code: f.code, name: f.name }));
    },
    searchUsers: async (keyword) => (await call(endpoints.processDirectory.users, { keyword, limit: 20 })).rows,
    usersByIds: async (ids) => (await call(endpoints.processDirectory.users, { ids })).rows,
  };
}
