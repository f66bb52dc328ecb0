// An administrators' page (see monitor/CallbackLog.tsx); anyone else is told it is for administrators.
import { useMemo } from 'react';
import { AdminOnly } from './monitor/AdminOnly';
import { createMonitorApi, type MonitorApi } from './monitor/api';
import { CallbackLog } from './monitor/CallbackLog';

export interface CallbackLogPageProps {
  /** the calls (a fake in tests) */
  api?: MonitorApi;
  /** whether the user is an administrator (the session's, unless given) */
  admin?: boolean;
}

export function CallbackLogPage({ api: given, admin }: CallbackLogPageProps = {}) {
  const api = useMemo(() => given ?? createMonitorApi(), [given]);
  return (
    <AdminOnly allowed={admin}>
      <CallbackLog api={api} />
    </AdminOnly>
  );
}
