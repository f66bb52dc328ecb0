// Records in the database: numbers from a per-form, per-period counter row, unique number/code
// values in a side table under a unique index (same transaction as the record), optimistic
// row versions, and paged lists that stay off full counts and long OFFSET scans.
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { rows as rawRows } from '../../db/client';
import { departments, employees, formDefinitions, numberCounters, recordUniqueValues, records, users } from '../../db/schema';

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
  await tx.update(formDefinitions).set({ recordCount: sql`${formDefinitions.recordCount} + 1` }).where(eq(formDefinitions.code, values.formCode));
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

export async function softDelete(tx: Tx, id: string, expectedVersion: number, formCode: string, user: string, now: string) {
  const r = await updateRecord(tx, id, expectedVersion, { isYouXiao: '0', rowModUser: user, rowModDate: now });
  if (!r) return null;
  await tx.delete(recordUniqueValues).where(eq(recordUniqueValues.recordId, id));
  await tx.update(formDefinitions).set({ recordCount: sql`greatest(${formDefinitions.recordCount} - 1, 0)` }).where(eq(formDefinitions.code, formCode));
  return r;
}

export async function getRecord(db: DbOrTx, id: string): Promise<RecordRow | null> {
  const [r] = await db.select().from(records).where(eq(records.id, id));
  return r ?? null;
}

export async function findByNumber(db: Db, number: string) {
  return db.select().from(records).where(and(eq(records.number, number), eq(records.isYouXiao, '1'))).orderBy(desc(records.id)).limit(20);
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
  where: SQL[];
  /** the filters without a keyset cursor (the total ignores the cursor) */
  countWhere: SQL[];
  orderBy: SQL[];
  limit: number;
  offset: number;
  /** the unfiltered total may come from the maintained counter */
  useCounter: boolean;
}

/** above this many matches a filtered count is an estimate (marked `totalIsEstimate`) */
export const EXACT_COUNT_CAP = 1_000;

export type ListedRow = RecordRow & { rowCreateName: string | null; rowCreateBuMenName: string | null };

async function countRows(db: Db, q: ListQuery) {
  if (q.useCounter) {
    const [c] = await db.select({ n: formDefinitions.recordCount }).from(formDefinitions).where(eq(formDefinitions.code, q.formCode));
    return { total: Number(c?.n ?? 0), estimate: false };
  }
  const where = and(eq(records.formCode, q.formCode), ...q.countWhere)!;
  const capped = await rawRows<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from ${records} where ${where} limit ${EXACT_COUNT_CAP + 1}) s`);
  const n = Number(capped[0]?.n ?? 0);
  if (n <= EXACT_COUNT_CAP) return { total: n, estimate: false };
  const plan = await rawRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) select 1 from ${records} where ${where}`);
  const raw = plan[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return { total: Math.max(n, Math.round(parsed?.[0]?.Plan?.['Plan Rows'] ?? n)), estimate: true };
}

/**
 * One page: the ids are found on the index first (deferred join, so a deep OFFSET walks index
 * entries, not rows), then only those rows are read with the creator's names. The count runs
 * beside it.
 */
export async function listRecords(db: Db, q: ListQuery): Promise<{ rows: ListedRow[]; total: number; estimate: boolean }> {
  const where = and(eq(records.formCode, q.formCode), ...q.where)!;
  const page = db.select({ id: records.id }).from(records).where(where).orderBy(...q.orderBy).limit(q.limit).offset(q.offset);
  const [rows, count] = await Promise.all([
    db
      .select({ r: records, rowCreateName: users.displayName, rowCreateBuMenName: departments.name })
      .from(records)
      .leftJoin(users, eq(users.id, records.rowCreateId))
      .leftJoin(departments, eq(departments.id, records.rowCreateBuMenId))
      .where(inArray(records.id, page))
      .orderBy(...q.orderBy),
    countRows(db, q),
  ]);
  return { rows: rows.map((x) => ({ ...x.r, rowCreateName: x.rowCreateName, rowCreateBuMenName: x.rowCreateBuMenName })), ...count };
}
