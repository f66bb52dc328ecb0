// Callbacks through the outbox to a real local HTTP receiver (allowlisted 127.0.0.1:<port>):
// a receiver failing half the time loses nothing and never sees one callback under two delivery
// ids; every request is signed; after the last attempt the row is failed and the record flagged,
// and chongShi delivers it (same delivery id) and clears the flag. The allowlist: an unlisted
// host and a name resolving to a private address are never fetched; the address and pattern checks.
import crypto from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processInstances, processOutbox, processTasks, records } from '../../db/schema';
import { BACKENDS, PG_URL, startTestApp, type TestApp } from '../../test/helpers';
import { checkUrl, guardedLookup, isPrivateAddress } from './allowlist';
import { backoffMs, callbackSecret, callbackTarget, enqueueCallbacks, kickDispatcher } from './outbox';
import { expenseData, R } from './testing';

interface Seen {
  delivery: string;
  event: string;
  marker: number;
  status: number;
  signed: boolean;
  path: string;
}

const P = '/tpm/emp/system/process';

async function until(what: string, check: () => Promise<boolean>, ms = 30_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.each(BACKENDS)('callbacks (%s)', (backend) => {
  let a: TestApp;
  let admin: string;
  let receiver: http.Server;
  let port = 0;
  let secret = '';
  const seen: Seen[] = [];
  let counter = 0;
  let downHealed = false;

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const ts = String(req.headers['x-formwork-timestamp']);
        const expected = `sha256=${crypto.createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex')}`;
        const payload = JSON.parse(body) as { marker: number; event: string };
        const path = req.url ?? '';
        if (path === '/slow') {
          // answers the head, then hangs in the body: the delivery's timeout must cut it off
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.write('partial');
          seen.push({
            delivery: String(req.headers['x-formwork-delivery']),
            event: String(req.headers['x-formwork-event']),
            marker: payload.marker,
            status: 0,
            signed: true,
            path,
          });
          return;
        }
        // /flaky fails every other request; /down fails until healed
        const fail = path === '/flaky' ? counter++ % 2 === 1 : path === '/down' ? !downHealed : false;
        const status = fail ? 500 : 200;
        seen.push({
          delivery: String(req.headers['x-formwork-delivery']),
          event: String(req.headers['x-formwork-event']),
          marker: payload.marker,
          status,
          signed: req.headers['x-formwork-signature'] === expected,
          path,
        });
        res.statusCode = status;
        res.end(fail ? 'no' : 'ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    port = (receiver.address() as AddressInfo).port;
    a = await startTestApp({
      postgres: backend === 'postgres',
      env: {
        PROCESS_BACKGROUND: '1',
        CALLBACK_ALLOWLIST: `127.0.0.1:${port}, *.localhost`,
        CALLBACK_ATTEMPTS: '4',
        CALLBACK_BASE_DELAY_MS: '20',
        CALLBACK_POLL_MS: '50',
        CALLBACK_TIMEOUT_MS: '2000',
        SCHEDULER_INTERVAL_SECONDS: '1',
      },
    });
    admin = await a.login('admin');
    secret = await callbackSecret(a.ctx);
  });
  afterAll(async () => {
    await a?.stop();
    await new Promise((r) => receiver?.close(r));
  });

  /** distinct records for each test (`from`: how many earlier tests took), in a stable order */
  async function someRecords(n: number, from = 0) {
    const list = await a.ctx.db.select({ id: records.id }).from(records).orderBy(records.id).limit(n).offset(from);
    expect(list.length).toBe(n);
    return list.map((r) => r.id);
  }

  async function enqueue(recordId: string, url: string, markers: number[]) {
    await a.ctx.db.transaction(async (tx) => {
      for (const marker of markers) {
        await enqueueCallbacks(tx, a.ctx, {
          instanceId: '1000000000000000001',
          recordId,
          processCode: 'testProcess',
          url,
          events: [{ event: marker % 2 ? 'approved' : 'submitted', nodeId: 'n1' }],
          payload: { marker },
        });
      }
    });
    void kickDispatcher(a.ctx);
  }

  const rowsOf = (recordIds: string[]) => a.ctx.db.select().from(processOutbox).where(inArray(processOutbox.recordId, recordIds));
  const flagOf = async (id: string) => (await a.ctx.db.select({ f: records.shenPiCallBackFailure }).from(records).where(eq(records.id, id)))[0].f;

  it('writes nothing without a url', async () => {
    const [rid] = await someRecords(1);
    const before = (await rowsOf([rid])).length;
    await a.ctx.db.transaction((tx) =>
      enqueueCallbacks(tx, a.ctx, { instanceId: '1', recordId: rid, processCode: 'p', url: undefined, events: [{ event: 'submitted' }], payload: {} }),
    );
    expect((await rowsOf([rid])).length).toBe(before);
  });

  it('to a receiver failing half the time: none lost, none under two ids, all signed; the last failure flags the record and chongShi delivers it', async () => {
    const [r1, r2, r3, r4] = await someRecords(4, 1);
    const markers = Array.from({ length: 30 }, (_, i) => i + 1);
    await enqueue(r1, `http://127.0.0.1:${port}/flaky`, markers.slice(0, 10));
    await enqueue(r2, `http://127.0.0.1:${port}/flaky`, markers.slice(10, 20));
    await enqueue(r3, `http://127.0.0.1:${port}/flaky`, markers.slice(20));
    await until('the flaky deliveries to settle', async () => (await rowsOf([r1, r2, r3])).every((r) => r.status === 'delivered' || r.status === 'failed'));
    let rows = await rowsOf([r1, r2, r3]);
    expect(rows).toHaveLength(30);
    // whatever ran out of attempts is retried by hand (the receiver is still flaky: retry until it took)
    for (let i = 0; i < 10 && rows.some((r) => r.status === 'failed'); i++) {
      const ids = rows.filter((r) => r.status === 'failed').map((r) => r.id);
      expect((await a.post(`${P}/callback/failure/chongShi`, { ids }, admin)).statusCode).toBe(200);
      await until('retries to settle', async () => (await rowsOf([r1, r2, r3])).every((r) => r.status === 'delivered' || r.status === 'failed'));
      rows = await rowsOf([r1, r2, r3]);
    }
    expect(rows.every((r) => r.status === 'delivered')).toBe(true);

    const flaky = seen.filter((s) => s.path === '/flaky');
    expect(flaky.some((s) => s.status === 500)).toBe(true); // it did fail half the time
    expect(flaky.every((s) => s.signed)).toBe(true);
    for (const m of markers) {
      const got = flaky.filter((s) => s.marker === m);
      const ids = new Set(got.map((s) => s.delivery));
      expect(ids.size, `marker ${m}: one delivery id across its attempts`).toBe(1);
      expect(
        got.filter((s) => s.status === 200),
        `marker ${m}: delivered once`,
      ).toHaveLength(1);
      expect(rows.find((r) => r.id === [...ids][0])).toBeDefined();
    }
    for (const r of [r1, r2, r3]) expect(await flagOf(r)).toBe('0');

    // a receiver that is down: four attempts with backoff, then failed and the record flagged
    await enqueue(r4, `http://127.0.0.1:${port}/down`, [100]);
    await until('the down delivery to fail', async () => (await rowsOf([r4])).every((r) => r.status === 'failed'));
    const [failed] = await rowsOf([r4]);
    expect(failed).toMatchObject({ status: 'failed', attempts: 4, lastError: 'HTTP 500' });
    expect(await flagOf(r4)).toBe('1');
    expect(seen.filter((s) => s.marker === 100)).toHaveLength(4);

    const list = (await a.post(`${P}/callback/failure/list`, { processCode: 'testProcess' }, admin)).json().data;
    const row = list.rows.find((x: { id: string }) => x.id === failed.id);
    expect(row).toMatchObject({ recordId: r4, event: 'submitted', attempts: 4, lastError: 'HTTP 500', processCode: 'testProcess' });
    expect(row.recordNumber).not.toBe('');

    downHealed = true;
    const retry = (await a.post(`${P}/callback/failure/chongShi`, { ids: [failed.id] }, admin)).json().data;
    expect(retry).toEqual({ retried: 1, delivered: 1 });
    const [done] = await rowsOf([r4]);
    expect(done).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(await flagOf(r4)).toBe('0');
    const hits = seen.filter((s) => s.marker === 100);
    expect(hits).toHaveLength(5);
    expect(new Set(hits.map((s) => s.delivery))).toEqual(new Set([failed.id]));
    // retrying a delivered row does nothing
    expect((await a.post(`${P}/callback/failure/chongShi`, { ids: [failed.id] }, admin)).json().data).toEqual({ retried: 0, delivered: 0 });
  });

  it('never fetches an unlisted host, nor a listed name that resolves to a private address', async () => {
    const [rid] = await someRecords(1, 5);
    const before = seen.length;
    await enqueue(rid, `http://127.0.0.1:${port + 1 === 65536 ? 1 : port + 1}/x`, [200]); // not the listed port
    await enqueue(rid, `http://unlisted.example.com:${port}/x`, [201]);
    await enqueue(rid, `http://internal.localhost:${port}/x`, [202]); // matches *.localhost: a wildcard never reaches private addresses
    await until('the refused rows to fail', async () => (await rowsOf([rid])).filter((r) => r.status === 'failed').length >= 3);
    const failedRows = (await rowsOf([rid])).filter((r) => r.status === 'failed');
    const errors = failedRows.map((r) => r.lastError ?? '');
    expect(errors.filter((e) => e.includes('not in CALLBACK_ALLOWLIST'))).toHaveLength(2);
    const resolvesLocally = await new Promise<boolean>((r) => dns.lookup('internal.localhost', (err) => r(!err)));
    if (resolvesLocally) {
      expect(errors.some((e) => e.includes('private address'))).toBe(true);
      expect(failedRows.find((r) => (r.lastError ?? '').includes('private address'))?.attempts).toBe(1); // never retried
    }
    expect(seen.length).toBe(before);
    expect(await flagOf(rid)).toBe('1');
  });

  it('re-claims a row left delivering by a crashed claimer once its lease ran out (same delivery id)', async () => {
    const [rid] = await someRecords(1, 6);
    // as a claimer that died mid-delivery leaves it (written so in one transaction: no pass sees it pending):
    // delivering, one attempt, its lease still running
    await a.ctx.db.transaction(async (tx) => {
      await enqueueCallbacks(tx, a.ctx, {
        instanceId: '1000000000000000002',
        recordId: rid,
        processCode: 'testProcess',
        url: `http://127.0.0.1:${port}/ok`,
        events: [{ event: 'approved' }],
        payload: { marker: 300 },
      });
      await tx
        .update(processOutbox)
        .set({ status: 'delivering', attempts: 1, nextAt: new Date(Date.now() + 60_000) })
        .where(eq(processOutbox.recordId, rid));
    });
    const [row] = await rowsOf([rid]);
    await new Promise((r) => setTimeout(r, 300));
    expect((await rowsOf([rid]))[0].status).toBe('delivering'); // not taken while the lease runs
    await a.ctx.db
      .update(processOutbox)
      .set({ nextAt: new Date(Date.now() - 1000) })
      .where(eq(processOutbox.id, row.id));
    await until('the orphan delivered', async () => (await rowsOf([rid]))[0].status === 'delivered');
    expect((await rowsOf([rid]))[0].attempts).toBe(2);
    expect(seen.filter((s) => s.marker === 300).map((s) => s.delivery)).toEqual([row.id]);
  });

  it('a receiver that hangs is cut off by the timeout and retried until the row fails', async () => {
    const [rid] = await someRecords(1, 0); // the no-url test left it without rows
    const saved = a.ctx.config.callbackTimeoutMs;
    a.ctx.config.callbackTimeoutMs = 150;
    try {
      await enqueue(rid, `http://127.0.0.1:${port}/slow`, [400]);
      await until('the hanging delivery to fail', async () => (await rowsOf([rid]))[0]?.status === 'failed');
    } finally {
      a.ctx.config.callbackTimeoutMs = saved;
    }
    const [row] = await rowsOf([rid]);
    expect(row.attempts).toBe(4);
    expect(row.lastError).toMatch(/timeout|closed/);
    expect(seen.filter((s) => s.marker === 400)).toHaveLength(4);
    expect(await flagOf(rid)).toBe('1');
  });

  it('a process with a callback URL: publishing checks the allowlist; a submit and a task/del reach the receiver through the outbox', async () => {
    const zw = await a.login('zhangwei');
    const D = `${P}/processDefinition`;
    const item = (await a.post(`${D}/item/rule`, { code: 'feiYongShenQingLiuCheng' }, admin)).json().data;
    const def = { ...structuredClone(item.published), callbackUrl: 'http://unlisted.example.com/cb' };
    const saved = await a.post(`${D}/update/rule`, { code: 'feiYongShenQingLiuCheng', draftVersion: item.summary.draftVersion, definition: def }, admin);
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await a.post(`${D}/update/liuChengDingYi`, { code: 'feiYongShenQingLiuCheng' }, admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.map((e: { field: string }) => e.field)).toContain('definition.callbackUrl');
    const ok = await a.post(
      `${D}/update/rule`,
      { code: 'feiYongShenQingLiuCheng', draftVersion: saved.json().data.draftVersion, definition: { ...def, callbackUrl: `http://127.0.0.1:${port}/e2e` } },
      admin,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await a.post(`${D}/update/liuChengDingYi`, { code: 'feiYongShenQingLiuCheng' }, admin)).statusCode).toBe(200);

    const data = await expenseData(a, zw, '1000.00');
    const sub = await a.post(R.save, { formCode: 'feiYongShenQing', data, submit: true }, zw);
    expect(sub.statusCode, sub.body).toBe(200);
    const recordId: string = sub.json().data.id;
    const e2e = () => seen.filter((s) => s.path === '/e2e');
    await until('the submitted callback', async () => e2e().some((s) => s.event === 'submitted'));
    const [row] = await rowsOf([recordId]);
    expect(row).toMatchObject({ event: 'submitted', processCode: 'feiYongShenQingLiuCheng', url: `http://127.0.0.1:${port}/e2e` });
    await until('the row delivered', async () => (await rowsOf([recordId]))[0].status === 'delivered');
    expect(e2e().find((s) => s.event === 'submitted')).toMatchObject({ delivery: row.id, signed: true, status: 200 });

    // an administrator cancels its open tasks: the instance ends cancelled, and the receiver hears it
    expect((await a.post(`${P}/task/del`, {}, admin)).statusCode).toBe(422);
    const del = await a.post(`${P}/task/del`, { recordId, comment: '重复提交' }, admin);
    expect(del.statusCode, del.body).toBe(200);
    const [inst] = await a.ctx.db.select().from(processInstances).where(eq(processInstances.recordId, recordId));
    expect(inst.status).toBe('cancelled');
    const open = await a.ctx.db.select().from(processTasks).where(eq(processTasks.instanceId, inst.id));
    expect(open.filter((t) => t.status === 'pending' || t.status === 'waiting')).toEqual([]);
    await until('the cancelled callback', async () => e2e().some((s) => s.event === 'cancelled'));
    expect((await a.post(`${P}/task/del`, { recordId }, admin)).statusCode).not.toBe(200); // nothing left to cancel
  });

  it('checks addresses and patterns', async () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '224.0.0.1',
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(isPrivateAddress(ip), ip).toBe(false);
    const list = ['hooks.example.com', '*.partner.example', 'erp.example.com:8443', '10.0.0.5:9000'];
    expect(checkUrl('https://hooks.example.com/cb', list)).toMatchObject({ ok: true, exact: true });
    expect(checkUrl('https://a.b.partner.example/cb', list)).toMatchObject({ ok: true, exact: false });
    expect(checkUrl('https://partner.example/cb', list).ok).toBe(false);
    expect(checkUrl('https://evilpartner.example/cb', list).ok).toBe(false);
    expect(checkUrl('https://erp.example.com:8443/cb', list).ok).toBe(true);
    expect(checkUrl('https://erp.example.com/cb', list).ok).toBe(false);
    expect(checkUrl('ftp://hooks.example.com/cb', list).ok).toBe(false);
    expect(checkUrl('https://user:pw@hooks.example.com/cb', list).ok).toBe(false);
    expect(checkUrl('not a url', list).ok).toBe(false);
    expect(checkUrl('https://hooks.example.com/cb', []).ok).toBe(false);
    // a private IP literal only when listed exactly
    expect(callbackTarget('http://10.0.0.5:9000/cb', list)).toEqual({ ok: true, allowPrivate: true });
    expect(callbackTarget('http://10.0.0.6:9000/cb', list).ok).toBe(false);
    const refused = await new Promise<string | undefined>((r) => guardedLookup(false)('127.0.0.1', {}, (err) => r(err?.code)));
    expect(refused).toBe('EPRIVATEADDR');
    const allowed = await new Promise<string | undefined>((r) => guardedLookup(true)('127.0.0.1', {}, (err, addr) => r(err ? err.code : String(addr))));
    expect(allowed).toBe('127.0.0.1');
    expect([1, 2, 3, 4].map((n) => backoffMs(100, n))).toEqual([100, 200, 400, 800]);
    expect(backoffMs(1000, 40)).toBe(3_600_000);
  });
});

describe.runIf(PG_URL)('callbacks from two server processes on one PostgreSQL database', () => {
  it('each row is delivered exactly once (SKIP LOCKED claims)', { timeout: 180_000 }, async () => {
    const hits: { delivery: string; marker: number }[] = [];
    const receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        hits.push({
          delivery: String(req.headers['x-formwork-delivery']),
          marker: (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { marker: number }).marker,
        });
        // a little latency, so that both processes are claiming at the same time
        setTimeout(() => res.end('ok'), 5);
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const port = (receiver.address() as AddressInfo).port;
    const name = `formwork_t_two_${Date.now().toString(36)}`;
    const adminClient = new pg.Client({ connectionString: PG_URL! });
    await adminClient.connect();
    await adminClient.query(`create database ${name}`);
    const u = new URL(PG_URL!);
    u.pathname = `/${name}`;
    const env = { DATABASE_URL: u.toString(), CALLBACK_ALLOWLIST: `127.0.0.1:${port}`, CALLBACK_POLL_MS: '20', CALLBACK_BASE_DELAY_MS: '20' };
    // two server processes on one database, both dispatching (background on), while rows arrive
    const on = { ...env, PROCESS_BACKGROUND: '1' };
    try {
      const p1 = await startTestApp({ env: on });
      const p2 = await startTestApp({ env: on });
      try {
        await Promise.all([p1.inject({ method: 'GET', url: '/health' }), p2.inject({ method: 'GET', url: '/health' })]);
        const list = await p1.ctx.db.select({ id: records.id }).from(records).orderBy(records.id).limit(5);
        let marker = 0;
        for (let round = 0; round < 10; round++) {
          const target = round % 2 ? p1 : p2;
          await target.ctx.db.transaction(async (tx) => {
            for (const r of list) {
              marker++;
              await enqueueCallbacks(tx, target.ctx, {
                instanceId: '1000000000000000003',
                recordId: r.id,
                processCode: 'two',
                url: `http://127.0.0.1:${port}/two`,
                events: [{ event: 'approved' }],
                payload: { marker },
              });
            }
          });
          void kickDispatcher(p1.ctx);
          void kickDispatcher(p2.ctx);
        }
        await until(
          'all delivered',
          async () => (await p1.ctx.db.select().from(processOutbox).where(eq(processOutbox.processCode, 'two'))).every((r) => r.status === 'delivered'),
          60_000,
        );
        const rows = await p1.ctx.db.select().from(processOutbox).where(eq(processOutbox.processCode, 'two'));
        expect(rows).toHaveLength(50);
        expect(rows.every((r) => r.attempts === 1)).toBe(true);
        expect(hits).toHaveLength(50);
        expect(new Set(hits.map((h) => h.delivery)).size).toBe(50);
        expect(new Set(hits.map((h) => h.marker)).size).toBe(50);
      } finally {
        await p1.stop();
        await p2.stop();
      }
    } finally {
      await new Promise((r) => receiver.close(r));
      // let the pools' backends go before the drop (a forced drop would kill a closing client)
      for (let i = 0; i < 100; i++) {
        const r = await adminClient.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (r.rows[0].n === 0) break;
        await new Promise((res) => setTimeout(res, 50));
      }
      await adminClient.query(`drop database if exists ${name} with (force)`);
      await adminClient.end();
    }
  });
});
