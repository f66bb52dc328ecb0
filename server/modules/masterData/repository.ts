// The autocomplete sources: each name of spec §7 (and the product's additions named in
// schemas/typeCodes.ts) maps to a query with keyword search over code and name, paging and a
// stable order (sort, then id).
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { budgetPools, dealers, departments, employees, masterData, posts, roles, users } from '../../db/schema';
import type { Locale } from '../../../schemas/constants';

export interface AutoQuery {
  keyword?: string;
  page: number;
  limit: number;
  params: Record<string, string | undefined>;
  locale: Locale;
}
export interface Paged<T> {
  pageSize: number;
  currentPage: number;
  totalRecord: number;
  rows: T[];
}

const like = (kw: string) => `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function localized(names: unknown, fallback: string, locale: Locale): string {
  const n = names as Record<string, string> | null;
  return (n && (n[locale] || n['zh-CN'])) || fallback;
}

async function paged<R extends Record<string, unknown>>(
  db: Db,
  table: PgTable,
  cols: { id: PgColumn; code: PgColumn; name: PgColumn; sort?: PgColumn },
  select: Record<string, PgColumn | SQL>,
  conds: (SQL | undefined)[],
  q: AutoQuery,
): Promise<Paged<R>> {
  const where = and(...conds, q.keyword ? or(ilike(cols.code, like(q.keyword)), ilike(cols.name, like(q.keyword))) : undefined);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  const order = cols.sort ? [asc(cols.sort), asc(cols.id)] : [asc(cols.code), asc(cols.id)];
  const rows = (await db
    .select(select)
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)) as R[];
  return { pageSize: q.limit, currentPage: q.page, totalRecord: n, rows };
}

/** master_data kinds by autocomplete name, with the parameter → column filters each accepts */
export const MASTER_KINDS: Record<string, { kind: string; level?: number }> = {
  dealerSystem: { kind: 'chainSystem' },
  wangDian: { kind: 'outlet' },
  sanJiKeMu: { kind: 'expenseSubject', level: 3 },
  'qudao-all': { kind: 'channel' },
  sheng: { kind: 'province' },
  pinPai: { kind: 'brand' },
  pinLei: { kind: 'category' },
  xiLie: { kind: 'series' },
  sku: { kind: 'sku' },
  danPin: { kind: 'product' },
  'caiwunian-all': { kind: 'fiscalYear' },
  refcode: { kind: 'refCode' },
  qianZaiKeHu: { kind: 'potentialCustomer' },
  renWu: { kind: 'task' },
  zhuanXiang: { kind: 'specialActivity' },
  shouDaFang: { kind: 'soldToParty' },
  zuZhi: { kind: 'organization' },
  gongYingShang: { kind: 'supplier' },
  xiaoShouWuLiao: { kind: 'salesMaterial' },
  chengBenZhongXin: { kind: 'costCenter' },
};

export const AUTOCOMPLETE_NAMES = [
  'employee',
  'employee-all',
  'department',
  'dealerConnTable',
  'area-manger',
  'gangWei',
  'role',
  'yuSuanChi',
  'dealerUser',
  ...Object.keys(MASTER_KINDS),
] as const;

/** A row of an autocomplete source: its id and (localized) name, and the source's own columns. */
export type PickerRow = { id: string; name: string } & Record<string, unknown>;

export async function autocomplete(db: Db, name: string, q: AutoQuery): Promise<Paged<PickerRow> | null> {
  const p = q.params;
  const empSelect = {
    id: employees.id,
    code: employees.code,
    name: employees.name,
    mobile: employees.mobile,
    departmentId: employees.departmentId,
    departmentName: departments.name,
  };
  const empCols = { id: employees.id, code: employees.code, name: employees.name, sort: employees.sort };
  const empPaged = async (conds: (SQL | undefined)[]) => {
    const where = and(...conds, q.keyword ? or(ilike(employees.code, like(q.keyword)), ilike(employees.name, like(q.keyword))) : undefined);
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(employees)
      .where(where);
    const rows = await db
      .select(empSelect)
      .from(employees)
      .leftJoin(departments, eq(departments.id, employees.departmentId))
      .where(where)
      .orderBy(asc(empCols.sort), asc(empCols.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    return { pageSize: q.limit, currentPage: q.page, totalRecord: n, rows };
  };
  switch (name) {
    case 'employee':
      return empPaged([eq(employees.isActive, true), p.departmentId ? eq(employees.departmentId, p.departmentId) : undefined]);
    case 'employee-all':
      return empPaged([p.departmentId ? eq(employees.departmentId, p.departmentId) : undefined]);
    case 'area-manger':
      return empPaged([eq(employees.isActive, true), eq(employees.isAreaManager, true)]);
    case 'department':
      return paged(
        db,
        departments,
        { id: departments.id, code: departments.code, name: departments.name, sort: departments.sort },
        { id: departments.id, code: departments.code, name: departments.name, parentId: departments.parentId },
        [eq(departments.isActive, true), p.parentId ? eq(departments.parentId, p.parentId) : undefined],
        q,
      );
    case 'dealerConnTable':
      return paged(
        db,
        dealers,
        { id: dealers.id, code: dealers.code, name: dealers.name, sort: dealers.sort },
        { id: dealers.id, code: dealers.code, name: dealers.name, contact: dealers.contact, mobile: dealers.mobile, departmentId: dealers.departmentId },
        [eq(dealers.isActive, true), p.departmentId ? eq(dealers.departmentId, p.departmentId) : undefined],
        q,
      );
    case 'gangWei':
      return paged(
        db,
        posts,
        { id: posts.id, code: posts.code, name: posts.name, sort: posts.sort },
        { id: posts.id, code: posts.code, name: posts.name },
        [],
        q,
      );
    case 'role': {
      const r = await paged<{ id: string; code: string; name: unknown }>(
        db,
        roles,
        { id: roles.id, code: roles.code, name: sql`${roles.name}->>'zh-CN'` as unknown as PgColumn },
        { id: roles.id, code: roles.code, name: roles.name },
        [],
        q,
      );
      return { ...r, rows: r.rows.map((x) => ({ ...x, name: localized(x.name, x.code, q.locale) })) };
    }
    case 'dealerUser':
      return paged(
        db,
        users,
        { id: users.id, code: users.username, name: users.displayName },
        { id: users.id, code: users.username, name: users.displayName, dealerId: users.dealerId },
        [eq(users.kind, 'dealer'), eq(users.disabled, false), p.dealerId ? eq(users.dealerId, p.dealerId) : undefined],
        q,
      );
    case 'yuSuanChi':
      return budgetPoolList(db, q);
  }
  const src = MASTER_KINDS[name];
  if (!src) return null;
  const conds: (SQL | undefined)[] = [eq(masterData.kind, src.kind), eq(masterData.isActive, true)];
  if (src.level) conds.push(eq(masterData.level, src.level));
  if (p.level) conds.push(eq(masterData.level, Number(p.level)));
  if (p.parentId) conds.push(eq(masterData.parentId, p.parentId));
  if (p.dealerId && src.kind === 'outlet') conds.push(eq(masterData.parentId, p.dealerId));
  if (p.refType) conds.push(eq(masterData.refType, p.refType));
  // products of a brand (`brandId`, or the application line's `pinPai`): the brand is the parent of the product's series
  const brand = p.brandId ?? p.pinPai;
  if (brand && src.kind === 'product') {
    conds.push(sql`${masterData.parentId} in (select s.id from master_data s where s.kind = 'series' and s.parent_id = ${brand})`);
  }
  const r = await paged<{ id: string; code: string; name: string; names: unknown; parentId: string | null; level: number | null; refType: string | null }>(
    db,
    masterData,
    { id: masterData.id, code: masterData.code, name: masterData.name, sort: masterData.sort },
    {
      id: masterData.id,
      code: masterData.code,
      name: masterData.name,
      names: masterData.names,
      parentId: masterData.parentId,
      level: masterData.level,
      refType: masterData.refType,
    },
    conds,
    q,
  );
  return { ...r, rows: r.rows.map(({ names, ...x }) => ({ ...x, name: localized(names, x.name, q.locale) })) };
}

/** Budget pools with what is left (decimal strings computed by the database, never floats). */
export interface BudgetPoolRow extends Record<string, unknown> {
  id: string;
  code: string;
  name: string;
  amount: string;
  occupied: string;
  consumed: string;
  /** amount − occupied − consumed */
  remaining: string;
  /** the same as remaining (the budget module's name for it) */
  available: string;
  controlMode: string;
  tolerancePct: string | null;
  isEnabled: boolean;
  version: number;
  departmentId: string | null;
  departmentName: string | null;
  fiscalYearId: string | null;
  fiscalYearName: string | null;
  channelId: string | null;
  channelName: string | null;
  subjectId: string | null;
  subjectName: string | null;
  brandId: string | null;
  brandName: string | null;
  productId: string | null;
  productName: string | null;
  parentId: string | null;
}

/**
 * Budget pools, filtered by `fiscalYearId`, `departmentId`, `channelId`, `subjectId` and
 * `enabled` ('1' enabled — the default, what a picker offers —, '0' disabled, 'all'), with the
 * names of their dimensions. `limit` 0 answers every matching row (the Excel export).
 */
export async function budgetPoolList(db: Db, q: AutoQuery): Promise<Paged<BudgetPoolRow>> {
  const p = q.params;
  const fy = alias(masterData, 'fy');
  const ch = alias(masterData, 'ch');
  const sj = alias(masterData, 'sj');
  const br = alias(masterData, 'br');
  const pr = alias(masterData, 'pr');
  const enabled = p.enabled === 'all' ? undefined : eq(budgetPools.isEnabled, p.enabled !== '0');
  const where = and(
    enabled,
    p.fiscalYearId ? eq(budgetPools.fiscalYearId, p.fiscalYearId) : undefined,
    p.departmentId ? eq(budgetPools.departmentId, p.departmentId) : undefined,
    p.channelId ? eq(budgetPools.channelId, p.channelId) : undefined,
    p.subjectId ? eq(budgetPools.subjectId, p.subjectId) : undefined,
    q.keyword ? or(ilike(budgetPools.code, like(q.keyword)), ilike(budgetPools.name, like(q.keyword))) : undefined,
  );
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(budgetPools)
    .where(where);
  const base = db
    .select({
      id: budgetPools.id,
      code: budgetPools.code,
      name: budgetPools.name,
      amount: budgetPools.amount,
      occupied: budgetPools.occupied,
      consumed: budgetPools.consumed,
      remaining: sql<string>`(${budgetPools.amount} - ${budgetPools.occupied} - ${budgetPools.consumed})::text`,
      available: sql<string>`(${budgetPools.amount} - ${budgetPools.occupied} - ${budgetPools.consumed})::text`,
      controlMode: budgetPools.controlMode,
      tolerancePct: budgetPools.tolerancePct,
      isEnabled: budgetPools.isEnabled,
      version: budgetPools.version,
      departmentId: budgetPools.departmentId,
      departmentName: departments.name,
      fiscalYearId: budgetPools.fiscalYearId,
      fiscalYearName: fy.name,
      channelId: budgetPools.channelId,
      channelName: ch.name,
      channelNames: ch.names,
      subjectId: budgetPools.subjectId,
      subjectName: sj.name,
      brandId: budgetPools.brandId,
      brandName: br.name,
      productId: budgetPools.productId,
      productName: pr.name,
      parentId: budgetPools.parentId,
    })
    .from(budgetPools)
    .leftJoin(departments, eq(departments.id, budgetPools.departmentId))
    .leftJoin(fy, eq(fy.id, budgetPools.fiscalYearId))
    .leftJoin(ch, eq(ch.id, budgetPools.channelId))
    .leftJoin(sj, eq(sj.id, budgetPools.subjectId))
    .leftJoin(br, eq(br.id, budgetPools.brandId))
    .leftJoin(pr, eq(pr.id, budgetPools.productId))
    .where(where)
    .orderBy(asc(budgetPools.sort), asc(budgetPools.id));
  const rows = q.limit > 0 ? await base.limit(q.limit).offset((q.page - 1) * q.limit) : await base;
  return {
    pageSize: q.limit,
    currentPage: q.page,
    totalRecord: n,
    rows: rows.map(({ channelNames, ...r }) => ({ ...r, channelName: r.channelName === null ? null : localized(channelNames, r.channelName, q.locale) })),
  };
}
