// Budget proposals (tiYuSuan), budget changes and allocations (yuSuanBianGeng) and accruals
// (yuTi): what their documents do to the budget, in the same transaction as their steps.
// - A proposal imported from a template (templates.ts) is a draft with one line per budget
//   row; when its approval ends approved, each line loads its amount into the pool of its
//   dimensions (fiscal year × region × channel × subject [× product]), creating the pool when
//   none matches. A proposal loads once: the ledger rows it wrote are its receipt.
// - A change request raises or lowers one pool, transfers from one pool to another or
//   allocates from a parent pool to a child; submitting checks it (the pools, their fiscal
//   year, a hard source pool's available balance) and approving applies it through the ledger,
//   the pools locked in id order. The ledger is its log.
// - An accrual books expected spend for finance's review; it moves no pool money (the budget is
//   held by the applications that will spend it: booking it again would count it twice), and
//   its pool must be of its fiscal year.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Locale } from '../../../schemas/constants';
import type { AppContext, SessionUser } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { rows } from '../../db/client';
import { invalid } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import { registerRecordHooks, saveRecord, type RecordTransitionEvent } from '../records';
import { InsufficientBudget, postMovement } from './ledger';
import { fmt, parseMoney } from './money';
import { errorWorkbook, parseTemplate, type DimItem, type ImportError, type TemplateKind } from './templates';

export const PROPOSAL_FORM = 'tiYuSuan';
export const CHANGE_FORM = 'yuSuanBianGeng';
export const ACCRUAL_FORM = 'yuTi';

type Picker = { id: string; name: string } | null | undefined;
interface ProposalLine {
  _id?: string;
  buMen?: Picker;
  quDao?: Picker;
  feiYongKeMu?: Picker;
  danPin?: Picker;
  jinE?: string;
}

const pickerId = (v: unknown): string | null =>
  v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string' ? (v as { id: string }).id : null;

// ─── import ─────────────────────────────────────────────────────────────────────────────────

export interface ImportInput {
  kind: TemplateKind;
  fiscalYearId: string;
  fileName: string;
  /** the workbook's bytes */
  content: Buffer;
  title?: string;
}

export type ImportResult =
  | { ok: false; errors: ImportError[]; errorReport: string; total: string; lineCount: number }
  | { ok: true; errors: []; id: string; number: string; total: string; lineCount: number };

/** The fiscal year master-data item, or a 422 on the field. */
export async function fiscalYearOf(db: DbOrTx, id: string, locale: Locale): Promise<DimItem> {
  const [fy] = await rows<DimItem>(db, sql`select id, code, name from master_data where id = ${id} and kind = 'fiscalYear'`);
  if (!fy) throw invalid([{ field: 'caiWuNian', message: t(locale, 'budgetProposal.error.unknownFiscalYear') }]);
  return fy;
}

/**
 * Imports a filled template: every row valid → a draft proposal with one line per row (its
 * id, number and total); else the errors row by row and the workbook with an error column
 * (base64), and nothing is saved.
 */
export async function importProposal(ctx: AppContext, me: SessionUser, input: ImportInput, locale: Locale): Promise<ImportResult> {
  const fy = await fiscalYearOf(ctx.db, input.fiscalYearId, locale);
  const parsed = await parseTemplate(ctx.db, input.content, input.kind, fy, locale);
  if (parsed.errors.length) {
    const report = await errorWorkbook(parsed, locale);
    return { ok: false, errors: parsed.errors, errorReport: report.toString('base64'), total: parsed.total, lineCount: parsed.lines.length };
  }
  const kindName = t(locale, `budgetProposal.kind.${input.kind}`);
  const data = {
    biaoTi: (input.title?.trim() || `${fy.name}${kindName}`).slice(0, 100),
    caiWuNian: { id: fy.id, name: fy.name },
    muBanLeiXing: input.kind,
    heJi: parsed.total,
    daoRuWenJian: input.fileName.slice(0, 200),
    mingXi: parsed.lines.map((l) => ({
      _id: newId(),
      buMen: { id: l.region.id, name: l.region.name },
      quDao: { id: l.channel.id, name: l.channel.name },
      feiYongKeMu: { id: l.subject.id, name: l.subject.name },
      ...(l.product ? { danPin: { id: l.product.id, name: l.product.name } } : {}),
      jinE: l.amount,
      ...(l.memo ? { beiZhu: l.memo } : {}),
    })),
  };
  const saved = (await saveRecord(ctx, me, { formCode: PROPOSAL_FORM, data }, locale)) as { id: string; number: string };
  return { ok: true, errors: [], id: saved.id, number: saved.number, total: parsed.total, lineCount: parsed.lines.length };
}

// ─── loading a proposal into pools ──────────────────────────────────────────────────────────

interface Codes {
  id: string;
  code: string;
  name: string;
}

async function codesOf(tx: DbOrTx, ids: string[]): Promise<Map<string, Codes>> {
  if (ids.length === 0) return new Map();
  const list = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  const r = await rows<Codes>(
    tx,
    sql`select id, code, name from departments where id in (${list})
      union all select id, code, name from master_data where id in (${list})`,
  );
  return new Map(r.map((x) => [x.id, x]));
}

/** The pool of exactly these dimensions (no brand), created (hard control, nothing loaded) when none exists. */
async function poolFor(tx: Tx, d: { fy: string; dept: string; channel: string; subject: string; product: string | null }, codes: Map<string, Codes>) {
  const [hit] = await rows<{ id: string }>(
    tx,
    sql`select id from budget_pools where fiscal_year_id = ${d.fy} and department_id = ${d.dept} and channel_id = ${d.channel}
      and subject_id = ${d.subject} and product_id is not distinct from ${d.product} and brand_id is null
      order by is_enabled desc, id limit 1`,
  );
  if (hit) return hit.id;
  const part = (id: string | null) => (id ? codes.get(id) : undefined);
  const dims = [d.fy, d.dept, d.channel, d.subject, d.product].map(part);
  const code = ['YSC', ...dims.filter(Boolean).map((x) => x!.code)].join('-').slice(0, 64);
  const name = dims
    .filter(Boolean)
    .map((x) => x!.name)
    .join('')
    .slice(0, 200);
  await tx.execute(sql`insert into budget_pools (id, code, name, fiscal_year_id, department_id, channel_id, subject_id, product_id, amount, control_mode)
    values (${newId()}, ${code}, ${name}, ${d.fy}, ${d.dept}, ${d.channel}, ${d.subject}, ${d.product}, 0, 'hard')
    on conflict (code) do nothing`);
  const [made] = await rows<{ id: string }>(tx, sql`select id from budget_pools where code = ${code}`);
  return made.id;
}

/** Whether the proposal already loaded its lines (its ledger rows). */
export async function proposalLoaded(db: DbOrTx, recordId: string): Promise<boolean> {
  const [r] = await rows<{ n: number }>(db, sql`select count(*)::int as n from budget_ledger where record_id = ${recordId} and kind = 'load'`);
  return r.n > 0;
}

/** Loads an approved proposal's lines into their pools (once); answers how many movements it wrote. */
export async function loadProposal(tx: Tx, record: { id: string; number: string; data: unknown }, userId: string): Promise<number> {
  // one proposal at a time per record: a concurrent second load waits here, then finds the first one's rows
  await tx.execute(sql`select id from records where id = ${record.id} for update`);
  if (await proposalLoaded(tx, record.id)) return 0;
  const data = (record.data ?? {}) as { caiWuNian?: Picker; mingXi?: ProposalLine[] };
  const fy = pickerId(data.caiWuNian);
  const lines = Array.isArray(data.mingXi) ? data.mingXi : [];
  if (!fy) return 0;
  const ids = new Set<string>([fy]);
  for (const l of lines) for (const v of [l.buMen, l.quDao, l.feiYongKeMu, l.danPin]) if (pickerId(v)) ids.add(pickerId(v)!);
  const codes = await codesOf(tx, [...ids]);
  const planned: { poolId: string; lineId: string | null; amount: string }[] = [];
  for (const l of lines) {
    const amount = parseMoney(l.jinE);
    const dept = pickerId(l.buMen);
    const channel = pickerId(l.quDao);
    const subject = pickerId(l.feiYongKeMu);
    if (!amount || amount.lte(0) || !dept || !channel || !subject) continue;
    const poolId = await poolFor(tx, { fy, dept, channel, subject, product: pickerId(l.danPin) }, codes);
    planned.push({ poolId, lineId: l._id ?? null, amount: fmt(amount) });
  }
  planned.sort((a, b) => (a.poolId < b.poolId ? -1 : a.poolId > b.poolId ? 1 : 0));
  for (const p of planned) {
    await postMovement(tx, {
      poolId: p.poolId,
      kind: 'load',
      amount: p.amount,
      lineId: p.lineId,
      recordId: record.id,
      formCode: PROPOSAL_FORM,
      action: 'approve',
      memo: `提预算 ${record.number}`,
      userId,
    });
  }
  return planned.length;
}

// ─── change / transfer / allocation ─────────────────────────────────────────────────────────

export type ChangeKind = 'change' | 'transfer' | 'allocate';
interface PoolRow {
  id: string;
  name: string;
  fiscalYearId: string | null;
  parentId: string | null;
  available: string;
  controlMode: 'hard' | 'soft' | 'none';
  isEnabled: boolean;
}
export interface ChangePlan {
  kind: ChangeKind;
  source: PoolRow;
  target: PoolRow | null;
  amount: Decimal;
}

async function poolRow(db: DbOrTx, id: string | null): Promise<PoolRow | null> {
  if (!id) return null;
  const [p] = await rows<PoolRow>(
    db,
    sql`select id, name, fiscal_year_id as "fiscalYearId", parent_id as "parentId", (amount - occupied - consumed)::text as available,
      control_mode as "controlMode", is_enabled as "isEnabled" from budget_pools where id = ${id}`,
  );
  return p ?? null;
}

/** The change request's plan, or a 422 naming the field that is wrong (in the user's language). */
export async function planChange(db: DbOrTx, data: Record<string, unknown>, locale: Locale): Promise<ChangePlan> {
  const kind = data.bianGengLeiXing as ChangeKind;
  const fail = (field: string, key: string, params: Record<string, unknown> = {}): never => {
    throw invalid([{ field, message: t(locale, `budgetProposal.error.${key}`, params) }]);
  };
  if (!['change', 'transfer', 'allocate'].includes(kind)) fail('bianGengLeiXing', 'badChangeKind');
  const amount = parseMoney(data.bianGengJinE);
  if (!amount || amount.isZero()) return fail('bianGengJinE', 'zero');
  if (kind !== 'change' && amount.lte(0)) fail('bianGengJinE', 'zero');
  const source = await poolRow(db, pickerId(data.yuanYuSuanChi));
  if (!source) return fail('yuanYuSuanChi', 'unknownPool');
  if (!source.isEnabled) fail('yuanYuSuanChi', 'poolDisabled', { pool: source.name });
  let target: PoolRow | null = null;
  if (kind !== 'change') {
    target = await poolRow(db, pickerId(data.muBiaoYuSuanChi));
    if (!target) return fail('muBiaoYuSuanChi', pickerId(data.muBiaoYuSuanChi) ? 'unknownPool' : 'targetRequired');
    if (target.id === source.id) fail('muBiaoYuSuanChi', 'samePool');
    if (target.fiscalYearId !== source.fiscalYearId) fail('muBiaoYuSuanChi', 'fiscalYearDiffers');
    if (kind === 'allocate' && target.parentId && target.parentId !== source.id) fail('muBiaoYuSuanChi', 'notChild', { pool: target.name });
  }
  // money leaving the source: refused up front when a hard pool cannot give it (the ledger decides again on approval)
  const leaving = kind === 'change' ? amount.negated() : amount;
  if (leaving.gt(0) && source.controlMode === 'hard' && new Decimal(source.available).lt(leaving)) {
    fail('yuanYuSuanChi', 'insufficient', { pool: source.name, available: fmt(source.available), amount: fmt(leaving) });
  }
  return { kind, source, target, amount };
}

/** Applies an approved change request through the ledger (once), its pools locked in id order. */
export async function applyChange(tx: Tx, record: { id: string; number: string; data: unknown }, userId: string, locale: Locale): Promise<number> {
  const [done] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from budget_ledger where record_id = ${record.id}`);
  if (done.n > 0) return 0;
  const data = (record.data ?? {}) as Record<string, unknown>;
  const ids = [pickerId(data.yuanYuSuanChi), data.bianGengLeiXing === 'change' ? null : pickerId(data.muBiaoYuSuanChi)].filter((x): x is string => !!x);
  await tx.execute(
    sql`select id from budget_pools where id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )}) order by id for update`,
  );
  const plan = await planChange(tx, data, locale);
  const base = { recordId: record.id, formCode: CHANGE_FORM, action: 'approve', memo: `预算调整 ${record.number}`, userId };
  try {
    if (plan.kind === 'change') {
      await postMovement(tx, { ...base, poolId: plan.source.id, kind: 'change', amount: fmt(plan.amount) });
      return 1;
    }
    const out = plan.kind === 'transfer' ? 'transferOut' : 'allocateOut';
    const into = plan.kind === 'transfer' ? 'transferIn' : 'allocateIn';
    await postMovement(tx, { ...base, poolId: plan.source.id, kind: out, amount: fmt(plan.amount) });
    await postMovement(tx, { ...base, poolId: plan.target!.id, kind: into, amount: fmt(plan.amount) });
    if (plan.kind === 'allocate' && !plan.target!.parentId) {
      await tx.execute(sql`update budget_pools set parent_id = ${plan.source.id}, version = version + 1 where id = ${plan.target!.id}`);
    }
    return 2;
  } catch (e) {
    if (e instanceof InsufficientBudget) {
      throw invalid([
        {
          field: 'yuanYuSuanChi',
          message: t(locale, 'budgetProposal.error.insufficient', { pool: e.pool.name, available: e.pool.available, amount: e.requested }),
        },
      ]);
    }
    throw e;
  }
}

// ─── accrual ────────────────────────────────────────────────────────────────────────────────

async function checkAccrual(db: DbOrTx, data: Record<string, unknown>, locale: Locale) {
  const pool = await poolRow(db, pickerId(data.yuSuanChi));
  if (!pool) throw invalid([{ field: 'yuSuanChi', message: t(locale, 'budgetProposal.error.unknownPool') }]);
  const fy = pickerId(data.caiWuNian);
  if (pool.fiscalYearId && fy && pool.fiscalYearId !== fy) {
    throw invalid([{ field: 'yuSuanChi', message: t(locale, 'budgetProposal.error.poolFiscalYear', { pool: pool.name }) }]);
  }
}

// ─── a proposal's lines at submit ───────────────────────────────────────────────────────────

/** A proposal edited by hand may not name the same dimensions twice (each line is one pool's load). */
export function checkProposal(data: Record<string, unknown>, locale: Locale) {
  const lines = Array.isArray(data.mingXi) ? (data.mingXi as ProposalLine[]) : [];
  const seen = new Map<string, number>();
  lines.forEach((l, i) => {
    const key = [pickerId(l.buMen), pickerId(l.quDao), pickerId(l.feiYongKeMu), pickerId(l.danPin) ?? ''].join('|');
    const first = seen.get(key);
    if (first !== undefined) {
      throw invalid([{ field: `mingXi.${i}.buMen`, message: t(locale, 'budgetProposal.error.duplicate', { first: first + 1 }) }]);
    }
    seen.set(key, i);
  });
}

// ─── the hooks ──────────────────────────────────────────────────────────────────────────────

const SUBMITS = new Set(['submit', 'resubmit']);

async function onTransition(e: RecordTransitionEvent) {
  const code = e.definition.code;
  const action = e.transition.action;
  const record = { id: e.after.id, number: e.after.number, data: e.after.data };
  if (code === PROPOSAL_FORM && SUBMITS.has(action)) checkProposal((e.after.data ?? {}) as Record<string, unknown>, e.locale);
  else if (code === PROPOSAL_FORM && action === 'approve') await loadProposal(e.tx, record, e.user.userId);
  else if (code === CHANGE_FORM && SUBMITS.has(action)) await planChange(e.tx, (e.after.data ?? {}) as Record<string, unknown>, e.locale);
  else if (code === CHANGE_FORM && action === 'approve') await applyChange(e.tx, record, e.user.userId, e.locale);
  else if (code === ACCRUAL_FORM && SUBMITS.has(action)) await checkAccrual(e.tx, (e.after.data ?? {}) as Record<string, unknown>, e.locale);
}

/** The budget documents' hooks (generic form type 0; told apart by their codes). */
export function registerProposalHooks(ctx: AppContext) {
  return registerRecordHooks(ctx, { formTypes: [0], onTransition });
}

// ─── reads ──────────────────────────────────────────────────────────────────────────────────

export interface ProposalLineDetail {
  lineId: string | null;
  region: string | null;
  channel: string | null;
  subject: string | null;
  product: string | null;
  amount: string;
  pool: { id: string; code: string; name: string; available: string; loaded: string } | null;
}

/** A proposal's lines with the pool each loaded into (after approval) and the pool's balance now. */
export async function proposalDetail(
  db: DbOrTx,
  record: { id: string; data: unknown },
): Promise<{ loaded: boolean; total: string; lines: ProposalLineDetail[] }> {
  const data = (record.data ?? {}) as { heJi?: string; mingXi?: ProposalLine[] };
  const ledger = await rows<{ lineId: string | null; id: string; code: string; name: string; available: string; loaded: string }>(
    db,
    sql`select l.line_id as "lineId", p.id, p.code, p.name, (p.amount - p.occupied - p.consumed)::text as available, l.d_amount::text as loaded
      from budget_ledger l join budget_pools p on p.id = l.pool_id where l.record_id = ${record.id} and l.kind = 'load'`,
  );
  const byLine = new Map(ledger.map((r) => [r.lineId, r]));
  const name = (v: Picker) => (v && typeof v === 'object' ? v.name : null);
  const lines = (Array.isArray(data.mingXi) ? data.mingXi : []).map((l) => {
    const p = byLine.get(l._id ?? null);
    return {
      lineId: l._id ?? null,
      region: name(l.buMen),
      channel: name(l.quDao),
      subject: name(l.feiYongKeMu),
      product: name(l.danPin),
      amount: fmt(parseMoney(l.jinE) ?? 0),
      pool: p ? { id: p.id, code: p.code, name: p.name, available: fmt(p.available), loaded: fmt(p.loaded) } : null,
    };
  });
  return { loaded: ledger.length > 0, total: fmt(parseMoney(data.heJi) ?? 0), lines };
}
