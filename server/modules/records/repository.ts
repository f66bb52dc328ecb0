// Records in the database: numbers from a per-form, per-period counter row, unique number/code
// values in a side table under a unique index (same transaction as the record), optimistic
// row versions, and paged lists that stay off full counts and long OFFSET scans.
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { rows as rawRows, statementOf } from '../../db/client';
import { departments, employees, formDefinitions, numberCounters, recordUniqueValues, records, users } from '../../db/schema';
import { APPROVAL_STATUS, TRANSITIONS } from '../../../schemas';
import { notFound } from '../../lib/errors';

export type RecordRow = typeof records.$inferSelect;
export type NewRecord = typeof records.$inferInsert;

/** API key → column, for filters and sorting on system and approval fields. */
export const COLUMN_OF = {
  id: records.id,
  number: records.number,
  title: records.title,
  isYouXiao: records.isYouXiao,
  rowCreateId: records.rowCreateId,
  rowCreateBuMenId: records.rowCreateBuMenId,
  rowCreateDate: records.rowCreateDate,
  rowModUser: records.rowModUser,
  rowModDate: records.rowModDate,
  stateName: records.stateName,
  shenPiZhuangTai: records.shenPiZhuangTai,
  shenPiRen: records.shenPiRen,
  shiYongJueSeId: records.shiYongJueSeId,
  tiJiaoLiuChengTime: records.tiJiaoLiuChengTime,
  liuChengGuiDangTime: records.liuChengGuiDangTime,
  shenPiCallBackFailure: records.shenPiCallBackFailure,
  liuChengId: records.liuChengId,
  version: records.version,
  definitionVersion: records.definitionVersion,
} as const;
export type ColumnKey = keyof typeof COLUMN_OF;
export const isColumnKey = (k: string): k is ColumnKey => Object.prototype.hasOwnProperty.call(COLUMN_OF, k);

/** The next sequence of a form's numbering period, atomically (concurrent creates never share one). */
export async function nextSequence(tx: Tx, formCode: string, period: string): Promise<number> {
  const [r] = await tx
    .insert(numberCounters)
    .values({ formCode, period, seq: 1 })
    .onConflictDoUpdate({ target: [numberCounters.formCode, numberCounters.period], set: { seq: sql`${numberCounters.seq} + 1` } })
    .returning({ seq: numberCounters.seq });
  return r.seq;
}

export async function insertRecord(tx: Tx, values: NewRecord) {
  await tx.insert(records).values(values);
  const counted = await tx
    .update(formDefinitions)
    .set({ recordCount: sql`${formDefinitions.recordCount} + 1` })
    .where(eq(formDefinitions.code, values.formCode))
    .returning({ code: formDefinitions.code });
  // the form was deleted meanwhile (its delete is conditional on record_count = 0): no record
  // may outlive it, the whole write rolls back
  if (!counted.length) throw notFound('definition');
}

/** Replaces a record's unique values; a value another record holds fails with a unique violation. */
export async function writeUniqueValues(tx: Tx, formCode: string, recordId: string, values: { fieldKey: string; value: string }[]) {
  await tx.delete(recordUniqueValues).where(eq(recordUniqueValues.recordId, recordId));
  if (values.length) await tx.insert(recordUniqueValues).values(values.map((v) => ({ formCode, recordId, ...v })));
}

/** Update guarded by the row version; null when the version did not match (or the record is gone). */
export async function updateRecord(tx: Tx, id: string, expectedVersion: number, set: Partial<NewRecord>) {
  const [r] = await tx
    .update(records)
    .set({ ...set, version: sql`${records.version} + 1` })
    .where(and(eq(records.id, id), eq(records.version, expectedVersion), eq(records.isYouXiao, '1')))
    .returning({ id: records.id, number: records.number, version: records.version });
  return r ?? null;
}

/** Update inside the write that already bumped the version (guarded by it); null when it did not match. */
export async function setWithoutBump(tx: Tx, id: string, expectedVersion: number, set: Partial<NewRecord>) {
  const [r] = await tx
    .update(records)
    .set(set)
    .where(and(eq(records.id, id), eq(records.version, expectedVersion), eq(records.isYouXiao, '1')))
    .returning({ id: records.id, version: records.version });
  return r ?? null;
}

/**
 * Soft delete guarded by the row version AND the lifecycle's delete rule (the statuses
 * `TRANSITIONS.delete.from`, where the owner may still edit): one conditional write, so a
 * status that changed after the caller's read (a submit, an engine step) is never deleted
 * past. Null when it did not match (the caller reads the row again to say why).
 */
export async function softDelete(tx: Tx, id: string, expectedVersion: number, formCode: string, user: string, now: string) {
  const deletable = [...TRANSITIONS.delete.from];
  // no status ('') is a draft (schemas/lifecycle.ts statusOf)
  if (deletable.includes(APPROVAL_STATUS.DRAFT.code)) deletable.push('' as (typeof deletable)[number]);
  const [r] = await tx
    .update(records)
    .set({ isYouXiao: '0', rowModUser: user, rowModDate: now, version: sql`${records.version} + 1` })
    .where(and(eq(records.id, id), eq(records.version, expectedVersion), eq(records.isYouXiao, '1'), inArray(records.shenPiZhuangTai, deletable)))
    .returning({ id: records.id, number: records.number, version: records.version });
  if (!r) return null;
  await tx.delete(recordUniqueValues).where(eq(recordUniqueValues.recordId, id));
  await tx
    .update(formDefinitions)
    .set({ recordCount: sql`greatest(${formDefinitions.recordCount} - 1, 0)` })
    .where(eq(formDefinitions.code, formCode));
  return r;
}

export async function getRecord(db: DbOrTx, id: string): Promise<RecordRow | null> {
  const [r] = await db.select().from(records).where(eq(records.id, id));
  return r ?? null;
}

export async function findByNumber(db: Db, number: string) {
  return db
    .select()
    .from(records)
    .where(and(eq(records.number, number), eq(records.isYouXiao, '1')))
    .orderBy(desc(records.id))
    .limit(20);
}

/** Display names of creators and their departments for a page of rows. */
export async function displayNames(db: Db, rs: RecordRow[]) {
  const userIds = [...new Set(rs.map((r) => r.rowCreateId))];
  const deptIds = [...new Set(rs.map((r) => r.rowCreateBuMenId).filter((x): x is string => !!x))];
  const us = userIds.length ? await db.select({ id: users.id, name: users.displayName }).from(users).where(inArray(users.id, userIds)) : [];
  const ds = deptIds.length ? await db.select({ id: departments.id, name: departments.name }).from(departments).where(inArray(departments.id, deptIds)) : [];
  return { users: new Map(us.map((u) => [u.id, u.name])), depts: new Map(ds.map((d) => [d.id, d.name])) };
}

export async function departmentOfEmployee(db: Db, employeeId: string | null) {
  if (!employeeId) return null;
  const [e] = await db.select({ d: employees.departmentId }).from(employees).where(eq(employees.id, employeeId));
  return e?.d ?? null;
}

export interface ListQuery {
  formCode: string;
  /** the form and validity predicate (literals, so partial indexes match) */
  base: SQL;
  where: SQL[];
  /** the filters without a keyset cursor (the total ignores the cursor) */
  countWhere: SQL[];
  orderBy: SQL[];
  limit: number;
  offset: number;
  /** the unfiltered total may come from the maintained counter */
  useCounter: boolean;
  /** keyset: the page starts after this id (the total ignores it) */
  cursor?: string;
}

/** above this many matches a filtered count is an estimate (marked `totalIsEstimate`) */
export const EXACT_COUNT_CAP = 1_000;
/** past this planner estimate no count runs at all: the estimate is the answer */
export const ESTIMATE_ONLY_ABOVE = 10 * EXACT_COUNT_CAP;
/** how long an estimated total is reused for the same filters (an estimate, so a few seconds stale is fine) */
const ESTIMATE_TTL_MS = 15_000;

/** A listed row: its id and its API JSON as text. */
export interface PageRow {
  id: string;
  json: string;
}

const estimates = new WeakMap<object, Map<string, { total: number; at: number }>>();
function estimateCache(db: Db) {
  let m = estimates.get(db);
  if (!m) estimates.set(db, (m = new Map()));
  return m;
}

/** The form's maintained counter of valid records, as a scalar subquery (one statement with the page). */
const COUNTER_FROM = sql.raw(`(select "form_definitions"."record_count" from "form_definitions" where "form_definitions"."code" = `);
const counterSql = (formCode: string) => sql<number>`${COUNTER_FROM}${formCode})`;

async function planRows(db: Db, where: SQL) {
  const plan = await rawRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) select 1 from ${records} where ${where}`);
  const raw = plan[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return Math.round(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * The total of a filtered list without a full count: the planner's estimate first (planning
 * only); a large one is the answer (marked as an estimate, reused for a few seconds); a small one
 * is checked by counting at most EXACT_COUNT_CAP + 1 matches.
 */
async function filteredCount(db: Db, q: ListQuery, atLeast: number): Promise<{ total: number; estimate: boolean }> {
  const where = and(q.base, ...q.countWhere)!;
  const probe = statementOf(db, where);
  const key = `${probe.sql}\u0000${JSON.stringify(probe.params)}`;
  const cache = estimateCache(db);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < ESTIMATE_TTL_MS) return { total: Math.max(hit.total, atLeast), estimate: true };
  const remember = (total: number) => {
    if (cache.size > 1000) cache.clear();
    cache.set(key, { total, at: Date.now() });
    return { total: Math.max(total, atLeast), estimate: true };
  };
  const planned = await planRows(db, where);
  if (planned > ESTIMATE_ONLY_ABOVE) return remember(planned);
  const capped = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from ${records} where ${where} limit ${EXACT_COUNT_CAP + 1}) s`);
  const n = Number(capped[0]?.n ?? 0);
  if (n <= EXACT_COUNT_CAP) return { total: n, estimate: false };
  return remember(Math.max(n, planned));
}

/**
 * A listed row as the API answers it, built by the database as JSON text (`json_build_object`):
 * the rows pass through the server as text, never parsed into objects and serialized again.
 * The same keys and values as `toApi` in service.ts gives for a read record (a test holds them equal).
 */
const ROW_JSON_TEXT = `json_build_object(${[
  ...Object.entries({ ...COLUMN_OF, formCode: records.formCode, data: records.data }).map(([k, c]) => `'${k}', "records"."${c.name}"`),
  `'rowCreateName', "users"."display_name"`,
  `'rowCreateBuMenName', "departments"."name"`,
  `'rowClick', 0`,
].join(', ')})::text`;

/**
 * One page as one statement: the ids are found on the index first (deferred join, so an OFFSET
 * walks index entries, not rows), then only those rows are read with the creator's names, each
 * as its API JSON; with the maintained counter, the total comes in the same statement.
 */
const PAGE_SELECT = sql.raw(`select "records"."id" as "id", ${ROW_JSON_TEXT} as "json", `);
const PAGE_FROM = sql.raw(`
    from "records"
    left join "users" on "users"."id" = "records"."row_create_id"
    left join "departments" on "departments"."id" = "records"."row_create_bu_men_id"
    where "records"."id" in (select "records"."id" from "records" where `);

export function pageSql(q: ListQuery): SQL {
  const where = and(q.base, ...q.where)!;
  const order = sql.join(q.orderBy, sql`, `);
  const total = q.useCounter ? counterSql(q.formCode) : sql`null`;
  return sql`${PAGE_SELECT}${total} as "total"${PAGE_FROM}${where} order by ${order} limit ${q.limit} offset ${q.offset})
    order by ${order}`;
}

/** The page statement's text and parameters, as sent to the database. */
export function pageQuery(db: Db, q: ListQuery) {
  return statementOf(db, pageSql(q));
}

/**
 * The page's rows, straight through the driver (the statement is plain SQL and the rows need no
 * mapping: drizzle's execute wrapper would only add work on the hottest path).
 */
async function pageRows(db: Db, q: ListQuery): Promise<(PageRow & { total: number | string | null })[]> {
  const { sql: text, params } = pageQuery(db, q);
  const client = (db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: (PageRow & { total: number | string | null })[] }> } })
    .$client;
  return (await client.query(text, params)).rows;
}

/** One page and its total. */
export async function listRecords(db: Db, q: ListQuery): Promise<{ rows: PageRow[]; total: number; estimate: boolean }> {
  const found = await pageRows(db, q);
  const rows: PageRow[] = found;
  const seen = q.offset + rows.length;
  let count: { total: number; estimate: boolean };
  if (q.useCounter) {
    const total = found.length
      ? Number(found[0].total ?? 0)
      : Number((await db.select({ n: formDefinitions.recordCount }).from(formDefinitions).where(eq(formDefinitions.code, q.formCode)))[0]?.n ?? 0);
    count = { total: Math.max(total, seen), estimate: false };
  } else if (!q.cursor && rows.length < q.limit && (rows.length > 0 || q.offset === 0)) {
    // a short page is the last one: the total is exact without counting
    count = { total: seen, estimate: false };
  } else {
    count = await filteredCount(db, q, seen);
  }
  return { rows, ...count };
}
