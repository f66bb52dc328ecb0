// The expense summary approval (/web/emp/feiYong/shenQing/feiYongHuiZongShenPi): see
// tasks/SummaryApproval.tsx.
import { useMemo } from 'react';
import { createTaskCenterApi, type TaskCenterApi } from './tasks/api';
import { SummaryApproval } from './tasks/SummaryApproval';

export interface SummaryApprovalPageProps {
  /** the calls (a fake in tests) */
  api?: TaskCenterApi;
}

export function SummaryApprovalPage({ api: given }: SummaryApprovalPageProps = {}) {
  const api = useMemo(() => given ?? createTaskCenterApi(), [given]);
  return <SummaryApproval api={api} />;
}
