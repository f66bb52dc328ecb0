// Picker values are checked against master data on every write: a made-up id (or one the picker
// does not offer: inactive, another kind or ref type) is a field-level 422 in the writer's
// language, main fields and detail rows alike; a real id is stored with the row's own name, never
// the client's; a value the record already held stays editable after its row is deactivated.
// One query per picker source, however many detail rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';
import { expenseForm } from '../../test/fixtures';
import { dealers, employees, masterData } from '../../db/schema';
import { TC, type FieldDefinition } from '../../../schemas';
import { resolvePickerRefs } from './pickerRefs';

const SAVE = '/emp/api/v2/biaoDan/record/save';
const GET = '/emp/api/v2/biaoDan/record/get';
const FAKE = '9999999999999999999';

describe.each(BACKENDS)('picker values resolved against master data (%s)', (backend) => {
  let a: TestApp;
  let admin: string;
  let zw: string;
  const fields: FieldDefinition[] = [
    { key: 'dealer', type: TC.DEALER, label: { 'zh-CN': '经销商', 'en-US': 'Dealer', 'zh-TW': '經銷商' }, required: true },
    { key: 'amount', type: TC.DECIMAL, label: { 'zh-CN': '申请金额' }, required: true, precision: 2, money: true, min: '0' },
    { key: 'fangShi', type: TC.PAYMENT_METHOD, label: { 'zh-CN': '支付方式' } },
    { key: 'yuanGong', type: TC.EMPLOYEE, label: { 'zh-CN': '员工' } },
    { key: 'wangDian', type: TC.OUTLET, label: { 'zh-CN': '网点' }, dataSource: { multiple: true, params: { dealerId: '{dealer.id}' } } },
    {
      key: 'mingXi',
      type: TC.SUB_FORM,
      label: { 'zh-CN': '费用明细' },
      fields: [
        { key: 'pinPai', type: TC.BRAND, label: { 'zh-CN': '品牌', 'en-US': 'Brand' } },
        { key: 'danPin', type: TC.PRODUCT, label: { 'zh-CN': '单品', 'en-US': 'Product' } },
      ],
    },
  ];
  const form = expenseForm('pick', { formType: 0, titleTemplate: '{dealer}-{amount}', fields });
  let dealer: { id: string; name: string };
  let dealer2: { id: string; name: string };
  let brand: { id: string; name: string };
  let product: { id: string; name: string };
  let payment: { id: string; name: string };
  let sector: { id: string; name: string };
  let outlet: { id: string; name: string };
  let employee: { id: string; name: string };

  const md = async (kind: string, refType?: string) => {
    const [r] = await a.ctx.db
      .select({ id: masterData.id, name: masterData.name })
      .from(masterData)
      .where(and(eq(masterData.kind, kind), eq(masterData.isActive, true), refType ? eq(masterData.refType, refType) : undefined))
      .limit(1);
    expect(r, kind).toBeTruthy();
    return r;
  };

  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    admin = await a.login('admin');
    zw = await a.login('zhangwei');
    expect((await a.post('/tpm/emp/system/commons/biaoDan/edit-save.action', { definition: form }, admin)).json().code).toBe(0);
    expect((await a.post('/emp/api/v2/biaoDan/publish', { code: 'pick' }, admin)).json().code).toBe(0);
    [dealer, dealer2] = await a.ctx.db
      .select({ id: dealers.id, name: dealers.name })
      .from(dealers)
      .where(eq(dealers.isActive, true))
      .orderBy(dealers.sort)
      .limit(2);
    brand = await md('brand');
    product = await md('product');
    payment = await md('refCode', 'zhiFuFangShi');
    sector = await md('refCode', 'yeWuBanKuai');
    outlet = await md('outlet');
    [employee] = await a.ctx.db.select({ id: employees.id, name: employees.name }).from(employees).where(eq(employees.isActive, true)).limit(1);
  });
  afterAll(async () => {
    await a?.stop();
  });

  const save = (data: Record<string, unknown>, token = zw, headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) =>
    a.post(SAVE, { formCode: 'pick', data, ...extra }, token, headers);
  const read = async (id: string) =>
    (await a.post(GET, { formCode: 'pick', id }, zw)).json().data.record as { data: Record<string, unknown>; title: string; version: number };

  it('refuses a made-up dealer id and name (field-level 422 in the writer’s language)', async () => {
    const r = await save({ dealer: { id: FAKE, name: '虚构经销商' }, amount: '10.00' });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors).toEqual([expect.objectContaining({ field: 'dealer', message: `经销商：“${FAKE}”不存在或不可选` })]);
    // the session's language: 3 → en-US, 2 → zh-TW
    const lang = (type: number) => a.post('/emp/api/v2/login/duoYuYan', { update: 1, duoYuYanType: type }, zw);
    try {
      expect((await lang(3)).json().code).toBe(0);
      const en = await save({ dealer: { id: FAKE, name: 'Ghost' }, amount: '10.00' });
      expect(en.statusCode).toBe(422);
      expect(en.json().errors[0]).toMatchObject({ field: 'dealer', message: `Dealer: "${FAKE}" does not exist or may not be chosen` });
      expect((await lang(2)).json().code).toBe(0);
      const tw = await save({ dealer: { id: FAKE, name: 'Ghost' }, amount: '10.00' });
      expect(tw.json().errors[0]).toMatchObject({ field: 'dealer', message: `經銷商：「${FAKE}」不存在或不可選` });
    } finally {
      await lang(1);
    }
  });

  it('stores the real names, never the client’s (main fields, multiple values, detail rows, the title)', async () => {
    const r = await save({
      dealer: { id: dealer.id, name: '<b>假名</b>' },
      amount: '10.00',
      fangShi: { id: payment.id, name: 'x' },
      yuanGong: { id: employee.id, name: 'y' },
      wangDian: [{ id: outlet.id, name: 'z' }],
      mingXi: [{ pinPai: { id: brand.id, name: 'b' }, danPin: { id: product.id, name: 'p' } }],
    });
    expect(r.statusCode, r.body).toBe(200);
    const rec = await read(r.json().data.id);
    expect(rec.data.dealer).toEqual(dealer);
    expect(rec.data.fangShi).toEqual({ id: payment.id, name: expect.not.stringMatching(/^x$/) });
    expect(rec.data.yuanGong).toEqual(employee);
    expect(rec.data.wangDian).toEqual([{ id: outlet.id, name: outlet.name }]);
    expect(rec.data.mingXi).toEqual([expect.objectContaining({ pinPai: brand, danPin: product })]);
    expect(rec.title).toBe(`${dealer.name}-10.00`);
  });

  it('refuses ids of another source or ref type, and made-up ids in detail rows (each row’s path)', async () => {
    const r = await save({
      dealer: dealer,
      amount: '10.00',
      fangShi: sector, // a business-sector ref code in a payment-method picker
      mingXi: [{ pinPai: brand }, { pinPai: brand, danPin: { id: FAKE, name: '假单品' } }, { pinPai: product }],
    });
    expect(r.statusCode).toBe(422);
    const fieldsOf = (r.json().errors as { field: string }[]).map((e) => e.field).sort();
    expect(fieldsOf).toEqual(['fangShi', 'mingXi.1.danPin', 'mingXi.2.pinPai']);
  });

  it('refuses an inactive row for a new value, but a record keeps a value it already held', async () => {
    const created = await save({ dealer: dealer2, amount: '10.00' });
    expect(created.statusCode).toBe(200);
    const { id, version } = created.json().data as { id: string; version: number };
    await a.ctx.db.update(dealers).set({ isActive: false }).where(eq(dealers.id, dealer2.id));
    try {
      const fresh = await save({ dealer: dealer2, amount: '10.00' });
      expect(fresh.statusCode).toBe(422);
      expect(fresh.json().errors[0].field).toBe('dealer');
      const upd = await save({ dealer: { id: dealer2.id, name: 'renamed' }, amount: '20.00' }, zw, {}, { id, version });
      expect(upd.statusCode, upd.body).toBe(200);
      expect((await read(id)).data.dealer).toEqual(dealer2);
    } finally {
      await a.ctx.db.update(dealers).set({ isActive: true }).where(eq(dealers.id, dealer2.id));
    }
  });

  it('asks the database once per picker source for a 500-row detail table', async () => {
    let selects = 0;
    const db = a.ctx.db;
    // the real database, its select calls counted
    const counting = new Proxy(db, {
      get(target, key) {
        const v = Reflect.get(target, key) as unknown;
        if (key === 'select') selects++;
        return typeof v === 'function' ? (v as (...args: unknown[]) => unknown).bind(target) : v;
      },
    });
    const rows = Array.from({ length: 500 }, (_, i) => ({ pinPai: { id: brand.id, name: `b${i}` }, danPin: { id: product.id, name: `p${i}` } }));
    const data: Record<string, unknown> = { dealer, amount: '1.00', mingXi: rows };
    const started = Date.now();
    await resolvePickerRefs(counting, fields, data, null, 'zh-CN');
    expect(selects).toBe(3); // dealer, brand, product
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((data.mingXi as { danPin: unknown }[])[499].danPin).toEqual(product);
  });
});
