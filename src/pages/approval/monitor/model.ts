// The monitoring pages' logic without React: list queries (empty filters left out), and
// counting what a callback retry answered.
import { PAGINATION, type PageSize } from '../../../../schemas/constants';

export interface ListState {
  page: number;
  limit: PageSize;
  keyword: string;
  formCode: string;
  /** the applicant (instances) or the assignee (open tasks) */
  userId: string;
  /** instances only */
  status: string;
}

export const INITIAL_LIST: ListState = { page: PAGINATION.defaultPage, limit: PAGINATION.defaultPageSize, keyword: '', formCode: '', userId: '', status: '' };

/** A filter change: the new state, back on page 1. */
export const withFilter = (s: ListState, patch: Partial<Omit<ListState, 'page' | 'limit'>>): ListState => ({ ...s, ...patch, page: 1 });

/** A pager change: a new page size starts over at page 1. */
export const withPage = (s: ListState, page: number, limit: number): ListState =>
  limit !== s.limit && (PAGINATION.pageSizes as readonly number[]).includes(limit) ? { ...s, page: 1, limit: limit as PageSize } : { ...s, page };

const trimmed = (v: string) => v.trim();

/** processMonitor.instances' body. */
export function instancesBody(s: ListState) {
  return {
    page: s.page,
    limit: s.limit,
    ...(trimmed(s.keyword) ? { keyword: trimmed(s.keyword) } : {}),
    ...(s.formCode ? { formCode: s.formCode } : {}),
    ...(s.userId ? { applicantId: s.userId } : {}),
    ...(s.status ? { status: s.status as 'running' } : {}),
  };
}

/** processMonitor.tasks' body. */
export function openTasksBody(s: ListState) {
  return {
    page: s.page,
    limit: s.limit,
    ...(trimmed(s.keyword) ? { keyword: trimmed(s.keyword) } : {}),
    ...(s.formCode ? { formCode: s.formCode } : {}),
    ...(s.userId ? { assigneeId: s.userId } : {}),
  };
}

/** processAdmin.callbackFailures' body. */
export function callbacksBody(s: ListState) {
  return { page: s.page, limit: s.limit, ...(trimmed(s.keyword) ? { keyword: trimmed(s.keyword) } : {}) };
}

/** The retry answer in words' terms: delivered now, still failing (retried later by the dispatcher). */
export function retrySummary(r: { retried: number; delivered: number }): { retried: number; delivered: number; pending: number } {
  return { retried: r.retried, delivered: r.delivered, pending: Math.max(0, r.retried - r.delivered) };
}
