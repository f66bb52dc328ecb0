// The money rules of the expense documents (docs/expense.md), enforced by the server on every
// owner write (save, submit, resubmit) inside the write's transaction: a broken rule answers a
// field-level 422 in the user's language (`invalid([{ field, code, message }])`), so the form
// shows it at the field. The lifecycle (lifecycle.ts) calls `checkRules` from its beforeWrite
// hook; the chain helpers here (which application a document belongs to, its lines) are shared.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { APPROVAL_STATUS, FORM_TYPES, type FormDefinition } from '../../../schemas';
import type { Locale } from '../../../schemas/constants';
import type { DbOrTx } from '../../db/client';
import { rows } from '../../db/client';
import { AppError, invalid, type FieldError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import type { SessionUser } from '../../context';
import type { RecordRow } from '../records';
import { occupationsOf } from './ledger';
import { fmt, money, sum } from './money';
import { tpmFlag, tpmNumber } from './settings';

export const APPLICATION_TYPES: readonly number[] = [FORM_TYPES.EXPENSE_APPLICATION.code, FORM_TYPES.MARKET_EXPENSE.code, FORM_TYPES.SPECIAL_PROJECT.code];
export const SETTLEMENT = FORM_TYPES.SETTLEMENT.code;
export const WRITE_OFF = FORM_TYPES.WRITE_OFF.code;
export const PAYMENT = FORM_TYPES.PAYMENT.code;
export const FINANCE_ROLE = 'caiWuZhuGuan';

export const S = {
  DRAFT: APPROVAL_STATUS.DRAFT.code,
  IN_APPROVAL: APPROVAL_STATUS.IN_APPROVAL.code,
  APPROVED: APPROVAL_STATUS.APPROVED.code,
  RETURNED: APPROVAL_STATUS.RETURNED.code,
  WITHDRAWN: APPROVAL_STATUS.WITHDRAWN.code,
  VOID: APPROVAL_STATUS.VOID.code,
} as const;

type Data = Record<string, unknown>;
const dataOf = (r: { data: unknown } | null | undefined): Data => (r?.data && typeof r.data === 'object' ? (r.data as Data) : {});
const idOf = (v: unknown): string | null => {
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const id = (v as { id?: unknown }).id;
    return typeof id === 'string' && id ? id : typeof id === 'number' ? String(id) : null;
  }
  return typeof v === 'string' && v ? v : null;
};
const nameOf = (v: unknown): string => (v && typeof v === 'object' && 'name' in v ? String((v as { name: unknown }).name ?? '') : '');
const rowsOf = (v: unknown): Data[] => (Array.isArray(v) ? v.filter((r): r is Data => !!r && typeof r === 'object') : []);

// ─── the chain ─────────────────────────────────────────────────────────────────────────────

export interface DocRow {
  id: string;
  formCode: string;
  number: string;
  status: string;
  valid: boolean;
  createdBy: string;
  archivedAt: string | null;
  data: Data;
  formType: number | null;
}

/** A record with its form type (the published definition's), for the chain. */
export async function docOf(db: DbOrTx, id: string): Promise<DocRow | null> {
  const [r] = await rows<DocRow & { data: unknown }>(
    db,
    sql`select r.id, r.form_code as "formCode", r.number, r.shen_pi_zhuang_tai as status, r.is_you_xiao = '1' as valid,
      r.row_create_id as "createdBy", r.liu_cheng_gui_dang_time as "archivedAt", r.data,
      (select d.form_type from form_definitions d where d.code = r.form_code) as "formType"
      from records r where r.id = ${id}`,
  );
  return r ? { ...r, data: dataOf(r), formType: r.formType == null ? null : Number(r.formType) } : null;
}

/** The source of a document (the `from` side of its link of `kind`), or null. */
export async function sourceIdOf(db: DbOrTx, id: string, kind: 'settles' | 'writesOff' | 'pays'): Promise<string | null> {
  const [r] = await rows<{ fromId: string }>(db, sql`select from_id as "fromId" from record_links where to_id = ${id} and kind = ${kind} limit 1`);
  return r?.fromId ?? null;
}

/** The documents made from `id` by links of `kind` that are still alive (valid and not void). */
export async function liveTargetsOf(db: DbOrTx, id: string, kind: 'settles' | 'writesOff' | 'pays'): Promise<DocRow[]> {
  const ids = await rows<{ toId: string }>(db, sql`select to_id as "toId" from record_links where from_id = ${id} and kind = ${kind} order by to_id`);
  const out: DocRow[] = [];
  for (const { toId } of ids) {
    const d = await docOf(db, toId);
    if (d && d.valid && d.status !== S.VOID) out.push(d);
  }
  return out;
}

/** The application a settlement (settles), write-off (writesOff → settles) or payment (pays → …) belongs to. */
export async function applicationIdOf(db: DbOrTx, id: string, formType: number): Promise<string | null> {
  if (APPLICATION_TYPES.includes(formType)) return id;
  if (formType === SETTLEMENT) return sourceIdOf(db, id, 'settles');
  if (formType === WRITE_OFF) {
    const s = await sourceIdOf(db, id, 'writesOff');
    return s ? sourceIdOf(db, s, 'settles') : null;
  }
  if (formType === PAYMENT) {
    const w = await sourceIdOf(db, id, 'pays');
    return w ? applicationIdOf(db, w, WRITE_OFF) : null;
  }
  return null;
}

// ─── an application's lines ──────────────────────────────────────────────────────────────────

export interface AppLine {
  /** the detail row's `_id`; null for a document without detail lines (market expense: one amount) */
  lineId: string | null;
  poolId: string | null;
  amount: string;
  /** the field the line's amount and pool are read from (for messages) */
  field: string;
}

/**
 * The money lines of an application: each detail row's `jinE` in its pool (`mingXi[].yuSuanChi`,
 * else the header's `yuSuanChi`); a market expense (no detail) is one line of `yuGuJinE`; an
 * application whose detail is empty is one line of its header amount.
 */
export function applicationLines(formType: number, data: Data): AppLine[] {
  const header = idOf(data.yuSuanChi);
  const detail = rowsOf(data.mingXi);
  if (formType !== FORM_TYPES.MARKET_EXPENSE.code && detail.length) {
    return detail.map((r, i) => ({
      lineId: typeof r._id === 'string' && r._id ? r._id : `#${i}`,
      poolId: idOf(r.yuSuanChi) ?? header,
      amount: fmt(money(r.jinE)),
      field: `mingXi.${i}`,
    }));
  }
  const key = formType === FORM_TYPES.MARKET_EXPENSE.code ? 'yuGuJinE' : formType === FORM_TYPES.SPECIAL_PROJECT.code ? 'zongJinE' : 'shenQingJinE';
  return [{ lineId: null, poolId: header, amount: fmt(money(data[key])), field: key }];
}

/** The total an application applies for. */
export const appliedOf = (formType: number, data: Data) => fmt(sum(applicationLines(formType, data).map((l) => l.amount)));

/** A settlement's actual amount per application line (`shenQingHangId`; a line without one: the header line, null). */
export function settlementActuals(data: Data): Map<string | null, Decimal> {
  const m = new Map<string | null, Decimal>();
  for (const r of rowsOf(data.mingXi)) {
    const k = typeof r.shenQingHangId === 'string' && r.shenQingHangId ? r.shenQingHangId : null;
    m.set(k, (m.get(k) ?? new Decimal(0)).plus(money(r.shiJiJinE)));
  }
  return m;
}

export interface Amounts {
  applied: string;
  occupied: string;
  settled: string;
  released: string;
  writingOff: string;
  writtenOff: string;
  paying: string;
  paid: string;
}

export async function amountsOf(db: DbOrTx, applicationId: string): Promise<Amounts | null> {
  const [a] = await rows<Amounts>(
    db,
    sql`select applied::text as applied, occupied::text as occupied, settled::text as settled, released::text as released,
      writing_off::text as "writingOff", written_off::text as "writtenOff", paying::text as paying, paid::text as paid
      from expense_amounts where application_id = ${applicationId}`,
  );
  return a ?? null;
}

export async function hasRole(db: DbOrTx, userId: string, roleCode: string): Promise<boolean> {
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from user_roles ur join roles ro on ro.id = ur.role_id where ur.user_id = ${userId} and ro.code = ${roleCode}`,
  );
  return (r?.n ?? 0) > 0;
}

// ─── the rules ─────────────────────────────────────────────────────────────────────────────

export interface RuleInput {
  db: DbOrTx;
  user: SessionUser;
  definition: FormDefinition;
  /** the record before the write (null: created now) */
  before: RecordRow | null;
  /** the record as it will be written */
  after: RecordRow;
  /** a submit or resubmit (amount rules apply in full; a draft save checks what is filled) */
  submitting: boolean;
  /** the link a new document is derived with */
  link?: { kind: string; fromId: string };
  locale: Locale;
}

class Errors {
  readonly list: FieldError[] = [];
  constructor(private readonly locale: Locale) {}
  add(field: string, code: string, key: string, params: Record<string, unknown> = {}) {
    this.list.push({ field, code, message: t(this.locale, `expense.${key}`, params) });
  }
  throwIfAny() {
    if (this.list.length) throw invalid(this.list);
  }
}

/** The document's source: the new link, or the stored one. */
async function sourceOf(i: RuleInput, kind: 'settles' | 'writesOff' | 'pays'): Promise<DocRow | null> {
  const id = i.link?.kind === kind ? i.link.fromId : await sourceIdOf(i.db, i.after.id, kind);
  return id ? docOf(i.db, id) : null;
}

/** Runs the rules of the document's form type; throws a field-level 422 (or 403) when one is broken. */
export async function checkRules(i: RuleInput): Promise<void> {
  const type = i.definition.formType;
  if (APPLICATION_TYPES.includes(type)) return checkApplication(i);
  if (type === SETTLEMENT) return checkSettlement(i);
  if (type === WRITE_OFF) return checkWriteOff(i);
  if (type === PAYMENT) return checkPayment(i);
}

/** Application: the fiscal year is each pool's (setting caiWuNianXiaoYan), a line's product belongs to its brand. */
async function checkApplication(i: RuleInput) {
  const e = new Errors(i.locale);
  const data = dataOf(i.after);
  const year = idOf(data.caiWuNian);
  if (year && (await tpmFlag(i.db, 'feiYongShenQingSheZhi', 'caiWuNianXiaoYan'))) {
    const seen = new Set<string>();
    for (const line of applicationLines(i.definition.formType, data)) {
      if (!line.poolId || seen.has(line.poolId)) continue;
      seen.add(line.poolId);
      const [p] = await rows<{ name: string; fy: string | null; fyName: string | null }>(
        i.db,
        sql`select p.name, p.fiscal_year_id as fy, m.name as "fyName" from budget_pools p left join master_data m on m.id = p.fiscal_year_id where p.id = ${line.poolId}`,
      );
      if (p && p.fy && p.fy !== year) {
        const field = line.lineId !== null && idOf(rowsOf(data.mingXi)[Number(line.field.split('.')[1])]?.yuSuanChi) ? `${line.field}.yuSuanChi` : 'caiWuNian';
        e.add(field, 'fiscalYearMismatch', 'fiscalYearMismatch', { year: nameOf(data.caiWuNian) || year, pool: p.name, poolYear: p.fyName ?? '' });
      }
    }
  }
  const detail = rowsOf(data.mingXi);
  for (const [n, r] of detail.entries()) {
    const brand = idOf(r.pinPai);
    const product = idOf(r.danPin);
    if (!brand || !product) continue;
    const [hit] = await rows<{ brand: string | null }>(
      i.db,
      sql`select coalesce(b.id, s.id) as brand from master_data p
        left join master_data s on s.id = p.parent_id
        left join master_data b on b.id = s.parent_id and b.kind = 'brand'
        where p.id = ${product}`,
    );
    // a product of another brand (its series' brand), or no such product
    if (!hit || hit.brand !== brand)
      e.add(`mingXi.${n}.danPin`, 'productNotOfBrand', 'productNotOfBrand', { product: nameOf(r.danPin), brand: nameOf(r.pinPai) });
  }
  e.throwIfAny();
}

/** Settlement: only from an approved application; each line's actual ≤ what the line holds (unless the setting allows more). */
async function checkSettlement(i: RuleInput) {
  const e = new Errors(i.locale);
  const app = await sourceOf(i, 'settles');
  if (!app) return; // not derived: the records module refuses a settlement without its source on derive; nothing to check against
  if (!app.valid || app.status !== S.APPROVED) {
    e.add('shenQingDanHao', 'sourceNotApproved', 'applicationNotApproved', { number: app.number });
    e.throwIfAny();
  }
  const data = dataOf(i.after);
  const exceed = await tpmFlag(i.db, 'feiYongJieAnSheZhi', 'yunXuChaoShenQing');
  if (exceed) return;
  const held = new Map<string | null, Decimal>();
  for (const o of await occupationsOf(i.db, app.id)) held.set(o.lineId, (held.get(o.lineId) ?? new Decimal(0)).plus(money(o.occupied)));
  const lines = rowsOf(data.mingXi);
  const byLine = new Map<string | null, number[]>();
  lines.forEach((r, n) => {
    const k = typeof r.shenQingHangId === 'string' && r.shenQingHangId ? r.shenQingHangId : null;
    byLine.set(k, [...(byLine.get(k) ?? []), n]);
  });
  for (const [k, idx] of byLine) {
    const actual = sum(idx.map((n) => money(lines[n].shiJiJinE)));
    const cap = held.get(k) ?? new Decimal(0);
    if (actual.gt(cap)) {
      for (const n of idx) e.add(`mingXi.${n}.shiJiJinE`, 'exceedsOccupied', 'actualExceedsOccupied', { actual: fmt(actual), occupied: fmt(cap) });
    }
  }
  e.throwIfAny();
}

/** What a write-off or payment holds while in approval or returned (the amount is held from submit until its end). */
const holds = (status: string | null | undefined) => status === S.IN_APPROVAL || status === S.RETURNED;

/** Write-off: only from an approved settlement; amount ≤ settled − written off − in approval; within the days allowed; invoices for 票扣. */
async function checkWriteOff(i: RuleInput) {
  const e = new Errors(i.locale);
  const settlement = await sourceOf(i, 'writesOff');
  if (!settlement) return;
  if (!settlement.valid || settlement.status !== S.APPROVED) {
    e.add('jieAnDanHao', 'sourceNotApproved', 'settlementNotApproved', { number: settlement.number });
    e.throwIfAny();
  }
  const data = dataOf(i.after);
  const days = Number(await tpmNumber(i.db, 'feiYongHeXiaoSheZhi', 'heXiaoQiXianTian'));
  if (settlement.archivedAt && i.submitting) {
    const approvedAt = new Date(settlement.archivedAt.replace(' ', 'T'));
    if (!Number.isNaN(approvedAt.getTime()) && Date.now() - approvedAt.getTime() > days * 86_400_000)
      e.add('jieAnDanHao', 'writeOffExpired', 'writeOffExpired', { days, date: settlement.archivedAt.slice(0, 10) });
  }
  const appId = await sourceIdOf(i.db, settlement.id, 'settles');
  const amount = money(data.heXiaoJinE);
  if (appId && data.heXiaoJinE != null) {
    const a = await amountsOf(i.db, appId);
    const own = holds(i.before?.shenPiZhuangTai) ? money(dataOf(i.before).heXiaoJinE) : new Decimal(0);
    const remaining = a ? money(a.settled).minus(a.writtenOff).minus(a.writingOff).plus(own) : new Decimal(0);
    if (amount.gt(remaining))
      e.add('heXiaoJinE', 'exceedsRemaining', 'writeOffExceeds', { amount: fmt(amount), remaining: fmt(remaining.isNegative() ? 0 : remaining) });
  }
  if (i.submitting && data.heXiaoFangShi === 'piaoKou' && rowsOf(data.faPiao).length === 0 && (await tpmFlag(i.db, 'feiYongHeXiaoSheZhi', 'biXuFaPiao')))
    e.add('faPiao', 'invoiceRequired', 'invoiceRequired');
  e.throwIfAny();
}

/** Payment: by finance only; from an approved write-off; amount ≤ written off − paid − paying (the whole of it when partial payments are off). */
async function checkPayment(i: RuleInput) {
  if (!i.user.isAdmin && !(await hasRole(i.db, i.user.userId, FINANCE_ROLE))) throw new AppError(403, 'expense.paymentFinanceOnly');
  const e = new Errors(i.locale);
  const writeOff = await sourceOf(i, 'pays');
  if (!writeOff) return;
  if (!writeOff.valid || writeOff.status !== S.APPROVED) {
    e.add('heXiaoDanHao', 'sourceNotApproved', 'writeOffNotApproved', { number: writeOff.number });
    e.throwIfAny();
  }
  const appId = await applicationIdOf(i.db, writeOff.id, WRITE_OFF);
  const data = dataOf(i.after);
  if (!appId || data.zhiFuJinE == null) return;
  const a = await amountsOf(i.db, appId);
  const own = holds(i.before?.shenPiZhuangTai) ? money(dataOf(i.before).zhiFuJinE) : new Decimal(0);
  const remaining = a ? money(a.writtenOff).minus(a.paid).minus(a.paying).plus(own) : new Decimal(0);
  const amount = money(data.zhiFuJinE);
  if (amount.gt(remaining))
    e.add('zhiFuJinE', 'exceedsRemaining', 'payExceeds', { amount: fmt(amount), remaining: fmt(remaining.isNegative() ? 0 : remaining) });
  else if (i.submitting && amount.lt(remaining) && !(await tpmFlag(i.db, 'feiYongZhiFuSheZhi', 'yunXuBuFenZhiFu')))
    e.add('zhiFuJinE', 'partialNotAllowed', 'partialPayNotAllowed', { remaining: fmt(remaining) });
  e.throwIfAny();
}
