// Process monitoring (schemas/api/processMonitor.ts), for administrators: a page of every
// approval instance (newest first) with its current nodes, the holders of its open tasks, how
// long the oldest open task has waited and the record's callback failure flag; and a page of
// every open task (oldest first) for the task delete screen. Plain SQL over the instance status
// and task indexes; names of nodes from the pinned process versions, in the caller's language.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import type { Locale } from '../../../schemas/constants';
import type { MonitorInstanceRow, MonitorTaskRow } from '../../../schemas/api/processMonitor';
import type { ProcessDefinition } from '../../../schemas/process';
import { processVersion } from './definitions';
import { containsPattern, textIn } from './directoryRoutes';

export interface InstanceFilter {
  page: number;
  limit: number;
  status?: string;
  formCode?: string;
  keyword?: string;
  applicantId?: string;
}

export interface TaskFilter {
  page: number;
  limit: number;
  formCode?: string;
  keyword?: string;
  assigneeId?: string;
}

type Stamp = Date | string | null;
const iso = (v: Stamp): string | null => (v == null ? null : v instanceof Date ? v.toISOString() : new Date(v).toISOString());

/** The filters both lists share: the form and the keyword on the record's number or title. */
function recordFilters(f: { formCode?: string; keyword?: string }): SQL[] {
  const parts: SQL[] = [];
  if (f.formCode) parts.push(sql`r."form_code" = ${f.formCode}`);
  const k = f.keyword?.trim();
  if (k) parts.push(sql`(r."number" ilike ${containsPattern(k)} or r."title" ilike ${containsPattern(k)})`);
  return parts;
}

const whereOf = (parts: SQL[]) => sql.join(parts, sql` and `);

/** The pinned process versions of a page (one read per version). */
async function definitionsOf(db: Db, keys: { code: string; version: number }[]): Promise<Map<string, ProcessDefinition | null>> {
  const defs = new Map<string, ProcessDefinition | null>();
  for (const k of keys) {
    const key = `${k.code}@${k.version}`;
    if (!defs.has(key)) defs.set(key, k.code ? await processVersion(db, k.code, k.version) : null);
  }
  return defs;
}

function nodeName(def: ProcessDefinition | null | undefined, id: string, locale: Locale): string {
  const n = def?.nodes.find((x) => x.id === id);
  return n ? n.name[locale] || n.name['zh-CN'] || n.id : id;
}

interface RawInstance {
  instance_id: string;
  record_id: string;
  form_code: string;
  form_name: unknown;
  process_code: string;
  process_version: number;
  number: string | null;
  title: string | null;
  applicant_id: string;
  applicant_name: string | null;
  status: string;
  started_at: Stamp;
  ended_at: Stamp;
  callback_failed: string | null;
}

interface RawOpenTask {
  instance_id: string;
  node_id: string;
  assignee_id: string;
  assignee_name: string | null;
  created_at: Stamp;
}

/** A page of instances, newest first. */
export async function instancePage(db: Db, f: InstanceFilter, locale: Locale, now = Date.now()): Promise<{ rows: MonitorInstanceRow[]; total: number }> {
  const parts = [sql`i."process_code" <> ''`, ...recordFilters(f)];
  if (f.status) parts.push(sql`i."status" = ${f.status}`);
  if (f.applicantId) parts.push(sql`i."applicant_id" = ${f.applicantId}`);
  const from = sql`from "process_instances" i
    join "records" r on r."id" = i."record_id" and r."is_you_xiao" = '1'
    left join "form_definitions" fd on fd."code" = r."form_code"
    left join "users" u on u."id" = i."applicant_id"
    where ${whereOf(parts)}`;
  const offset = (f.page - 1) * f.limit;
  const found = await rows<RawInstance>(
    db,
    sql`select i."id" as instance_id, r."id" as record_id, r."form_code", fd."name" as form_name, i."process_code", i."process_version",
      r."number", r."title", i."applicant_id", u."display_name" as applicant_name, i."status", i."started_at", i."ended_at",
      r."shen_pi_call_back_failure" as callback_failed
      ${from} order by i."started_at" desc, i."id" desc limit ${f.limit} offset ${offset}`,
  );
  const [c] = await rows<{ n: number | string }>(db, sql`select count(*) as n ${from}`);
  const ids = found.map((r) => r.instance_id);
  const open = ids.length
    ? await rows<RawOpenTask>(
        db,
        sql`select t."instance_id", t."node_id", t."assignee_id", u."display_name" as assignee_name, t."created_at"
          from "process_tasks" t left join "users" u on u."id" = t."assignee_id"
          where t."instance_id" in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) and t."status" = 'pending'
          order by t."created_at", t."id"`,
      )
    : [];
  const defs = await definitionsOf(
    db,
    found.map((r) => ({ code: r.process_code, version: r.process_version })),
  );
  const out = found.map((r): MonitorInstanceRow => {
    const def = defs.get(`${r.process_code}@${r.process_version}`);
    const mine = open.filter((t) => t.instance_id === r.instance_id);
    const nodeIds = [...new Set(mine.map((t) => t.node_id))];
    const approvers = new Map<string, string | null>();
    for (const t of mine) if (!approvers.has(t.assignee_id)) approvers.set(t.assignee_id, t.assignee_name);
    const oldest = mine.length ? Math.min(...mine.map((t) => Date.parse(iso(t.created_at)!))) : null;
    return {
      instanceId: r.instance_id,
      recordId: r.record_id,
      formCode: r.form_code,
      formName: r.form_name == null ? null : textIn(r.form_name, locale, r.form_code),
      processCode: r.process_code,
      processVersion: Number(r.process_version),
      number: r.number,
      title: r.title,
      applicantId: r.applicant_id,
      applicantName: r.applicant_name,
      status: r.status,
      currentNodes: nodeIds.map((id) => ({ id, name: nodeName(def, id, locale) })),
      currentApprovers: [...approvers].map(([id, name]) => ({ id, name })),
      startedAt: iso(r.started_at)!,
      endedAt: iso(r.ended_at),
      waitingMs: oldest == null ? 0 : Math.max(0, now - oldest),
      callbackFailed: r.callback_failed === '1',
    };
  });
  return { rows: out, total: Number(c?.n ?? 0) };
}

interface RawTask {
  task_id: string;
  instance_id: string;
  record_id: string;
  form_code: string;
  form_name: unknown;
  number: string | null;
  title: string | null;
  node_id: string;
  assignee_id: string;
  assignee_name: string | null;
  applicant_id: string;
  applicant_name: string | null;
  origin: string;
  created_at: Stamp;
  due_at: Stamp;
  process_code: string;
  process_version: number;
}

/** A page of every open task, oldest first (the longest waiting on top). */
export async function openTaskPage(db: Db, f: TaskFilter, locale: Locale, now = Date.now()): Promise<{ rows: MonitorTaskRow[]; total: number }> {
  const parts = [sql`t."status" = 'pending'`, ...recordFilters(f)];
  if (f.assigneeId) parts.push(sql`t."assignee_id" = ${f.assigneeId}`);
  const from = sql`from "process_tasks" t
    join "process_instances" i on i."id" = t."instance_id"
    join "records" r on r."id" = i."record_id" and r."is_you_xiao" = '1'
    left join "form_definitions" fd on fd."code" = r."form_code"
    left join "users" ua on ua."id" = t."assignee_id"
    left join "users" up on up."id" = i."applicant_id"
    where ${whereOf(parts)}`;
  const offset = (f.page - 1) * f.limit;
  const found = await rows<RawTask>(
    db,
    sql`select t."id" as task_id, i."id" as instance_id, r."id" as record_id, r."form_code", fd."name" as form_name, r."number", r."title",
      t."node_id", t."assignee_id", ua."display_name" as assignee_name, i."applicant_id", up."display_name" as applicant_name,
      t."origin", t."created_at", t."due_at", i."process_code", i."process_version"
      ${from} order by t."created_at" asc, t."id" asc limit ${f.limit} offset ${offset}`,
  );
  const [c] = await rows<{ n: number | string }>(db, sql`select count(*) as n ${from}`);
  const defs = await definitionsOf(
    db,
    found.map((r) => ({ code: r.process_code, version: r.process_version })),
  );
  const out = found.map((r): MonitorTaskRow => ({
    taskId: r.task_id,
    instanceId: r.instance_id,
    recordId: r.record_id,
    formCode: r.form_code,
    formName: r.form_name == null ? null : textIn(r.form_name, locale, r.form_code),
    number: r.number,
    title: r.title,
    nodeId: r.node_id,
    nodeName: nodeName(defs.get(`${r.process_code}@${r.process_version}`), r.node_id, locale),
    assigneeId: r.assignee_id,
    assigneeName: r.assignee_name,
    applicantId: r.applicant_id,
    applicantName: r.applicant_name,
    origin: r.origin,
    arrivedAt: iso(r.created_at)!,
    dueAt: iso(r.due_at),
    waitingMs: Math.max(0, now - Date.parse(iso(r.created_at)!)),
  }));
  return { rows: out, total: Number(c?.n ?? 0) };
}
