// Document links as data (table record_links: from = the source document, to = the document
// made from it) and deriving: a form's definition declares how its documents are made from
// another form's (`derive`: source forms, link kind, field and sub-form row mappings). The
// server fills a new document from its source (`deriveRecord`, the record/derive endpoint) and
// writes the link in the new document's save transaction (`sourceForDerive` + `writeLink`).
import { and, eq, or } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { recordLinks } from '../../db/schema';
import { checkDeriveSource, type DeriveSettings, type FormDefinition, type LinkKind } from '../../../schemas';
import type { Locale } from '../../../schemas/constants';
import { AppError, forbidden, invalid, notFound } from '../../lib/errors';
import { pgCode, pgConstraint, UNIQUE_VIOLATION } from '../../lib/pgErrors';
import { t } from '../../lib/i18n';
import * as repo from './repository';
import { scopeOf } from './access';
import { definitionOf, definitionOrFail } from './definition';

export type RecordLink = typeof recordLinks.$inferSelect;

/** The unique indexes that hold a kind's business rule (migration 0004). */
const nameOf = (def: FormDefinition, locale: Locale) => def.name[locale] || def.name['zh-CN'];

const LINK_RULE_CONSTRAINTS: ReadonlySet<string> = new Set([
  'record_links_settles_from_uq',
  'record_links_single_source_uq',
  'record_links_kind_from_id_to_id_pk',
]);

export async function writeLink(tx: Tx, kind: LinkKind, fromId: string, toId: string, userId: string) {
  await tx.insert(recordLinks).values({ kind, fromId, toId, createdBy: userId });
}

/** Removes the links a document made (it is the `to` side): its soft delete frees its source. */
export async function removeLinksTo(tx: Tx, toId: string) {
  await tx.delete(recordLinks).where(eq(recordLinks.toId, toId));
}

/** Every link of a document, either side. */
export async function linksOf(db: DbOrTx, id: string): Promise<RecordLink[]> {
  return db
    .select()
    .from(recordLinks)
    .where(or(eq(recordLinks.fromId, id), eq(recordLinks.toId, id)));
}

/** A unique violation of a link rule as the 409 the user reads; anything else is answered null. */
export function linkConflict(err: unknown, def: FormDefinition, locale: Locale): AppError | null {
  if (pgCode(err) !== UNIQUE_VIOLATION || !LINK_RULE_CONSTRAINTS.has(pgConstraint(err) ?? '')) return null;
  return new AppError(409, 'records.alreadyLinked', { kind: nameOf(def, locale) });
}

const notDerivable = (def: FormDefinition, locale: Locale) =>
  invalid([{ field: 'derivedFrom', code: 'notDerivable', message: t(locale, 'records.notDerivable', { formCode: nameOf(def, locale) }) }]);

/**
 * The source of a document derived under `def` (for its derive endpoint and its save): a valid
 * record of one of the declared source forms that the user may read, whose form maps onto
 * this one. Answers the source row, its definition and the derive settings.
 */
export async function sourceForDerive(ctx: AppContext, me: SessionUser, def: FormDefinition, fromId: string, locale: Locale) {
  const derive = def.derive;
  if (!derive) throw notDerivable(def, locale);
  const source = await repo.getRecord(ctx.db, fromId);
  if (!source || source.isYouXiao !== '1') throw notFound();
  if (!derive.from.includes(source.formCode)) throw notDerivable(def, locale);
  const sourceDef = await definitionOf(ctx, source.formCode, source.definitionVersion);
  if (!scopeOf(ctx, me, sourceDef).canRead(source)) throw forbidden();
  // the mapping reads what the source form has (a definition published later may have renamed a field)
  if (!sourceDef || checkDeriveSource(def, sourceDef, locale).length) throw notDerivable(def, locale);
  return { source, sourceDef, derive };
}

/** The values a new document takes from its source: the mapped main values and sub-form rows. */
export function derivedData(derive: DeriveSettings, source: repo.RecordRow): Record<string, unknown> {
  const from = (source.data ?? {}) as Record<string, unknown>;
  const system = source as unknown as Record<string, unknown>;
  const data: Record<string, unknown> = {};
  for (const m of derive.fields) {
    const v = m.from in from ? from[m.from] : system[m.from];
    if (v !== undefined && v !== null) data[m.to] = structuredClone(v);
  }
  for (const r of derive.rows ?? []) {
    const rows = from[r.from];
    if (!Array.isArray(rows)) continue;
    data[r.to] = rows
      .filter((row): row is Record<string, unknown> => !!row && typeof row === 'object')
      .map((row) => {
        const out: Record<string, unknown> = {};
        for (const m of r.fields) if (row[m.from] !== undefined && row[m.from] !== null) out[m.to] = structuredClone(row[m.from]);
        return out;
      });
  }
  return data;
}

/** Whether a link of this kind from this source already holds the kind's one-per-source rule. */
async function alreadyLinked(db: DbOrTx, kind: LinkKind, fromId: string) {
  if (kind !== 'settles') return false;
  const [hit] = await db
    .select({ to: recordLinks.toId })
    .from(recordLinks)
    .where(and(eq(recordLinks.kind, kind), eq(recordLinks.fromId, fromId)))
    .limit(1);
  return !!hit;
}

/**
 * record/derive: the prefilled data of a new document of `formCode` made from the record
 * `fromId` (nothing is written; saving it with `derivedFrom` writes the document and its link).
 */
export async function deriveRecord(ctx: AppContext, me: SessionUser, formCode: string, fromId: string, locale: Locale) {
  const def = await definitionOrFail(ctx, formCode);
  const { source, derive } = await sourceForDerive(ctx, me, def, fromId, locale);
  if (await alreadyLinked(ctx.db, derive.kind, source.id)) throw new AppError(409, 'records.alreadyLinked', { kind: nameOf(def, locale) });
  return {
    formCode: def.code,
    data: derivedData(derive, source),
    derivedFrom: { id: source.id, formCode: source.formCode, number: source.number, kind: derive.kind },
  };
}
