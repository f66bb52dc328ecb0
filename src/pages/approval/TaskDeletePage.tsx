// An administrators' page (see monitor/TaskDelete.tsx); anyone else is told it is for administrators.
import { useMemo } from 'react';
import { AdminOnly } from './monitor/AdminOnly';
import { createMonitorApi, type MonitorApi } from './monitor/api';
import { TaskDelete } from './monitor/TaskDelete';

export interface TaskDeletePageProps {
  /** the calls (a fake in tests) */
  api?: MonitorApi;
  /** whether the user is an administrator (the session's, unless given) */
  admin?: boolean;
}

export function TaskDeletePage({ api: given, admin }: TaskDeletePageProps = {}) {
  const api = useMemo(() => given ?? createMonitorApi(), [given]);
  return (
    <AdminOnly allowed={admin}>
      <TaskDelete api={api} />
    </AdminOnly>
  );
}
