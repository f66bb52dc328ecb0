// Budget pools (docs/expense.md): create and edit them, enable/disable, delete, read a pool's
// ledger, and move budget between pools — each movement through ledger.ts postMovement, in one
// transaction, the pools locked in id order (so two transfers A→B and B→A never deadlock).
// Creating a pool loads its amount (`load`); editing the amount is a `change` of the difference;
// a change, a transfer and an allocation are the ledger's kinds of the same names.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { rows } from '../../db/client';
import type { Locale } from '../../../schemas/constants';
import type { PoolBalance, PoolForm } from '../../../schemas/api/budget';
import { AppError, conflict, invalid, notFound, type FieldError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import { postMovement } from './ledger';
import { fmt, money } from './money';
import { tpmNumber, tpmSetting } from './settings';

/** soft control's tolerance when the pool has none: the TPM budget setting's (default 10 %) */
const defaultTolerance = (db: DbOrTx) => tpmNumber(db, 'yuSuanSheZhi', 'ruanKongRongChaBaiFenBi');

/** the control mode of a new pool: the TPM budget setting's (default hard) */
async function defaultControl(db: DbOrTx): Promise<'hard' | 'soft' | 'none'> {
  const v = await tpmSetting(db, 'yuSuanSheZhi', 'moRenKongZhiFangShi');
  return v === 'soft' || v === 'none' ? v : 'hard';
}

export interface Actor {
  userId: string;
  isAdmin: boolean;
}

/** Whether the user may change pools: an administrator or a department leader (the menu's roles). */
export async function mayManagePools(db: DbOrTx, user: Actor): Promise<boolean> {
  if (user.isAdmin) return true;
  const r = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${user.userId} and r.code = 'deptLeader'`,
  );
  return r[0].n > 0;
}

const BALANCE = sql`id, code, name, amount::text as amount, occupied::text as occupied, consumed::text as consumed,
  (amount - occupied - consumed)::text as available, version`;

function balanceOf(r: PoolBalance): PoolBalance {
  return { ...r, amount: fmt(r.amount), occupied: fmt(r.occupied), consumed: fmt(r.consumed), available: fmt(r.available) };
}

export async function poolBalance(db: DbOrTx, id: string): Promise<PoolBalance> {
  const [r] = await rows<PoolBalance>(db, sql`select ${BALANCE} from budget_pools where id = ${id}`);
  if (!r) throw notFound('budgetPool');
  return balanceOf(r);
}

/** Locks pools (FOR UPDATE) in id order; a 404 when one does not exist. */
async function lockPools(tx: Tx, ids: string[]): Promise<void> {
  const sorted = [...new Set(ids)].sort();
  const found = await rows<{ id: string }>(
    tx,
    sql`select id from budget_pools where id in (${sql.join(
      sorted.map((i) => sql`${i}`),
      sql`, `,
    )}) order by id for update`,
  );
  if (found.length !== sorted.length) throw notFound('budgetPool');
}

interface PoolRow {
  id: string;
  code: string;
  name: string;
  fiscalYearId: string | null;
  departmentId: string | null;
  channelId: string | null;
  subjectId: string | null;
  brandId: string | null;
  productId: string | null;
  parentId: string | null;
  amount: string;
  occupied: string;
  consumed: string;
  available: string;
  controlMode: 'hard' | 'soft' | 'none';
  tolerancePct: string | null;
  isEnabled: boolean;
  version: number;
}

const POOL = sql`id, code, name, fiscal_year_id as "fiscalYearId", department_id as "departmentId", channel_id as "channelId",
  subject_id as "subjectId", brand_id as "brandId", product_id as "productId", parent_id as "parentId",
  amount::text as amount, occupied::text as occupied, consumed::text as consumed, (amount - occupied - consumed)::text as available,
  control_mode as "controlMode", tolerance_pct::text as "tolerancePct", is_enabled as "isEnabled", version`;

async function poolRow(db: DbOrTx, id: string, forUpdate = false): Promise<PoolRow | null> {
  const [r] = await rows<PoolRow>(db, sql`select ${POOL} from budget_pools where id = ${id} ${forUpdate ? sql`for update` : sql``}`);
  return r ?? null;
}

/** Whether the pool has ledger movements besides its load. */
async function hasMovements(db: DbOrTx, id: string): Promise<boolean> {
  const [r] = await rows<{ n: number }>(db, sql`select count(*)::int as n from budget_ledger where pool_id = ${id} and kind <> 'load'`);
  return r.n > 0;
}

function formOf(r: PoolRow, moved: boolean): PoolForm {
  return {
    id: r.id,
    version: r.version,
    code: r.code,
    name: r.name,
    fiscalYearId: r.fiscalYearId,
    departmentId: r.departmentId,
    channelId: r.channelId,
    subjectId: r.subjectId,
    brandId: r.brandId,
    productId: r.productId,
    parentId: r.parentId,
    amount: fmt(r.amount),
    occupied: fmt(r.occupied),
    consumed: fmt(r.consumed),
    available: fmt(r.available),
    controlMode: r.controlMode,
    tolerancePct: r.tolerancePct === null ? null : fmt(r.tolerancePct),
    isEnabled: r.isEnabled,
    hasMovements: moved,
  };
}

/** A pool for editing, or a new pool's defaults (no id). */
export async function poolForEdit(db: Db, id: string | undefined): Promise<PoolForm> {
  if (!id) {
    return {
      id: null,
      version: 0,
      code: '',
      name: '',
      fiscalYearId: null,
      departmentId: null,
      channelId: null,
      subjectId: null,
      brandId: null,
      productId: null,
      parentId: null,
      amount: '0.00',
      occupied: '0.00',
      consumed: '0.00',
      available: '0.00',
      controlMode: await defaultControl(db),
      tolerancePct: null,
      isEnabled: true,
      hasMovements: false,
    };
  }
  const r = await poolRow(db, id);
  if (!r) throw notFound('budgetPool');
  return formOf(r, await hasMovements(db, id));
}

export interface SavePoolInput {
  id?: string;
  version?: number;
  code: string;
  name: string;
  fiscalYearId?: string | null;
  departmentId?: string | null;
  channelId?: string | null;
  subjectId?: string | null;
  brandId?: string | null;
  productId?: string | null;
  parentId?: string | null;
  amount: string;
  controlMode: 'hard' | 'soft' | 'none';
  tolerancePct?: string | null;
  memo?: string;
}

const blank = (v: string | null | undefined) => (v == null || v === '' ? null : v);

/** The dimensions must name existing master data of their kind (and the parent an existing pool). */
async function checkDimensions(tx: Tx, b: SavePoolInput, locale: Locale): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const kinds: [keyof SavePoolInput, string][] = [
    ['fiscalYearId', 'fiscalYear'],
    ['channelId', 'channel'],
    ['subjectId', 'expenseSubject'],
    ['brandId', 'brand'],
    ['productId', 'product'],
  ];
  for (const [field, kind] of kinds) {
    const v = blank(b[field] as string | null | undefined);
    if (!v) continue;
    const [r] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from master_data where id = ${v} and kind = ${kind}`);
    if (r.n === 0) errors.push({ field, message: t(locale, 'budget.unknownValue', { field: t(locale, `budget.field.${field}`) }) });
  }
  const dept = blank(b.departmentId);
  if (dept) {
    const [r] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from departments where id = ${dept}`);
    if (r.n === 0) errors.push({ field: 'departmentId', message: t(locale, 'budget.unknownValue', { field: t(locale, 'budget.field.departmentId') }) });
  }
  const parent = blank(b.parentId);
  if (parent) {
    if (parent === b.id) errors.push({ field: 'parentId', message: t(locale, 'budget.parentSelf') });
    else if (!(await poolRow(tx, parent)))
      errors.push({ field: 'parentId', message: t(locale, 'budget.unknownValue', { field: t(locale, 'budget.field.parentId') }) });
    else if (b.id) {
      // no cycles: the new parent must not descend from this pool
      const [cyc] = await rows<{ n: number }>(
        tx,
        sql`with recursive up(id, parent_id) as (select id, parent_id from budget_pools where id = ${parent}
            union select p.id, p.parent_id from budget_pools p join up on p.id = up.parent_id)
          select count(*)::int as n from up where id = ${b.id}`,
      );
      if (cyc.n > 0) errors.push({ field: 'parentId', message: t(locale, 'budget.parentCycle') });
    }
  }
  const brand = blank(b.brandId);
  const product = blank(b.productId);
  if (brand && product && errors.length === 0) {
    const [r] = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from master_data p join master_data s on s.id = p.parent_id where p.id = ${product} and s.parent_id = ${brand}`,
    );
    if (r.n === 0) errors.push({ field: 'productId', message: t(locale, 'budget.productNotOfBrand') });
  }
  const [dup] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from budget_pools where code = ${b.code.trim()} ${b.id ? sql`and id <> ${b.id}` : sql``}`,
  );
  if (dup.n > 0) errors.push({ field: 'code', message: t(locale, 'budget.codeTaken', { code: b.code.trim() }) });
  return errors;
}

const nowText = () => new Date().toISOString().replace('T', ' ').slice(0, 19);

/**
 * Creates a pool (its amount a `load` movement) or edits one (a changed amount a `change` of the
 * difference; a stale `version` a 409). A lower amount or a stricter control that the pool's
 * occupied and consumed money does not allow is refused (422), never a broken constraint.
 */
export async function savePool(db: Db, user: Actor, b: SavePoolInput, locale: Locale): Promise<PoolForm> {
  const amount = money(b.amount);
  const tolerance = blank(b.tolerancePct ?? null);
  if (b.id && b.version === undefined) throw invalid([{ field: 'version', message: t(locale, 'budget.versionRequired') }]);
  const id = await db.transaction(async (tx) => {
    const errors = await checkDimensions(tx, b, locale);
    if (errors.length) throw invalid(errors);
    const dims = {
      fiscalYearId: blank(b.fiscalYearId),
      departmentId: blank(b.departmentId),
      channelId: blank(b.channelId),
      subjectId: blank(b.subjectId),
      brandId: blank(b.brandId),
      productId: blank(b.productId),
      parentId: blank(b.parentId),
    };
    const memo = b.memo?.trim() || null;
    if (!b.id) {
      const id = newId();
      const [{ s }] = await rows<{ s: number }>(tx, sql`select coalesce(max(sort), -1)::int + 1 as s from budget_pools`);
      await tx.execute(sql`insert into budget_pools (id, code, name, fiscal_year_id, department_id, channel_id, subject_id, brand_id, product_id,
          parent_id, amount, control_mode, tolerance_pct, sort, row_mod_user, row_mod_date)
        values (${id}, ${b.code.trim()}, ${b.name.trim()}, ${dims.fiscalYearId}, ${dims.departmentId}, ${dims.channelId}, ${dims.subjectId},
          ${dims.brandId}, ${dims.productId}, ${dims.parentId}, 0, ${b.controlMode}, ${tolerance}::numeric, ${s}, ${user.userId}, ${nowText()})`);
      if (amount.gt(0)) {
        await postMovement(tx, {
          poolId: id,
          kind: 'load',
          amount: fmt(amount),
          action: 'load',
          memo: memo ?? t(locale, 'budget.kind.load'),
          userId: user.userId,
        });
      }
      return id;
    }
    const poolId = b.id;
    const cur = await poolRow(tx, poolId, true);
    if (!cur) throw notFound('budgetPool');
    if (cur.version !== b.version) throw conflict();
    const diff = amount.minus(cur.amount);
    // the available balance the pool will have, and whether its new control allows it
    const available = money(cur.available).plus(diff);
    if (b.controlMode === 'hard' && available.isNegative()) {
      throw invalid([
        { field: diff.isNegative() ? 'amount' : 'controlMode', message: t(locale, 'budget.belowUsed', { used: fmt(money(cur.occupied).plus(cur.consumed)) }) },
      ]);
    }
    // a raise is posted under the present control, a cut under the new one (so neither step
    // passes through a state the hard check refuses)
    const update = async () => {
      await tx.execute(sql`update budget_pools set code = ${b.code.trim()}, name = ${b.name.trim()}, fiscal_year_id = ${dims.fiscalYearId},
          department_id = ${dims.departmentId}, channel_id = ${dims.channelId}, subject_id = ${dims.subjectId}, brand_id = ${dims.brandId},
          product_id = ${dims.productId}, parent_id = ${dims.parentId}, control_mode = ${b.controlMode}, tolerance_pct = ${tolerance}::numeric,
          version = version + 1, row_mod_user = ${user.userId}, row_mod_date = ${nowText()}
        where id = ${b.id}`);
    };
    const move = async () => {
      if (!diff.isZero()) {
        await postMovement(tx, {
          poolId,
          kind: 'change',
          amount: fmt(diff),
          action: 'edit',
          memo: memo ?? t(locale, 'budget.editMemo', { from: fmt(cur.amount), to: fmt(amount) }),
          userId: user.userId,
          defaultTolerancePct: await defaultTolerance(tx),
        });
      }
    };
    if (diff.isNegative()) {
      await update();
      await move();
    } else {
      await move();
      await update();
    }
    return b.id;
  });
  return poolForEdit(db, id);
}

/** Enables or disables a pool (409 on a stale version). */
export async function setEnabled(db: Db, user: Actor, id: string, enabled: boolean, version: number): Promise<PoolBalance> {
  return db.transaction(async (tx) => {
    const cur = await poolRow(tx, id, true);
    if (!cur) throw notFound('budgetPool');
    if (cur.version !== version) throw conflict();
    await tx.execute(
      sql`update budget_pools set is_enabled = ${enabled}, version = version + 1, row_mod_user = ${user.userId}, row_mod_date = ${nowText()} where id = ${id}`,
    );
    return poolBalance(tx, id);
  });
}

/** Deletes a pool whose only movement is its load and which no pool was allocated from (else 409). */
export async function deletePool(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const cur = await poolRow(tx, id, true);
    if (!cur) throw notFound('budgetPool');
    if (await hasMovements(tx, id)) throw new AppError(409, 'budget.deleteHasMovements', { pool: cur.name });
    const [c] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from budget_pools where parent_id = ${id}`);
    if (c.n > 0) throw new AppError(409, 'budget.deleteHasChildren', { pool: cur.name });
    await tx.execute(sql`delete from budget_ledger where pool_id = ${id}`);
    await tx.execute(sql`delete from budget_pools where id = ${id}`);
  });
}

interface RawLedgerRow {
  id: string;
  seq: number | string;
  kind: string;
  dAmount: string;
  dOccupied: string;
  dConsumed: string;
  dAvailable: string;
  availableAfter: string;
  applicationId: string | null;
  recordId: string | null;
  formCode: string | null;
  documentNumber: string | null;
  action: string | null;
  memo: string | null;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: string | Date;
}

const LEDGER = sql`l.id, l.seq, l.kind, l.d_amount::text as "dAmount", l.d_occupied::text as "dOccupied", l.d_consumed::text as "dConsumed",
  (l.d_amount - l.d_occupied - l.d_consumed)::text as "dAvailable", l.available_after::text as "availableAfter",
  l.application_id as "applicationId", l.record_id as "recordId", l.form_code as "formCode",
  coalesce(r.number, a.number) as "documentNumber", l.action, l.memo, l.created_by as "createdBy",
  coalesce(u.display_name, case when l.created_by = 'system' then null else l.created_by end) as "createdByName",
  to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt"`;
const LEDGER_FROM = sql`budget_ledger l left join records r on r.id = l.record_id left join records a on a.id = l.application_id
  left join users u on u.id = l.created_by`;

function ledgerRow(r: RawLedgerRow) {
  return {
    ...r,
    seq: Number(r.seq),
    dAmount: fmt(r.dAmount),
    dOccupied: fmt(r.dOccupied),
    dConsumed: fmt(r.dConsumed),
    dAvailable: fmt(r.dAvailable),
    availableAfter: fmt(r.availableAfter),
    createdAt: typeof r.createdAt === 'string' ? r.createdAt : r.createdAt.toISOString(),
  };
}
export type LedgerEntry = ReturnType<typeof ledgerRow>;

/** A page of a pool's ledger, newest first. */
export async function ledgerPage(db: Db, poolId: string, page: number, limit: number) {
  const pool = await poolBalance(db, poolId);
  const [{ n }] = await rows<{ n: number }>(db, sql`select count(*)::int as n from budget_ledger where pool_id = ${poolId}`);
  const r = await rows<RawLedgerRow>(
    db,
    sql`select ${LEDGER} from ${LEDGER_FROM} where l.pool_id = ${poolId} order by l.seq desc limit ${limit} offset ${(page - 1) * limit}`,
  );
  return { pool, page: { pageSize: limit, currentPage: page, totalRecord: n, rows: r.map(ledgerRow) } };
}

/** A pool's whole ledger, oldest first (the export). */
export async function ledgerAll(db: DbOrTx, poolId: string): Promise<LedgerEntry[]> {
  const r = await rows<RawLedgerRow>(db, sql`select ${LEDGER} from ${LEDGER_FROM} where l.pool_id = ${poolId} order by l.seq`);
  return r.map(ledgerRow);
}

/** Changes a pool's budget by a signed, non-zero amount. */
export async function changePool(db: Db, user: Actor, poolId: string, amountText: string, memo: string, locale: Locale): Promise<PoolBalance> {
  const amount = money(amountText);
  if (amount.isZero()) throw invalid([{ field: 'amount', message: t(locale, 'budget.amountNonZero') }]);
  return db.transaction(async (tx) => {
    await lockPools(tx, [poolId]);
    await postMovement(tx, {
      poolId,
      kind: 'change',
      amount: fmt(amount),
      action: 'change',
      memo: memo.trim(),
      userId: user.userId,
      defaultTolerancePct: await defaultTolerance(tx),
    });
    return poolBalance(tx, poolId);
  });
}

function positive(amountText: string, locale: Locale): Decimal {
  const amount = money(amountText);
  if (!amount.gt(0)) throw invalid([{ field: 'amount', message: t(locale, 'budget.amountPositive') }]);
  return amount;
}

/** Moves budget out of one pool into another in one transaction (both locked in id order first). */
async function moveBetween(
  db: Db,
  user: Actor,
  from: string,
  to: string,
  amount: Decimal,
  memo: string,
  kinds: { out: 'transferOut' | 'allocateOut'; in: 'transferIn' | 'allocateIn' },
  check?: (tx: Tx) => Promise<void>,
): Promise<[PoolBalance, PoolBalance]> {
  return db.transaction(async (tx) => {
    await lockPools(tx, [from, to]);
    if (check) await check(tx);
    const common = { amount: fmt(amount), memo: memo.trim(), userId: user.userId, defaultTolerancePct: await defaultTolerance(tx) };
    await postMovement(tx, { ...common, poolId: from, kind: kinds.out, action: kinds.out });
    await postMovement(tx, { ...common, poolId: to, kind: kinds.in, action: kinds.in });
    return [await poolBalance(tx, from), await poolBalance(tx, to)];
  });
}

export async function transfer(db: Db, user: Actor, fromPoolId: string, toPoolId: string, amountText: string, memo: string, locale: Locale) {
  if (fromPoolId === toPoolId) throw invalid([{ field: 'toPoolId', message: t(locale, 'budget.samePool') }]);
  const amount = positive(amountText, locale);
  const [from, to] = await moveBetween(db, user, fromPoolId, toPoolId, amount, memo, { out: 'transferOut', in: 'transferIn' });
  return { from, to };
}

/** Allocates from a parent pool to a child (a pool without a parent becomes the parent's child; another parent's child is refused). */
export async function allocate(db: Db, user: Actor, parentPoolId: string, childPoolId: string, amountText: string, memo: string, locale: Locale) {
  if (parentPoolId === childPoolId) throw invalid([{ field: 'childPoolId', message: t(locale, 'budget.samePool') }]);
  const amount = positive(amountText, locale);
  const [parent, child] = await moveBetween(db, user, parentPoolId, childPoolId, amount, memo, { out: 'allocateOut', in: 'allocateIn' }, async (tx) => {
    const c = (await poolRow(tx, childPoolId))!;
    if (c.parentId && c.parentId !== parentPoolId) throw new AppError(409, 'budget.otherParent', { pool: c.name });
    if (!c.parentId) {
      // no cycles: the parent must not descend from the child
      const [cyc] = await rows<{ n: number }>(
        tx,
        sql`with recursive up(id, parent_id) as (select id, parent_id from budget_pools where id = ${parentPoolId}
            union select p.id, p.parent_id from budget_pools p join up on p.id = up.parent_id)
          select count(*)::int as n from up where id = ${childPoolId}`,
      );
      if (cyc.n > 0) throw new AppError(409, 'budget.allocationCycle', { pool: c.name });
      await tx.execute(sql`update budget_pools set parent_id = ${parentPoolId} where id = ${childPoolId}`);
    }
  });
  return { parent, child };
}
