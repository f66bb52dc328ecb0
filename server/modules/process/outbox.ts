// The callback outbox: rows written in a step's transaction (enqueueCallbacks), delivered after
// commit by the dispatcher (kickDispatcher after a step, and on a timer: background.ts).
//
// Delivery: a pass claims due rows (`pending`, or `delivering` whose lease ran out — a claimer
// that crashed) with `FOR UPDATE SKIP LOCKED`, so several server processes never take the same
// row; each claim counts an attempt. A row is POSTed as JSON to its URL with
//   X-Formwork-Event       the event
//   X-Formwork-Delivery    the row id: the same on every retry (the receiver's idempotency key)
//   X-Formwork-Timestamp   unix seconds
//   X-Formwork-Signature   sha256=<hex HMAC-SHA256 of "<timestamp>.<body>" with the secret>
// A 2xx answer delivers it; anything else retries with exponential backoff until the last
// attempt, when the row is `failed` and the record's shenPiCallBackFailure is '1'. A URL the
// allowlist refuses fails at once (never fetched). chongShi (retryFailed) puts failed rows back.
import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { rows as rawRows, type DbOrTx, type Tx } from '../../db/client';
import { processOutbox, records, settings } from '../../db/schema';
import { newId } from '../../lib/ids';
import { isDatabaseUnavailable, OutageLog } from '../../lib/pgErrors';
import { checkUrl, guardedLookup, isPrivateAddress } from './allowlist';

export interface CallbackInput {
  instanceId: string;
  recordId: string;
  processCode: string;
  /** the process's callbackUrl; nothing is written when empty */
  url: string | undefined;
  events: { event: string; nodeId?: string }[];
  payload: Record<string, unknown>;
}

/** One outbox row per event, in the caller's transaction; nothing when the url is empty. */
export async function enqueueCallbacks(tx: Tx, _ctx: AppContext, input: CallbackInput): Promise<void> {
  if (!input.url || input.events.length === 0) return;
  const url = input.url;
  await tx.insert(processOutbox).values(
    input.events.map((e) => {
      const id = newId();
      return {
        id,
        instanceId: input.instanceId,
        recordId: input.recordId,
        processCode: input.processCode,
        event: e.event,
        url,
        payload: {
          ...input.payload,
          event: e.event,
          ...(e.nodeId ? { nodeId: e.nodeId } : {}),
          deliveryId: id,
          instanceId: input.instanceId,
          recordId: input.recordId,
          processCode: input.processCode,
        },
      };
    }),
  );
}

// ─── signing ───────────────────────────────────────────────────────────────────────────────
const SECRET_KEY = 'processCallbackSecret';
const secrets = new WeakMap<AppContext, string>();

/** The callback secret: CALLBACK_SECRET, else one generated once and kept in `settings` (shared by every server process). */
export async function callbackSecret(ctx: AppContext): Promise<string> {
  if (ctx.config.callbackSecret) return ctx.config.callbackSecret;
  const known = secrets.get(ctx);
  if (known) return known;
  await ctx.db
    .insert(settings)
    .values({ key: SECRET_KEY, value: { secret: crypto.randomBytes(32).toString('hex') } })
    .onConflictDoNothing();
  const [row] = await ctx.db.select().from(settings).where(eq(settings.key, SECRET_KEY));
  const secret = (row.value as { secret: string }).secret;
  secrets.set(ctx, secret);
  return secret;
}

/** `sha256=<hex>` of `<timestamp>.<body>`: what X-Formwork-Signature carries. */
export function signCallback(secret: string, timestamp: string, body: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

// ─── one HTTP delivery ───────────────────────────────────────────────────────────────────────
interface PostResult {
  ok: boolean;
  error?: string;
  /** never retry (refused by the allowlist) */
  final?: boolean;
}

function post(url: string, body: string, headers: Record<string, string>, timeoutMs: number, allowPrivate: boolean): Promise<PostResult> {
  return new Promise((resolve) => {
    const u = new URL(url);
    const lib = u.protocol === 'https:' ? https : http;
    const req = lib.request(
      u,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(allowPrivate),
        timeout: timeoutMs,
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          resolve(status >= 200 && status < 300 ? { ok: true } : { ok: false, error: `HTTP ${status}` });
        });
        res.on('error', (err) => resolve({ ok: false, error: err.message }));
        // cut off mid-body (the timeout destroyed it): no 'end'; the first settlement wins
        res.on('close', () => resolve({ ok: false, error: `connection closed after HTTP ${res.statusCode ?? 0}` }));
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`timeout after ${timeoutMs} ms`)), timeoutMs);
    req.on('timeout', () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ ok: false, error: err.message, final: err.code === 'EPRIVATEADDR' }));
    req.on('close', () => clearTimeout(timer));
    req.end(body);
  });
}

/** Whether `url` may be called, and how (an exact allowlist entry may reach a private address). */
export function callbackTarget(url: string, allowlist: readonly string[]): { ok: true; allowPrivate: boolean } | { ok: false; error: string } {
  const v = checkUrl(url, allowlist);
  if (!v.ok) return v;
  if (net.isIP(v.host) && isPrivateAddress(v.host) && !v.exact) return { ok: false, error: `callback host ${v.host} is a private address` };
  return { ok: true, allowPrivate: v.exact };
}

// ─── the dispatcher ──────────────────────────────────────────────────────────────────────────
interface Claimed {
  id: string;
  record_id: string;
  event: string;
  url: string;
  payload: Record<string, unknown>;
  attempts: number;
}

const BATCH = 20;

/**
 * Claims due rows (pending, or delivering past their lease); with `failedIds`, exactly those of
 * them that are failed (chongShi: their attempts start over). Claiming and retrying are one
 * statement, so a timer pass cannot take a retried row between the two.
 */
async function claim(db: DbOrTx, leaseMs: number, failedIds?: readonly string[]): Promise<Claimed[]> {
  const lease = `${Math.max(1, Math.round(leaseMs))} milliseconds`;
  if (failedIds) {
    return rawRows<Claimed>(
      db,
      sql`update process_outbox set status = 'delivering', attempts = 1, next_at = now() + ${lease}::interval
          where id in (select id from process_outbox where id in (${sql.join(
            failedIds.map((i) => sql`${i}`),
            sql`, `,
          )}) and status = 'failed' for update skip locked)
          returning id, record_id, event, url, payload, attempts`,
    );
  }
  return rawRows<Claimed>(
    db,
    sql`update process_outbox set status = 'delivering', attempts = attempts + 1, next_at = now() + ${lease}::interval
        where id in (select id from process_outbox where status in ('pending', 'delivering') and next_at <= now()
                     order by next_at limit ${BATCH} for update skip locked)
        returning id, record_id, event, url, payload, attempts`,
  );
}

/** The delay before attempt `n + 1` after `n` failed ones: base · 2^(n−1), at most an hour. */
export function backoffMs(baseMs: number, attempts: number): number {
  return Math.min(3_600_000, baseMs * 2 ** Math.max(0, attempts - 1));
}

async function deliverOne(ctx: AppContext, row: Claimed, secret: string): Promise<boolean> {
  const cfg = ctx.config;
  const target = callbackTarget(row.url, cfg.callbackAllowlist);
  let result: PostResult;
  if (!target.ok) result = { ok: false, error: target.error, final: true };
  else {
    const body = JSON.stringify(row.payload);
    const timestamp = String(Math.floor(Date.now() / 1000));
    result = await post(
      row.url,
      body,
      {
        'user-agent': 'Formwork-Callback/1',
        'x-formwork-event': row.event,
        'x-formwork-delivery': row.id,
        'x-formwork-timestamp': timestamp,
        'x-formwork-signature': signCallback(secret, timestamp, body),
      },
      cfg.callbackTimeoutMs,
      target.allowPrivate,
    );
  }
  // every write is conditional on this claim (status and attempt): a claimer whose lease ran out
  // and was taken over cannot overwrite the newer claimer's outcome
  const mine = and(eq(processOutbox.id, row.id), eq(processOutbox.status, 'delivering'), eq(processOutbox.attempts, row.attempts));
  if (result.ok) {
    await ctx.db.transaction(async (tx) => {
      await tx.update(processOutbox).set({ status: 'delivered', deliveredAt: new Date(), lastError: null }).where(mine);
      // the record's failure flag clears once none of its callbacks is left undelivered
      await tx.execute(
        sql`update records set shen_pi_call_back_failure = '0' where id = ${row.record_id} and shen_pi_call_back_failure = '1'
            and not exists (select 1 from process_outbox where record_id = ${row.record_id} and status <> 'delivered')`,
      );
    });
    return true;
  }
  const error = (result.error ?? 'failed').slice(0, 1000);
  if (result.final || row.attempts >= cfg.callbackAttempts) {
    await ctx.db.transaction(async (tx) => {
      const done = await tx
        .update(processOutbox)
        .set({ status: 'failed', lastError: error, nextAt: new Date() })
        .where(mine)
        .returning({ id: processOutbox.id });
      if (done.length) await tx.update(records).set({ shenPiCallBackFailure: '1' }).where(eq(records.id, row.record_id));
    });
  } else {
    await ctx.db
      .update(processOutbox)
      .set({ status: 'pending', lastError: error, nextAt: new Date(Date.now() + backoffMs(cfg.callbackBaseDelayMs, row.attempts)) })
      .where(mine);
  }
  return false;
}

/** One dispatcher pass: claims due rows in batches and delivers them, until none is due. Answers how many were delivered. */
export async function dispatchOnce(ctx: AppContext): Promise<number> {
  const secret = await callbackSecret(ctx);
  let delivered = 0;
  for (let round = 0; round < 50; round++) {
    const batch = await claim(ctx.db, ctx.config.processLeaseMs);
    const results = await Promise.all(batch.map((r) => deliverOne(ctx, r, secret)));
    delivered += results.filter(Boolean).length;
    if (batch.length < BATCH) break;
  }
  return delivered;
}

// after-commit kicks and the timer share one pass at a time per app
interface DispatcherState {
  running: Promise<void> | null;
  again: boolean;
  stopped: boolean;
  /** the database unreachable: reported once, passes paused until `resumeAt` (backoff) */
  outage: OutageLog;
  resumeAt: number;
  onError?: (err: unknown) => void;
  onRecovered?: (seconds: number) => void;
}
const dispatchers = new WeakMap<AppContext, DispatcherState>();

/** Runs a pass soon (after a step committed); a pass already running runs once more. No-op unless the dispatcher is started. */
export function kickDispatcher(ctx: AppContext, onError: (err: unknown) => void = () => {}): Promise<void> {
  const st = dispatchers.get(ctx);
  if (!st || st.stopped) return Promise.resolve();
  if (st.running) {
    st.again = true;
    return st.running;
  }
  const report = st.onError ?? onError;
  const run = async () => {
    do {
      st.again = false;
      try {
        await dispatchOnce(ctx);
        const down = st.outage.up();
        if (down !== null) st.onRecovered?.(down);
      } catch (err) {
        if (!isDatabaseUnavailable(err)) report(err);
        else {
          // once per outage, then quiet; the timer's passes back off until the database answers
          if (st.outage.down()) report(err);
          st.resumeAt = Date.now() + st.outage.delayMs();
          break;
        }
      }
    } while (st.again && !st.stopped);
  };
  st.running = run().finally(() => {
    st.running = null;
  });
  return st.running;
}

/**
 * Starts the dispatcher's timer (a pass every callbackPollMs); answers its stop (waits for a pass
 * in flight). While the database is unreachable, `onError` hears of it once and the passes back
 * off (1 s doubling to 60 s); `onRecovered` hears when a pass works again.
 */
export function startDispatcher(ctx: AppContext, onError: (err: unknown) => void, onRecovered?: (seconds: number) => void): () => Promise<void> {
  const st: DispatcherState = { running: null, again: false, stopped: false, outage: new OutageLog(), resumeAt: 0, onError, onRecovered };
  dispatchers.set(ctx, st);
  const timer = setInterval(
    () => {
      if (Date.now() >= st.resumeAt) void kickDispatcher(ctx, onError);
    },
    Math.max(10, ctx.config.callbackPollMs),
  );
  timer.unref();
  void kickDispatcher(ctx, onError);
  return async () => {
    st.stopped = true;
    clearInterval(timer);
    await st.running;
    dispatchers.delete(ctx);
  };
}

// ─── failures (callback/failure/list, chongShi) ──────────────────────────────────────────────
export async function listFailures(db: DbOrTx, q: { page: number; limit: number; keyword?: string; processCode?: string }) {
  const conds = [sql`o.status = 'failed'`];
  if (q.keyword) conds.push(sql`r.number ilike ${`%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (q.processCode) conds.push(sql`o.process_code = ${q.processCode}`);
  const where = sql.join(conds, sql` and `);
  const [{ n }] = await rawRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from process_outbox o left join records r on r.id = o.record_id where ${where}`,
  );
  const list = await rawRows<{
    id: string;
    record_id: string;
    number: string | null;
    form_code: string | null;
    process_code: string;
    event: string;
    url: string;
    attempts: number;
    last_error: string | null;
    created_at: string | Date;
    next_at: string | Date;
  }>(
    db,
    sql`select o.id, o.record_id, r.number, r.form_code, o.process_code, o.event, o.url, o.attempts, o.last_error, o.created_at, o.next_at
        from process_outbox o left join records r on r.id = o.record_id where ${where}
        order by o.next_at desc, o.id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`,
  );
  const iso = (v: string | Date) => new Date(v).toISOString();
  return {
    pageSize: q.limit,
    currentPage: q.page,
    totalRecord: n,
    rows: list.map((r) => ({
      id: r.id,
      recordId: r.record_id,
      recordNumber: r.number ?? '',
      formCode: r.form_code ?? '',
      processCode: r.process_code,
      event: r.event,
      url: r.url,
      attempts: r.attempts,
      lastError: r.last_error ?? '',
      createdAt: iso(r.created_at),
      failedAt: iso(r.next_at),
    })),
  };
}

/**
 * chongShi: the failed rows among `ids` are claimed with their attempts started over and
 * delivered at once (a failure goes on with the usual backoff). Answers how many were retried
 * and how many of them were delivered now.
 */
export async function retryFailed(ctx: AppContext, ids: readonly string[]): Promise<{ retried: number; delivered: number }> {
  const secret = await callbackSecret(ctx);
  const batch = await claim(ctx.db, ctx.config.processLeaseMs, [...new Set(ids)]);
  const results = await Promise.all(batch.map((r) => deliverOne(ctx, r, secret)));
  return { retried: batch.length, delivered: results.filter(Boolean).length };
}
