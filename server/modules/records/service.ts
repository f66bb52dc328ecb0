// Records: every write validated by the definition's compiled record schema (the same validator
// the client runs), rich text sanitized, numbers generated, number/code values kept unique by
// the database, stale writes refused by the row version, ownership enforced (spec §6).
import dayjs from 'dayjs';
import { and, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context';
import {
  APPLICATION_VIEWS, APPROVAL_STATUS, DEFAULT_NUMBER_RULE, FILTER_OPS, FORM_MODES, TC, compileRecordSchema, evaluateRuleEffects, withFormulaResults,
  type FieldDefinition, type FilterOp, type FormDefinition, type FormMode,
} from '../../../schemas';
import { AppError, businessFailure, conflict, forbidden, invalid, notFound, ok, type FieldError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { pgCode, pgConstraint, UNIQUE_VIOLATION } from '../../lib/pgErrors';
import { sanitizeRichText } from '../../lib/sanitize';
import { nowText } from '../../lib/time';
import { t } from '../../lib/i18n';
import { records, recordUniqueValues } from '../../db/schema';
import type { Locale } from '../../../schemas/constants';
import { publishedDefinition } from '../definitions/service';
import { getDefinitionRow } from '../definitions/repository';
import * as repo from './repository';
import { fileIdsOf, unreadableNewFiles, writeRecordFiles } from '../files/access';
import { NUMERIC_TYPES, formPredicate, isPicker, literal, sortExpressionSql } from './listIndexes';

// ─── access ────────────────────────────────────────────────────────────────────────────────
export function owns(me: SessionUser, r: { rowCreateId: string }) {
  return me.isAdmin || r.rowCreateId === me.userId || me.jiaoJieRenIds.includes(r.rowCreateId);
}

async function definitionOrFail(ctx: AppContext, formCode: string, version?: number) {
  const def = await publishedDefinition(ctx, formCode, version);
  if (!def) throw notFound('definition');
  return def;
}

// ─── data preparation ──────────────────────────────────────────────────────────────────────
/** Sanitizes rich-text values in place (main fields and sub-form columns). */
function sanitizeData(fields: readonly FieldDefinition[], data: Record<string, unknown>) {
  for (const f of fields) {
    const v = data[f.key];
    if (f.type === TC.RICH_TEXT && typeof v === 'string') data[f.key] = sanitizeRichText(v);
    if (f.type === TC.SUB_FORM && Array.isArray(v) && f.fields) {
      for (const row of v) if (row && typeof row === 'object') sanitizeData(f.fields as FieldDefinition[], row as Record<string, unknown>);
    }
  }
}

function uniqueValues(def: FormDefinition, data: Record<string, unknown>) {
  const out: { fieldKey: string; value: string }[] = [];
  for (const f of def.fields) {
    if (f.type !== TC.CODE && !f.unique) continue;
    const v = data[f.key];
    if (typeof v === 'string' && v.trim()) out.push({ fieldKey: f.key, value: v.trim() });
    else if (typeof v === 'number') out.push({ fieldKey: f.key, value: String(v) });
  }
  return out;
}

function valueText(v: unknown): string {
  if (v == null) return '';
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map(valueText).join(',');
  if (typeof v === 'object' && 'name' in v) return String((v as { name: unknown }).name);
  return '';
}

function titleOf(def: FormDefinition, data: Record<string, unknown>, given: string | undefined, number: string) {
  const raw = def.titleTemplate ? def.titleTemplate.replace(/\{(\w+)\}/g, (_, k: string) => valueText(data[k])) : given || number;
  return raw.slice(0, 200);
}

/**
 * Validates a write: the definition's formulas are recomputed (the stored values are the
 * evaluated ones) and its linkage rules evaluated over the data with the client's evaluator, so
 * a field a rule requires is required and a hidden one never is. Answers the data to store.
 */
function validateData(def: FormDefinition, mode: FormMode, draft: boolean, data: Record<string, unknown>, locale: Locale): Record<string, unknown> {
  const effects = evaluateRuleEffects(def, data, mode);
  const stored = withFormulaResults(data, effects);
  const v = compileRecordSchema(def, mode, { draft, required: draft ? undefined : effects.required }).validate(stored, locale);
  if (!v.valid) throw invalid(v.errors.map((e) => ({ field: e.field, message: e.message, code: e.code })));
  return stored;
}

/** The files the data refers to; a file not yet linked to this record must be readable by the writer. */
async function checkFiles(ctx: AppContext, me: SessionUser, def: FormDefinition, data: Record<string, unknown>, recordId: string | null, locale: Locale) {
  const ids = fileIdsOf(def.fields, data);
  const bad = await unreadableNewFiles(ctx.db, me, ids, recordId);
  if (bad.length) throw invalid(bad.map((id) => ({ field: ids.get(id)!, code: 'invalidValue', message: t(locale, 'records.fileNotReadable', { id }) })));
  return ids;
}

async function uniqueConflict(err: unknown, def: FormDefinition, data: Record<string, unknown>, ctx: AppContext, locale: Locale): Promise<never> {
  if (pgCode(err) === UNIQUE_VIOLATION && pgConstraint(err) === 'record_unique_values_uq') {
    const fields = uniqueValues(def, data);
    // name the field(s) whose value another record holds
    const taken = fields.length
      ? await ctx.db.select().from(recordUniqueValues)
        .where(and(eq(recordUniqueValues.formCode, def.code), inArray(recordUniqueValues.value, fields.map((f) => f.value))))
      : [];
    const takenSet = new Set(taken.map((x) => `${x.fieldKey}\u0000${x.value}`));
    const errors: FieldError[] = fields
      .filter((f) => takenSet.has(`${f.fieldKey}\u0000${f.value}`))
      .map((f) => {
        const fd = def.fields.find((x) => x.key === f.fieldKey);
        return { field: f.fieldKey, code: 'duplicate', message: t(locale, 'records.duplicateValue', { label: fd?.label[locale] || fd?.label['zh-CN'] || f.fieldKey, value: f.value }) };
      });
    throw new AppError(409, 'records.duplicate', {}, { errors: errors.length ? errors : fields.map((f) => ({ field: f.fieldKey, message: t(locale, 'records.duplicate') })) });
  }
  throw err;
}

// ─── save ──────────────────────────────────────────────────────────────────────────────────
export interface SaveInput {
  formCode: string;
  id?: string;
  version?: number;
  title?: string;
  data: Record<string, unknown>;
  submit?: boolean;
}

const EDITABLE_STATUSES: ReadonlySet<string> = new Set([APPROVAL_STATUS.DRAFT.code, APPROVAL_STATUS.RETURNED.code, APPROVAL_STATUS.WITHDRAWN.code]);

export async function saveRecord(ctx: AppContext, me: SessionUser, input: SaveInput, locale: Locale) {
  let data = structuredClone(input.data ?? {});
  const now = new Date();
  const nowStr = nowText(now);
  if (!input.id) {
    const def = await definitionOrFail(ctx, input.formCode);
    sanitizeData(def.fields, data);
    data = validateData(def, FORM_MODES.ADD, !input.submit, data, locale);
    const fileIds = await checkFiles(ctx, me, def, data, null, locale);
    const rule = { ...DEFAULT_NUMBER_RULE, ...(def.numberRule ?? {}) };
    const period = dayjs(now).format(rule.dateFormat);
    const deptId = await repo.departmentOfEmployee(ctx.db, me.employeeId);
    const id = newId();
    try {
      return await ctx.db.transaction(async (tx) => {
        const seq = await repo.nextSequence(tx, def.code, period);
        const number = `${rule.prefix}${period}${String(seq).padStart(rule.sequenceLength, '0')}`;
        await repo.insertRecord(tx, {
          id,
          formCode: def.code,
          number,
          title: titleOf(def, data, input.title, number),
          isYouXiao: '1',
          rowCreateId: me.userId,
          rowCreateBuMenId: deptId,
          rowCreateDate: nowStr,
          rowModUser: me.userId,
          rowModDate: nowStr,
          shenPiZhuangTai: input.submit ? APPROVAL_STATUS.IN_APPROVAL.code : APPROVAL_STATUS.DRAFT.code,
          tiJiaoLiuChengTime: input.submit ? nowStr : null,
          definitionVersion: def.version,
          version: 1,
          data,
        });
        await repo.writeUniqueValues(tx, def.code, id, uniqueValues(def, data));
        await writeRecordFiles(tx, id, fileIds);
        return { id, number, version: 1 };
      });
    } catch (err) {
      return uniqueConflict(err, def, data, ctx, locale);
    }
  }

  const existing = await repo.getRecord(ctx.db, input.id);
  if (!existing || existing.formCode !== input.formCode || existing.isYouXiao !== '1') throw notFound();
  if (!owns(me, existing)) throw forbidden();
  if (input.version === undefined) throw invalid([{ field: 'version', message: t(locale, 'records.versionRequired') }]);
  if (input.version !== existing.version) throw conflict();
  if (!EDITABLE_STATUSES.has(existing.shenPiZhuangTai)) throw new AppError(409, 'records.notEditable');
  // a record is validated under the definition version it was written under
  const def = await definitionOrFail(ctx, existing.formCode, existing.definitionVersion);
  const mode = existing.shenPiZhuangTai === APPROVAL_STATUS.RETURNED.code ? FORM_MODES.MODIFY_ON_RETURN : FORM_MODES.MODIFY;
  sanitizeData(def.fields, data);
  data = validateData(def, mode, !input.submit, data, locale);
  const fileIds = await checkFiles(ctx, me, def, data, existing.id, locale);
  try {
    return await ctx.db.transaction(async (tx) => {
      const r = await repo.updateRecord(tx, existing.id, input.version!, {
        data,
        title: titleOf(def, data, input.title ?? existing.title ?? undefined, existing.number),
        rowModUser: me.userId,
        rowModDate: nowStr,
        ...(input.submit ? { shenPiZhuangTai: APPROVAL_STATUS.IN_APPROVAL.code, tiJiaoLiuChengTime: nowStr } : {}),
      });
      if (!r) throw conflict();
      await repo.writeUniqueValues(tx, def.code, existing.id, uniqueValues(def, data));
      await writeRecordFiles(tx, existing.id, fileIds);
      return { id: r.id, number: r.number, version: r.version };
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    return uniqueConflict(err, def, data, ctx, locale);
  }
}

export async function deleteRecord(ctx: AppContext, me: SessionUser, formCode: string, id: string, version: number) {
  const existing = await repo.getRecord(ctx.db, id);
  if (!existing || existing.formCode !== formCode || existing.isYouXiao !== '1') throw notFound();
  if (!owns(me, existing)) throw forbidden();
  if (existing.version !== version) throw conflict();
  const r = await ctx.db.transaction((tx) => repo.softDelete(tx, id, version, formCode, me.userId, nowText()));
  if (!r) throw conflict();
}

// ─── read ──────────────────────────────────────────────────────────────────────────────────
export function toApi(r: repo.RecordRow, names: { users: Map<string, string>; depts: Map<string, string> }) {
  return {
    id: r.id,
    formCode: r.formCode,
    number: r.number,
    title: r.title,
    isYouXiao: r.isYouXiao,
    rowCreateId: r.rowCreateId,
    rowCreateBuMenId: r.rowCreateBuMenId,
    rowCreateDate: r.rowCreateDate,
    rowModUser: r.rowModUser,
    rowModDate: r.rowModDate,
    stateName: r.stateName,
    shenPiZhuangTai: r.shenPiZhuangTai,
    shenPiRen: r.shenPiRen,
    shiYongJueSeId: r.shiYongJueSeId,
    tiJiaoLiuChengTime: r.tiJiaoLiuChengTime,
    liuChengGuiDangTime: r.liuChengGuiDangTime,
    shenPiCallBackFailure: r.shenPiCallBackFailure,
    liuChengId: r.liuChengId,
    definitionVersion: r.definitionVersion,
    version: r.version,
    data: r.data,
    rowCreateName: names.users.get(r.rowCreateId) ?? null,
    rowCreateBuMenName: r.rowCreateBuMenId ? (names.depts.get(r.rowCreateBuMenId) ?? null) : null,
    rowClick: 0,
  };
}

export async function getRecord(ctx: AppContext, me: SessionUser, formCode: string, id: string) {
  const r = await repo.getRecord(ctx.db, id);
  if (!r || r.formCode !== formCode || r.isYouXiao !== '1') throw notFound();
  if (!owns(me, r)) throw forbidden();
  return { record: toApi(r, await repo.displayNames(ctx.db, [r])), definitionVersion: r.definitionVersion };
}

// ─── list ──────────────────────────────────────────────────────────────────────────────────
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

const DECIMAL_RE = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

function filterSql(def: FormDefinition, f: { key: string; op: FilterOp; value: unknown }, i: number, locale: Locale): SQL {
  const bad = (msgKey: string) => invalid([{ field: `filters.${i}`, message: t(locale, msgKey, { key: f.key }) }]);
  if (!(FILTER_OPS as readonly string[]).includes(f.op)) throw bad('records.badFilterOp');
  const list = (v: unknown) => (Array.isArray(v) ? v : [v]).map((x) => String(x ?? ''));
  const str = (v: unknown) => String(v ?? '');
  const likeOf = (v: unknown) => `%${str(v).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const cmp = (expr: SQL | typeof records.id, cast: (v: unknown) => unknown): SQL => {
    switch (f.op) {
      case 'eq': return sql`${expr} = ${cast(f.value)}`;
      case 'like': return sql`${expr}::text ilike ${likeOf(f.value)}`;
      case 'in': return sql`${expr} in (${sql.join(list(f.value).map((x) => sql`${cast(x)}`), sql`, `)})`;
      case 'gte': return sql`${expr} >= ${cast(f.value)}`;
      case 'lte': return sql`${expr} <= ${cast(f.value)}`;
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
    return cmp(col as unknown as SQL, isInt ? (v) => Number(v) : str);
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
  const explicitValid = filters.some((f) => f.key === 'isYouXiao');
  filters.forEach((f, i) => where.push(filterSql(def, f, i, locale)));
  if (!me.isAdmin) where.push(sql`"records"."row_create_id" in (${sql.join([me.userId, ...me.jiaoJieRenIds].map((id) => sql`${id}`), sql`, `)})`);
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

// ─── application type lookup ──────────────────────────────────────────────────────────────
export async function applicationType(ctx: AppContext, me: SessionUser, number: string | undefined, type: number | undefined) {
  if (!number) throw businessFailure('records.numberMissing');
  const found = (await repo.findByNumber(ctx.db, number)).filter((r) => owns(me, r));
  if (found.length === 0) throw businessFailure('records.applicationNotFound', { number });
  const r = found[0];
  const row = await getDefinitionRow(ctx.db, r.formCode);
  const formType = row?.formType ?? 0;
  const views = (APPLICATION_VIEWS as Record<number, Record<number, number>>)[formType];
  const feiYongLeiXing = type && views?.[type] ? views[type] : formType;
  return { id: r.id, feiYongLeiXing, formCode: r.formCode, number: r.number };
}

