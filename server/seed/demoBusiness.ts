// The demo business of fiscal year 2026 (SEED_DEMO, after the app is ready): expense
// applications, settlements, write-offs and payments in every state, made through the app's own
// HTTP routes as the demo users — save, submit, approve, return, withdraw, reject, derive — so
// every record hook runs and the budget ledger, expense_amounts and the document links agree
// with the documents exactly as if people had done it. Claimed once (the settings key
// `seededBusiness`): several processes on one PostgreSQL seed it once, a restart never again.
//
// Each application plan names where its chain ends: a draft, in approval (at the department
// manager or at finance), returned, withdrawn, rejected (void), approved (waiting to be settled),
// a settlement in approval or approved (waiting to be written off), a write-off in approval or
// approved (in full, or with an invoice shortfall that becomes a supplementary-invoice
// application), and payments (partial, full).
import Decimal from 'decimal.js';
import dayjs from 'dayjs';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import * as t from '../db/schema';
import { newId } from '../lib/ids';
import { nowText } from '../lib/time';
import { endpoints, pathOf } from '../../schemas/api';
import { APPROVAL_STATUS } from '../../schemas';
import { createSession, revokeSession } from '../modules/auth/sessionRepository';

export const BUSINESS_SEEDED_KEY = 'seededBusiness';

/** Where an application's chain stops. */
export type ChainEnd =
  | 'draft'
  | 'inApproval'
  | 'atFinance'
  | 'returned'
  | 'withdrawn'
  | 'rejected'
  | 'approved'
  | 'settling'
  | 'settled'
  | 'writingOff'
  | 'writtenOff'
  | 'shortfall'
  | 'paidPart'
  | 'paid';

export interface ApplicationPlan {
  user: 'zhangwei' | 'lina' | 'xuqiang';
  name: string;
  dealer: string;
  outlets: string[];
  subject: string;
  pool: string;
  pay: string;
  /** [brand, product, quantity, unit price] */
  lines: [string, string, number, string][];
  from: string;
  to: string;
  end: ChainEnd;
  /** the settlement's actual total (spread over the lines in proportion); default: the applied amount */
  actual?: string;
  /** a partial payment's amount (end paidPart) */
  paidPart?: string;
  /** the application form: the expense application (default), a special-project or a market expense */
  form?: 'feiYongShenQing' | 'zhuanXiangFeiYong' | 'shiChangFeiYong';
  /** special-project expense: the activity, its manager (employee code), the lines [item, quantity, unit price] */
  special?: { activity: string; manager: string; items: [string, number, string][] };
  /** market expense: the owning department, cost center, level-1/2 channels, supplier */
  market?: { dept: string; costCenter: string; channel: string; channel2: string; supplier: string };
  /** shortfall: the supplementary-invoice application is filled with the missing invoice and submitted */
  supplement?: boolean;
}

const ORDER: ChainEnd[] = ['approved', 'settling', 'settled', 'writingOff', 'writtenOff', 'paidPart', 'paid'];
const reaches = (end: ChainEnd, step: ChainEnd) => {
  if (end === 'shortfall') return step === 'approved' || step === 'settling' || step === 'settled' || step === 'writingOff' || step === 'writtenOff';
  const a = ORDER.indexOf(end);
  return a >= 0 && a >= ORDER.indexOf(step);
};

/** The applications of the demo year (amounts up to 50,000: the department manager and finance approve). */
export const APPLICATION_PLANS: readonly ApplicationPlan[] = [
  // ── 华东大区: zhangwei (sales) and lina (area manager) ──
  {
    user: 'zhangwei',
    name: '元旦联华超市南京东路店端架陈列',
    dealer: 'JXS0001',
    outlets: ['WD000101'],
    subject: '660101',
    pool: 'YSC2026-HD-KA-CL',
    pay: 'ZZ',
    lines: [
      ['B01', '6901234500011', 60, '128.00'],
      ['B01', '6901234500035', 40, '76.50'],
    ],
    from: '2026-01-01',
    to: '2026-01-31',
    end: 'paid',
    actual: '10440.00',
  },
  {
    user: 'zhangwei',
    name: '春节大润发杨浦店堆头陈列',
    dealer: 'JXS0001',
    outlets: ['WD000102'],
    subject: '660102',
    pool: 'YSC2026-HD-KA-CL',
    pay: 'HKDK',
    lines: [
      ['B02', '6901234500042', 120, '95.00'],
      ['B03', '6901234500059', 80, '64.00'],
    ],
    from: '2026-01-20',
    to: '2026-02-28',
    end: 'paidPart',
    actual: '16120.00',
    paidPart: '10000.00',
  },
  {
    user: 'zhangwei',
    name: '沃尔玛五角场店清泉山天然水特价',
    dealer: 'JXS0001',
    outlets: ['WD000103'],
    subject: '660203',
    pool: 'YSC2026-HD-KA-TJ',
    pay: 'PZ',
    lines: [
      ['B04', '6901234500066', 500, '12.60'],
      ['B04', '6901234500073', 300, '9.80'],
    ],
    from: '2026-02-01',
    to: '2026-03-15',
    end: 'shortfall',
  },
  {
    user: 'zhangwei',
    name: '家乐福古北店新品进场条码',
    dealer: 'JXS0001',
    outlets: ['WD000104'],
    subject: '660103',
    pool: 'YSC2026-HD-KA-JC',
    pay: 'ZZ',
    lines: [
      ['B02', '6901234500042', 4, '3500.00'],
      ['B01', '6901234500028', 2, '3500.00'],
    ],
    from: '2026-03-01',
    to: '2026-03-31',
    end: 'writtenOff',
  },
  {
    user: 'zhangwei',
    name: '杭州联华庆春路店促销员驻店',
    dealer: 'JXS0002',
    outlets: ['WD000201'],
    subject: '660201',
    pool: 'YSC2026-HD-KA-CX',
    pay: 'ZZ',
    lines: [['B01', '6901234500035', 3, '4800.00']],
    from: '2026-04-01',
    to: '2026-04-30',
    end: 'writingOff',
    actual: '13950.00',
  },
  {
    user: 'zhangwei',
    name: '物美文三路店五一堆头陈列',
    dealer: 'JXS0002',
    outlets: ['WD000202'],
    subject: '660102',
    pool: 'YSC2026-HD-KA-CL',
    pay: 'HKDK',
    lines: [['B01', '6901234500011', 150, '86.00']],
    from: '2026-04-25',
    to: '2026-05-10',
    end: 'settled',
    actual: '12180.00',
  },
  {
    user: 'zhangwei',
    name: '联华超市夏季果汁试吃品鉴',
    dealer: 'JXS0001',
    outlets: ['WD000101', 'WD000102'],
    subject: '660204',
    pool: 'YSC2026-HD-KA-CX',
    pay: 'XJ',
    lines: [
      ['B01', '6901234500011', 80, '45.00'],
      ['B01', '6901234500035', 120, '28.00'],
    ],
    from: '2026-06-01',
    to: '2026-06-30',
    end: 'settling',
    actual: '6480.00',
  },
  {
    user: 'zhangwei',
    name: '端午节联华超市海报DM',
    dealer: 'JXS0001',
    outlets: ['WD000101'],
    subject: '660104',
    pool: 'YSC2026-HD-KA-CL',
    pay: 'PZ',
    lines: [['B03', '6901234500059', 200, '22.50']],
    from: '2026-05-25',
    to: '2026-06-05',
    end: 'approved',
  },
  {
    user: 'zhangwei',
    name: '七月大卖场燕麦奶堆头陈列',
    dealer: 'JXS0001',
    outlets: ['WD000103', 'WD000104'],
    subject: '660102',
    pool: 'YSC2026-HD-KA-CL',
    pay: 'HKDK',
    lines: [['B02', '6901234500042', 260, '72.00']],
    from: '2026-07-01',
    to: '2026-07-31',
    end: 'atFinance',
  },
  {
    user: 'zhangwei',
    name: '中秋联华超市礼盒端架陈列',
    dealer: 'JXS0001',
    outlets: ['WD000101'],
    subject: '660101',
    pool: 'YSC2026-HD-KA-CL',
    pay: 'ZZ',
    lines: [
      ['B01', '6901234500011', 90, '118.00'],
      ['B03', '6901234500059', 60, '58.00'],
    ],
    from: '2026-09-01',
    to: '2026-09-30',
    end: 'inApproval',
  },
  {
    user: 'zhangwei',
    name: '国庆大润发杨浦店特价折让',
    dealer: 'JXS0001',
    outlets: ['WD000102'],
    subject: '660203',
    pool: 'YSC2026-HD-KA-TJ',
    pay: 'PZ',
    lines: [['B04', '6901234500066', 800, '6.50']],
    from: '2026-10-01',
    to: '2026-10-07',
    end: 'returned',
  },
  {
    user: 'zhangwei',
    name: '杭州物美社区店促销台陈列',
    dealer: 'JXS0002',
    outlets: ['WD000202'],
    subject: '660101',
    pool: 'YSC2026-HD-KA-CL',
    pay: 'ZZ',
    lines: [['B01', '6901234500028', 40, '88.00']],
    from: '2026-08-01',
    to: '2026-08-31',
    end: 'withdrawn',
  },
  {
    user: 'zhangwei',
    name: '双十一电商渠道试吃品鉴',
    dealer: 'JXS0002',
    outlets: [],
    subject: '660204',
    pool: 'YSC2026-HD-EC-SC',
    pay: 'XJ',
    lines: [['B01', '6901234500035', 300, '18.00']],
    from: '2026-11-01',
    to: '2026-11-15',
    end: 'draft',
  },
  {
    user: 'lina',
    name: '南京苏果春季返利兑付',
    dealer: 'JXS0003',
    outlets: ['WD000301'],
    subject: '660301',
    pool: 'YSC2026-HD-TT-FL',
    pay: 'HKDK',
    lines: [
      ['B02', '6901234500042', 400, '42.00'],
      ['B04', '6901234500066', 600, '8.00'],
    ],
    from: '2026-01-01',
    to: '2026-03-31',
    end: 'paid',
  },
  {
    user: 'lina',
    name: '合肥徽商批发市场买赠促销',
    dealer: 'JXS0004',
    outlets: [],
    subject: '660202',
    pool: 'YSC2026-HD-TT-MZ',
    pay: 'HKDK',
    lines: [['B03', '6901234500059', 300, '36.00']],
    from: '2026-04-01',
    to: '2026-05-31',
    end: 'settled',
    actual: '9860.00',
  },
  {
    user: 'lina',
    name: '上海火锅连锁进店费',
    dealer: 'JXS0001',
    outlets: [],
    subject: '660303',
    pool: 'YSC2026-HD-HR-JD',
    pay: 'ZZ',
    lines: [['B01', '6901234500011', 10, '2800.00']],
    from: '2026-05-01',
    to: '2026-12-31',
    end: 'rejected',
  },
  {
    user: 'lina',
    name: '下半年传统渠道季度返利',
    dealer: 'JXS0003',
    outlets: ['WD000301'],
    subject: '660301',
    pool: 'YSC2026-HD-TT-FL',
    pay: 'HKDK',
    lines: [['B02', '6901234500042', 500, '40.00']],
    from: '2026-07-01',
    to: '2026-09-30',
    end: 'inApproval',
  },
  // ── the other regions: the sales director xuqiang files for them ──
  {
    user: 'xuqiang',
    name: '华润万家天河店春节堆头陈列',
    dealer: 'JXS0005',
    outlets: ['WD000501'],
    subject: '660102',
    pool: 'YSC2026-HN-KA-CL',
    pay: 'ZZ',
    lines: [
      ['B01', '6901234500011', 160, '110.00'],
      ['B04', '6901234500066', 400, '15.00'],
    ],
    from: '2026-01-15',
    to: '2026-02-28',
    end: 'paid',
    actual: '22800.00',
  },
  {
    user: 'xuqiang',
    name: '深圳天虹美宜佳特价折让',
    dealer: 'JXS0006',
    outlets: ['WD000601'],
    subject: '660203',
    pool: 'YSC2026-HN-KA-TJ',
    pay: 'PZ',
    lines: [['B01', '6901234500035', 900, '11.00']],
    from: '2026-03-01',
    to: '2026-04-30',
    end: 'writingOff',
  },
  {
    user: 'xuqiang',
    name: '福州永辉东街口店促销员',
    dealer: 'JXS0007',
    outlets: ['WD000701'],
    subject: '660201',
    pool: 'YSC2026-HN-KA-CX',
    pay: 'ZZ',
    lines: [['B02', '6901234500042', 2, '5200.00']],
    from: '2026-05-01',
    to: '2026-06-30',
    end: 'approved',
  },
  {
    user: 'xuqiang',
    name: '北京物美西单店端架陈列',
    dealer: 'JXS0008',
    outlets: ['WD000801'],
    subject: '660101',
    pool: 'YSC2026-HB-KA-CL',
    pay: 'ZZ',
    lines: [['B01', '6901234500011', 200, '98.00']],
    from: '2026-03-01',
    to: '2026-03-31',
    end: 'writtenOff',
    actual: '18900.00',
  },
  {
    user: 'xuqiang',
    name: '天津津乐汇餐饮新店进店费',
    dealer: 'JXS0009',
    outlets: [],
    subject: '660303',
    pool: 'YSC2026-HB-HR-JD',
    pay: 'ZZ',
    lines: [['B04', '6901234500073', 6, '4500.00']],
    from: '2026-04-01',
    to: '2026-06-30',
    end: 'settling',
    actual: '25500.00',
  },
  {
    user: 'xuqiang',
    name: '济南银座传统渠道物流补贴',
    dealer: 'JXS0010',
    outlets: [],
    subject: '660302',
    pool: 'YSC2026-HB-TT-WL',
    pay: 'HKDK',
    lines: [['B04', '6901234500066', 1200, '3.20']],
    from: '2026-05-01',
    to: '2026-05-31',
    end: 'paidPart',
    paidPart: '2000.00',
  },
  {
    user: 'xuqiang',
    name: '成都红旗连锁春熙路店特价折让',
    dealer: 'JXS0011',
    outlets: ['WD001101'],
    subject: '660203',
    pool: 'YSC2026-XN-KA-TJ',
    pay: 'PZ',
    lines: [
      ['B01', '6901234500028', 300, '42.00'],
      ['B02', '6901234500042', 200, '38.50'],
    ],
    from: '2026-02-15',
    to: '2026-03-31',
    end: 'paid',
    actual: '19980.00',
  },
  {
    user: 'xuqiang',
    name: '重庆渝味火锅连锁进店费',
    dealer: 'JXS0012',
    outlets: [],
    subject: '660303',
    pool: 'YSC2026-XN-HR-JD',
    pay: 'ZZ',
    lines: [['B04', '6901234500073', 8, '3600.00']],
    from: '2026-06-01',
    to: '2026-08-31',
    end: 'atFinance',
  },
  {
    user: 'xuqiang',
    name: '红旗连锁夏季海报DM',
    dealer: 'JXS0011',
    outlets: ['WD001101'],
    subject: '660104',
    pool: 'YSC2026-XN-KA-HB',
    pay: 'PZ',
    lines: [['B01', '6901234500035', 400, '9.50']],
    from: '2026-07-01',
    to: '2026-07-31',
    end: 'rejected',
  },
  {
    user: 'xuqiang',
    name: '深圳天虹夏季饮料特价折让',
    dealer: 'JXS0006',
    outlets: ['WD000601'],
    subject: '660203',
    pool: 'YSC2026-HN-KA-TJ',
    pay: 'PZ',
    lines: [['B04', '6901234500066', 1500, '7.20']],
    from: '2026-06-01',
    to: '2026-07-15',
    end: 'shortfall',
    supplement: true,
  },
  // special-project expenses (99700) and market expenses (99800)
  {
    form: 'zhuanXiangFeiYong',
    user: 'xuqiang',
    name: '春节旺季堆头专项·成都红旗连锁',
    dealer: 'JXS0011',
    outlets: ['WD001101'],
    subject: '660102',
    pool: 'YSC2026-XN-KA-CL',
    pay: 'ZZ',
    lines: [],
    special: {
      activity: 'ZX2026001',
      manager: 'E1008',
      items: [
        ['堆头位租赁', 4, '3800.00'],
        ['堆头围板制作', 4, '650.00'],
      ],
    },
    from: '2026-01-15',
    to: '2026-02-20',
    end: 'paid',
    actual: '17200.00',
  },
  {
    form: 'zhuanXiangFeiYong',
    user: 'xuqiang',
    name: '夏季果汁品鉴专项·北京京客隆',
    dealer: 'JXS0008',
    outlets: ['WD000801', 'WD000802'],
    subject: '660204',
    pool: 'YSC2026-HB-KA-CX',
    pay: 'ZZ',
    lines: [],
    special: {
      activity: 'ZX2026002',
      manager: 'E1006',
      items: [
        ['品鉴台搭建', 2, '2400.00'],
        ['品鉴员劳务', 20, '350.00'],
      ],
    },
    from: '2026-07-01',
    to: '2026-07-31',
    end: 'inApproval',
  },
  {
    form: 'shiChangFeiYong',
    user: 'lina',
    name: '华东大区夏季新品海报设计印刷',
    dealer: 'JXS0001',
    outlets: [],
    subject: '660104',
    pool: 'YSC2026-HD-KA-CX',
    pay: 'ZZ',
    lines: [],
    market: { dept: 'D11', costCenter: 'CC1100', channel: 'KA', channel2: 'KA02', supplier: 'GYS001' },
    from: '2026-05-01',
    to: '2026-05-31',
    end: 'approved',
    actual: '26800.00',
  },
  {
    form: 'shiChangFeiYong',
    user: 'lina',
    name: '华东大区门店陈列道具采购',
    dealer: 'JXS0001',
    outlets: [],
    subject: '660101',
    pool: 'YSC2026-HD-KA-CL',
    pay: 'ZZ',
    lines: [],
    market: { dept: 'D11', costCenter: 'CC1100', channel: 'KA', channel2: 'KA01', supplier: 'GYS002' },
    from: '2026-09-01',
    to: '2026-09-30',
    end: 'inApproval',
    actual: '18500.00',
  },
];

interface Env<T> {
  code: number;
  msg: string;
  data: T;
}

/** A demo user driving the app over HTTP with a session of their own. */
class Actor {
  constructor(
    private readonly app: FastifyInstance,
    readonly username: string,
    readonly userId: string,
    readonly token: string,
  ) {}

  async post<T = Record<string, unknown>>(url: string, body: unknown): Promise<T> {
    const r = await this.app.inject({ method: 'POST', url, payload: body as object, headers: { authorization: this.token } });
    let env: Env<T>;
    try {
      env = r.json() as Env<T>;
    } catch {
      throw new Error(`demo business: ${this.username} ${url} answered ${r.statusCode}: ${r.body.slice(0, 500)}`);
    }
    if (r.statusCode !== 200 || env.code !== 0) throw new Error(`demo business: ${this.username} ${url} answered ${r.statusCode}: ${r.body.slice(0, 1000)}`);
    return env.data;
  }
}

interface Saved {
  id: string;
  number: string;
  version: number;
}
interface Detail {
  instance: { status: string } | null;
  tasks: { id: string; assigneeId: string; status: string }[];
}

/** Sums decimal strings; two decimals. */
const sum = (xs: string[]) => xs.reduce((a, x) => a.plus(x), new Decimal(0)).toFixed(2);

/**
 * Seeds the demo year's documents once (the settings key); answers whether it ran. Needs the
 * app ready (its routes and record hooks registered) and the demo data seeded.
 */
export async function seedDemoBusiness(app: FastifyInstance, ctx: AppContext, plans: readonly ApplicationPlan[] = APPLICATION_PLANS): Promise<boolean> {
  const claimed = await ctx.db
    .insert(t.settings)
    .values({ key: BUSINESS_SEEDED_KEY, value: { at: new Date().toISOString() } })
    .onConflictDoNothing()
    .returning();
  if (claimed.length === 0) return false;
  const [zw] = await ctx.db.select().from(t.users).where(eq(t.users.username, 'zhangwei'));
  if (!zw) return false;

  const prefix = ctx.config.apiPrefix;
  const P = {
    save: pathOf(endpoints.records.save, prefix),
    get: pathOf(endpoints.records.get, prefix),
    derive: pathOf(endpoints.records.derive, prefix),
    detail: pathOf(endpoints.process.detail, prefix),
    approve: pathOf(endpoints.process.approve, prefix),
    reject: pathOf(endpoints.process.reject, prefix),
    ret: pathOf(endpoints.process.return, prefix),
    withdraw: pathOf(endpoints.process.withdraw, prefix),
  };

  // sessions of the demo users (revoked at the end); no login route, no rate limit touched
  const actors = new Map<string, Actor>();
  const byId = new Map<string, Actor>();
  const sessionIds: string[] = [];
  for (const username of ['admin', 'zhangwei', 'lina', 'xuqiang', 'sunli']) {
    const [u] = await ctx.db.select().from(t.users).where(eq(t.users.username, username));
    if (!u) continue;
    const s = await createSession(ctx.db, u.id, u.duoYuYanType, { idleMs: ctx.config.sessionIdleMs, absoluteMs: ctx.config.sessionAbsoluteMs });
    sessionIds.push(s.id);
    const a = new Actor(app, username, u.id, s.token);
    actors.set(username, a);
    byId.set(u.id, a);
  }
  const actor = (name: string) => actors.get(name)!;

  const md = async (kind: string, code: string, refType?: string) => {
    const [r] = await ctx.db
      .select()
      .from(t.masterData)
      .where(and(eq(t.masterData.kind, kind), eq(t.masterData.code, code), ...(refType ? [eq(t.masterData.refType, refType)] : [])));
    if (!r) throw new Error(`demo business: no ${kind} ${code}`);
    return { id: r.id, name: r.name };
  };

  /** The open task of the record's instance and the actor holding it. */
  const openTask = async (owner: Actor, recordId: string) => {
    const d = await owner.post<Detail>(P.detail, { recordId });
    const task = d.tasks.find((x) => x.status === 'pending' && byId.has(x.assigneeId)) ?? d.tasks.find((x) => byId.has(x.assigneeId));
    if (!task) throw new Error(`demo business: no open task of a demo user on ${recordId}: ${JSON.stringify(d.tasks)}`);
    return { task, by: byId.get(task.assigneeId)! };
  };
  const status = async (owner: Actor, formCode: string, id: string) =>
    (await owner.post<{ record: { shenPiZhuangTai: string | null; version: number; data: Record<string, unknown> } }>(P.get, { formCode, id })).record;
  /** Approves every step until the document is approved (or `stopAt` steps are done). */
  const approveAll = async (owner: Actor, formCode: string, id: string, stopAt = 50) => {
    for (let i = 0; i < stopAt; i++) {
      const rec = await status(owner, formCode, id);
      if (rec.shenPiZhuangTai !== APPROVAL_STATUS.IN_APPROVAL.code) return rec;
      const { task, by } = await openTask(owner, id);
      await by.post(P.approve, { taskId: task.id, comment: by.username === 'sunli' ? '财务审核通过' : '同意' });
    }
    return status(owner, formCode, id);
  };
  const derive = async (owner: Actor, formCode: string, fromId: string) =>
    (await owner.post<{ data: Record<string, unknown> }>(P.derive, { formCode, fromId })).data;
  /**
   * The document's creation date over the demo year (its activity's dates; never later than
   * yesterday), so the lists read like a year of work: the routes date everything today.
   */
  const yesterday = dayjs().subtract(1, 'day');
  const backdate = async (id: string, day: dayjs.Dayjs, n: number) => {
    const at = (day.isBefore(yesterday) ? day : yesterday)
      .hour(9 + (n % 8))
      .minute((n * 7) % 60)
      .second(0);
    await ctx.db
      .update(t.records)
      .set({ rowCreateDate: nowText(at.toDate()) })
      .where(eq(t.records.id, id));
  };
  const employee = async (code: string) => {
    const [e] = await ctx.db.select().from(t.employees).where(eq(t.employees.code, code));
    return { id: e.id, name: e.name };
  };
  const department = async (code: string) => {
    const [d] = await ctx.db.select().from(t.departments).where(eq(t.departments.code, code));
    return { id: d.id, name: d.name };
  };

  /** The application's values (each form's own fields) and its applied amount. */
  const applicationData = async (p: ApplicationPlan, dealer: { id: string; name: string }, pool: { id: string; name: string }) => {
    const common = {
      huoDongMingCheng: p.name,
      caiWuNian: await md('fiscalYear', 'FY2026'),
      huoDongQiJian: [p.from, p.to],
      yuSuanChi: { id: pool.id, name: pool.name },
    };
    const outlets = p.outlets.length ? { wangDian: await Promise.all(p.outlets.map((o) => md('outlet', o))) } : {};
    if (p.special) {
      const mingXi = p.special.items.map(([item, qty, price]) => ({
        _id: newId(),
        feiYongXiangMu: item,
        shuLiang: qty,
        danJia: price,
        jinE: new Decimal(price).times(qty).toFixed(2),
      }));
      const applied = sum(mingXi.map((l) => l.jinE));
      return {
        applied,
        data: {
          ...common,
          ...outlets,
          zhuanXiangHuoDong: await md('specialActivity', p.special.activity),
          zhuanXiangJingLi: await employee(p.special.manager),
          jingXiaoShang: { id: dealer.id, name: dealer.name },
          mingXi,
          zongJinE: applied,
        } as Record<string, unknown>,
      };
    }
    if (p.market) {
      const applied = new Decimal(p.actual ?? '10000').toFixed(2);
      return {
        applied,
        data: {
          ...common,
          chengDanBuMen: await department(p.market.dept),
          chengBenZhongXin: await md('costCenter', p.market.costCenter),
          yiJiQuDao: await md('channel', p.market.channel),
          erJiQuDao: await md('channel', p.market.channel2),
          pinPai: [await md('brand', 'B01'), await md('brand', 'B02')],
          feiYongKeMu: await md('expenseSubject', p.subject),
          gongYingShang: await md('supplier', p.market.supplier),
          zhiFuFangShi: await md('refCode', p.pay, 'zhiFuFangShi'),
          yuGuJinE: applied,
          shiFouYuTi: 'fou',
          xiangMuShuoMing: `${p.name}：${p.from} 至 ${p.to}，由供应商执行，按合同结算。`,
        } as Record<string, unknown>,
      };
    }
    const mingXi = [];
    for (const [brand, sku, qty, price] of p.lines) {
      mingXi.push({
        _id: newId(),
        pinPai: await md('brand', brand),
        danPin: await md('product', sku),
        shuLiang: qty,
        danJia: price,
        jinE: new Decimal(price).times(qty).toFixed(2),
      });
    }
    const applied = sum(mingXi.map((l) => l.jinE));
    return {
      applied,
      data: {
        ...common,
        ...outlets,
        yeWuBanKuai: await md('refCode', p.lines[0][0] === 'B03' ? 'SP' : 'YL', 'yeWuBanKuai'),
        jingXiaoShang: { id: dealer.id, name: dealer.name },
        feiYongKeMu: await md('expenseSubject', p.subject),
        shenQingJinE: applied,
        zhiFuFangShi: await md('refCode', p.pay, 'zhiFuFangShi'),
        huoDongShuoMing: `${p.name}：${p.from} 至 ${p.to}，执行门店 ${p.outlets.length || 1} 家，费用按明细核算。`,
        mingXi,
      } as Record<string, unknown>,
    };
  };

  try {
    for (const [n, p] of plans.entries()) {
      const owner = actor(p.user);
      // ── the application ──
      const [dealer] = await ctx.db.select().from(t.dealers).where(eq(t.dealers.code, p.dealer));
      const [pool] = await ctx.db.select().from(t.budgetPools).where(eq(t.budgetPools.code, p.pool));
      const form = p.form ?? 'feiYongShenQing';
      const { data, applied } = await applicationData(p, dealer, pool);
      const app1 = await owner.post<Saved>(P.save, { formCode: form, data, submit: p.end !== 'draft' });
      await backdate(app1.id, dayjs(p.from).subtract(14, 'day'), n);
      if (p.end === 'draft') continue;
      if (p.end === 'withdrawn') {
        await owner.post(P.withdraw, { recordId: app1.id, comment: '活动门店调整，撤回重新规划' });
        continue;
      }
      if (p.end === 'inApproval') continue;
      if (p.end === 'returned' || p.end === 'rejected') {
        const { task, by } = await openTask(owner, app1.id);
        if (p.end === 'returned') await by.post(P.ret, { taskId: task.id, to: 'applicant', comment: '请补充门店执行照片和分摊明细' });
        else await by.post(P.reject, { taskId: task.id, comment: '本季度预算已另有安排，暂不执行' });
        continue;
      }
      if (p.end === 'atFinance') {
        const { task, by } = await openTask(owner, app1.id);
        await by.post(P.approve, { taskId: task.id, comment: '同意' });
        continue;
      }
      await approveAll(owner, form, app1.id);
      if (!reaches(p.end, 'settling')) continue;

      // ── the settlement: each line's actual in proportion to the applied ──
      const actual = p.actual ?? applied;
      const sData = await derive(owner, 'feiYongJieAn', app1.id);
      const lines = Array.isArray(sData.mingXi) ? (sData.mingXi as Record<string, unknown>[]) : [];
      let left = new Decimal(actual);
      lines.forEach((l, i) => {
        const lineApplied = String(l.shenQingJinE ?? l.jinE ?? '0');
        const share = i === lines.length - 1 ? left : new Decimal(lineApplied).times(actual).dividedBy(applied).toDecimalPlaces(2, Decimal.ROUND_DOWN);
        left = left.minus(share);
        l.shiJiJinE = share.toFixed(2);
        l.jieYuJinE = new Decimal(lineApplied).minus(share).toFixed(2);
      });
      Object.assign(sData, {
        shiJiJinE: actual,
        jieYuJinE: new Decimal(applied).minus(actual).toFixed(2),
        jieAnRiQi: p.to,
        zhiXingQingKuang: `${p.name}已按计划执行完毕，实际费用 ${actual} 元${actual === applied ? '' : `，结余 ${new Decimal(applied).minus(actual).toFixed(2)} 元退回预算池`}。`,
      });
      const settlement = await owner.post<Saved>(P.save, { formCode: 'feiYongJieAn', data: sData, submit: true, derivedFrom: app1.id });
      await backdate(settlement.id, dayjs(p.to).add(3, 'day'), n);
      if (!reaches(p.end, 'settled')) continue;
      await approveAll(owner, 'feiYongJieAn', settlement.id);
      if (!reaches(p.end, 'writingOff')) continue;

      // ── the write-off: two invoices (with a shortfall: they cover 80%) ──
      const wData = await derive(owner, 'feiYongHeXiao', settlement.id);
      const covered = p.end === 'shortfall' ? new Decimal(actual).times('0.8').toFixed(2) : actual;
      const first = new Decimal(covered).times('0.6').toDecimalPlaces(2, Decimal.ROUND_DOWN);
      const faPiao = [first, new Decimal(covered).minus(first)].map((amount, i) => {
        const tax = amount.times(6).dividedBy(106).toDecimalPlaces(2);
        return {
          faPiaoHaoMa: `${31000000 + (n + 1) * 100 + i + 1}`.padStart(8, '0'),
          kaiPiaoRiQi: p.to,
          faPiaoJinE: amount.toFixed(2),
          shuiLv: '6',
          shuiE: tax.toFixed(2),
          buHanShuiJinE: amount.minus(tax).toFixed(2),
        };
      });
      Object.assign(wData, {
        jieAnJinE: actual,
        heXiaoFangShi: 'piaoKou',
        heXiaoJinE: actual,
        faPiao,
        faPiaoHeJi: covered,
        buFaPiaoJinE: new Decimal(actual).minus(covered).toFixed(2),
        beiZhu: p.end === 'shortfall' ? '部分发票尚未开具，差额转补发票申请' : '发票齐全',
      });
      const writeOff = await owner.post<Saved>(P.save, { formCode: 'feiYongHeXiao', data: wData, submit: true, derivedFrom: settlement.id });
      await backdate(writeOff.id, dayjs(p.to).add(8, 'day'), n);
      if (!reaches(p.end, 'writtenOff')) continue;
      await approveAll(owner, 'feiYongHeXiao', writeOff.id);
      if (p.end === 'shortfall' && p.supplement) {
        // the supplementary-invoice application the approval made: the missing invoice arrives
        const [draft] = await ctx.db
          .select({ id: t.records.id })
          .from(t.records)
          .where(and(eq(t.records.formCode, 'buFaPiaoShenQing'), sql`${t.records.data}->>'heXiaoDanHao' = ${writeOff.number}`));
        if (draft) {
          const rec = await status(owner, 'buFaPiaoShenQing', draft.id);
          const missing = new Decimal(String(rec.data.queFaPiaoJinE ?? new Decimal(actual).minus(covered).toFixed(2)));
          const tax = missing.times(6).dividedBy(106).toDecimalPlaces(2);
          const invoice = {
            faPiaoHaoMa: `${31000000 + (n + 1) * 100 + 9}`,
            kaiPiaoRiQi: p.to,
            faPiaoJinE: missing.toFixed(2),
            shuiLv: '6',
            shuiE: tax.toFixed(2),
            buHanShuiJinE: missing.minus(tax).toFixed(2),
          };
          const sup = await owner.post<Saved>(P.save, {
            formCode: 'buFaPiaoShenQing',
            id: draft.id,
            version: rec.version,
            data: { ...rec.data, faPiao: [invoice], faPiaoHeJi: missing.toFixed(2), beiZhu: '经销商已补开发票' },
            submit: true,
          });
          await approveAll(owner, 'buFaPiaoShenQing', sup.id);
          await backdate(sup.id, dayjs(p.to).add(20, 'day'), n);
        }
      }
      if (!reaches(p.end, 'paidPart')) continue;

      // ── payments by finance: part, then (end paid) the rest ──
      // finance pays where its role may read the write-off; otherwise the applicant records it
      let finance = actor('sunli');
      const pay = async (amount: string, note: string) => {
        let pData: Record<string, unknown>;
        try {
          pData = await derive(finance, 'feiYongZhiFu', writeOff.id);
        } catch (err) {
          if (finance === owner || !String(err).includes('answered 403')) throw err;
          finance = owner;
          pData = await derive(finance, 'feiYongZhiFu', writeOff.id);
        }
        Object.assign(pData, {
          zhiFuJinE: amount,
          zhiFuFangShi: await md('refCode', p.pay === 'HKDK' || p.pay === 'PZ' ? p.pay : 'ZZ', 'zhiFuFangShi'),
          zhiFuRiQi: p.to,
          shouKuanZhangHu: `${dealer.name} 招商银行 6214 **** ${String(1000 + n * 37).slice(-4)}`,
          beiZhu: note,
        });
        const payment = await finance.post<Saved>(P.save, { formCode: 'feiYongZhiFu', data: pData, submit: true, derivedFrom: writeOff.id });
        await backdate(payment.id, dayjs(p.to).add(note === '尾款支付' ? 30 : 15, 'day'), n);
        await approveAll(finance, 'feiYongZhiFu', payment.id);
      };
      const part = p.paidPart ?? new Decimal(actual).dividedBy(2).toFixed(2);
      if (p.end === 'paidPart') await pay(part, '首期付款');
      else if (p.paidPart) {
        await pay(part, '首期付款');
        await pay(new Decimal(actual).minus(part).toFixed(2), '尾款支付');
      } else await pay(actual, '全额付款');
    }
  } finally {
    for (const id of sessionIds) await revokeSession(ctx.db, id);
  }
  return true;
}
