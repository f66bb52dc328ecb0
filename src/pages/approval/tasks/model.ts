// The task center's logic without React: the tabs and the URL query that holds the page's state
// (so the workbench links to a tab and the back button restores filters), the mode a row opens
// in, waiting time in words, status colours, and what a batch decision answered.
import Decimal from 'decimal.js';
import { FORM_MODES, type FormMode } from '../../../../schemas/typeCodes';
import { PAGINATION, type PageSize } from '../../../../schemas/constants';
import type { TaskListRow, TaskTab } from '../../../../schemas/api/process';
import { TASK_TABS } from '../../../api/paths';

export { TASK_TABS, type TaskTab };

export interface TaskQuery {
  tab: TaskTab;
  page: number;
  limit: PageSize;
  keyword: string;
  formCode: string;
  applicantId: string;
  /** yyyy-MM-dd or '' */
  from: string;
  to: string;
}

export const DEFAULT_QUERY: TaskQuery = {
  tab: 'todo',
  page: PAGINATION.defaultPage,
  limit: PAGINATION.defaultPageSize,
  keyword: '',
  formCode: '',
  applicantId: '',
  from: '',
  to: '',
};

const isTab = (v: string | null): v is TaskTab => !!v && (TASK_TABS as readonly string[]).includes(v);
const isPageSize = (n: number): n is PageSize => (PAGINATION.pageSizes as readonly number[]).includes(n);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^\d{19}$/;
const CODE = /^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/;

/** The page's state from its URL query; anything malformed falls back to the default. */
export function parseTaskQuery(params: URLSearchParams): TaskQuery {
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  const day = (k: string) => {
    const v = params.get(k) ?? '';
    return DAY.test(v) ? v : '';
  };
  return {
    tab: isTab(params.get('tab')) ? (params.get('tab') as TaskTab) : DEFAULT_QUERY.tab,
    page: Number.isInteger(page) && page >= 1 ? page : DEFAULT_QUERY.page,
    limit: isPageSize(limit) ? limit : DEFAULT_QUERY.limit,
    keyword: (params.get('keyword') ?? '').slice(0, 100),
    formCode: CODE.test(params.get('formCode') ?? '') ? params.get('formCode')! : '',
    applicantId: ID.test(params.get('applicantId') ?? '') ? params.get('applicantId')! : '',
    from: day('from'),
    to: day('to'),
  };
}

/** The URL query of a state: only what differs from the default (a clean URL for the default). */
export function taskQueryParams(q: TaskQuery): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of Object.keys(DEFAULT_QUERY) as (keyof TaskQuery)[]) if (q[k] !== DEFAULT_QUERY[k]) out[k] = String(q[k]);
  return out;
}

/** The link to a tab of the task center (the workbench's cards). */
export function taskTabLink(base: string, tab: TaskTab): string {
  return tab === DEFAULT_QUERY.tab ? base : `${base}?tab=${tab}`;
}

/** The task-all body of a state (empty filters left out). */
export function taskAllBody(q: TaskQuery, extra: { amountField?: string } = {}) {
  return {
    tab: q.tab,
    page: q.page,
    limit: q.limit,
    ...(q.keyword.trim() ? { keyword: q.keyword.trim() } : {}),
    ...(q.formCode ? { formCode: q.formCode } : {}),
    ...(q.applicantId ? { applicantId: q.applicantId } : {}),
    ...(q.from ? { from: q.from } : {}),
    ...(q.to ? { to: q.to } : {}),
    ...extra,
  };
}

/**
 * The mode a row opens its document in: a pending task of the to-do tab approves (3); a
 * returned document of the started tab is the applicant's to modify and resubmit (4); the rest
 * is read (2).
 */
export function openModeOf(tab: TaskTab, row: Pick<TaskListRow, 'status' | 'instanceStatus' | 'taskId'>): FormMode {
  if (tab === 'todo' && row.taskId && row.status === 'pending') return FORM_MODES.APPROVE;
  if (tab === 'started' && row.instanceStatus === 'returned') return FORM_MODES.MODIFY_ON_RETURN;
  return FORM_MODES.VIEW;
}

/** A duration split into days, hours and minutes (for "waited 2 days 3 hours"). */
export function durationParts(ms: number): { days: number; hours: number; minutes: number } {
  const total = Math.max(0, Math.floor(ms / 60_000));
  return { days: Math.floor(total / 1440), hours: Math.floor((total % 1440) / 60), minutes: total % 60 };
}

type T = (key: string, opts?: Record<string, unknown>) => string;

/**
 * A waiting time in words, two units at most: under a minute "just now", then minutes, hours
 * and minutes, days and hours (keys `approval:tasks.waiting.*`, named with their namespace: this
 * module is in src/, whose own namespace is `app`).
 */
export function waitingText(ms: number, t: T): string {
  const { days, hours, minutes } = durationParts(ms);
  if (days > 0) return hours > 0 ? t('approval:tasks.waiting.daysHours', { days, hours }) : t('approval:tasks.waiting.days', { days });
  if (hours > 0) return minutes > 0 ? t('approval:tasks.waiting.hoursMinutes', { hours, minutes }) : t('approval:tasks.waiting.hours', { hours });
  if (minutes > 0) return t('approval:tasks.waiting.minutes', { minutes });
  return t('approval:tasks.waiting.justNow');
}

/** A waiting time past this is marked overdue-looking (warning colour): three days. */
export const LONG_WAIT_MS = 3 * 24 * 3600_000;

/** The tag colour of a task, copy or instance status. */
export function statusColor(status: string): string {
  switch (status) {
    case 'pending':
    case 'running':
    case 'unread':
      return 'processing';
    case 'approved':
      return 'success';
    case 'rejected':
      return 'error';
    case 'returned':
    case 'withdrawn':
      return 'warning';
    default:
      return 'default';
  }
}

/** Statuses with a translation under `tasks.status.`; anything else shows as it is. */
export const KNOWN_STATUSES = [
  'pending',
  'waiting',
  'approved',
  'rejected',
  'returned',
  'transferred',
  'delegated',
  'withdrawn',
  'cancelled',
  'running',
  'read',
  'unread',
] as const;

export const isKnownStatus = (s: string): s is (typeof KNOWN_STATUSES)[number] => (KNOWN_STATUSES as readonly string[]).includes(s);

export interface BatchResult {
  taskId: string;
  ok: boolean;
  status: number;
  code: string | null;
  message: string | null;
}

/** What a batch answered: how many succeeded and the failures with the row they belong to. */
export function batchOutcome<R extends { taskId: string | null }>(
  results: readonly BatchResult[],
  rows: readonly R[],
): { succeeded: number; failed: { row: R | null; taskId: string; message: string }[] } {
  const byTask = new Map(rows.filter((r) => r.taskId).map((r) => [r.taskId!, r]));
  const failed = results
    .filter((r) => !r.ok)
    .map((r) => ({ row: byTask.get(r.taskId) ?? null, taskId: r.taskId, message: r.message ?? r.code ?? String(r.status) }));
  return { succeeded: results.filter((r) => r.ok).length, failed };
}

/** Rows a batch decision may take: pending tasks of the to-do tab. */
export const batchable = (row: Pick<TaskListRow, 'taskId' | 'status'>): boolean => !!row.taskId && row.status === 'pending';

/** The sum of decimal-string amounts (exact; empty or malformed values count as zero), as a decimal string. */
export function sumAmounts(values: readonly (string | null | undefined)[]): string {
  let total = new Decimal(0);
  for (const v of values) {
    if (!v) continue;
    try {
      total = total.plus(new Decimal(v));
    } catch {
      // not a number: left out
    }
  }
  return total.toFixed(2);
}
