// An administrators' page (see monitor/Monitor.tsx); anyone else is told it is for administrators.
import { useMemo } from 'react';
import { AdminOnly } from './monitor/AdminOnly';
import { createMonitorApi, type MonitorApi } from './monitor/api';
import { Monitor } from './monitor/Monitor';

export interface MonitorPageProps {
  /** the calls (a fake in tests) */
  api?: MonitorApi;
  /** whether the user is an administrator (the session's, unless given) */
  admin?: boolean;
}

export function MonitorPage({ api: given, admin }: MonitorPageProps = {}) {
  const api = useMemo(() => given ?? createMonitorApi(), [given]);
  return (
    <AdminOnly allowed={admin}>
      <Monitor api={api} />
    </AdminOnly>
  );
}
