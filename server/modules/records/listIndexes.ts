// The list's sort expressions over definition fields, and the per-form partial expression
// indexes that serve them: for every sortable definition-field column of a form's list settings,
// `(expr) DESC NULLS LAST, id DESC` over that form's valid records, so a sorted first page walks
// 20 index entries instead of sorting the whole form. Created (CONCURRENTLY on PostgreSQL, so
// writes go on) after a definition is published; a failure is logged, never fatal: the list
// still answers, only slower.
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { TC, isTypeCode, typeInfo, type FieldDefinition, type FormDefinition } from '../../../schemas';
import type { AppContext } from '../../context';
import { rows } from '../../db/client';
import { COLUMN_OF } from './repository';

export const NUMERIC_TYPES: ReadonlySet<number> = new Set([TC.INTEGER, TC.DECIMAL]);
export const isPicker = (f: FieldDefinition) => isTypeCode(f.type) && typeInfo(f.type).source !== null && !f.dataSource?.multiple;

/** A SQL string literal (keys and codes are pattern-checked by the definition schema; quotes doubled anyway). */
export const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * The sort expression of a definition field, with the key as a literal (not a bind parameter) so
 * the planner matches it against the expression index.
 */
export function sortExpressionText(field: FieldDefinition): string {
  const k = literal(field.key);
  if (NUMERIC_TYPES.has(field.type)) return `fw_num(data->>${k})`;
  if (isPicker(field)) return `(data->${k}->>'name')`;
  return `(data->>${k})`;
}

/** The sort expression on the records table, as SQL text (literals only). */
export function sortExpressionSql(field: FieldDefinition): string {
  return `(${sortExpressionText(field).replace(/\bdata\b/g, '"records"."data"')})`;
}

export function sortExpression(field: FieldDefinition): SQL {
  return sql.raw(sortExpressionSql(field));
}

/** The form's predicate as literals, matching the partial indexes. */
export function formPredicate(formCode: string): SQL {
  return sql.raw(`"records"."form_code" = ${literal(formCode)} and "records"."is_you_xiao" = '1'`);
}

function indexName(formCode: string, key: string) {
  return `records_sort_${createHash('sha256').update(`${formCode}\u0000${key}`).digest('hex').slice(0, 20)}`;
}

/** The sortable definition fields of a form's list (system columns have their own indexes). */
export function sortableFields(def: FormDefinition): FieldDefinition[] {
  const keys = new Set((def.list?.columns ?? []).filter((c) => c.sortable).map((c) => c.key));
  if (def.list?.defaultSort) keys.add(def.list.defaultSort.key);
  return def.fields.filter((f) => keys.has(f.key) && !(f.key in COLUMN_OF) && f.type !== TC.SUB_FORM && f.type !== TC.DIVIDER);
}

/** Creates the missing sort indexes of a form; answers the names it created. */
export async function ensureListIndexes(ctx: AppContext, def: FormDefinition): Promise<string[]> {
  const created: string[] = [];
  const fields = sortableFields(def);
  if (!fields.length) return created;
  const existing = new Map(
    (
      await rows<{ name: string; valid: boolean }>(
        ctx.db,
        sql`
      select c.relname as name, i.indisvalid as valid from pg_index i
      join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
      where t.relname = 'records' and t.relnamespace = current_schema()::regnamespace`,
      )
    ).map((r) => [r.name, r.valid]),
  );
  const concurrently = ctx.database.kind === 'postgres' ? 'concurrently ' : '';
  for (const f of fields) {
    const name = indexName(def.code, f.key);
    if (existing.get(name) === true) continue;
    // an interrupted concurrent build leaves an invalid index behind: build it again
    if (existing.has(name)) await ctx.db.execute(sql.raw(`drop index ${concurrently}if exists "${name}"`));
    await ctx.db.execute(
      sql.raw(
        `create index ${concurrently}if not exists "${name}" on records ((${sortExpressionText(f)}) desc nulls last, id desc) ` +
          `where form_code = ${literal(def.code)} and is_you_xiao = '1'`,
      ),
    );
    created.push(name);
  }
  return created;
}

/**
 * After a publish: index in the background. A concurrent build can lose a lock conflict (e.g. to
 * a manual ANALYZE) and leave an invalid index; it is dropped and built again, a few times, then
 * the failure is logged.
 */
export function ensureListIndexesLater(ctx: AppContext, def: FormDefinition, log: (err: unknown) => void, attempts = 3) {
  void ensureListIndexes(ctx, def).catch((err: unknown) => {
    if (attempts > 1) setTimeout(() => ensureListIndexesLater(ctx, def, log, attempts - 1), 500).unref();
    else log(err);
  });
}

/** At start: the sort indexes of every form's latest published definition (present ones cost one catalog query). */
export async function ensureAllListIndexes(ctx: AppContext) {
  const latest = await rows<{ definition: FormDefinition }>(
    ctx.db,
    sql`
    select distinct on (code) definition from form_definition_versions order by code, version desc`,
  );
  for (const r of latest) await ensureListIndexes(ctx, r.definition);
}
