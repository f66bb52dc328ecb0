// Form definitions: one row per form (its draft and bookkeeping) and one row per published
// version (kept forever: records remember the version they were written under).
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { formDefinitions, formDefinitionVersions, records } from '../../db/schema';
import type { FormDefinition, LocalizedText } from '../../../schemas';
import { nowText } from '../../lib/time';

export async function listDefinitions(db: Db, q: { page: number; limit: number; keyword?: string; formType?: number }) {
  const conds: SQL[] = [];
  if (q.keyword) {
    const kw = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(or(ilike(formDefinitions.code, kw), sql`${formDefinitions.name}->>'zh-CN' ilike ${kw}`, sql`${formDefinitions.name}->>'en-US' ilike ${kw}`)!);
  }
  if (q.formType !== undefined) conds.push(eq(formDefinitions.formType, q.formType));
  const where = conds.length ? and(...conds) : undefined;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(formDefinitions)
    .where(where);
  const rows = await db
    .select()
    .from(formDefinitions)
    .where(where)
    .orderBy(asc(formDefinitions.code))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    pageSize: q.limit,
    currentPage: q.page,
    totalRecord: n,
    rows: rows.map((r) => ({
      code: r.code,
      // the name column is jsonb, written from a validated definition's LocalizedText
      name: r.name as LocalizedText,
      formType: r.formType,
      status: r.draft ? ('draft' as const) : ('published' as const),
      version: r.latestVersion,
      rowModUser: r.rowModUser ?? '',
      rowModDate: r.rowModDate ?? '',
      recordCount: r.recordCount,
    })),
  };
}

export async function getDefinitionRow(db: DbOrTx, code: string) {
  const [row] = await db.select().from(formDefinitions).where(eq(formDefinitions.code, code));
  return row ?? null;
}

export async function getPublished(db: DbOrTx, code: string, version?: number) {
  const q = db.select().from(formDefinitionVersions);
  const [row] = version
    ? await q.where(and(eq(formDefinitionVersions.code, code), eq(formDefinitionVersions.version, version)))
    : await q.where(eq(formDefinitionVersions.code, code)).orderBy(desc(formDefinitionVersions.version)).limit(1);
  return row ?? null;
}

export async function listVersions(db: Db, code: string) {
  return db
    .select({ version: formDefinitionVersions.version, publishedAt: formDefinitionVersions.publishedAt, publishedBy: formDefinitionVersions.publishedBy })
    .from(formDefinitionVersions)
    .where(eq(formDefinitionVersions.code, code))
    .orderBy(desc(formDefinitionVersions.version));
}

export async function saveDraft(db: Db, def: FormDefinition, user: string) {
  const now = new Date();
  await db
    .insert(formDefinitions)
    .values({ code: def.code, name: def.name, formType: def.formType, draft: def, draftSavedAt: now, rowModUser: user, rowModDate: nowText(now) })
    .onConflictDoUpdate({
      target: formDefinitions.code,
      set: { name: def.name, formType: def.formType, draft: def, draftSavedAt: now, rowModUser: user, rowModDate: nowText(now) },
    });
  return now;
}

/** Publishes `def` as the next version of its form (in the caller's transaction); clears the draft. */
export async function publishDefinitionTx(tx: Tx, def: FormDefinition, user: string): Promise<number> {
  const now = new Date();
  await tx
    .insert(formDefinitions)
    .values({ code: def.code, name: def.name, formType: def.formType, rowModUser: user, rowModDate: nowText(now) })
    .onConflictDoNothing();
  // row lock: concurrent publishes of one form get consecutive versions
  const [row] = await tx
    .update(formDefinitions)
    .set({
      latestVersion: sql`${formDefinitions.latestVersion} + 1`,
      draft: null,
      draftSavedAt: null,
      name: def.name,
      formType: def.formType,
      rowModUser: user,
      rowModDate: nowText(now),
    })
    .where(eq(formDefinitions.code, def.code))
    .returning({ version: formDefinitions.latestVersion });
  const version = row.version;
  await tx.insert(formDefinitionVersions).values({ code: def.code, version, definition: { ...def, version }, publishedAt: now, publishedBy: user });
  return version;
}

export async function hasRecords(db: Db, code: string) {
  const [r] = await db.select({ id: records.id }).from(records).where(eq(records.formCode, code)).limit(1);
  return !!r;
}

export async function deleteDefinition(db: Db, code: string) {
  await db.delete(formDefinitions).where(eq(formDefinitions.code, code));
}
