// Instances, tasks, history and cc rows in the database. An instance's state changes only by
// `advanceInstance`: a conditional update on the revision read (0 rows: someone else moved it
// first — the caller decides again on the fresh state), so a task completes exactly once. The
// task rows mirror the state's tasks (the to-do and done lists read them); history is appended
// with a per-instance sequence (serialised by the instance row the step has just updated).
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { processCc, processHistory, processInstances, processTasks } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { HistoryEntry, InstanceState, InstanceStatus, Task } from '../../../schemas/process';

export type InstanceRow = typeof processInstances.$inferSelect;
export type HistoryRow = typeof processHistory.$inferSelect;
export type TaskRow = typeof processTasks.$inferSelect;

/** The instance state as stored (jsonb), typed. */
export const stateOf = (row: InstanceRow): InstanceState => row.state as InstanceState;

export const LIVE_STATUSES: readonly InstanceStatus[] = ['running', 'returned'];

export async function getInstance(db: DbOrTx, id: string): Promise<InstanceRow | null> {
  const [r] = await db.select().from(processInstances).where(eq(processInstances.id, id));
  return r ?? null;
}

/** The record's live instance (running or returned), if any. */
export async function liveInstanceOf(db: DbOrTx, recordId: string): Promise<InstanceRow | null> {
  const [r] = await db
    .select()
    .from(processInstances)
    .where(and(eq(processInstances.recordId, recordId), inArray(processInstances.status, [...LIVE_STATUSES])));
  return r ?? null;
}

/** The record's newest instance (live or finished). */
export async function latestInstanceOf(db: DbOrTx, recordId: string): Promise<InstanceRow | null> {
  const [r] = await db
    .select()
    .from(processInstances)
    .where(eq(processInstances.recordId, recordId))
    .orderBy(desc(processInstances.startedAt), desc(processInstances.id))
    .limit(1);
  return r ?? null;
}

/** The instance a task belongs to (by its task row). */
export async function instanceIdOfTask(db: DbOrTx, taskId: string): Promise<string | null> {
  const [r] = await db.select({ id: processTasks.instanceId }).from(processTasks).where(eq(processTasks.id, taskId));
  return r?.id ?? null;
}

export async function tasksByIds(db: DbOrTx, ids: readonly string[]): Promise<TaskRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(processTasks)
    .where(inArray(processTasks.id, [...ids]));
}

export async function insertInstance(tx: Tx, row: typeof processInstances.$inferInsert) {
  await tx.insert(processInstances).values(row);
}

export interface InstanceUpdate {
  state: InstanceState;
  currentNodes: string | null;
  endedAt: Date | null;
}

/** The step's write of the state, on the revision read; false when another step moved it first. */
export async function advanceInstance(tx: Tx, id: string, readRevision: number, u: InstanceUpdate): Promise<number | null> {
  const [r] = await tx
    .update(processInstances)
    .set({
      state: u.state,
      status: u.state.status,
      currentNodes: u.currentNodes,
      endedAt: u.endedAt,
      updatedAt: sql`now()`,
      revision: sql`${processInstances.revision} + 1`,
    })
    .where(and(eq(processInstances.id, id), eq(processInstances.revision, readRevision)))
    .returning({ revision: processInstances.revision });
  return r?.revision ?? null;
}

const sameTask = (a: Task, b: Task) =>
  a.status === b.status &&
  a.assigneeId === b.assigneeId &&
  a.dueAt === b.dueAt &&
  a.completedAt === b.completedAt &&
  a.comment === b.comment &&
  a.origin === b.origin;

/** Task rows for the tasks that are new or changed between two states. */
export async function writeTasks(tx: Tx, instanceId: string, recordId: string, before: readonly Task[], after: readonly Task[]) {
  const old = new Map(before.map((t) => [t.id, t]));
  const changed = after.filter((t) => {
    const o = old.get(t.id);
    return !o || !sameTask(o, t);
  });
  for (const t of changed) {
    const values = {
      status: t.status,
      assigneeId: t.assigneeId,
      origin: t.origin,
      dueAt: t.dueAt ? new Date(t.dueAt) : null,
      completedAt: t.completedAt ? new Date(t.completedAt) : null,
      comment: t.comment ?? null,
    };
    await tx
      .insert(processTasks)
      .values({ id: t.id, instanceId, recordId, nodeId: t.nodeId, createdAt: new Date(t.createdAt), ...values })
      .onConflictDoUpdate({ target: processTasks.id, set: values });
  }
  // tasks the engine dropped from the state (never expected; kept consistent anyway)
  const ids = after.map((t) => t.id);
  if (before.some((t) => !ids.includes(t.id))) {
    await tx
      .update(processTasks)
      .set({ status: 'cancelled' })
      .where(and(eq(processTasks.instanceId, instanceId), ids.length ? notInArray(processTasks.id, ids) : sql`true`, eq(processTasks.status, 'pending')));
  }
}

/** Appends history entries after the instance's last one. */
export async function appendHistory(tx: Tx, instanceId: string, recordId: string, entries: readonly HistoryEntry[]) {
  if (!entries.length) return;
  const [m] = await tx
    .select({ seq: sql<number>`coalesce(max(${processHistory.seq}), 0)::int` })
    .from(processHistory)
    .where(eq(processHistory.instanceId, instanceId));
  let seq = Number(m?.seq ?? 0);
  await tx.insert(processHistory).values(
    entries.map((e) => ({
      id: newId(),
      instanceId,
      recordId,
      seq: ++seq,
      action: e.action,
      actorId: e.by,
      nodeId: e.nodeId ?? null,
      taskId: e.taskId ?? null,
      comment: e.comment ?? null,
      attachments: e.attachments ?? null,
      detail: e.detail ?? null,
      at: new Date(e.at),
    })),
  );
}

export async function historyOf(db: DbOrTx, instanceId: string): Promise<HistoryRow[]> {
  return db.select().from(processHistory).where(eq(processHistory.instanceId, instanceId)).orderBy(processHistory.seq);
}

/** Copies (cc readers) of a node; a reader already copied on the node stays as they were. */
export async function addCc(tx: Tx, instanceId: string, recordId: string, nodeId: string, userIds: readonly string[]) {
  if (!userIds.length) return;
  await tx
    .insert(processCc)
    .values(userIds.map((userId) => ({ instanceId, recordId, userId, nodeId })))
    .onConflictDoNothing();
}

/** Marks the user's copies of an instance read; answers how many were unread. */
export async function markCcRead(tx: Tx, instanceId: string, userId: string): Promise<number> {
  const r = await tx
    .update(processCc)
    .set({ readAt: sql`now()` })
    .where(and(eq(processCc.instanceId, instanceId), eq(processCc.userId, userId), sql`${processCc.readAt} is null`))
    .returning({ u: processCc.userId });
  return r.length;
}

export async function isCcReader(db: DbOrTx, instanceId: string, userId: string): Promise<boolean> {
  const r = await db
    .select({ u: processCc.userId })
    .from(processCc)
    .where(and(eq(processCc.instanceId, instanceId), eq(processCc.userId, userId)))
    .limit(1);
  return r.length > 0;
}

/**
 * The record's instances other than `currentId` (its earlier rounds: withdrawn, rejected,
 * cancelled … and submitted again), newest first, with their history rows (by instance, by seq):
 * two queries whatever the number of rounds.
 */
export async function earlierRoundsOf(db: DbOrTx, recordId: string, currentId: string): Promise<{ instance: InstanceRow; history: HistoryRow[] }[]> {
  const rows = await db
    .select()
    .from(processInstances)
    .where(and(eq(processInstances.recordId, recordId), sql`${processInstances.id} <> ${currentId}`))
    .orderBy(desc(processInstances.startedAt), desc(processInstances.id));
  if (!rows.length) return [];
  const history = await db
    .select()
    .from(processHistory)
    .where(
      inArray(
        processHistory.instanceId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(processHistory.instanceId, processHistory.seq);
  const by = new Map<string, HistoryRow[]>(rows.map((r) => [r.id, []]));
  for (const h of history) by.get(h.instanceId)?.push(h);
  return rows.map((instance) => ({ instance, history: by.get(instance.id) ?? [] }));
}
