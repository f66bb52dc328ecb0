// The budget ledger: the one way a pool's money moves. Each movement is a conditional update of
// the pool's running totals (atomic: the row lock serialises concurrent writers and the WHERE is
// re-checked on the row as it is after the wait) and one ledger row with the changes it made,
// in the caller's transaction. Under hard control a movement that would take the available
// balance below zero updates nothing and answers a 422 naming the pool and what is left; soft
// control allows down to −amount × tolerance; none allows anything. The database's check
// constraint holds the hard rule even against a caller that bypasses this module.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { rows } from '../../db/client';
import type { BudgetMovementKind } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { fmt, money } from './money';

/** How a movement changes the pool's totals, per unit of its (positive) amount. */
const EFFECT: Readonly<Record<BudgetMovementKind, { amount: number; occupied: number; consumed: number }>> = {
  load: { amount: 1, occupied: 0, consumed: 0 },
  change: { amount: 1, occupied: 0, consumed: 0 }, // signed: a change may lower the budget
  transferIn: { amount: 1, occupied: 0, consumed: 0 },
  transferOut: { amount: -1, occupied: 0, consumed: 0 },
  allocateIn: { amount: 1, occupied: 0, consumed: 0 },
  allocateOut: { amount: -1, occupied: 0, consumed: 0 },
  occupy: { amount: 0, occupied: 1, consumed: 0 },
  release: { amount: 0, occupied: -1, consumed: 0 },
  consume: { amount: 0, occupied: -1, consumed: 1 },
  unconsume: { amount: 0, occupied: 0, consumed: -1 },
};

/** Movements that lower the available balance (and so are checked against the pool's control). */
const LOWERS_AVAILABLE = (kind: BudgetMovementKind, amount: Decimal) => {
  const e = EFFECT[kind];
  const delta = amount.times(e.amount - e.occupied - e.consumed);
  return delta.isNegative();
};

export interface Movement {
  poolId: string;
  kind: BudgetMovementKind;
  /** a decimal string; positive, except for `change`, which may be negative */
  amount: string;
  applicationId?: string | null;
  lineId?: string | null;
  recordId?: string | null;
  formCode?: string | null;
  action?: string | null;
  memo?: string | null;
  userId: string;
  /** soft control's tolerance in percent when the pool has none of its own (the TPM budget setting) */
  defaultTolerancePct?: string;
}

export interface PoolTotals {
  id: string;
  code: string;
  name: string;
  amount: string;
  occupied: string;
  consumed: string;
  available: string;
  controlMode: 'hard' | 'soft' | 'none';
  tolerancePct: string | null;
  isEnabled: boolean;
}

const TOTALS = sql`id, code, name, amount::text as amount, occupied::text as occupied, consumed::text as consumed,
  (amount - occupied - consumed)::text as available, control_mode as "controlMode", tolerance_pct::text as "tolerancePct", is_enabled as "isEnabled"`;

export async function poolTotals(db: DbOrTx, poolId: string): Promise<PoolTotals | null> {
  const [p] = await rows<PoolTotals>(db, sql`select ${TOTALS} from budget_pools where id = ${poolId}`);
  return p ?? null;
}

/** A pool's totals as its ledger sums them (what the running totals must equal). */
export async function ledgerSums(db: DbOrTx, poolId: string): Promise<{ amount: string; occupied: string; consumed: string; available: string; rows: number }> {
  const [s] = await rows<{ amount: string; occupied: string; consumed: string; available: string; rows: number }>(
    db,
    sql`select coalesce(sum(d_amount), 0)::text as amount, coalesce(sum(d_occupied), 0)::text as occupied,
      coalesce(sum(d_consumed), 0)::text as consumed, coalesce(sum(d_amount - d_occupied - d_consumed), 0)::text as available,
      count(*)::int as rows from budget_ledger where pool_id = ${poolId}`,
  );
  return { amount: fmt(s.amount), occupied: fmt(s.occupied), consumed: fmt(s.consumed), available: fmt(s.available), rows: s.rows };
}

export class InsufficientBudget extends AppError {
  constructor(
    readonly pool: { id: string; name: string; available: string },
    readonly requested: string,
  ) {
    super(422, 'expense.poolInsufficient', { pool: pool.name, available: pool.available, amount: requested });
  }
}

/**
 * Moves money in a pool: updates its totals if its control allows, and writes the ledger row.
 * Answers the ledger row's id and the available balance after it. Throws InsufficientBudget
 * (422) when the control refuses, a 404 when the pool does not exist, a 422 when it is disabled
 * and the movement would take money from it.
 */
export async function postMovement(tx: Tx, m: Movement): Promise<{ id: string; availableAfter: string }> {
  const a = money(m.amount);
  if (!a.isFinite() || (m.kind !== 'change' && a.isNegative())) throw new Error(`postMovement: bad amount ${m.amount} for ${m.kind}`);
  const e = EFFECT[m.kind];
  const dAmount = fmt(a.times(e.amount));
  const dOccupied = fmt(a.times(e.occupied));
  const dConsumed = fmt(a.times(e.consumed));
  const lowers = LOWERS_AVAILABLE(m.kind, a);
  const tol = m.defaultTolerancePct ?? '0';
  // the condition a lowering movement must meet: none → always; soft → available after ≥ −amount × tolerance; hard → ≥ 0
  const guard = lowers
    ? sql`and is_enabled and (control_mode = 'none'
        or (control_mode = 'soft' and amount + ${dAmount}::numeric - occupied - ${dOccupied}::numeric - consumed - ${dConsumed}::numeric
              >= -round((amount + ${dAmount}::numeric) * coalesce(tolerance_pct, ${tol}::numeric) / 100, 2))
        or (control_mode = 'hard' and amount + ${dAmount}::numeric - occupied - ${dOccupied}::numeric - consumed - ${dConsumed}::numeric >= 0))`
    : sql``;
  const updated = await rows<{ available: string }>(
    tx,
    sql`update budget_pools set amount = amount + ${dAmount}::numeric, occupied = occupied + ${dOccupied}::numeric,
      consumed = consumed + ${dConsumed}::numeric, version = version + 1
      where id = ${m.poolId} ${guard}
      returning (amount - occupied - consumed)::text as available`,
  );
  if (updated.length === 0) {
    const p = await poolTotals(tx, m.poolId);
    if (!p) throw new AppError(404, 'errors.notFound', { what: 'budgetPool' });
    if (!p.isEnabled) throw new AppError(422, 'expense.poolDisabled', { pool: p.name });
    throw new InsufficientBudget({ id: p.id, name: p.name, available: fmt(p.available) }, fmt(a.abs()));
  }
  const id = newId();
  const availableAfter = fmt(updated[0].available);
  await tx.execute(sql`insert into budget_ledger (id, pool_id, kind, d_amount, d_occupied, d_consumed, available_after,
      application_id, line_id, record_id, form_code, action, memo, created_by)
    values (${id}, ${m.poolId}, ${m.kind}, ${dAmount}::numeric, ${dOccupied}::numeric, ${dConsumed}::numeric, ${availableAfter}::numeric,
      ${m.applicationId ?? null}, ${m.lineId ?? null}, ${m.recordId ?? null}, ${m.formCode ?? null}, ${m.action ?? null}, ${m.memo ?? null}, ${m.userId})`);
  return { id, availableAfter };
}

/** What an application still holds in pools, per pool and detail line (the sum of its ledger). */
export async function occupationsOf(db: DbOrTx, applicationId: string): Promise<{ poolId: string; lineId: string | null; occupied: string }[]> {
  const r = await rows<{ poolId: string; lineId: string | null; occupied: string }>(
    db,
    sql`select pool_id as "poolId", line_id as "lineId", sum(d_occupied)::text as occupied from budget_ledger
      where application_id = ${applicationId} group by pool_id, line_id having sum(d_occupied) <> 0 order by pool_id, line_id`,
  );
  return r.map((x) => ({ ...x, occupied: fmt(x.occupied) }));
}

/** What an application consumed, per pool and line. */
export async function consumptionsOf(db: DbOrTx, applicationId: string): Promise<{ poolId: string; lineId: string | null; consumed: string }[]> {
  const r = await rows<{ poolId: string; lineId: string | null; consumed: string }>(
    db,
    sql`select pool_id as "poolId", line_id as "lineId", sum(d_consumed)::text as consumed from budget_ledger
      where application_id = ${applicationId} group by pool_id, line_id having sum(d_consumed) <> 0 order by pool_id, line_id`,
  );
  return r.map((x) => ({ ...x, consumed: fmt(x.consumed) }));
}

/**
 * Releases everything an application still holds (withdraw, reject, void, delete; before a
 * resubmit occupies anew). Pools are taken in id order so concurrent writers never deadlock.
 */
export async function releaseAll(tx: Tx, m: Omit<Movement, 'poolId' | 'kind' | 'amount' | 'lineId'> & { applicationId: string }): Promise<Decimal> {
  let total = new Decimal(0);
  for (const o of await occupationsOf(tx, m.applicationId)) {
    const amount = money(o.occupied);
    if (amount.lte(0)) continue;
    await postMovement(tx, { ...m, poolId: o.poolId, lineId: o.lineId, kind: 'release', amount: fmt(amount) });
    total = total.plus(amount);
  }
  return total;
}
