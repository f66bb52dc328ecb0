// The task center (/web/system/process/renWu-process-ui): see tasks/TaskCenter.tsx.
import { useMemo } from 'react';
import { createTaskCenterApi, type TaskCenterApi } from './tasks/api';
import { TaskCenter } from './tasks/TaskCenter';

export interface TaskCenterPageProps {
  /** the calls (a fake in tests) */
  api?: TaskCenterApi;
}

export function TaskCenterPage({ api: given }: TaskCenterPageProps = {}) {
  const api = useMemo(() => given ?? createTaskCenterApi(), [given]);
  return <TaskCenter api={api} />;
}
