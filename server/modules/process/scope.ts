// Who may read a document because of its approval: the people who hold (or held) a task on it,
// in any status, and its cc readers. A read grant only — writing stays with the owner. The list
// predicate is an `exists (…)` on the task and cc tables (their assignee/user indexes); a single
// row is checked with one query (records' asynchronous read grant).
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context';
import { processCc, processHistory, processTasks } from '../../db/schema';
import { getRecordRow, scopeOf, type ScopeProvider } from '../records';

/** Does the user hold a task on the record, or read it as a cc reader? */
export async function readsByApproval(ctx: AppContext, userId: string, recordId: string): Promise<boolean> {
  const [task] = await ctx.db
    .select({ id: processTasks.id })
    .from(processTasks)
    .where(and(eq(processTasks.recordId, recordId), eq(processTasks.assigneeId, userId)))
    .limit(1);
  if (task) return true;
  const [cc] = await ctx.db
    .select({ u: processCc.userId })
    .from(processCc)
    .where(and(eq(processCc.recordId, recordId), eq(processCc.userId, userId)))
    .limit(1);
  return !!cc;
}

/** The scope provider: approvers and cc readers read (not write) the records of their tasks and copies. */
export function processScope(ctx: AppContext): ScopeProvider {
  return (user) => {
    if (user.kind !== 'employee') return null;
    const me = user.userId;
    return {
      where: sql`(exists (select 1 from "process_tasks" pt where pt."record_id" = "records"."id" and pt."assignee_id" = ${me})
        or exists (select 1 from "process_cc" pc where pc."record_id" = "records"."id" and pc."user_id" = ${me}))`,
      canRead: () => false,
      canWrite: () => false,
      canReadAsync: (row) => readsByApproval(ctx, me, row.id),
    };
  };
}

/**
 * The process module's file reader grant (files module `registerFileReader`): a file attached to
 * an approval comment (history attachments) is readable by whoever may read that record — the
 * applicant, the approvers and the cc readers see the proof an approver attached.
 */
export function historyFileReader(ctx: AppContext) {
  return async (me: SessionUser, fileId: string): Promise<boolean> => {
    if (me.kind !== 'employee') return false;
    const hits = await ctx.db
      .selectDistinct({ recordId: processHistory.recordId })
      .from(processHistory)
      .where(sql`${processHistory.attachments} @> ${JSON.stringify([{ id: fileId }])}::jsonb`)
      .limit(20);
    const scope = scopeOf(ctx, me, null);
    for (const h of hits) {
      const row = await getRecordRow(ctx.db, h.recordId);
      if (row && row.isYouXiao === '1' && (await scope.mayRead(row))) return true;
    }
    return false;
  };
}
