// Form definitions: one row per form (its draft and bookkeeping) and one row per published
// version (kept forever: records remember the version they were written under).
import { and, asc, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
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

/**
 * Saves the draft; creates the form when the code is new. With `expected` (the draftVersion the
 * editor loaded; 0: the code must be new) the write is one conditional statement: the row's
 * draft_version must still be `expected`, else nothing is written and the answer is null (409).
 * Every save adds one to draft_version.
 */
export async function saveDraft(db: DbOrTx, def: FormDefinition, user: string, expected?: number): Promise<{ savedAt: Date; draftVersion: number } | null> {
  const now = new Date();
  const set = { name: def.name, formType: def.formType, draft: def, draftSavedAt: now, rowModUser: user, rowModDate: nowText(now) };
  const [row] = await db
    .insert(formDefinitions)
    .values({ code: def.code, ...set, draftVersion: 1 })
    .onConflictDoUpdate({
      target: formDefinitions.code,
      set: { ...set, draftVersion: sql`${formDefinitions.draftVersion} + 1` },
      ...(expected === undefined ? {} : { setWhere: eq(formDefinitions.draftVersion, expected) }),
    })
    .returning({ draftVersion: formDefinitions.draftVersion });
  // no row: the draft moved on since `expected` (or `expected` 0 and the code exists)
  return row ? { savedAt: now, draftVersion: row.draftVersion } : null;
}

/**
 * Publishes `def` as the next version of its form (in the caller's transaction); clears the draft
 * and adds one to draft_version. With `expectedDraftVersion` the update is conditional on the
 * draft still being there at that version: of concurrent publishes of one draft exactly one
 * wins, the others get null (409). Without it (seeding) the publish is unconditional.
 */
export async function publishDefinitionTx(tx: Tx, def: FormDefinition, user: string): Promise<number>;
export async function publishDefinitionTx(tx: Tx, def: FormDefinition, user: string, expectedDraftVersion: number): Promise<number | null>;
export async function publishDefinitionTx(tx: Tx, def: FormDefinition, user: string, expectedDraftVersion?: number): Promise<number | null> {
  const now = new Date();
  if (expectedDraftVersion === undefined) {
    await tx
      .insert(formDefinitions)
      .values({ code: def.code, name: def.name, formType: def.formType, rowModUser: user, rowModDate: nowText(now) })
      .onConflictDoNothing();
  }
  const where =
    expectedDraftVersion === undefined
      ? eq(formDefinitions.code, def.code)
      : and(eq(formDefinitions.code, def.code), eq(formDefinitions.draftVersion, expectedDraftVersion), isNotNull(formDefinitions.draft));
  // the row lock of the update serialises publishes; the loser's re-check sees the new draft_version
  const [row] = await tx
    .update(formDefinitions)
    .set({
      latestVersion: sql`${formDefinitions.latestVersion} + 1`,
      draftVersion: sql`${formDefinitions.draftVersion} + 1`,
      draft: null,
      draftSavedAt: null,
      name: def.name,
      formType: def.formType,
      rowModUser: user,
      rowModDate: nowText(now),
    })
    .where(where)
    .returning({ version: formDefinitions.latestVersion });
  if (!row) return null;
  const version = row.version;
  await tx.insert(formDefinitionVersions).values({ code: def.code, version, definition: { ...def, version }, publishedAt: now, publishedBy: user });
  return version;
}

export async function hasRecords(db: Db, code: string) {
  const [r] = await db.select({ id: records.id }).from(records).where(eq(records.formCode, code)).limit(1);
  return !!r;
}

/**
 * Deletes a form that has no records, in one conditional statement: a record created meanwhile
 * either counted itself first (record_count, the row lock makes this delete see it and refuse)
 * or finds the form gone when it counts itself (records' insertRecord then rolls back).
 * False when the form has (or just got) records.
 */
export async function deleteDefinition(db: DbOrTx, code: string): Promise<boolean> {
  const gone = await db
    .delete(formDefinitions)
    .where(
      and(eq(formDefinitions.code, code), eq(formDefinitions.recordCount, 0), sql`not exists (select 1 from ${records} where ${records.formCode} = ${code})`),
    )
    .returning({ code: formDefinitions.code });
  return gone.length > 0;
}
