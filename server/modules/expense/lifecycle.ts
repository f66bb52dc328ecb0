// The expense lifecycle (docs/expense.md "The documents and what moves"): record hooks on the
// expense documents move money in the same transaction as the document's step — a save, a
// submit, an approval step (records applyApprovalStep runs them in the step's transaction) — so a
// refused movement rolls the step back with its message (AppError, `expense.*`).
//
// - application (80021, 99800, 99700): submit/resubmit release what it still holds, then occupy
//   each line in its pool (pools in id order, then lines); withdraw, reject, void, delete release
//   everything (void/delete refused once a live settlement exists); return and approve move nothing.
// - settlement (80022), approve: per application line, consume the actual (up to what the line
//   holds; beyond it only when the settlement setting allows exceeding: the rest is occupied
//   first, under the pool's control) and release the rest; expense_amounts.settled.
// - write-off (810510): submit holds heXiaoJinE in writing_off (resubmit: the earlier hold given
//   back first), approve moves it to written_off and, when the invoices cover less, creates a
//   supplementary-invoice draft (buFaPiaoShenQing) for the write-off's creator; withdraw, reject,
//   void, delete give the hold back (void/delete of an approved one: written_off back, refused
//   while a live payment exists).
// - payment (810520, no process: approved at once): submit holds zhiFuJinE in paying, approve
//   moves it to paid; withdraw/reject give back; void/delete of an approved payment: paid back.
//
// Every change of a total is one conditional statement (the pool row through ledger.ts
// postMovement; expense_amounts by increments whose WHERE re-checks the bound): no total is read
// and written back, so concurrent steps serialise on the row and never overspend.
import dayjs from 'dayjs';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { DEFAULT_NUMBER_RULE, type FormDefinition } from '../../../schemas';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { rows } from '../../db/client';
import { AppError, invalid } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { t } from '../../lib/i18n';
import { nowText } from '../../lib/time';
import { registerRecordHooks, registerScopeProvider, type RecordTransitionEvent, type RecordWriteEvent, type ScopeProvider } from '../records';
import { upgradeDefinition } from '../definitions';
import { occupationsOf, postMovement, releaseAll } from './ledger';
import { fmt, money, sum, ZERO } from './money';
import {
  APPLICATION_TYPES,
  applicationIdOf,
  applicationLines,
  appliedOf,
  amountsOf,
  checkRules,
  docOf,
  FINANCE_ROLE,
  liveTargetsOf,
  PAYMENT,
  S,
  SETTLEMENT,
  settlementActuals,
  sourceIdOf,
  WRITE_OFF,
} from './rules';
import { tpmFlag, tpmNumber } from './settings';

export const SUPPLEMENTARY_INVOICE_FORM = 'buFaPiaoShenQing';

type Data = Record<string, unknown>;
const dataOf = (r: { data: unknown } | null | undefined): Data => (r?.data && typeof r.data === 'object' ? (r.data as Data) : {});
const idOf = (v: unknown): string | null => (v && typeof v === 'object' && 'id' in v && (v as { id: unknown }).id ? String((v as { id: unknown }).id) : null);
const rowsOf = (v: unknown): Data[] => (Array.isArray(v) ? v.filter((r): r is Data => !!r && typeof r === 'object') : []);

const OWNER_WRITES = new Set(['create', 'save', 'submit', 'resubmit']);

/** Registers the lifecycle's record hooks and finance's read scope on this app. */
export function registerExpenseHooks(ctx: AppContext) {
  registerRecordHooks(ctx, {
    formTypes: [...APPLICATION_TYPES, SETTLEMENT, WRITE_OFF, PAYMENT],
    beforeWrite: (e) => beforeWrite(ctx, e),
    onTransition: (e) => onTransition(ctx, e),
  });
  registerScopeProvider(ctx, financeScope(ctx));
  void refreshFinance(ctx);
}

// ─── rules and line ids (every owner write) ────────────────────────────────────────────────

async function beforeWrite(ctx: AppContext, e: RecordWriteEvent) {
  await refreshFinance(ctx, e.tx, true);
  if (!e.transitions.some((s) => OWNER_WRITES.has(s.action))) return;
  const type = e.definition.formType;
  // every application line gets a stable id (the ledger's line, the settlement line's shenQingHangId)
  if (APPLICATION_TYPES.includes(type)) {
    for (const r of rowsOf(dataOf(e.after).mingXi)) if (typeof r._id !== 'string' || !r._id) r._id = newId();
  }
  await checkRules({
    db: e.tx,
    user: e.user,
    definition: e.definition,
    before: e.before,
    after: e.after,
    submitting: e.transitions.some((s) => s.action === 'submit' || s.action === 'resubmit'),
    link: e.link,
    locale: e.locale,
  });
}

// ─── the steps ─────────────────────────────────────────────────────────────────────────────

async function onTransition(ctx: AppContext, e: RecordTransitionEvent) {
  const type = e.definition.formType;
  if (APPLICATION_TYPES.includes(type)) return applicationStep(ctx, e);
  if (type === SETTLEMENT) return settlementStep(ctx, e);
  if (type === WRITE_OFF) return writeOffStep(ctx, e);
  if (type === PAYMENT) return paymentStep(e);
}

/** What every movement of a step says about itself. */
async function meta(e: RecordTransitionEvent, applicationId: string) {
  return {
    applicationId,
    recordId: e.after.id,
    formCode: e.after.formCode,
    action: e.transition.action,
    userId: e.user.userId,
    defaultTolerancePct: await tpmNumber(e.tx, 'yuSuanSheZhi', 'ruanKongRongChaBaiFenBi'),
  };
}

type AmountColumn = 'occupied' | 'settled' | 'released' | 'writing_off' | 'written_off' | 'paying' | 'paid';

/**
 * Adds signed deltas to an application's expense_amounts in one statement (inserting the row on
 * an application's first submit), under an optional extra condition; answers whether it changed.
 */
async function bump(
  tx: Tx,
  applicationId: string,
  formCode: string,
  deltas: Partial<Record<AmountColumn, Decimal>>,
  opts: { applied?: string; guard?: ReturnType<typeof sql> } = {},
) {
  const cols = Object.entries(deltas).filter(([, d]) => d && !d.isZero()) as [AmountColumn, Decimal][];
  // an application's first submit makes its row (zeros: the increments below apply to it like to any row)
  if (opts.applied !== undefined)
    await tx.execute(
      sql`insert into expense_amounts (application_id, form_code) values (${applicationId}, ${formCode}) on conflict (application_id) do nothing`,
    );
  const applied = opts.applied !== undefined ? [sql`applied = ${opts.applied}::numeric`] : [];
  if (!cols.length && !applied.length) return true;
  const sets = sql.join([...applied, ...cols.map(([c, d]) => sql`${sql.raw(c)} = ${sql.raw(c)} + ${fmt(d)}::numeric`)], sql`, `);
  const r = await rows<{ id: string }>(
    tx,
    sql`update expense_amounts set ${sets}, version = version + 1, updated_at = now()
      where application_id = ${applicationId} ${opts.guard ?? sql``} returning application_id as id`,
  );
  return r.length > 0;
}

// ─── application ───────────────────────────────────────────────────────────────────────────

async function applicationStep(ctx: AppContext, e: RecordTransitionEvent) {
  const { action } = e.transition;
  const app = e.after;
  if (action === 'submit' || action === 'resubmit') {
    const m = await meta(e, app.id);
    const released = await releaseAll(e.tx, m);
    const data = dataOf(app);
    const lines = applicationLines(e.definition.formType, data).filter((l) => money(l.amount).gt(0));
    const missing = lines.filter((l) => !l.poolId);
    if (missing.length)
      throw invalid(
        missing.map((l) => ({
          field: l.lineId === null ? 'yuSuanChi' : `${l.field}.yuSuanChi`,
          code: 'required',
          message: t(e.locale, 'expense.poolRequired'),
        })),
      );
    // pools in id order (then lines): concurrent submissions lock pool rows in one order, never deadlock
    lines.sort((a, b) => (a.poolId! < b.poolId! ? -1 : a.poolId! > b.poolId! ? 1 : String(a.lineId ?? '').localeCompare(String(b.lineId ?? ''))));
    let occupied = new Decimal(0);
    for (const l of lines) {
      await postMovement(e.tx, { ...m, poolId: l.poolId!, lineId: l.lineId, kind: 'occupy', amount: l.amount });
      occupied = occupied.plus(l.amount);
    }
    await bump(e.tx, app.id, app.formCode, { occupied: occupied.minus(released), released }, { applied: appliedOf(e.definition.formType, data) });
    return;
  }
  if (action === 'withdraw' || action === 'reject' || action === 'void' || action === 'delete') {
    if (action === 'void' || action === 'delete') {
      const settled = await liveTargetsOf(e.tx, app.id, 'settles');
      if (settled.length) throw new AppError(409, 'expense.voidSettled', { number: settled[0].number });
    }
    const released = await releaseAll(e.tx, await meta(e, app.id));
    if (released.gt(0)) await bump(e.tx, app.id, app.formCode, { occupied: released.neg(), released });
  }
  void ctx;
}

// ─── settlement ────────────────────────────────────────────────────────────────────────────

async function settlementStep(ctx: AppContext, e: RecordTransitionEvent) {
  const { action } = e.transition;
  if (action === 'void' || action === 'delete' || action === 'reject') {
    // an approved settlement has consumed the budget: it stays (the chain goes on from it)
    if (e.transition.from === S.APPROVED) throw new AppError(409, 'expense.settlementFinal');
    // a settlement that ends unapproved frees its application to be settled again (one settlement per application)
    if (action !== 'delete') await e.tx.execute(sql`delete from record_links where to_id = ${e.after.id} and kind = 'settles'`);
    return;
  }
  if (action !== 'approve') return;
  const appId = await sourceIdOf(e.tx, e.after.id, 'settles');
  if (!appId) return;
  const app = await docOf(e.tx, appId);
  if (!app) return;
  const m = await meta(e, appId);
  const data = dataOf(e.after);
  const actuals = settlementActuals(data);
  const exceed = await tpmFlag(e.tx, 'feiYongJieAnSheZhi', 'yunXuChaoShenQing');
  type Move = { poolId: string; lineId: string | null; kind: 'occupy' | 'consume' | 'release'; amount: Decimal };
  const moves: Move[] = [];
  const left = new Map(actuals);
  const poolOfLine = new Map<string | null, string>();
  for (const o of await occupationsOf(e.tx, appId)) {
    const held = money(o.occupied);
    if (held.lte(0)) continue;
    poolOfLine.set(o.lineId, o.poolId);
    const want = left.get(o.lineId) ?? ZERO;
    const take = Decimal.min(want, held);
    left.set(o.lineId, want.minus(take));
    if (take.gt(0)) moves.push({ poolId: o.poolId, lineId: o.lineId, kind: 'consume', amount: take });
    if (held.minus(take).gt(0)) moves.push({ poolId: o.poolId, lineId: o.lineId, kind: 'release', amount: held.minus(take) });
  }
  // an actual beyond what its line holds: only when the setting allows exceeding (occupied first, under the pool's control)
  const appLinePools = new Map(applicationLines(app.formType ?? 0, app.data).map((l) => [l.lineId, l.poolId]));
  for (const [lineId, rest] of left) {
    if (rest.lte(0)) continue;
    const n = rowsOf(data.mingXi).findIndex((r) => (r.shenQingHangId || null) === lineId);
    const field = n >= 0 ? `mingXi.${n}.shiJiJinE` : 'shiJiJinE';
    if (!exceed) {
      const occupied = fmt(actuals.get(lineId)!.minus(rest));
      throw invalid([
        { field, code: 'exceedsOccupied', message: t(e.locale, 'expense.actualExceedsOccupied', { actual: fmt(actuals.get(lineId)!), occupied }) },
      ]);
    }
    const poolId = poolOfLine.get(lineId) ?? appLinePools.get(lineId) ?? (n >= 0 ? idOf(rowsOf(data.mingXi)[n].yuSuanChi) : null) ?? idOf(data.yuSuanChi);
    if (!poolId) throw invalid([{ field, code: 'required', message: t(e.locale, 'expense.poolRequired') }]);
    moves.push({ poolId, lineId, kind: 'occupy', amount: rest }, { poolId, lineId, kind: 'consume', amount: rest });
  }
  const order = { occupy: 0, consume: 1, release: 2 };
  moves.sort((a, b) => (a.poolId < b.poolId ? -1 : a.poolId > b.poolId ? 1 : order[a.kind] - order[b.kind]));
  const total = (k: Move['kind']) => sum(moves.filter((x) => x.kind === k).map((x) => x.amount));
  for (const x of moves) await postMovement(e.tx, { ...m, poolId: x.poolId, lineId: x.lineId, kind: x.kind, amount: fmt(x.amount) });
  const consumed = total('consume');
  const released = total('release');
  await bump(e.tx, appId, app.formCode, { occupied: total('occupy').minus(consumed).minus(released), settled: consumed, released });
  void ctx;
}

// ─── write-off ─────────────────────────────────────────────────────────────────────────────

/** A write-off or payment holds its amount while in approval or returned. */
const holds = (status: string | null | undefined) => status === S.IN_APPROVAL || status === S.RETURNED;

async function writeOffStep(ctx: AppContext, e: RecordTransitionEvent) {
  const { action, from } = e.transition;
  const appId = await applicationIdOf(e.tx, e.after.id, WRITE_OFF);
  if (!appId) return;
  const formCode = (await docOf(e.tx, appId))?.formCode ?? '';
  const heldAmount = money(dataOf(e.before).heXiaoJinE);
  const giveBack = async () => {
    if (heldAmount.gt(0)) await bump(e.tx, appId, formCode, { writing_off: heldAmount.neg() }, { guard: sql`and writing_off >= ${fmt(heldAmount)}::numeric` });
  };
  if (action === 'submit' || action === 'resubmit') {
    if (holds(from)) await giveBack();
    const amount = money(dataOf(e.after).heXiaoJinE);
    if (amount.lte(0)) return;
    const ok = await bump(e.tx, appId, formCode, { writing_off: amount }, { guard: sql`and written_off + writing_off + ${fmt(amount)}::numeric <= settled` });
    if (!ok) {
      const a = await amountsOf(e.tx, appId);
      const remaining = a ? money(a.settled).minus(a.writtenOff).minus(a.writingOff) : ZERO;
      throw invalid([
        {
          field: 'heXiaoJinE',
          code: 'exceedsRemaining',
          message: t(e.locale, 'expense.writeOffExceeds', { amount: fmt(amount), remaining: fmt(Decimal.max(remaining, 0)) }),
        },
      ]);
    }
    return;
  }
  if (action === 'approve') {
    if (heldAmount.gt(0)) {
      const ok = await bump(
        e.tx,
        appId,
        formCode,
        { writing_off: heldAmount.neg(), written_off: heldAmount },
        { guard: sql`and writing_off >= ${fmt(heldAmount)}::numeric` },
      );
      if (!ok) throw new AppError(409, 'expense.amountsChanged');
    }
    await supplementaryInvoice(ctx, e);
    return;
  }
  if (action === 'withdraw' || action === 'reject' || action === 'void' || action === 'delete') {
    if (holds(from)) return giveBack();
    if (from === S.APPROVED && (action === 'void' || action === 'delete')) {
      const paid = await liveTargetsOf(e.tx, e.after.id, 'pays');
      if (paid.length) throw new AppError(409, 'expense.writeOffPaid', { number: paid[0].number });
      if (heldAmount.gt(0)) {
        const ok = await bump(
          e.tx,
          appId,
          formCode,
          { written_off: heldAmount.neg() },
          { guard: sql`and written_off - ${fmt(heldAmount)}::numeric >= paid + paying` },
        );
        if (!ok) throw new AppError(409, 'expense.writeOffPaid', { number: '' });
      }
    }
  }
}

/** The supplementary-invoice draft for what an approved write-off's invoices do not cover. */
async function supplementaryInvoice(ctx: AppContext, e: RecordTransitionEvent) {
  const data = dataOf(e.after);
  const invoices = sum(rowsOf(data.faPiao).map((r) => money(r.faPiaoJinE)));
  const gap = money(data.heXiaoJinE).minus(invoices);
  if (gap.lte(0)) return;
  // everything in the step's transaction (on PGlite a second connection would wait for this one)
  const [row] = await rows<{ definition: unknown }>(
    e.tx,
    sql`select definition from form_definition_versions where code = ${SUPPLEMENTARY_INVOICE_FORM} order by version desc limit 1`,
  );
  if (!row) return; // a database seeded before the form existed: nothing to create it under
  const def: FormDefinition = upgradeDefinition(row.definition);
  const rule = { ...DEFAULT_NUMBER_RULE, ...(def.numberRule ?? {}) };
  const now = new Date();
  const period = dayjs(now).format(rule.dateFormat);
  const [{ seq }] = await rows<{ seq: number }>(
    e.tx,
    sql`insert into number_counters (form_code, period, seq) values (${def.code}, ${period}, 1)
      on conflict (form_code, period) do update set seq = number_counters.seq + 1 returning seq`,
  );
  const number = `${rule.prefix}${period}${String(seq).padStart(rule.sequenceLength, '0')}`;
  const id = newId();
  const at = nowText(now);
  const draft: Data = { heXiaoDanHao: e.after.number, queFaPiaoJinE: fmt(gap), faPiao: [] };
  if (data.jingXiaoShang) draft.jingXiaoShang = structuredClone(data.jingXiaoShang);
  const title = `${e.after.number}-${t(e.locale, 'expense.supplementaryTitle')}`.slice(0, 200);
  // the write-off's creator owns the draft (the records module's insert: the same columns and the form's record count)
  await e.tx.execute(sql`insert into records (id, form_code, number, title, is_you_xiao, row_create_id, row_create_bu_men_id, row_create_date,
      row_mod_user, row_mod_date, shen_pi_zhuang_tai, definition_version, data)
    values (${id}, ${def.code}, ${number}, ${title}, '1', ${e.after.rowCreateId}, ${e.after.rowCreateBuMenId}, ${at},
      ${e.user.userId}, ${at}, ${S.DRAFT}, ${def.version}, ${JSON.stringify(draft)}::jsonb)`);
  await e.tx.execute(sql`update form_definitions set record_count = record_count + 1 where code = ${def.code}`);
  await e.tx.execute(sql`insert into record_links (kind, from_id, to_id, created_by) values ('derives', ${e.after.id}, ${id}, ${e.user.userId})`);
}

// ─── payment ───────────────────────────────────────────────────────────────────────────────

async function paymentStep(e: RecordTransitionEvent) {
  const { action, from } = e.transition;
  const appId = await applicationIdOf(e.tx, e.after.id, PAYMENT);
  if (!appId) return;
  const formCode = (await docOf(e.tx, appId))?.formCode ?? '';
  const heldAmount = money(dataOf(e.before).zhiFuJinE);
  if (action === 'submit' || action === 'resubmit') {
    if (holds(from) && heldAmount.gt(0))
      await bump(e.tx, appId, formCode, { paying: heldAmount.neg() }, { guard: sql`and paying >= ${fmt(heldAmount)}::numeric` });
    const amount = money(dataOf(e.after).zhiFuJinE);
    if (amount.lte(0)) return;
    const ok = await bump(e.tx, appId, formCode, { paying: amount }, { guard: sql`and paid + paying + ${fmt(amount)}::numeric <= written_off` });
    if (!ok) {
      const a = await amountsOf(e.tx, appId);
      const remaining = a ? money(a.writtenOff).minus(a.paid).minus(a.paying) : ZERO;
      throw invalid([
        {
          field: 'zhiFuJinE',
          code: 'exceedsRemaining',
          message: t(e.locale, 'expense.payExceeds', { amount: fmt(amount), remaining: fmt(Decimal.max(remaining, 0)) }),
        },
      ]);
    }
    return;
  }
  if (heldAmount.lte(0)) return;
  if (action === 'approve') {
    const ok = await bump(e.tx, appId, formCode, { paying: heldAmount.neg(), paid: heldAmount }, { guard: sql`and paying >= ${fmt(heldAmount)}::numeric` });
    if (!ok) throw new AppError(409, 'expense.amountsChanged');
    return;
  }
  if (action === 'withdraw' || action === 'reject' || action === 'void' || action === 'delete') {
    if (holds(from)) await bump(e.tx, appId, formCode, { paying: heldAmount.neg() }, { guard: sql`and paying >= ${fmt(heldAmount)}::numeric` });
    else if (from === S.APPROVED && (action === 'void' || action === 'delete'))
      await bump(e.tx, appId, formCode, { paid: heldAmount.neg() }, { guard: sql`and paid >= ${fmt(heldAmount)}::numeric` });
  }
}

// ─── finance reads the expense chain ─────────────────────────────────────────────────────

const FINANCE_FORMS = new Set<number>([...APPLICATION_TYPES, SETTLEMENT, WRITE_OFF, PAYMENT]);
const financeCache = new WeakMap<AppContext, { ids: Set<string>; at: number; loading?: Promise<void> }>();
const FINANCE_TTL_MS = 10_000;

/**
 * Reloads who holds the finance role (the read scope below asks synchronously). `db`: the
 * caller's transaction when inside one (on PGlite another connection would wait for it);
 * `ifStale`: only when the last load is older than the TTL, or found nobody.
 */
export async function refreshFinance(ctx: AppContext, db: DbOrTx = ctx.db, ifStale = false): Promise<void> {
  const c = financeCache.get(ctx) ?? { ids: new Set<string>(), at: 0 };
  financeCache.set(ctx, c);
  if (ifStale && c.ids.size > 0 && Date.now() - c.at < FINANCE_TTL_MS) return;
  if (c.loading && db === ctx.db) return c.loading;
  const load = (async () => {
    try {
      const r = await rows<{ userId: string }>(
        db,
        sql`select ur.user_id as "userId" from user_roles ur join roles ro on ro.id = ur.role_id where ro.code = ${FINANCE_ROLE}`,
      );
      c.ids = new Set(r.map((x) => x.userId));
      c.at = Date.now();
    } catch {
      // the tables may not exist yet (a database being migrated): the next ask tries again
    }
  })();
  if (db !== ctx.db) return load;
  c.loading = load.finally(() => (c.loading = undefined));
  return c.loading;
}

/**
 * Finance (role caiWuZhuGuan) reads every document of the expense chain — it pays the written-off
 * amounts, and derives a payment from a write-off it did not create — and writes none of another's.
 */
function financeScope(ctx: AppContext): ScopeProvider {
  return (user, definition) => {
    if (!definition || user.kind !== 'employee') return null;
    if (!FINANCE_FORMS.has(definition.formType) && ![SUPPLEMENTARY_INVOICE_FORM, 'yuFuKuan', 'huanKuan'].includes(definition.code)) return null;
    const c = financeCache.get(ctx);
    if (!c || !c.ids.size || Date.now() - c.at > FINANCE_TTL_MS) void refreshFinance(ctx);
    const isFinance = () => !!financeCache.get(ctx)?.ids.has(user.userId);
    return {
      where: sql`exists (select 1 from user_roles ur join roles ro on ro.id = ur.role_id where ur.user_id = ${user.userId} and ro.code = ${FINANCE_ROLE})`,
      canRead: isFinance,
      canWrite: () => false,
      // never a query of its own here: a read inside a transaction would wait for it on PGlite
      canReadAsync: async () => isFinance(),
    };
  };
}
