// Preparing a write: rich text sanitized, formulas recomputed and the data validated with the
// definition's compiled record schema (the validator the client runs), the files it refers to
// checked, the title built, and a unique-value violation turned into a field-keyed 409.
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context';
import { TC, compileRecordSchema, evaluateRuleEffects, withFormulaResults, type FieldDefinition, type FormDefinition, type FormMode } from '../../../schemas';
import type { Locale } from '../../../schemas/constants';
import { AppError, invalid, type FieldError } from '../../lib/errors';
import { pgCode, pgConstraint, UNIQUE_VIOLATION } from '../../lib/pgErrors';
import { sanitizeRichText } from '../../lib/sanitize';
import { t } from '../../lib/i18n';
import { recordUniqueValues, records } from '../../db/schema';
import { resolvePickerRefs } from './pickerRefs';
import { applyStoredFileRefs, fileIdsOf, storedFileRefs, unreadableNewFiles } from '../files';

/** Sanitizes rich-text values in place (main fields and sub-form columns). */
export function sanitizeData(fields: readonly FieldDefinition[], data: Record<string, unknown>) {
  for (const f of fields) {
    const v = data[f.key];
    if (f.type === TC.RICH_TEXT && typeof v === 'string') data[f.key] = sanitizeRichText(v);
    if (f.type === TC.SUB_FORM && Array.isArray(v) && f.fields) {
      for (const row of v) if (row && typeof row === 'object') sanitizeData(f.fields as FieldDefinition[], row as Record<string, unknown>);
    }
  }
}

export function uniqueValues(def: FormDefinition, data: Record<string, unknown>) {
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

export function titleOf(def: FormDefinition, data: Record<string, unknown>, given: string | undefined, number: string) {
  const raw = def.titleTemplate ? def.titleTemplate.replace(/\{(\w+)\}/g, (_, k: string) => valueText(data[k])) : given || number;
  return raw.slice(0, 200);
}

/**
 * Validates a write: the definition's formulas are recomputed (the stored values are the
 * evaluated ones) and its linkage rules evaluated over the data with the client's evaluator, so
 * a field a rule requires is required and a hidden one never is. Answers the data to store.
 */
export function validateData(
  def: FormDefinition,
  mode: FormMode,
  draft: boolean,
  data: Record<string, unknown>,
  locale: Locale,
  /** the approval node (modes 3 and 4): its permission map is read over the mode's */
  node?: string,
): Record<string, unknown> {
  const effects = evaluateRuleEffects(def, data, mode, { node });
  const stored = withFormulaResults(data, effects);
  const v = compileRecordSchema(def, mode, { draft, node, required: draft ? undefined : effects.required }).validate(stored, locale);
  if (!v.valid) throw invalid(v.errors.map((e) => ({ field: e.field, message: e.message, code: e.code })));
  return stored;
}

/**
 * The references a write's data holds, checked by the server and rewritten in place from its own
 * tables (the client's names, sizes and types are never stored):
 * - picker values (pickerRefs.ts): each id a row its picker offers (or one the record held
 *   before), its name the row's;
 * - files: a file not yet linked to this record must exist and be readable by the writer; each
 *   reference's name, size and type come from the files table.
 * Anything else: a field-level 422. Answers the file ids (→ their field paths).
 */
export async function checkFiles(
  ctx: AppContext,
  me: SessionUser,
  def: FormDefinition,
  data: Record<string, unknown>,
  recordId: string | null,
  locale: Locale,
) {
  const [prior] = recordId ? await ctx.db.select({ data: records.data }).from(records).where(eq(records.id, recordId)) : [];
  await resolvePickerRefs(ctx.db, def.fields, data, (prior?.data as Record<string, unknown> | undefined) ?? null, locale);
  const ids = fileIdsOf(def.fields, data);
  const bad = await unreadableNewFiles(ctx, me, ids, recordId);
  if (bad.length) throw invalid(bad.map((id) => ({ field: ids.get(id)!, code: 'invalidValue', message: t(locale, 'records.fileNotReadable', { id }) })));
  const stored = await storedFileRefs(ctx, ids.keys());
  // a linked id the files table does not know (not a file id at all): refused like a new one
  const unknown = [...ids.keys()].filter((id) => !stored.has(id));
  if (unknown.length)
    throw invalid(unknown.map((id) => ({ field: ids.get(id)!, code: 'invalidValue', message: t(locale, 'records.fileNotReadable', { id }) })));
  applyStoredFileRefs(def.fields, data, stored);
  return ids;
}

export async function uniqueConflict(err: unknown, def: FormDefinition, data: Record<string, unknown>, ctx: AppContext, locale: Locale): Promise<never> {
  if (pgCode(err) === UNIQUE_VIOLATION && pgConstraint(err) === 'record_unique_values_uq') {
    const fields = uniqueValues(def, data);
    // name the field(s) whose value another record holds
    const taken = fields.length
      ? await ctx.db
          .select()
          .from(recordUniqueValues)
          .where(
            and(
              eq(recordUniqueValues.formCode, def.code),
              inArray(
                recordUniqueValues.value,
                fields.map((f) => f.value),
              ),
            ),
          )
      : [];
    const takenSet = new Set(taken.map((x) => `${x.fieldKey}\u0000${x.value}`));
    const errors: FieldError[] = fields
      .filter((f) => takenSet.has(`${f.fieldKey}\u0000${f.value}`))
      .map((f) => {
        const fd = def.fields.find((x) => x.key === f.fieldKey);
        return {
          field: f.fieldKey,
          code: 'duplicate',
          message: t(locale, 'records.duplicateValue', { label: fd?.label[locale] || fd?.label['zh-CN'] || f.fieldKey, value: f.value }),
        };
      });
    throw new AppError(
      409,
      'records.duplicate',
      {},
      { errors: errors.length ? errors : fields.map((f) => ({ field: f.fieldKey, message: t(locale, 'records.duplicate') })) },
    );
  }
  throw err;
}
