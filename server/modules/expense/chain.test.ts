// The document chain (POST /emp/api/v2/feiYong/danJu/lianLu): from each document of a chain —
// application → settlement → two write-offs → a payment — the same chain comes back (the
// application first, each document after its source, the asked one marked), the application's
// money with what is left at each step, and the pool lines summed from the ledger. Who may ask:
// the owner and the administrator; another employee gets 403; a missing or deleted document 404.
// The chain's documents and links are written straight into the database (the lifecycle that
// makes them is tested in lifecycle.test.ts); the money moves through ledger.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { endpoints, pathOf } from '../../../schemas/api';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';
import { budgetPools, formDefinitions, recordLinks, records, users } from '../../db/schema';
import { newId } from '../../lib/ids';
import { postMovement } from './ledger';

const CHAIN = pathOf(endpoints.expense.chain, '/tpm');

describe.each(BACKENDS)('the expense document chain (%s)', (backend) => {
  let a: TestApp;
  let zw: string;
  let lina: string;
  let admin: string;
  let zwId: string;
  let seq = 0;

  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    [zw, lina, admin] = await Promise.all(['zhangwei', 'lina', 'admin'].map((u) => a.login(u)));
    [{ id: zwId }] = await a.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'zhangwei'));
  }, 180_000);
  afterAll(async () => a?.stop());

  const versionOf = async (formCode: string) => {
    const [d] = await a.ctx.db.select({ v: formDefinitions.latestVersion }).from(formDefinitions).where(eq(formDefinitions.code, formCode));
    return d?.v || 1;
  };

  /** A document of `formCode` owned by zhangwei, straight into the records table. */
  async function doc(formCode: string, status: string, data: Record<string, unknown>, link?: { kind: string; from: string }) {
    const id = newId();
    const number = `CH${Date.now().toString(36)}${++seq}`.toUpperCase();
    await a.ctx.db.insert(records).values({
      id,
      formCode,
      number,
      rowCreateId: zwId,
      rowCreateDate: `2026-03-0${1 + (seq % 9)} 10:00:00`,
      shenPiZhuangTai: status,
      definitionVersion: await versionOf(formCode),
      data,
    });
    if (link) await a.ctx.db.insert(recordLinks).values({ kind: link.kind, fromId: link.from, toId: id, createdBy: zwId });
    return { id, number };
  }

  async function pool(code: string, amount: string) {
    const id = newId();
    await a.ctx.db.insert(budgetPools).values({ id, code, name: `链路测试池 ${code}`, amount: '0' });
    await a.ctx.db.transaction((tx) => postMovement(tx, { poolId: id, kind: 'load', amount, userId: zwId }));
    return id;
  }

  const chainOf = async (id: string, token: string) => a.post(CHAIN, { id }, token);

  it('answers the same chain from every document, with the money left at each step and the pool lines', async () => {
    const p1 = await pool(`CH-P1-${backend}`, '10000.00');
    const p2 = await pool(`CH-P2-${backend}`, '10000.00');
    const app = await doc('feiYongShenQing', '2', {
      shenQingJinE: '3000.30',
      mingXi: [
        { _id: 'l1', jinE: '1000.10', pinPai: { id: '1', name: '清泉山' }, danPin: { id: '2', name: '清泉山天然水' } },
        { _id: 'l2', jinE: '2000.20', yuSuanChi: p2 },
      ],
    });
    // the application's money: occupied on submit, settled (l1 1000.10 → 900.00, l2 2000.20 → 1500.00), the rest released
    await a.ctx.db.transaction(async (tx) => {
      const base = { applicationId: app.id, recordId: app.id, formCode: 'feiYongShenQing', userId: zwId };
      await postMovement(tx, { ...base, poolId: p1, lineId: 'l1', kind: 'occupy', amount: '1000.10', action: 'submit' });
      await postMovement(tx, { ...base, poolId: p2, lineId: 'l2', kind: 'occupy', amount: '2000.20', action: 'submit' });
      await postMovement(tx, { ...base, poolId: p1, lineId: 'l1', kind: 'consume', amount: '900.00', action: 'approve' });
      await postMovement(tx, { ...base, poolId: p1, lineId: 'l1', kind: 'release', amount: '100.10', action: 'approve' });
      await postMovement(tx, { ...base, poolId: p2, lineId: 'l2', kind: 'consume', amount: '1500.00', action: 'approve' });
      // l2 keeps 500.20 held (a settlement not yet approved would leave it so)
    });
    await a.ctx.db
      .execute(sql`insert into expense_amounts (application_id, form_code, applied, occupied, settled, released, writing_off, written_off, paying, paid)
      values (${app.id}, 'feiYongShenQing', 3000.30, 500.20, 2400.00, 100.10, 400.00, 1200.00, 200.00, 700.00)`);
    const settlement = await doc('feiYongJieAn', '2', { shiJiJinE: '2400.00' }, { kind: 'settles', from: app.id });
    const w1 = await doc('feiYongHeXiao', '2', { heXiaoJinE: '1200.00' }, { kind: 'writesOff', from: settlement.id });
    const w2 = await doc('feiYongHeXiao', '1', { heXiaoJinE: '400.00' }, { kind: 'writesOff', from: settlement.id });
    const pay = await doc('feiYongZhiFu', '2', { zhiFuJinE: '700.00' }, { kind: 'pays', from: w1.id });
    // the supplementary-invoice application the approved write-off made
    const sup = await doc('buFaPiaoShenQing', '0', { queFaPiaoJinE: '150.50' }, { kind: 'derives', from: w1.id });
    // another application's documents stay out
    const other = await doc('feiYongShenQing', '0', { shenQingJinE: '1.00' });
    await doc('feiYongJieAn', '0', { shiJiJinE: '1.00' }, { kind: 'settles', from: other.id });

    const expected = [
      { id: app.id, number: app.number, formCode: 'feiYongShenQing', kind: 'application', status: '2', amount: '3000.30', fromId: null },
      { id: settlement.id, formCode: 'feiYongJieAn', kind: 'settlement', status: '2', amount: '2400.00', fromId: app.id },
      ...[
        { id: w1.id, formCode: 'feiYongHeXiao', kind: 'writeOff', status: '2', amount: '1200.00', fromId: settlement.id },
        { id: w2.id, formCode: 'feiYongHeXiao', kind: 'writeOff', status: '1', amount: '400.00', fromId: settlement.id },
      ].sort((x, y) => x.id.localeCompare(y.id)),
      ...[
        { id: pay.id, formCode: 'feiYongZhiFu', kind: 'payment', status: '2', amount: '700.00', fromId: w1.id },
        { id: sup.id, formCode: 'buFaPiaoShenQing', kind: 'supplementaryInvoice', status: '0', amount: '150.50', fromId: w1.id },
      ].sort((x, y) => x.id.localeCompare(y.id)),
    ];
    // from the supplementary invoice: not up (a derived document is not part of the chain above it), only itself
    const own = (await chainOf(sup.id, zw)).json().data;
    expect(own.application).toBeNull();
    expect(own.documents.map((d: { id: string; kind: string }) => [d.id, d.kind])).toEqual([[sup.id, 'supplementaryInvoice']]);
    for (const asked of [app, settlement, w1, w2, pay]) {
      const r = await chainOf(asked.id, zw);
      expect(r.statusCode, r.body).toBe(200);
      const c = r.json().data;
      expect(c.documents.map((d: Record<string, unknown>) => ({ ...d }))).toMatchObject(
        expected.map((e) => ({ ...e, readable: true, current: e.id === asked.id, rowCreateDate: expect.stringMatching(/^2026-03-0\d/) })),
      );
      expect(c.documents).toHaveLength(6);
      expect(c.application).toStrictEqual({
        id: app.id,
        number: app.number,
        formCode: 'feiYongShenQing',
        status: '2',
        applied: '3000.30',
        occupied: '500.20',
        settled: '2400.00',
        released: '100.10',
        writingOff: '400.00',
        writtenOff: '1200.00',
        paying: '200.00',
        paid: '700.00',
        remainingToSettle: '500.20',
        remainingToWriteOff: '800.00',
        remainingToPay: '300.00',
      });
      expect(c.lines).toStrictEqual(
        [
          {
            poolId: p1,
            poolCode: `CH-P1-${backend}`,
            poolName: `链路测试池 CH-P1-${backend}`,
            lineId: 'l1',
            lineNo: 1,
            lineLabel: '清泉山 · 清泉山天然水',
            occupied: '0.00',
            consumed: '900.00',
          },
          {
            poolId: p2,
            poolCode: `CH-P2-${backend}`,
            poolName: `链路测试池 CH-P2-${backend}`,
            lineId: 'l2',
            lineNo: 2,
            lineLabel: null,
            occupied: '500.20',
            consumed: '1500.00',
          },
        ].sort((x, y) => x.poolId.localeCompare(y.poolId)),
      );
    }
  });

  it('makes the application lookup (getShenQingDanLeiXing) answer the linked settlement (type 1) and the newest write-off (type 2)', async () => {
    const url = pathOf(endpoints.records.applicationType, '/tpm');
    const app = await doc('feiYongShenQing', '2', { shenQingJinE: '9.00' });
    expect((await a.post(url, { number: app.number, type: 1 }, zw)).json().data).toMatchObject({ id: app.id, feiYongLeiXing: 80022, linkedId: null });
    const s = await doc('feiYongJieAn', '2', { shiJiJinE: '9.00' }, { kind: 'settles', from: app.id });
    const w1 = await doc('feiYongHeXiao', '2', { heXiaoJinE: '4.00' }, { kind: 'writesOff', from: s.id });
    const w2 = await doc('feiYongHeXiao', '1', { heXiaoJinE: '5.00' }, { kind: 'writesOff', from: s.id });
    expect((await a.post(url, { number: app.number, type: 1 }, zw)).json().data).toMatchObject({ id: app.id, feiYongLeiXing: 80022, linkedId: s.id });
    const newest = [w1.id, w2.id].sort().at(-1);
    expect((await a.post(url, { number: app.number, type: 2 }, zw)).json().data).toMatchObject({ id: app.id, feiYongLeiXing: 810510, linkedId: newest });
    // without a type the application itself
    expect((await a.post(url, { number: app.number }, zw)).json().data).toMatchObject({ id: app.id, feiYongLeiXing: 80021, linkedId: null });
  });

  it('answers an application alone, with nothing left to settle while it is in approval', async () => {
    const app = await doc('feiYongShenQing', '1', { shenQingJinE: '12000.00' });
    const c = (await chainOf(app.id, zw)).json().data;
    expect(c.documents).toHaveLength(1);
    expect(c.documents[0]).toMatchObject({ id: app.id, kind: 'application', current: true, fromId: null, amount: '12000.00' });
    // no expense_amounts row yet: the applied amount from the document, the rest zero
    expect(c.application).toMatchObject({
      applied: '12000.00',
      occupied: '0.00',
      remainingToSettle: '0.00',
      remainingToWriteOff: '0.00',
      remainingToPay: '0.00',
    });
    expect(c.lines).toEqual([]);
  });

  it('answers a chain that does not start at an application without money', async () => {
    const s = await doc('feiYongJieAn', '0', { shiJiJinE: '10.00' });
    const c = (await chainOf(s.id, zw)).json().data;
    expect(c).toStrictEqual({
      application: null,
      documents: [expect.objectContaining({ id: s.id, kind: 'settlement', amount: '10.00', current: true })],
      lines: [],
    });
  });

  it('lets the owner and the administrator read it; another employee gets 403, a missing or deleted document 404, no session 401', async () => {
    const app = await doc('feiYongShenQing', '0', { shenQingJinE: '5.00' });
    const s = await doc('feiYongJieAn', '0', { shiJiJinE: '5.00' }, { kind: 'settles', from: app.id });
    expect((await chainOf(s.id, admin)).json().data.documents.map((d: { id: string }) => d.id)).toEqual([app.id, s.id]);
    const denied = await chainOf(s.id, lina);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().msg).toBeTruthy();
    expect((await chainOf('1999999999999999999', zw)).statusCode).toBe(404);
    expect((await chainOf(s.id, '')).statusCode).toBe(401);
    expect((await a.post(CHAIN, { id: 'x' }, zw)).statusCode).toBe(422);
    // a deleted settlement: 404 from itself, and gone from its application's chain
    await a.ctx.db
      .update(records)
      .set({ isYouXiao: '0' })
      .where(and(eq(records.id, s.id)));
    expect((await chainOf(s.id, zw)).statusCode).toBe(404);
    expect((await chainOf(app.id, zw)).json().data.documents.map((d: { id: string }) => d.id)).toEqual([app.id]);
  });

  it('marks the documents the caller may not open (a chain of another owner read by the administrator stays whole)', async () => {
    const [{ id: linaId }] = await a.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'lina'));
    const app = await doc('feiYongShenQing', '2', { shenQingJinE: '7.00' });
    // a write-off made by lina (a handover, say) on zhangwei's application
    const w = await doc('feiYongHeXiao', '0', { heXiaoJinE: '7.00' }, { kind: 'writesOff', from: app.id });
    await a.ctx.db.update(records).set({ rowCreateId: linaId }).where(eq(records.id, w.id));
    const mine = (await chainOf(app.id, zw)).json().data.documents;
    expect(mine.map((d: { id: string; readable: boolean }) => [d.id, d.readable])).toEqual([
      [app.id, true],
      [w.id, false],
    ]);
    expect((await chainOf(w.id, lina)).json().data.documents.map((d: { id: string; readable: boolean }) => [d.id, d.readable])).toEqual([
      [app.id, false],
      [w.id, true],
    ]);
  });
});
