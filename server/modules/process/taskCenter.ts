// The task center's lists (spec §7 task-all): the caller's to-do (pending tasks), done (tasks
// they acted on), cc (copies) and started (instances they started), one page each with the
// document's number, title and form, the node, the applicant and how long it waited; and the
// four tabs' counts. Plain SQL on the assignee/user/applicant indexes (process_tasks_assignee_idx,
// process_cc_user_idx, process_instances_applicant_idx).
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows, statementOf } from '../../db/client';
import type { Locale } from '../../../schemas/constants';
import type { TaskCounts, TaskListRow, TaskTab } from '../../../schemas/api/process';
import type { ProcessDefinition } from '../../../schemas/process';
import { processVersion } from './definitions';

/** The task statuses of the done tab: the caller acted. */
export const DONE_STATUSES = ['approved', 'rejected', 'returned', 'transferred', 'delegated', 'withdrawn'] as const;
const DONE_IN = sql.raw(`(${DONE_STATUSES.map((s) => `'${s}'`).join(', ')})`);

export interface TaskListInput {
  tab: TaskTab;
  page: number;
  limit: number;
  keyword?: string;
  formCode?: string;
  /** only documents of this applicant */
  applicantId?: string;
  /** arrived on or after / on or before these days (yyyy-MM-dd, both ends included) */
  from?: string;
  to?: string;
  /** a top-level key of the record's data answered as the rows' `amount` (validated by the contract's pattern) */
  amountField?: string;
}

interface RawRow {
  record_id: string;
  form_code: string;
  form_name: unknown;
  number: string | null;
  title: string | null;
  instance_id: string;
  instance_status: string;
  process_code: string;
  process_version: number;
  node_id: string | null;
  current_nodes: string | null;
  applicant_id: string;
  applicant_name: string | null;
  task_id: string | null;
  status: string;
  arrived_at: Date | string;
  completed_at: Date | string | null;
  started_at: Date | string;
  amount?: unknown;
}

const iso = (v: Date | string | null): string | null => (v == null ? null : v instanceof Date ? v.toISOString() : new Date(v).toISOString());

/** The column each tab's rows arrived at (the date range filters on it). */
const ARRIVED: Record<TaskTab, SQL> = {
  todo: sql.raw('t."created_at"'),
  done: sql.raw('t."created_at"'),
  cc: sql.raw('c."created_at"'),
  started: sql.raw('i."started_at"'),
};

/** A yyyy-MM-dd that is a real day (the contract checks the shape), else null. */
export function validDay(v: string | undefined): string | null {
  if (!v) return null;
  const d = new Date(`${v}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v ? null : v;
}

function filters(input: Omit<TaskListInput, 'page' | 'limit'>): SQL {
  const parts: SQL[] = [];
  if (input.formCode) parts.push(sql` and r."form_code" = ${input.formCode}`);
  if (input.applicantId) parts.push(sql` and i."applicant_id" = ${input.applicantId}`);
  const from = validDay(input.from);
  const to = validDay(input.to);
  // days in the server's time zone; the upper end includes its whole day
  if (from) parts.push(sql` and ${ARRIVED[input.tab]} >= ${from}::date`);
  if (to) parts.push(sql` and ${ARRIVED[input.tab]} < (${to}::date + 1)`);
  const k = input.keyword?.trim();
  if (k) {
    const like = `%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql` and (r."number" ilike ${like} or r."title" ilike ${like})`);
  }
  return sql.join(parts, sql``);
}

const COMMON = sql.raw(`r."id" as record_id, r."form_code", f."name" as form_name, r."number", r."title",
  i."id" as instance_id, i."status" as instance_status, i."process_code", i."process_version", i."current_nodes",
  i."applicant_id", u."display_name" as applicant_name, i."started_at"`);
const JOINS = sql.raw(`join "records" r on r."id" = i."record_id" and r."is_you_xiao" = '1'
  left join "form_definitions" f on f."code" = r."form_code"
  left join "users" u on u."id" = i."applicant_id"`);

/** The FROM … WHERE of a tab (without ORDER/LIMIT). */
function tabFrom(tab: TaskTab, me: string, extra: SQL, amountField?: string): { select: SQL; from: SQL; order: SQL } {
  const q = tabSql(tab, me, extra);
  return amountField ? { ...q, select: sql`${q.select}, r."data"->>${amountField} as amount` } : q;
}

function tabSql(tab: TaskTab, me: string, extra: SQL): { select: SQL; from: SQL; order: SQL } {
  switch (tab) {
    case 'todo':
    case 'done': {
      const status = tab === 'todo' ? sql`t."status" = 'pending'` : sql`t."status" in ${DONE_IN}`;
      return {
        select: sql`${COMMON}, t."node_id", t."id" as task_id, t."status", t."created_at" as arrived_at, t."completed_at"`,
        from: sql`from "process_tasks" t join "process_instances" i on i."id" = t."instance_id" ${JOINS} where t."assignee_id" = ${me} and ${status}${extra}`,
        order: tab === 'todo' ? sql`t."created_at" desc, t."id" desc` : sql`t."completed_at" desc nulls last, t."id" desc`,
      };
    }
    case 'cc':
      return {
        select: sql`${COMMON}, c."node_id", null as task_id, case when c."read_at" is null then 'unread' else 'read' end as "status", c."created_at" as arrived_at, c."read_at" as completed_at`,
        from: sql`from "process_cc" c join "process_instances" i on i."id" = c."instance_id" ${JOINS} where c."user_id" = ${me}${extra}`,
        order: sql`c."created_at" desc, i."id" desc`,
      };
    case 'started':
      return {
        select: sql`${COMMON}, null as node_id, null as task_id, i."status", i."started_at" as arrived_at, i."ended_at" as completed_at`,
        from: sql`from "process_instances" i ${JOINS} where i."applicant_id" = ${me} and i."process_code" <> ''${extra}`,
        order: sql`i."started_at" desc, i."id" desc`,
      };
  }
}

/** Only rows of valid (not deleted) records count, as the lists show them. */
const VALID = (alias: string) => sql.raw(`join "records" r on r."id" = ${alias}."record_id" and r."is_you_xiao" = '1'`);

/** The four tabs' counts statement (unfiltered; the unread copies too). */
function countsSql(me: string): SQL {
  return sql`select
      (select count(*) from "process_tasks" t ${VALID('t')} where t."assignee_id" = ${me} and t."status" = 'pending') as "todo",
      (select count(*) from "process_tasks" t ${VALID('t')} where t."assignee_id" = ${me} and t."status" in ${DONE_IN}) as "done",
      (select count(*) from "process_cc" c ${VALID('c')} where c."user_id" = ${me}) as "cc",
      (select count(*) from "process_cc" c ${VALID('c')} where c."user_id" = ${me} and c."read_at" is null) as "ccUnread",
      (select count(*) from "process_instances" i ${VALID('i')} where i."applicant_id" = ${me} and i."process_code" <> '') as "started"`;
}

/** A page of a tab: its rows statement and its count statement. */
function pageSql(me: string, input: TaskListInput): { page: SQL; count: SQL } {
  const q = tabFrom(input.tab, me, filters(input), input.amountField);
  const offset = (input.page - 1) * input.limit;
  return { page: sql`select ${q.select} ${q.from} order by ${q.order} limit ${input.limit} offset ${offset}`, count: sql`select count(*) as n ${q.from}` };
}

/**
 * The statements task-all (page, count) and task/counts (counts) run for this caller and input,
 * as text and parameters: `npm run bench:tasks` runs them directly beside the routes.
 */
export function taskCenterStatements(db: Db, me: string, input: TaskListInput) {
  const p = pageSql(me, input);
  return { page: statementOf(db, p.page), count: statementOf(db, p.count), counts: statementOf(db, countsSql(me)) };
}

/** The four tabs' counts (unfiltered), the unread copies, and whether the caller may decide in batches. */
export async function taskCounts(db: Db, me: string): Promise<TaskCounts> {
  const [r] = await rows<Record<Exclude<keyof TaskCounts, 'batchAllowed'>, number | string>>(db, countsSql(me));
  const [w] = await rows<{ n: number | string }>(db, sql`select count(*) as n from "batch_approvers" where "user_id" = ${me}`);
  return {
    todo: Number(r.todo),
    done: Number(r.done),
    cc: Number(r.cc),
    ccUnread: Number(r.ccUnread),
    started: Number(r.started),
    batchAllowed: Number(w?.n ?? 0) > 0,
  };
}

/** A stored amount as a decimal string (numbers kept as they are written; anything else: null). */
function amountText(v: unknown): string | null {
  if (typeof v === 'string') return /^-?[0-9]+(\.[0-9]+)?$/.test(v.trim()) ? v.trim() : null;
  return null;
}

/** One page of a tab. */
export async function taskPage(db: Db, me: string, input: TaskListInput, locale: Locale): Promise<{ rows: TaskListRow[]; total: number }> {
  const q = pageSql(me, input);
  const found = await rows<RawRow>(db, q.page);
  const [c] = await rows<{ n: number | string }>(db, q.count);
  // node names from the pinned versions (one read per version on the page)
  const defs = new Map<string, ProcessDefinition | null>();
  for (const r of found) {
    const key = `${r.process_code}@${r.process_version}`;
    if (!defs.has(key)) defs.set(key, r.process_code ? await processVersion(db, r.process_code, r.process_version) : null);
  }
  const now = Date.now();
  const out = found.map((r): TaskListRow => {
    const def = defs.get(`${r.process_code}@${r.process_version}`) ?? null;
    const node = r.node_id ? def?.nodes.find((n) => n.id === r.node_id) : undefined;
    const arrived = iso(r.arrived_at)!;
    const completed = iso(r.completed_at);
    const formName = r.form_name && typeof r.form_name === 'object' ? (r.form_name as Record<string, string>) : null;
    return {
      recordId: r.record_id,
      formCode: r.form_code,
      formName: formName ? (formName[locale] ?? formName['zh-CN'] ?? null) : typeof r.form_name === 'string' ? r.form_name : null,
      number: r.number,
      title: r.title,
      instanceId: r.instance_id,
      instanceStatus: r.instance_status,
      nodeId: r.node_id,
      nodeName: node ? node.name[locale] || node.name['zh-CN'] || node.id : input.tab === 'started' ? r.current_nodes : r.node_id,
      applicantId: r.applicant_id,
      applicantName: r.applicant_name,
      taskId: r.task_id,
      status: r.status,
      arrivedAt: arrived,
      completedAt: completed,
      waitingMs: Math.max(0, (input.tab === 'todo' || !completed ? now : Date.parse(completed)) - Date.parse(arrived)),
      startedAt: iso(r.started_at)!,
      ...(input.amountField ? { amount: amountText(r.amount) } : {}),
    };
  });
  return { rows: out, total: Number(c?.n ?? 0) };
}
