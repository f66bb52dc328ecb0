// Demo expense applications (feiYongShenQing) for the demo employees, so lists and the
// dashboard have something real to show. Each record passes the form's compiled schema. A
// record seeded in approval, returned or approved holds its lines' money in its pool, as its
// submit would have (an occupy movement per line in the budget ledger, its expense_amounts row),
// so the ledger agrees with the documents from the first start.
import Decimal from 'decimal.js';
import dayjs from 'dayjs';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import * as t from '../db/schema';
import { newId } from '../lib/ids';
import { nowText } from '../lib/time';
import { APPROVAL_STATUS, CATALOG_BY_CODE, compileRecordSchema, FORM_MODES, DEFAULT_NUMBER_RULE } from '../../schemas';
import { insertRecord, nextSequence } from '../modules/records/repository';
import { postMovement } from '../modules/expense/ledger';

const PLAN = [
  {
    user: 'zhangwei',
    name: '春节旺季联华超市端架陈列',
    dealer: 'JXS0001',
    outlets: ['WD000101'],
    subject: '660101',
    pool: 'YSC2026-HD-KA-CL',
    pay: 'ZZ',
    lines: [
      ['B01', '6901234500011', 40, '150.00'],
      ['B01', '6901234500028', 20, '98.50'],
    ],
    status: APPROVAL_STATUS.APPROVED.code,
    from: '2026-01-10',
    to: '2026-02-28',
  },
  {
    user: 'zhangwei',
    name: '大润发杨浦店堆头陈列',
    dealer: 'JXS0001',
    outlets: ['WD000102'],
    subject: '660102',
    pool: 'YSC2026-HD-KA-CL',
    pay: 'HKDK',
    lines: [['B02', '6901234500042', 30, '120.00']],
    status: APPROVAL_STATUS.IN_APPROVAL.code,
    from: '2026-03-01',
    to: '2026-03-31',
  },
  {
    user: 'zhangwei',
    name: '五角场沃尔玛夏季果汁品鉴',
    dealer: 'JXS0001',
    outlets: ['WD000103'],
    subject: '660204',
    pool: 'YSC2026-HD-KA-CX',
    pay: 'XJ',
    lines: [['B01', '6901234500035', 60, '35.00']],
    status: APPROVAL_STATUS.DRAFT.code,
    from: '2026-06-01',
    to: '2026-06-15',
  },
  {
    user: 'zhangwei',
    name: '杭州联华庆春路店特价促销',
    dealer: 'JXS0002',
    outlets: ['WD000201', 'WD000202'],
    subject: '660203',
    pool: 'YSC2026-HD-KA-TJ',
    pay: 'ZZ',
    lines: [['B03', '6901234500059', 12, '320.00']],
    status: APPROVAL_STATUS.RETURNED.code,
    from: '2026-04-01',
    to: '2026-04-30',
  },
  {
    user: 'zhangwei',
    name: '古北家乐福海报DM',
    dealer: 'JXS0001',
    outlets: ['WD000104'],
    subject: '660104',
    pool: 'YSC2026-HD-KA-CL',
    pay: 'PZ',
    lines: [['B04', '6901234500066', 100, '18.80']],
    status: APPROVAL_STATUS.APPROVED.code,
    from: '2026-02-01',
    to: '2026-02-14',
  },
  {
    user: 'lina',
    name: '华东大区传统渠道季度返利',
    dealer: 'JXS0003',
    outlets: ['WD000301'],
    subject: '660301',
    pool: 'YSC2026-HD-TT-FL',
    pay: 'HKDK',
    lines: [['B02', '6901234500042', 200, '45.00']],
    status: APPROVAL_STATUS.IN_APPROVAL.code,
    from: '2026-01-01',
    to: '2026-03-31',
  },
  {
    user: 'lina',
    name: '合肥徽商新品进场条码',
    dealer: 'JXS0004',
    outlets: [],
    subject: '660103',
    pool: 'YSC2026-HD-KA-CL',
    pay: 'ZZ',
    lines: [['B01', '6901234500011', 10, '500.00']],
    status: APPROVAL_STATUS.DRAFT.code,
    from: '2026-05-01',
    to: '2026-05-31',
  },
] as const;

export async function seedDemoRecords(tx: Tx) {
  const def = CATALOG_BY_CODE.get('feiYongShenQing');
  if (!def) return;
  const validator = compileRecordSchema(def, FORM_MODES.ADD);
  const md = async (kind: string, code: string, refType?: string) => {
    const [r] = await tx
      .select()
      .from(t.masterData)
      .where(and(eq(t.masterData.kind, kind), eq(t.masterData.code, code), ...(refType ? [eq(t.masterData.refType, refType)] : [])));
    return { id: r.id, name: r.name };
  };
  const rule = { ...DEFAULT_NUMBER_RULE, ...(def.numberRule ?? {}) };
  let day = dayjs().subtract(PLAN.length, 'day');
  for (const p of PLAN) {
    day = day.add(1, 'day');
    const [u] = await tx.select().from(t.users).where(eq(t.users.username, p.user));
    const [emp] = await tx.select().from(t.employees).where(eq(t.employees.id, u.employeeId!));
    const [dealer] = await tx.select().from(t.dealers).where(eq(t.dealers.code, p.dealer));
    const [pool] = await tx.select().from(t.budgetPools).where(eq(t.budgetPools.code, p.pool));
    const mingXi = [];
    let total = new Decimal(0);
    for (const [brand, sku, qty, price] of p.lines) {
      const jinE = new Decimal(price).times(qty);
      total = total.plus(jinE);
      mingXi.push({ _id: newId(), pinPai: await md('brand', brand), danPin: await md('product', sku), shuLiang: qty, danJia: price, jinE: jinE.toFixed(2) });
    }
    const data: Record<string, unknown> = {
      huoDongMingCheng: p.name,
      yeWuBanKuai: await md('refCode', 'YL', 'yeWuBanKuai'),
      caiWuNian: await md('fiscalYear', 'FY2026'),
      huoDongQiJian: [p.from, p.to],
      jingXiaoShang: { id: dealer.id, name: dealer.name },
      wangDian: await Promise.all(p.outlets.map((o) => md('outlet', o))),
      feiYongKeMu: await md('expenseSubject', p.subject),
      yuSuanChi: { id: pool.id, name: pool.name },
      shenQingJinE: total.toFixed(2),
      zhiFuFangShi: await md('refCode', p.pay, 'zhiFuFangShi'),
      huoDongShuoMing: `${p.name}，执行门店${p.outlets.length || 1}家。`,
      mingXi,
    };
    if (p.outlets.length === 0) delete data.wangDian;
    const v = validator.validate(data);
    if (!v.valid) throw new Error(`demo record "${p.name}" is invalid: ${JSON.stringify(v.errors)}`);
    const period = day.format(rule.dateFormat);
    const seq = await nextSequence(tx, def.code, period);
    const number = `${rule.prefix}${period}${String(seq).padStart(rule.sequenceLength, '0')}`;
    const created = nowText(day.toDate());
    const submitted = p.status !== APPROVAL_STATUS.DRAFT.code;
    const id = newId();
    await insertRecord(tx, {
      id,
      formCode: def.code,
      number,
      title: (def.titleTemplate ?? '{huoDongMingCheng}').replace(/\{(\w+)\}/g, (_, k: string) => String(data[k] ?? '')).slice(0, 200),
      rowCreateId: u.id,
      rowCreateBuMenId: emp.departmentId,
      rowCreateDate: created,
      rowModUser: u.id,
      rowModDate: created,
      shenPiZhuangTai: p.status,
      stateName: p.status === APPROVAL_STATUS.IN_APPROVAL.code ? '大区经理审批' : p.status === APPROVAL_STATUS.APPROVED.code ? '结束' : null,
      tiJiaoLiuChengTime: submitted ? created : null,
      liuChengGuiDangTime: p.status === APPROVAL_STATUS.APPROVED.code ? created : null,
      definitionVersion: 1,
      data,
    });
    if (HOLDS_MONEY.has(p.status)) {
      for (const line of mingXi) {
        await postMovement(tx, {
          poolId: pool.id,
          kind: 'occupy',
          amount: line.jinE,
          applicationId: id,
          lineId: line._id,
          recordId: id,
          formCode: def.code,
          action: 'submit',
          userId: u.id,
        });
      }
      await tx.insert(t.expenseAmounts).values({ applicationId: id, formCode: def.code, applied: total.toFixed(2), occupied: total.toFixed(2) });
    }
  }
}

/** The states in which an application holds its money (submitted and not released). */
const HOLDS_MONEY: ReadonlySet<string> = new Set([APPROVAL_STATUS.IN_APPROVAL.code, APPROVAL_STATUS.RETURNED.code, APPROVAL_STATUS.APPROVED.code]);
