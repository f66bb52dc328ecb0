// The timeout scheduler: one pending `timeout` job per pending task with a due time
// (process_jobs, written in the step's transaction by syncJobs), run by a croner loop
// (background.ts) that hands due jobs to the step runner as `{ type: 'timeout', taskId }`.
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { processJobs } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { Task } from '../../../schemas/process';

/**
 * Aligns the instance's pending timeout jobs with its tasks, in the caller's transaction: a
 * pending job per pending task with `dueAt` (its due time moved when the task's did), and the
 * jobs of tasks no longer pending (or without a due time) cancelled.
 */
export async function syncJobs(tx: Tx, instanceId: string, tasks: readonly Task[]): Promise<void> {
  const due = new Map(tasks.filter((t) => t.status === 'pending' && t.dueAt).map((t) => [t.id, new Date(t.dueAt!)]));
  const existing = await tx
    .select({ id: processJobs.id, taskId: processJobs.taskId, dueAt: processJobs.dueAt })
    .from(processJobs)
    .where(and(eq(processJobs.instanceId, instanceId), eq(processJobs.status, 'pending'), eq(processJobs.kind, 'timeout')));
  const stale = existing.filter((j) => !due.has(j.taskId)).map((j) => j.id);
  if (stale.length) await tx.update(processJobs).set({ status: 'cancelled' }).where(inArray(processJobs.id, stale));
  const have = new Map(existing.filter((j) => due.has(j.taskId)).map((j) => [j.taskId, j]));
  for (const [taskId, at] of due) {
    const job = have.get(taskId);
    if (!job) await tx.insert(processJobs).values({ id: newId(), kind: 'timeout', instanceId, taskId, dueAt: at });
    else if (job.dueAt.getTime() !== at.getTime()) await tx.update(processJobs).set({ dueAt: at }).where(eq(processJobs.id, job.id));
  }
}
