// The timeout scheduler: one `timeout` job per pending task with a due time (process_jobs,
// written in the step's transaction by syncJobs), run by a croner loop (startScheduler, from
// background.ts) that hands due jobs to the step runner as `{ type: 'timeout', taskId }`. The
// state is in the database: a restart loses nothing, and a job claimed by a process that died
// is taken over once its lease runs out.
//
// Job statuses: pending → running (claimed; due_at is then the lease's end) → done (act ran,
// refused or was a no-op: last_error says why) | cancelled (the task stopped being pending).
import { Cron } from 'croner';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Locale } from '../../../schemas/constants';
import type { ProcessAction, Task } from '../../../schemas/process';
import type { AppContext, SessionUser } from '../../context';
import { rows as rawRows, type Tx } from '../../db/client';
import { processJobs } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { isDatabaseUnavailable, OutageLog } from '../../lib/pgErrors';

/**
 * Aligns the instance's timeout jobs with its tasks, in the caller's transaction: a pending job
 * per pending task with `dueAt` (its due time moved when the task's did), and the pending jobs of
 * tasks no longer pending (or without a due time) cancelled. A task whose job is running (being
 * acted on right now) gets a new job only for a due time still ahead (a reminder rescheduled).
 */
export async function syncJobs(tx: Tx, instanceId: string, tasks: readonly Task[]): Promise<void> {
  const due = new Map(tasks.filter((t) => t.status === 'pending' && t.dueAt).map((t) => [t.id, new Date(t.dueAt!)]));
  const existing = await tx
    .select({ id: processJobs.id, taskId: processJobs.taskId, dueAt: processJobs.dueAt, status: processJobs.status })
    .from(processJobs)
    .where(and(eq(processJobs.instanceId, instanceId), inArray(processJobs.status, ['pending', 'running']), eq(processJobs.kind, 'timeout')));
  const pending = existing.filter((j) => j.status === 'pending');
  const running = new Set(existing.filter((j) => j.status === 'running').map((j) => j.taskId));
  const stale = pending.filter((j) => !due.has(j.taskId)).map((j) => j.id);
  if (stale.length) await tx.update(processJobs).set({ status: 'cancelled' }).where(inArray(processJobs.id, stale));
  const have = new Map(pending.filter((j) => due.has(j.taskId)).map((j) => [j.taskId, j]));
  const now = Date.now();
  for (const [taskId, at] of due) {
    const job = have.get(taskId);
    if (job) {
      if (job.dueAt.getTime() !== at.getTime()) await tx.update(processJobs).set({ dueAt: at }).where(eq(processJobs.id, job.id));
    } else if (!running.has(taskId) || at.getTime() > now) {
      await tx.insert(processJobs).values({ id: newId(), kind: 'timeout', instanceId, taskId, dueAt: at });
    }
  }
}

/** The step runner's signature (steps.ts `act`): the scheduler acts as the system (user null). */
export type ActFn = (ctx: AppContext, user: SessionUser | null, target: { instanceId: string }, action: ProcessAction, locale: Locale) => Promise<unknown>;

interface ClaimedJob {
  id: string;
  instance_id: string;
  task_id: string;
  runs: number;
}

/** A job whose act failed unexpectedly (not a refusal) this many times is given up (done, with its error). */
const MAX_RUNS = 5;
const BATCH = 50;

/** Claims due jobs (pending and due, or running past their lease), marks them running and extends the lease. */
async function claimJobs(ctx: AppContext): Promise<ClaimedJob[]> {
  const lease = `${Math.max(1, Math.round(ctx.config.processLeaseMs))} milliseconds`;
  return rawRows<ClaimedJob>(
    ctx.db,
    sql`update process_jobs set status = 'running', runs = runs + 1, due_at = now() + ${lease}::interval
        where id in (select id from process_jobs where status in ('pending', 'running') and due_at <= now()
                     order by due_at limit ${BATCH} for update skip locked)
        returning id, instance_id, task_id, runs`,
  );
}

/**
 * One scheduler pass: every due job is handed to `act` as `{ type: 'timeout', taskId }` and
 * finished (a refusal — the task was already decided — finishes it too). An unexpected error
 * leaves the job running; it is retried after the lease, and given up after MAX_RUNS runs.
 * Answers how many jobs were finished.
 */
export async function runDueJobs(ctx: AppContext, act: ActFn, onError: (err: unknown) => void = () => {}): Promise<number> {
  let finished = 0;
  for (let round = 0; round < 20; round++) {
    const jobs = await claimJobs(ctx);
    for (const job of jobs) {
      const mine = and(eq(processJobs.id, job.id), eq(processJobs.status, 'running'), eq(processJobs.runs, job.runs));
      try {
        await act(ctx, null, { instanceId: job.instance_id }, { type: 'timeout', taskId: job.task_id }, 'zh-CN');
        await ctx.db.update(processJobs).set({ status: 'done', lastError: null }).where(mine);
        finished++;
      } catch (err) {
        // the database went away: the job stays claimed and is taken again after its lease (no
        // bookkeeping can be written now, and an outage is not a failure of the job)
        if (isDatabaseUnavailable(err)) throw err;
        const refused = err instanceof AppError && err.status < 500;
        const text = err instanceof AppError ? err.msgKey : err instanceof Error ? err.message : String(err);
        if (refused || job.runs >= MAX_RUNS) {
          await ctx.db
            .update(processJobs)
            .set({ status: 'done', lastError: text.slice(0, 1000) })
            .where(mine);
          finished++;
        } else {
          await ctx.db
            .update(processJobs)
            .set({ lastError: text.slice(0, 1000) })
            .where(mine);
        }
        if (!refused) onError(err);
      }
    }
    if (jobs.length < BATCH) break;
  }
  return finished;
}

/**
 * Starts the croner loop (every schedulerIntervalSeconds; a pass never overlaps the previous one);
 * answers its stop. While the database is unreachable, `onError` hears of it once and passes are
 * skipped with a backoff (1 s doubling to 60 s); `onRecovered` hears when a pass works again.
 */
export function startScheduler(ctx: AppContext, act: ActFn, onError: (err: unknown) => void, onRecovered?: (seconds: number) => void): () => Promise<void> {
  let inFlight: Promise<void> = Promise.resolve();
  const outage = new OutageLog();
  let resumeAt = 0;
  const job = new Cron('* * * * * *', { interval: ctx.config.schedulerIntervalSeconds, protect: true, unref: true }, async () => {
    if (Date.now() < resumeAt) return;
    inFlight = runDueJobs(ctx, act, onError).then(
      () => {
        const down = outage.up();
        if (down !== null) onRecovered?.(down);
      },
      (err: unknown) => {
        if (!isDatabaseUnavailable(err)) return onError(err);
        if (outage.down()) onError(err);
        resumeAt = Date.now() + outage.delayMs();
      },
    );
    await inFlight;
  });
  return async () => {
    job.stop();
    await inFlight;
  };
}
