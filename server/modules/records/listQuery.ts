// Record lists: filters and sort over system columns and JSONB fields, the user's record scope
// (access.ts), keyset cursors, and the page envelope with the rows spliced in as the database
// built them (repository.ts builds and runs the statement).
import { and, ilike, sql, type SQL } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context';
import { FILTER_OPS, TC, type FilterOp, type FormDefinition } from '../../../schemas';
import type { Locale } from '../../../schemas/constants';
import { invalid, ok } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { records } from '../../db/schema';
import * as repo from './repository';
import { NUMERIC_TYPES, formPredicate, isPicker, literal, sortExpressionSql } from './listIndexes';
import { scopeOf } from './access';
import { definitionOrFail } from './definition';
import { inputProblem, MAX_DEPTH } from '../../plugins/bodyDepth';

export interface ListInput {
  formCode: string;
  page: number;
  limit: number;
  sort?: string;
  order?: 'asc' | 'desc';
  filters?: { key: string; op: FilterOp; value: unknown }[];
  /** keyset: the id of the last row of the previous page (default order only) */
  cursor?: string;
}

const DECIMAL_RE = /^-?(0|[1-9][0-9]{0,29})(\.[0-9]{1,30})?$/;
/** a value of an integer column (PostgreSQL integer) */
const INT_RE = /^-?(0|[1-9][0-9]{0,9})$/;
/** most values one `in` filter may list (a statement takes at most 65,535 parameters) */
export const MAX_IN_VALUES = 500;

function filterSql(def: FormDefinition, f: { key: string; op: FilterOp; value: unknown }, i: number, locale: Locale): SQL {
  const bad = (msgKey: string) => invalid([{ field: `filters.${i}`, message: t(locale, msgKey, { key: f.key }) }]);
  if (!(FILTER_OPS as readonly string[]).includes(f.op)) throw bad('records.badFilterOp');
  const list = (v: unknown) => {
    const xs = Array.isArray(v) ? v : [v];
    if (xs.length > MAX_IN_VALUES)
      throw invalid([{ field: `filters.${i}`, message: t(locale, 'records.tooManyFilterValues', { key: f.key, max: MAX_IN_VALUES }) }]);
    return xs.map((x) => String(x ?? ''));
  };
  const str = (v: unknown) => String(v ?? '');
  const likeOf = (v: unknown) => `%${str(v).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const cmp = (expr: SQL | typeof records.id, cast: (v: unknown) => unknown): SQL => {
    switch (f.op) {
      case 'eq':
        return sql`${expr} = ${cast(f.value)}`;
      case 'like':
        return sql`${expr}::text ilike ${likeOf(f.value)}`;
      case 'in':
        return sql`${expr} in (${sql.join(
          list(f.value).map((x) => sql`${cast(x)}`),
          sql`, `,
        )})`;
      case 'gte':
        return sql`${expr} >= ${cast(f.value)}`;
      case 'lte':
        return sql`${expr} <= ${cast(f.value)}`;
      case 'range': {
        const [a, b] = Array.isArray(f.value) ? f.value : [];
        const parts: SQL[] = [];
        if (a != null && a !== '') parts.push(sql`${expr} >= ${cast(a)}`);
        if (b != null && b !== '') parts.push(sql`${expr} <= ${cast(b)}`);
        return parts.length ? and(...parts)! : sql`true`;
      }
    }
  };
  if (repo.isColumnKey(f.key)) {
    const col = repo.COLUMN_OF[f.key];
    const isInt = f.key === 'version' || f.key === 'definitionVersion';
    if (f.op === 'like') return ilike(col, likeOf(f.value));
    // an integer column compares with integers only: anything else is the caller's error, not the database's
    const int = (v: unknown) => {
      const s = typeof v === 'number' ? String(v) : str(v).trim();
      if (!INT_RE.test(s) || Number(s) > 2147483647 || Number(s) < -2147483648) throw bad('records.badFilterValue');
      return Number(s);
    };
    return cmp(col as unknown as SQL, isInt ? int : str);
  }
  const field = def.fields.find((x) => x.key === f.key);
  if (!field || field.type === TC.SUB_FORM || field.type === TC.DIVIDER) throw bad('records.badFilterKey');
  const key = field.key;
  if (isPicker(field)) {
    if (f.op === 'eq') return sql`${records.data} @> ${JSON.stringify({ [key]: { id: str(f.value) } })}::jsonb`;
    if (f.op === 'like') return sql`${records.data}->${key}->>'name' ilike ${likeOf(f.value)}`;
    return cmp(sql`(${records.data}->${key}->>'id')`, str);
  }
  if (NUMERIC_TYPES.has(field.type)) {
    const num = (v: unknown) => {
      const s = str(v);
      if (!DECIMAL_RE.test(s)) throw bad('records.badFilterValue');
      return s;
    };
    if (f.op === 'like') throw bad('records.badFilterOp');
    return cmp(sql`fw_num(${records.data}->>${key})`, (v) => sql`${num(v)}::numeric`);
  }
  // scalar values: equality through the GIN index (jsonb containment)
  if (f.op === 'eq') return sql`${records.data} @> ${JSON.stringify({ [key]: field.type === TC.INTEGER ? Number(f.value) : str(f.value) })}::jsonb`;
  if (f.op === 'like') return sql`${records.data}->>${key} ilike ${likeOf(f.value)}`;
  return cmp(sql`(${records.data}->>${key})`, str);
}

/** The ORDER BY of a list as plain SQL text (identifiers and literals only: no parameters). */
function sortSql(def: FormDefinition, key: string | undefined, order: 'asc' | 'desc', locale: Locale): SQL[] {
  const byId = `"records"."id" ${order}`;
  if (!key || key === 'id') return [sql.raw(byId)];
  if (repo.isColumnKey(key)) return [sql.raw(`"records"."${repo.COLUMN_OF[key].name}" ${order}, ${byId}`)];
  const field = def.fields.find((x) => x.key === key);
  if (!field || field.type === TC.SUB_FORM || field.type === TC.DIVIDER) throw invalid([{ field: 'sort', message: t(locale, 'records.badSortKey', { key }) }]);
  return [sql.raw(`${sortExpressionSql(field)} ${order} nulls last, ${byId}`)];
}

async function buildListQuery(ctx: AppContext, me: SessionUser, q: ListInput, locale: Locale) {
  const def = await definitionOrFail(ctx, q.formCode);
  const where: SQL[] = [];
  const filters = q.filters ?? [];
  // filters sent as JSON text (form-encoded calls) were parsed after the input guard: the same checks
  const problem = inputProblem(filters);
  if (problem) {
    const message = problem.kind === 'depth' ? t(locale, 'errors.tooDeep', { max: MAX_DEPTH }) : t(locale, 'errors.badCharacter');
    throw invalid([{ field: `filters.${problem.path}`, message, code: problem.kind === 'depth' ? 'maxDepth' : 'badCharacter' }]);
  }
  const explicitValid = filters.some((f) => f.key === 'isYouXiao');
  filters.forEach((f, i) => where.push(filterSql(def, f, i, locale)));
  const scope = scopeOf(ctx, me, def).where;
  if (scope) where.push(scope);
  const order = q.order === 'asc' ? 'asc' : 'desc';
  const defaultOrder = (!q.sort || q.sort === 'id') && order === 'desc';
  if (q.cursor) {
    if (!defaultOrder || !/^[0-9]{19}$/.test(q.cursor)) throw invalid([{ field: 'cursor', message: t(locale, 'records.badCursor') }]);
  }
  const lq: repo.ListQuery = {
    formCode: def.code,
    base: explicitValid ? sql.raw(`"records"."form_code" = ${literal(def.code)}`) : formPredicate(def.code),
    where: q.cursor ? [...where, sql`"records"."id" < ${q.cursor}`] : where,
    countWhere: where,
    orderBy: sortSql(def, q.sort, order, locale),
    limit: q.limit,
    offset: q.cursor ? 0 : (q.page - 1) * q.limit,
    useCounter: me.isAdmin && filters.length === 0,
    cursor: q.cursor,
  };
  return { lq, defaultOrder };
}

/** The page statement the list route issues for this request (the bench runs it directly). */
export async function listPageSql(ctx: AppContext, me: SessionUser, q: ListInput, locale: Locale) {
  const { lq } = await buildListQuery(ctx, me, q, locale);
  return repo.pageQuery(ctx.db, lq);
}

/** A list page: its paging fields, and its rows as the JSON text the database built. */
export interface ListPage {
  meta: { pageSize: number; currentPage: number; totalRecord: number; totalIsEstimate?: true; nextCursor?: string };
  rowsJson: string[];
}

export async function listRecords(ctx: AppContext, me: SessionUser, q: ListInput, locale: Locale): Promise<ListPage> {
  const { lq, defaultOrder } = await buildListQuery(ctx, me, q, locale);
  const { rows, total, estimate } = await repo.listRecords(ctx.db, lq);
  const meta: ListPage['meta'] = { pageSize: q.limit, currentPage: q.page, totalRecord: total };
  if (estimate) meta.totalIsEstimate = true;
  if (defaultOrder && rows.length === q.limit) meta.nextCursor = rows[rows.length - 1].id;
  return { meta, rowsJson: rows.map((r) => r.json) };
}

/** The envelope of a list page as JSON text: `{ code, msg, data: { …meta, rows } }`, the rows spliced in as they are. */
export function listPageBody(page: ListPage): string {
  const head = JSON.stringify(ok({ ...page.meta, rows: null }));
  // head ends with `"rows":null}}`
  return `${head.slice(0, -'null}}'.length)}[${page.rowsJson.join(',')}]}}`;
}
