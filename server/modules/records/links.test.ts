// Document links and deriving: the server fills a settlement / write-off from its application
// by the definition's derive mapping, and writes the link (record_links) in the new document's
// save transaction, holding each kind's uniqueness rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';
import { dealerValue, expenseForm } from '../../test/fixtures';
import { recordLinks, records } from '../../db/schema';
import { registerRecordHooks } from './hooks';

const SAVE = '/emp/api/v2/biaoDan/record/save';
const DERIVE = '/emp/api/v2/biaoDan/record/derive';
const DEL = '/emp/api/v2/biaoDan/record/delete';

describe.each(BACKENDS)('record links and derive (%s)', (backend) => {
  let a: TestApp;
  let admin: string;
  let zw: string;
  let lina: string;
  let app: { id: string; number: string };
  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    admin = await a.login('admin');
    zw = await a.login('zhangwei');
    lina = await a.login('lina');
    const r = await a.post(SAVE, { formCode: 'feiYongShenQing', data: { huoDongMingCheng: '端午陈列' } }, zw);
    expect(r.statusCode).toBe(200);
    app = r.json().data;
  });
  afterAll(async () => a?.stop());

  const linksFrom = (id: string) => a.ctx.db.select().from(recordLinks).where(eq(recordLinks.fromId, id));
  const validCount = async (formCode: string) =>
    (
      await a.ctx.db
        .select({ id: records.id })
        .from(records)
        .where(and(eq(records.formCode, formCode), eq(records.isYouXiao, '1')))
    ).length;

  it('answers the prefilled settlement by the catalog mapping (the application number, the mapped fields only)', async () => {
    const r = await a.post(DERIVE, { formCode: 'feiYongJieAn', fromId: app.id }, zw);
    expect(r.statusCode).toBe(200);
    expect(r.json().data).toStrictEqual({
      formCode: 'feiYongJieAn',
      // the application's number and form code, and its mapped fields that have a value (no lines yet)
      data: { shenQingDanHao: app.number, laiYuanBiaoDan: 'feiYongShenQing', huoDongMingCheng: '端午陈列' },
      derivedFrom: { id: app.id, formCode: 'feiYongShenQing', number: app.number, kind: 'settles' },
    });
    // a write-off is made from a settlement, not from the application
    expect((await a.post(DERIVE, { formCode: 'feiYongHeXiao', fromId: app.id }, zw)).statusCode).toBe(422);
  });

  it('refuses a source the user may not read, a missing one, and forms that do not derive from it', async () => {
    expect((await a.post(DERIVE, { formCode: 'feiYongJieAn', fromId: app.id }, lina)).statusCode).toBe(403);
    expect((await a.post(DERIVE, { formCode: 'feiYongJieAn', fromId: '1999999999999999999' }, zw)).statusCode).toBe(404);
    const noDerive = await a.post(DERIVE, { formCode: 'feiYongShenQing', fromId: app.id }, zw);
    expect(noDerive.statusCode).toBe(422);
    expect(noDerive.json().errors[0]).toMatchObject({ field: 'derivedFrom', code: 'notDerivable' });
    const settlement = (await a.post(SAVE, { formCode: 'feiYongJieAn', data: {} }, zw)).json().data;
    expect((await a.post(DERIVE, { formCode: 'feiYongJieAn', fromId: settlement.id }, zw)).statusCode).toBe(422);
    // derivedFrom belongs to a new document only
    expect((await a.post(SAVE, { formCode: 'feiYongJieAn', id: settlement.id, version: 1, data: {}, derivedFrom: app.id }, zw)).statusCode).toBe(422);
  });

  it('writes the link with the new document; one settlement per application, write-offs in parts', async () => {
    // the expense rules settle only an approved application (and write off an approved settlement)
    const approve = (id: string) => a.ctx.db.update(records).set({ shenPiZhuangTai: '2' }).where(eq(records.id, id));
    await approve(app.id);
    const derived = (await a.post(DERIVE, { formCode: 'feiYongJieAn', fromId: app.id }, zw)).json().data;
    const s1 = await a.post(SAVE, { formCode: 'feiYongJieAn', data: derived.data, derivedFrom: app.id }, zw);
    expect(s1.statusCode).toBe(200);
    const settlementId = s1.json().data.id;
    expect((await linksFrom(app.id)).map((l) => [l.kind, l.toId, l.createdBy.length > 0])).toEqual([['settles', settlementId, true]]);
    // a second settlement of the same application: refused at derive and at save, nothing written
    const again = await a.post(DERIVE, { formCode: 'feiYongJieAn', fromId: app.id }, zw);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('该单据已生成过费用结案，不能重复生成');
    const before = await validCount('feiYongJieAn');
    const s2 = await a.post(SAVE, { formCode: 'feiYongJieAn', data: derived.data, derivedFrom: app.id }, zw);
    expect(s2.statusCode).toBe(409);
    expect(await validCount('feiYongJieAn')).toBe(before);
    // deleting the settlement frees the application for a new one
    expect((await a.post(DEL, { formCode: 'feiYongJieAn', id: settlementId, version: 1 }, zw)).json().code).toBe(0);
    expect(await linksFrom(app.id)).toEqual([]);
    const s3 = await a.post(SAVE, { formCode: 'feiYongJieAn', data: derived.data, derivedFrom: app.id }, zw);
    expect(s3.statusCode).toBe(200);
    const s3Id = s3.json().data.id;
    await approve(s3Id);
    // two write-offs of one settlement
    const wd = (await a.post(DERIVE, { formCode: 'feiYongHeXiao', fromId: s3Id }, zw)).json().data;
    expect(wd.derivedFrom.kind).toBe('writesOff');
    for (let i = 0; i < 2; i++) {
      const w = await a.post(SAVE, { formCode: 'feiYongHeXiao', data: { shenQingDanHao: app.number }, derivedFrom: s3Id }, zw);
      expect(w.statusCode, w.body).toBe(200);
    }
    expect((await linksFrom(s3Id)).map((l) => l.kind)).toEqual(['writesOff', 'writesOff']);
    expect((await linksFrom(app.id)).map((l) => [l.kind, l.toId])).toEqual([['settles', s3Id]]);
  });

  it('gives hooks the link, and a hook that throws takes the link back with the document', async () => {
    const other = (await a.post(SAVE, { formCode: 'feiYongShenQing', data: { huoDongMingCheng: '中秋' } }, zw)).json().data;
    await a.ctx.db.update(records).set({ shenPiZhuangTai: '2' }).where(eq(records.id, other.id));
    const seen: unknown[] = [];
    const off = registerRecordHooks(a.ctx, {
      formTypes: [80022],
      afterWrite: (e) => {
        seen.push(e.link);
        throw new Error('no');
      },
    });
    try {
      expect((await a.post(SAVE, { formCode: 'feiYongJieAn', data: {}, derivedFrom: other.id }, zw)).statusCode).toBe(500);
    } finally {
      off();
    }
    expect(seen).toEqual([{ kind: 'settles', fromId: other.id }]);
    expect(await linksFrom(other.id)).toEqual([]);
  });

  it('maps sub-form rows by the declared columns', async () => {
    const src = expenseForm('lnkSrc');
    const dst = expenseForm('lnkDst', {
      formType: 0,
      derive: {
        from: ['lnkSrc'],
        kind: 'derives',
        fields: [
          { to: 'amount', from: 'amount' },
          { to: 'remark', from: 'title' },
        ],
        rows: [{ to: 'mingXi', from: 'mingXi', fields: [{ to: 'item', from: 'item' }] }],
      },
    });
    for (const d of [src, dst]) {
      expect((await a.post('/tpm/emp/system/commons/biaoDan/edit-save.action', { definition: d }, admin)).json().code).toBe(0);
      expect((await a.post('/emp/api/v2/biaoDan/publish', { code: d.code }, admin)).json().code).toBe(0);
    }
    const s = (
      await a.post(
        SAVE,
        { formCode: 'lnkSrc', data: { dealer: dealerValue(1), amount: '8.00', mingXi: [{ item: '端架', price: '3.00' }, { item: '堆头' }] } },
        zw,
      )
    ).json().data;
    const d = (await a.post(DERIVE, { formCode: 'lnkDst', fromId: s.id }, zw)).json().data;
    expect(d.data).toStrictEqual({ amount: '8.00', remark: '经销商1-8.00', mingXi: [{ item: '端架' }, { item: '堆头' }] });
    // the derived kind has no one-per-source rule: two documents from one source
    for (let i = 0; i < 2; i++) expect((await a.post(SAVE, { formCode: 'lnkDst', data: d.data, derivedFrom: s.id }, zw)).statusCode).toBe(200);
    expect((await linksFrom(s.id)).map((l) => l.kind)).toEqual(['derives', 'derives']);
  });
});
