// Fault test on the embedded database (issue 16): PGlite's thread dies (terminated) while clients
// save records. The process keeps running; a request waiting on the dead thread answers 503 with
// the translated message (not 500), a new thread opens the same data directory, the API serves
// again by itself, and every write answered 200 is there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Worker } from 'node:worker_threads';
import { rows, sql } from '../db/client';
import type { PgliteThread } from '../db/pgliteThread';
import { sleep } from './durabilityHelpers';
import { expenseForm } from './fixtures';
import { startTestApp, type TestApp } from './helpers';

const SAVE = '/emp/api/v2/biaoDan/record/save';

describe('PGlite thread dying under load', () => {
  let a: TestApp;
  let zw: string;
  let thread: PgliteThread;
  const crashes: unknown[] = [];
  const onCrash = (err: unknown) => crashes.push(err);
  beforeAll(async () => {
    process.on('uncaughtException', onCrash);
    process.on('unhandledRejection', onCrash);
    a = await startTestApp();
    const admin = await a.login('admin');
    await a.post('/tpm/emp/system/commons/biaoDan/edit-save.action', { definition: expenseForm('pgfault') }, admin);
    await a.post('/emp/api/v2/biaoDan/publish', { code: 'pgfault' }, admin);
    zw = await a.login('zhangwei');
    thread = (a.ctx.db as unknown as { $client: PgliteThread }).$client;
  }, 120_000);
  afterAll(async () => {
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
    await a?.stop();
  });

  it('answers 503 for what the dead thread held, reopens the directory, and keeps every acknowledged write', { timeout: 180_000 }, async () => {
    const acks = new Map<string, string>();
    const statuses: Record<number, number> = {};
    let stop = false;
    let seq = 0;
    const client = async () => {
      while (!stop) {
        const amount = `${++seq}.00`;
        const r = await a.post(SAVE, { formCode: 'pgfault', data: { amount } }, zw);
        statuses[r.statusCode] = (statuses[r.statusCode] ?? 0) + 1;
        if (r.statusCode === 200) acks.set(r.json().data.id, amount);
        else await sleep(20);
      }
    };
    const clients = Array.from({ length: 8 }, () => client());
    try {
      await check();
    } finally {
      stop = true;
      await Promise.all(clients);
    }

    async function check() {
      await sleep(1500);
      expect(acks.size).toBeGreaterThan(0);

      // a save that is waiting on the thread when it dies: a transaction holds the database's lock
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let inTx = false;
      const holder = a.ctx.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          inTx = true;
          await held;
        })
        .catch((e: unknown) => e);
      while (!inTx) await sleep(5);
      const waiting = a.post(SAVE, { formCode: 'pgfault', data: { amount: '9.99' } }, zw);
      await sleep(100);

      const old = (thread as unknown as { currentWorker?: Worker; worker: Worker }).currentWorker ?? (thread as unknown as { worker: Worker }).worker;
      const killedAt = Date.now();
      await old.terminate();
      release();
      const w = await waiting;
      expect(w.statusCode, w.body).toBe(503);
      expect(w.headers['retry-after']).toBeTruthy();
      expect(w.json()).toMatchObject({ code: 503, msg: '数据库暂时不可用，请稍后重试' });
      await holder;

      // the API serves again by itself
      let backMs = -1;
      while (Date.now() - killedAt < 60_000) {
        const h = await a.inject({ method: 'GET', url: '/health' });
        if (h.statusCode === 200) {
          backMs = Date.now() - killedAt;
          break;
        }
        expect(h.statusCode).toBe(503);
        await sleep(100);
      }
      expect(backMs).toBeGreaterThanOrEqual(0);
      const before = acks.size;
      while (acks.size < before + 10 && Date.now() - killedAt < 90_000) await sleep(50);
      stop = true;
      console.log(
        `[dbFault pglite] ${acks.size} acknowledged writes, answers ${JSON.stringify(statuses)}, thread restarts ${thread.restarts}, serving again ${(backMs / 1000).toFixed(1)} s after the kill`,
      );

      expect(crashes).toEqual([]);
      expect(thread.restarts).toBe(1);
      expect(Object.keys(statuses).filter((s) => s !== '200' && s !== '503')).toEqual([]);
      expect(acks.size).toBeGreaterThan(before);
      const ids = [...acks.keys()];
      const stored = await rows<{ id: string; amount: string }>(
        a.ctx.db,
        sql`select id, data->>'amount' as amount from records where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      const got = new Map(stored.map((r) => [r.id, r.amount]));
      expect(ids.filter((id) => got.get(id) !== acks.get(id))).toEqual([]);
    }
  });
});
