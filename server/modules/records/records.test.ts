import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import dayjs from 'dayjs';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';
import { clearSessionCache } from '../auth';
import { expenseForm, dealerValue } from '../../test/fixtures';
import { users, records } from '../../db/schema';
import { FORM_TYPES } from '../../../schemas';

const SAVE = '/emp/api/v2/biaoDan/record/save';
const LIST = '/emp/api/v2/biaoDan/record/list';
const GET = '/emp/api/v2/biaoDan/record/get';
const DEL = '/emp/api/v2/biaoDan/record/delete';

describe.each(BACKENDS)('records (%s)', (backend) => {
  let a: TestApp;
  let admin: string;
  let zw: string;
  let lina: string;
  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    admin = await a.login('admin');
    zw = await a.login('zhangwei');
    lina = await a.login('lina');
    for (const code of ['rec', 'rec2']) {
      await a.post('/tpm/emp/system/commons/biaoDan/edit-save.action', { definition: expenseForm(code) }, admin);
      await a.post('/emp/api/v2/biaoDan/publish', { code }, admin);
    }
  });
  afterAll(async () => a?.stop());

  const create = (data: Record<string, unknown>, token = zw, formCode = 'rec', submit = false) => a.post(SAVE, { formCode, data, submit }, token);

  it('creates a record with a generated number, system fields and its definition version', async () => {
    const r = await create({ dealer: dealerValue(1), amount: '1234.50', mingXi: [{ item: '端架', price: '10.00' }] });
    expect(r.statusCode).toBe(200);
    const { id, number, version } = r.json().data;
    expect(id).toMatch(/^[0-9]{19}$/);
    expect(number).toBe(`FYSQ${dayjs().format('YYYYMMDD')}0001`);
    expect(version).toBe(1);
    const g = (await a.post(GET, { formCode: 'rec', id }, zw)).json().data;
    expect(g.definitionVersion).toBe(1);
    expect(g.record).toMatchObject({
      number,
      title: '经销商1-1234.50',
      isYouXiao: '1',
      rowCreateName: '张伟',
      rowCreateBuMenName: '华东大区销售部',
      shenPiZhuangTai: '0',
      rowClick: 0,
    });
    expect(g.record.rowCreateDate).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(g.record.data.amount).toBe('1234.50');
    const second = (await create({ dealer: dealerValue(2), amount: '1.00' })).json().data;
    expect(second.number).toBe(`FYSQ${dayjs().format('YYYYMMDD')}0002`);
  });

  it('validates every write with the compiled record schema (422, field-keyed)', async () => {
    const r = await create({ dealer: dealerValue(), amount: 12.5, unknownThing: 'x', mingXi: [{ price: '1.234' }] }, zw, 'rec', true);
    expect(r.statusCode).toBe(422);
    const fields = r.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['amount', 'unknownThing', 'mingXi.0.item']));
    // a submit needs the required fields; a draft does not
    expect((await create({}, zw, 'rec', true)).json().errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['dealer', 'amount']));
    expect((await create({}, zw, 'rec', false)).statusCode).toBe(200);
    expect((await a.post(SAVE, { formCode: 'nope', data: {} }, zw)).statusCode).toBe(404);
  });

  it('sanitizes rich text before storing it', async () => {
    const r = (await create({ remark: '<p onclick="x()">hi<script>alert(1)</script><a href="javascript:alert(1)">l</a></p>' })).json().data;
    const g = (await a.post(GET, { formCode: 'rec', id: r.id }, zw)).json().data.record;
    expect(g.data.remark).toBe('<p>hi<a rel="noopener noreferrer">l</a></p>');
  });

  it('updates with the row version; a stale version answers 409', async () => {
    const { id } = (await create({ dealer: dealerValue(), amount: '5.00' })).json().data;
    const u1 = await a.post(SAVE, { formCode: 'rec', id, version: 1, data: { dealer: dealerValue(), amount: '6.00' } }, zw);
    expect(u1.json().data.version).toBe(2);
    const stale = await a.post(SAVE, { formCode: 'rec', id, version: 1, data: { dealer: dealerValue(), amount: '7.00' } }, zw);
    expect(stale.statusCode).toBe(409);
    expect((await a.post(GET, { formCode: 'rec', id }, zw)).json().data.record.data.amount).toBe('6.00');
    // submitted documents can no longer be edited
    await a.post(SAVE, { formCode: 'rec', id, version: 2, data: { dealer: dealerValue(), amount: '6.00' }, submit: true }, zw);
    const locked = await a.post(SAVE, { formCode: 'rec', id, version: 3, data: { dealer: dealerValue(), amount: '8.00' } }, zw);
    expect(locked.statusCode).toBe(409);
  });

  it('keeps number/code values unique per form (409 with the field)', async () => {
    expect((await create({ activityCode: 'HD-001' })).statusCode).toBe(200);
    const dup = await create({ activityCode: 'HD-001' }, lina);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors[0]).toMatchObject({ field: 'activityCode' });
    expect(dup.json().errors[0].message).toContain('HD-001');
    // another form may use the same value
    expect((await create({ activityCode: 'HD-001' }, zw, 'rec2')).statusCode).toBe(200);
    // deleting frees the value
    const { id } = (await create({ activityCode: 'HD-002' })).json().data;
    expect((await a.post(DEL, { formCode: 'rec', id, version: 1 }, zw)).json().code).toBe(0);
    expect((await create({ activityCode: 'HD-002' })).statusCode).toBe(200);
  });

  it('soft-deletes (isYouXiao) with the row version', async () => {
    const { id } = (await create({ amount: '3.00' })).json().data;
    expect((await a.post(DEL, { formCode: 'rec', id, version: 7 }, zw)).statusCode).toBe(409);
    expect((await a.post(DEL, { formCode: 'rec', id, version: 1 }, zw)).json().code).toBe(0);
    expect((await a.post(GET, { formCode: 'rec', id }, zw)).statusCode).toBe(404);
    const [row] = await a.ctx.db.select().from(records).where(eq(records.id, id));
    expect(row.isYouXiao).toBe('0');
  });

  it('enforces ownership: creator, handover persons and admin only', async () => {
    const { id } = (await create({ amount: '9.00' })).json().data;
    expect((await a.post(GET, { formCode: 'rec', id }, lina)).statusCode).toBe(403);
    expect((await a.post(SAVE, { formCode: 'rec', id, version: 1, data: {} }, lina)).statusCode).toBe(403);
    expect((await a.post(DEL, { formCode: 'rec', id, version: 1 }, lina)).statusCode).toBe(403);
    expect((await a.post(GET, { formCode: 'rec', id }, admin)).statusCode).toBe(200);
    // lina's list holds exactly her own record of the form (never an empty list passing by default)
    const own = (await create({ amount: '9.50' }, lina)).json().data;
    const linaList = (await a.post(LIST, { formCode: 'rec' }, lina)).json().data;
    expect(linaList.rows.map((r: { id: string; rowCreateName: string }) => [r.id, r.rowCreateName])).toEqual([[own.id, '李娜']]);
    expect(linaList.totalRecord).toBe(1);
    // the administrator's list holds both
    const adminIds = (await a.post(LIST, { formCode: 'rec', limit: 50 }, admin)).json().data.rows.map((r: { id: string }) => r.id);
    expect(adminIds).toEqual(expect.arrayContaining([own.id, id]));
    // lina takes over zhangwei's documents
    const [zwUser] = await a.ctx.db.select().from(users).where(eq(users.username, 'zhangwei'));
    await a.ctx.db.update(users).set({ jiaoJieRenIds: zwUser.id }).where(eq(users.username, 'lina'));
    clearSessionCache(a.ctx.db); // an administrator's change, seen at once
    expect((await a.post(GET, { formCode: 'rec', id }, lina)).statusCode).toBe(200);
    await a.ctx.db.update(users).set({ jiaoJieRenIds: '' }).where(eq(users.username, 'lina'));
    clearSessionCache(a.ctx.db); // an administrator's change, seen at once
  });

  it('validates an update under the definition version the record was written under', async () => {
    const { id } = (await create({ amount: '1.00', qty: 3 }, zw, 'rec2')).json().data;
    const v2 = expenseForm('rec2');
    v2.fields = v2.fields.filter((f) => f.key !== 'qty');
    await a.post('/tpm/emp/system/commons/biaoDan/edit-save.action', { definition: v2 }, admin);
    expect((await a.post('/emp/api/v2/biaoDan/publish', { code: 'rec2' }, admin)).json().data.version).toBe(2);
    // the old record still saves with qty (version 1); a new record may not have it
    expect((await a.post(SAVE, { formCode: 'rec2', id, version: 1, data: { amount: '2.00', qty: 4 } }, zw)).statusCode).toBe(200);
    expect((await create({ qty: 1 }, zw, 'rec2')).statusCode).toBe(422);
    const g = (await a.post(GET, { formCode: 'rec2', id }, zw)).json().data;
    expect(g.definitionVersion).toBe(1);
  });

  describe('lists', () => {
    beforeAll(async () => {
      await a.post('/tpm/emp/system/commons/biaoDan/edit-save.action', { definition: expenseForm('lst') }, admin);
      await a.post('/emp/api/v2/biaoDan/publish', { code: 'lst' }, admin);
      for (let i = 1; i <= 25; i++) {
        await create(
          { dealer: dealerValue(i % 3), amount: `${i * 10}.00`, channel: i % 2 ? 'KA' : 'TT', qty: i, startDate: `2026-03-${String(i).padStart(2, '0')}` },
          i <= 20 ? zw : lina,
          'lst',
        );
      }
    });

    it('pages newest first with the envelope of spec §3 and the maintained total', async () => {
      const p1 = (await a.post(LIST, { formCode: 'lst' }, admin)).json().data;
      expect(p1).toMatchObject({ pageSize: 20, currentPage: 1, totalRecord: 25 });
      expect(p1.rows).toHaveLength(20);
      expect(p1.rows[0].data.qty).toBe(25);
      expect(p1.totalIsEstimate).toBeUndefined();
      const p2 = (await a.post(LIST, { formCode: 'lst', page: 2 }, admin)).json().data;
      expect(p2.rows.map((r: { data: { qty: number } }) => r.data.qty)).toEqual([5, 4, 3, 2, 1]);
      // keyset: the cursor of page 1 gives page 2
      const k = (await a.post(LIST, { formCode: 'lst', cursor: p1.nextCursor }, admin)).json().data;
      expect(k.rows.map((r: { id: string }) => r.id)).toEqual(p2.rows.map((r: { id: string }) => r.id));
      expect(k.totalRecord).toBe(25);
      expect((await a.post(LIST, { formCode: 'lst', limit: 15 }, admin)).statusCode).toBe(422);
      expect((await a.post(LIST, { formCode: 'lst', limit: 10 }, admin)).json().data.rows).toHaveLength(10);
    });

    it('answers each listed row exactly as a read answers the record (the JSON the database builds)', async () => {
      const r = await a.post(LIST, { formCode: 'lst', limit: 10 }, admin);
      expect(r.headers['content-type']).toMatch(/^application\/json/);
      const listed = r.json().data.rows as { id: string }[];
      for (const row of listed.slice(0, 3)) {
        const g = (await a.post(GET, { formCode: 'lst', id: row.id }, admin)).json().data;
        expect(row).toStrictEqual(g.record);
      }
      // an empty page is still a well-formed envelope
      const none = (await a.post(LIST, { formCode: 'lst', filters: [{ key: 'channel', op: 'eq', value: 'none' }] }, admin)).json();
      expect(none).toStrictEqual({ code: 0, msg: 'ok', data: { pageSize: 20, currentPage: 1, totalRecord: 0, rows: [] } });
    });

    it('filters and sorts on JSONB fields and system fields', async () => {
      const q = (body: Record<string, unknown>, token = admin) => a.post(LIST, { formCode: 'lst', limit: 50, ...body }, token);
      const ka = (await q({ filters: [{ key: 'channel', op: 'eq', value: 'KA' }] })).json().data;
      expect(ka.totalRecord).toBe(13);
      expect(ka.rows.every((r: { data: { channel: string } }) => r.data.channel === 'KA')).toBe(true);
      const amt = (await q({ filters: [{ key: 'amount', op: 'range', value: ['100', '150.5'] }], sort: 'amount', order: 'asc' })).json().data;
      expect(amt.rows.map((r: { data: { amount: string } }) => r.data.amount)).toEqual(['100.00', '110.00', '120.00', '130.00', '140.00', '150.00']);
      const dealer = (await q({ filters: JSON.stringify([{ key: 'dealer', op: 'eq', value: dealerValue(1).id }]) })).json().data;
      expect(dealer.rows.every((r: { data: { dealer: { id: string } } }) => r.data.dealer.id === dealerValue(1).id)).toBe(true);
      expect(dealer.totalRecord).toBe(9);
      const like = (await q({ filters: [{ key: 'dealer', op: 'like', value: '经销商2' }] })).json().data;
      expect(like.totalRecord).toBe(8);
      const dates = (await q({ filters: [{ key: 'startDate', op: 'gte', value: '2026-03-20' }], sort: 'startDate', order: 'desc' })).json().data;
      expect(dates.rows.map((r: { data: { qty: number } }) => r.data.qty)).toEqual([25, 24, 23, 22, 21, 20]);
      const sys = (
        await q({
          filters: [
            { key: 'number', op: 'like', value: 'FYSQ' },
            { key: 'shenPiZhuangTai', op: 'eq', value: '0' },
          ],
          sort: 'qty',
          order: 'asc',
        })
      ).json().data;
      expect(sys.rows[0].data.qty).toBe(1);
      expect((await q({ filters: [{ key: 'nope', op: 'eq', value: 1 }] })).statusCode).toBe(422);
      expect((await q({ filters: [{ key: 'amount', op: 'eq', value: 'abc' }] })).statusCode).toBe(422);
      expect((await q({ sort: 'nope' })).statusCode).toBe(422);
      expect((await q({ filters: '[not json' })).statusCode).toBe(422);
      // an employee sees their own records only, totals included
      expect((await q({}, lina)).json().data.totalRecord).toBe(5);
    });

    it('marks a capped count as an estimate', async () => {
      const { EXACT_COUNT_CAP } = await import('./repository');
      expect(EXACT_COUNT_CAP).toBeGreaterThanOrEqual(1000);
    });
  });

  it('looks up the application type by number (getShenQingDanLeiXing)', async () => {
    const { id, number } = (await create({ amount: '1.00' })).json().data;
    const url = '/emp/api/v2/feiYong/yinQing/shenQing/getShenQingDanLeiXing';
    expect((await a.post(url, { number }, zw)).json().data).toMatchObject({ id, feiYongLeiXing: FORM_TYPES.EXPENSE_APPLICATION.code });
    expect((await a.post(url, { number, type: 1 }, zw)).json().data.feiYongLeiXing).toBe(FORM_TYPES.SETTLEMENT.code);
    expect((await a.post(url, { number, type: 2 }, zw)).json().data.feiYongLeiXing).toBe(FORM_TYPES.WRITE_OFF.code);
    // no settlement or write-off yet: none linked (the view makes a new one)
    expect((await a.post(url, { number, type: 1 }, zw)).json().data.linkedId).toBeNull();
    expect((await a.post(url, { number }, zw)).json().data.linkedId).toBeNull();
    const missing = (await a.post(url, { number: 'NOPE' }, zw)).json();
    expect(missing.code).toBe(1);
    expect(missing.msg).toContain('NOPE');
    expect((await a.post(url, {}, zw)).json()).toMatchObject({ code: 1, msg: '未获取到申请单编号' });
    // another user's application is not found for them
    expect((await a.post(url, { number }, lina)).json().code).toBe(1);
  });
});
