// Prepayment and repayment (issue 15, spec §2 "prepayment void and operation log, repayment
// pending list, repayment void and log"). Two generic forms (type 0; the hooks key on the code):
//
// - prepayment `yuFuKuan`, derived (link derives) from an APPROVED application (80021, 99800,
//   99700): finance pays the dealer in advance. No process: submit holds `yuFuJinE` in
//   expense_amounts.prepaying (the condition refuses more than applied − prepaid − prepaying), the
//   approval that follows at once moves it to prepaid. Void of an approved one gives prepaid back
//   (refused while a live repayment of it exists, or when what is left would not cover the repaid).
// - repayment `huanKuan`, derived from an approved prepayment: the dealer returns prepaid money
//   the write-offs did not absorb. Submit holds `huanKuanJinE` in repaying (at most
//   prepaid − min(prepaid, written_off) − repaid − repaying, and at most what is left of its own
//   prepayment), approve: repaying → repaid; void of an approved one: repaid back.
//
// A void needs a reason (`zuoFeiYuanYin`), kept on the record with its time: the void route here
// (`POST /emp/api/v2/feiYong/yuFu/zuoFei`, contract endpoint expense.prepaymentVoid,
// which writes it with the void step (the records module's approval step: one
// write, the hooks in its transaction); the plain record void (no reason) is refused for these
// forms. The void logs are the lists of voided documents (status 5). An application with a live
// prepayment may not be voided or deleted. Every change of a total is one conditional UPDATE
// (like lifecycle.ts): concurrent prepayments serialise on the row.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { FORM_TYPES } from '../../../schemas';
import { endpoints, pathOf, routeSchema } from '../../../schemas/api';
import type { AppContext, SessionUser, TypedApp } from '../../context';
import type { Tx } from '../../db/client';
import { rows } from '../../db/client';
import { AppError, conflict, forbidden, invalid, notFound, ok } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { nowText } from '../../lib/time';
import { applyApprovalStep, getRecordRow, recordDefinition, registerRecordHooks, scopeOf, type RecordTransitionEvent, type RecordWriteEvent } from '../records';
import { fmt, money, ZERO } from './money';
import { APPLICATION_TYPES, FINANCE_ROLE, hasRole, S } from './rules';

export const PREPAYMENT_FORM = 'yuFuKuan';
export const REPAYMENT_FORM = 'huanKuan';
const FORMS = new Set([PREPAYMENT_FORM, REPAYMENT_FORM]);
const OWNER_WRITES = new Set(['create', 'save', 'submit', 'resubmit']);

type Data = Record<string, unknown>;
const dataOf = (r: { data: unknown } | null | undefined): Data => (r?.data && typeof r.data === 'object' ? (r.data as Data) : {});
/** A prepayment or repayment holds its amount while in approval or returned. */
const holds = (status: string | null | undefined) => status === S.IN_APPROVAL || status === S.RETURNED;
const amountKey = (formCode: string) => (formCode === PREPAYMENT_FORM ? 'yuFuJinE' : 'huanKuanJinE');

/** The reason a void route call carries to its void step (keyed by the call's own user object). */
const voidReasons = new WeakMap<SessionUser, string>();

/** Registers the hooks and the void route (one line in the expense module). */
export function prepayment(app: TypedApp, ctx: AppContext) {
  registerRecordHooks(ctx, {
    formTypes: [FORM_TYPES.GENERIC.code],
    beforeWrite: (e) => (FORMS.has(e.definition.code) ? beforeWrite(e) : undefined),
    onTransition: (e) => (FORMS.has(e.definition.code) ? onTransition(e) : undefined),
  });
  // an application with a live prepayment stays (its prepaid money would lose its ground)
  registerRecordHooks(ctx, {
    formTypes: APPLICATION_TYPES,
    onTransition: async (e) => {
      if (e.transition.action !== 'void' && e.transition.action !== 'delete') return;
      const [live] = await livePrepayments(e.tx, e.after.id);
      if (live) throw new AppError(409, 'expense.prepayApplicationVoid', { number: live.number });
    },
  });
  // the void with its reason (schemas/api/expense.ts `prepaymentVoid`)
  const e = endpoints.expense.prepaymentVoid;
  app.post(pathOf(e, ctx.config.apiPrefix), { config: { policy: 'employee' }, schema: routeSchema(e) }, async (req) => {
    const body = req.body as VoidBody;
    const reason = String(body.reason ?? '').trim();
    if (!reason) throw invalid([{ field: 'zuoFeiYuanYin', code: 'required', message: t(req.locale, 'expense.prepayVoidReasonRequired') }]);
    const { formCode, id, version } = body;
    if (!FORMS.has(formCode)) throw notFound();
    const row = await getRecordRow(ctx.db, id);
    if (!row || row.formCode !== formCode || row.isYouXiao !== '1') throw notFound();
    const definition = await recordDefinition(ctx, row.formCode, row.definitionVersion);
    if (!definition) throw notFound();
    const me: SessionUser = { ...req.auth! };
    if (!scopeOf(ctx, me, definition).canWrite(row)) throw forbidden();
    if (row.version !== version) throw conflict();
    // the reason and time go on the record with the void step (one write, the hooks in its transaction)
    voidReasons.set(me, reason);
    const data = { ...dataOf(row), zuoFeiYuanYin: reason, zuoFeiShiJian: nowText() };
    const after = await ctx.db.transaction((tx) => applyApprovalStep(ctx, tx, me, { definition, recordId: id, action: 'void', fields: {}, data }, req.locale));
    return ok({ id, version: after.version });
  });
}

/** The void route's body (schemas/api/expense.ts prepaymentVoid). */
interface VoidBody {
  formCode: string;
  id: string;
  version: number;
  reason: string;
}

// ─── rules (owner writes) ──────────────────────────────────────────────────────────────────

interface Source {
  id: string;
  formCode: string;
  formType: number | null;
  status: string;
  number: string;
  data: Data;
}

async function sourceOf(tx: Tx, id: string): Promise<Source | null> {
  const [r] = await rows<Source>(
    tx,
    sql`select r.id, r.form_code as "formCode", d.form_type as "formType", r.shen_pi_zhuang_tai as status, r.number, r.data
      from records r left join form_definitions d on d.code = r.form_code where r.id = ${id} and r.is_you_xiao = '1'`,
  );
  return r ?? null;
}

/** The document a prepayment or repayment was derived from (its derives link). */
async function sourceIdOf(tx: Tx, id: string): Promise<string | null> {
  const [r] = await rows<{ id: string }>(tx, sql`select from_id as id from record_links where to_id = ${id} and kind = 'derives' limit 1`);
  return r?.id ?? null;
}

/** The application whose money a prepayment (its source) or repayment (its prepayment's source) moves. */
async function applicationOf(tx: Tx, formCode: string, id: string): Promise<{ applicationId: string; prepaymentId: string | null } | null> {
  const src = await sourceIdOf(tx, id);
  if (!src) return null;
  if (formCode === PREPAYMENT_FORM) return { applicationId: src, prepaymentId: null };
  const app = await sourceIdOf(tx, src);
  return app ? { applicationId: app, prepaymentId: src } : null;
}

async function beforeWrite(e: RecordWriteEvent) {
  if (!e.transitions.some((s) => OWNER_WRITES.has(s.action))) return;
  const code = e.definition.code;
  if (!e.user.isAdmin && !(await hasRole(e.tx, e.user.userId, FINANCE_ROLE))) throw new AppError(403, 'expense.prepayFinanceOnly');
  const srcId = e.link?.fromId ?? (await sourceIdOf(e.tx, e.after.id));
  const src = srcId ? await sourceOf(e.tx, srcId) : null;
  const field = code === PREPAYMENT_FORM ? 'shenQingDanHao' : 'yuFuDanHao';
  const ok =
    !!src && src.status === S.APPROVED && (code === PREPAYMENT_FORM ? APPLICATION_TYPES.includes(Number(src.formType)) : src.formCode === PREPAYMENT_FORM);
  if (!ok)
    throw invalid([
      {
        field,
        code: 'sourceNotApproved',
        message: t(e.locale, code === PREPAYMENT_FORM ? 'expense.prepaySourceNotApproved' : 'expense.repaySourceNotApproved'),
      },
    ]);
}

// ─── the steps ─────────────────────────────────────────────────────────────────────────────

/** Adds signed deltas to an application's amounts in one statement under `guard`; answers whether it changed. */
async function bump(
  tx: Tx,
  applicationId: string,
  deltas: Partial<Record<'prepaying' | 'prepaid' | 'repaying' | 'repaid', Decimal>>,
  guard: ReturnType<typeof sql>,
) {
  const cols = Object.entries(deltas).filter(([, d]) => d && !d.isZero()) as [string, Decimal][];
  if (!cols.length) return true;
  const sets = sql.join(
    cols.map(([c, d]) => sql`${sql.raw(c)} = ${sql.raw(c)} + ${fmt(d)}::numeric`),
    sql`, `,
  );
  const r = await rows<{ id: string }>(
    tx,
    sql`update expense_amounts set ${sets}, version = version + 1, updated_at = now()
      where application_id = ${applicationId} ${guard} returning application_id as id`,
  );
  return r.length > 0;
}

interface PrepayAmounts {
  applied: string;
  prepaying: string;
  prepaid: string;
  repaying: string;
  repaid: string;
  writtenOff: string;
}
async function amounts(tx: Tx, applicationId: string): Promise<PrepayAmounts | null> {
  const [r] = await rows<PrepayAmounts>(
    tx,
    sql`select applied::text, prepaying::text, prepaid::text, repaying::text, repaid::text, written_off::text as "writtenOff"
      from expense_amounts where application_id = ${applicationId}`,
  );
  return r ?? null;
}

/** What an application may still be prepaid. */
export const prepayable = (a: PrepayAmounts | null) => (a ? Decimal.max(money(a.applied).minus(a.prepaid).minus(a.prepaying), 0) : ZERO);
/** What the dealer may still repay: prepaid less what the write-offs absorbed, the repaid and the repaying. */
export const repayable = (a: PrepayAmounts | null) =>
  a
    ? Decimal.max(
        money(a.prepaid)
          .minus(Decimal.min(money(a.prepaid), money(a.writtenOff)))
          .minus(a.repaid)
          .minus(a.repaying),
        0,
      )
    : ZERO;

/** The live prepayments (in approval, returned or approved) of an application. */
async function livePrepayments(tx: Tx, applicationId: string) {
  return rows<{ id: string; number: string }>(
    tx,
    sql`select r.id, r.number from record_links l join records r on r.id = l.to_id
      where l.from_id = ${applicationId} and l.kind = 'derives' and r.form_code = ${PREPAYMENT_FORM} and r.is_you_xiao = '1'
        and r.shen_pi_zhuang_tai in (${S.IN_APPROVAL}, ${S.RETURNED}, ${S.APPROVED}) order by r.number limit 1`,
  );
}

/** The live repayments (in approval, returned or approved) of a prepayment, other than `exceptId`. */
async function liveRepayments(tx: Tx, prepaymentId: string, exceptId: string) {
  return rows<{ id: string; number: string; amount: string | null }>(
    tx,
    sql`select r.id, r.number, r.data->>'huanKuanJinE' as amount from record_links l join records r on r.id = l.to_id
      where l.from_id = ${prepaymentId} and l.kind = 'derives' and r.form_code = ${REPAYMENT_FORM} and r.is_you_xiao = '1'
        and r.id <> ${exceptId} and r.shen_pi_zhuang_tai in (${S.IN_APPROVAL}, ${S.RETURNED}, ${S.APPROVED})`,
  );
}

async function onTransition(e: RecordTransitionEvent) {
  const code = e.definition.code;
  const { action, from } = e.transition;
  if (action === 'void') keepVoidReason(e);
  const chain = await applicationOf(e.tx, code, e.after.id);
  if (!chain) return;
  const appId = chain.applicationId;
  const key = amountKey(code);
  const held = money(dataOf(e.before)[key]);
  const pending = code === PREPAYMENT_FORM ? 'prepaying' : 'repaying';
  const done = code === PREPAYMENT_FORM ? 'prepaid' : 'repaid';
  const giveBack = async () => {
    if (held.gt(0)) await bump(e.tx, appId, { [pending]: held.neg() }, sql`and ${sql.raw(pending)} >= ${fmt(held)}::numeric`);
  };

  if (action === 'submit' || action === 'resubmit') {
    if (holds(from)) await giveBack();
    const amount = money(dataOf(e.after)[key]);
    if (amount.lte(0)) return;
    if (code === PREPAYMENT_FORM) {
      const okay = await bump(e.tx, appId, { prepaying: amount }, sql`and prepaid + prepaying + ${fmt(amount)}::numeric <= applied`);
      if (!okay) {
        const remaining = prepayable(await amounts(e.tx, appId));
        throw invalid([
          { field: key, code: 'exceedsRemaining', message: t(e.locale, 'expense.prepayExceeds', { amount: fmt(amount), remaining: fmt(remaining) }) },
        ]);
      }
      return;
    }
    // a repayment: at most what is left of its own prepayment (the prepayment row locked: its repayments serialise) …
    const [prep] = await rows<{ amount: string | null }>(
      e.tx,
      sql`select data->>'yuFuJinE' as amount from records where id = ${chain.prepaymentId} for update`,
    );
    const others = await liveRepayments(e.tx, chain.prepaymentId!, e.after.id);
    const leftOfPrepayment = money(prep?.amount).minus(others.reduce((s, r) => s.plus(money(r.amount)), new Decimal(0)));
    // … and of the application's prepaid money the write-offs did not absorb
    const okay =
      amount.lte(leftOfPrepayment) &&
      (await bump(e.tx, appId, { repaying: amount }, sql`and repaid + repaying + ${fmt(amount)}::numeric <= prepaid - least(prepaid, written_off)`));
    if (!okay) {
      const remaining = Decimal.max(Decimal.min(repayable(await amounts(e.tx, appId)), leftOfPrepayment), 0);
      throw invalid([
        { field: key, code: 'exceedsRemaining', message: t(e.locale, 'expense.repayExceeds', { amount: fmt(amount), remaining: fmt(remaining) }) },
      ]);
    }
    return;
  }
  if (held.lte(0)) return;
  if (action === 'approve') {
    const okay = await bump(e.tx, appId, { [pending]: held.neg(), [done]: held }, sql`and ${sql.raw(pending)} >= ${fmt(held)}::numeric`);
    if (!okay) throw new AppError(409, 'expense.amountsChanged');
    return;
  }
  if (action === 'withdraw' || action === 'reject' || action === 'void' || action === 'delete') {
    if (holds(from)) return giveBack();
    if (from !== S.APPROVED || (action !== 'void' && action !== 'delete')) return;
    if (code === PREPAYMENT_FORM) {
      const live = await liveRepayments(e.tx, e.after.id, '');
      if (live.length) throw new AppError(409, 'expense.prepayHasRepayment', { number: live[0].number });
      const okay = await bump(e.tx, appId, { prepaid: held.neg() }, sql`and prepaid - ${fmt(held)}::numeric >= repaid + repaying`);
      if (!okay) throw new AppError(409, 'expense.prepayVoidRepaid');
      return;
    }
    const okay = await bump(e.tx, appId, { repaid: held.neg() }, sql`and repaid >= ${fmt(held)}::numeric`);
    if (!okay) throw new AppError(409, 'expense.amountsChanged');
  }
}

/** A void comes through the void route, with its reason (the plain record void has none: refused). */
function keepVoidReason(e: RecordTransitionEvent) {
  const reason = voidReasons.get(e.user);
  if (!reason || dataOf(e.after).zuoFeiYuanYin !== reason)
    throw invalid([{ field: 'zuoFeiYuanYin', code: 'required', message: t(e.locale, 'expense.prepayVoidReasonRequired') }]);
}
