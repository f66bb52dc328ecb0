// Who may read a file: its uploader (and, like records, the admin and the uploader's handover
// persons), and whoever may read a valid record that refers to it. A record may refer only to
// files its writer may read, so linking a file into one's own record grants nothing new.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { TC, type FieldDefinition } from '../../../schemas';
import type { SessionUser } from '../../context';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { files, recordFiles, records } from '../../db/schema';

export const ownsFile = (me: SessionUser, ownerId: string) => me.isAdmin || ownerId === me.userId || me.jiaoJieRenIds.includes(ownerId);

const FILE_TYPES: ReadonlySet<number> = new Set([TC.ATTACHMENT, TC.IMAGE]);

/**
 * The files a record's data refers to (attachment and image fields, sub-form rows included):
 * file id → the record path of the (first) field holding it (`fuJian`, `mingXi.2.zhaoPian`).
 */
export function fileIdsOf(
  fields: readonly FieldDefinition[],
  data: Record<string, unknown>,
  out = new Map<string, string>(),
  prefix = '',
): Map<string, string> {
  for (const f of fields) {
    const v = data?.[f.key];
    if (FILE_TYPES.has(f.type) && Array.isArray(v)) {
      for (const ref of v) {
        const id = ref && typeof ref === 'object' ? (ref as { id?: unknown }).id : undefined;
        if (typeof id === 'string' && !out.has(id)) out.set(id, `${prefix}${f.key}`);
      }
    }
    if (f.type === TC.SUB_FORM && Array.isArray(v) && f.fields) {
      v.forEach((row, i) => {
        if (row && typeof row === 'object') fileIdsOf(f.fields as FieldDefinition[], row as Record<string, unknown>, out, `${prefix}${f.key}.${i}.`);
      });
    }
  }
  return out;
}

/** True when a valid record the caller may read refers to the file (employee sessions only). */
export async function readableThroughRecord(db: DbOrTx, me: SessionUser, fileId: string): Promise<boolean> {
  if (me.kind !== 'employee') return false;
  const readable = me.isAdmin ? sql`true` : inArray(records.rowCreateId, [me.userId, ...me.jiaoJieRenIds]);
  const [hit] = await db
    .select({ one: sql<number>`1` })
    .from(recordFiles)
    .innerJoin(records, eq(records.id, recordFiles.recordId))
    .where(and(eq(recordFiles.fileId, fileId), eq(records.isYouXiao, '1'), readable))
    .limit(1);
  return !!hit;
}

export async function canReadFile(db: Db, me: SessionUser, file: { id: string; ownerId: string }) {
  return ownsFile(me, file.ownerId) || readableThroughRecord(db, me, file.id);
}

/**
 * The file ids a save may not refer to: ids not yet linked to this record that are unknown,
 * deleted, or not readable by the writer.
 */
export async function unreadableNewFiles(db: Db, me: SessionUser, ids: ReadonlyMap<string, string>, recordId: string | null): Promise<string[]> {
  if (!ids.size) return [];
  const linked = recordId
    ? new Set((await db.select({ f: recordFiles.fileId }).from(recordFiles).where(eq(recordFiles.recordId, recordId))).map((r) => r.f))
    : new Set<string>();
  const fresh = [...ids.keys()].filter((id) => !linked.has(id));
  if (!fresh.length) return [];
  const valid = fresh.filter((id) => /^[0-9]{19}$/.test(id));
  const found = valid.length
    ? await db
        .select({ id: files.id, ownerId: files.ownerId })
        .from(files)
        .where(and(inArray(files.id, valid), isNull(files.deletedAt)))
    : [];
  const byId = new Map(found.map((f) => [f.id, f]));
  const bad: string[] = [];
  for (const id of fresh) {
    const f = byId.get(id);
    if (!f || !(await canReadFile(db, me, f))) bad.push(id);
  }
  return bad;
}

/** Replaces a record's file links (in the record's transaction). */
export async function writeRecordFiles(tx: Tx, recordId: string, ids: ReadonlyMap<string, string>) {
  await tx.delete(recordFiles).where(eq(recordFiles.recordId, recordId));
  if (ids.size) await tx.insert(recordFiles).values([...ids.keys()].map((fileId) => ({ recordId, fileId })));
}
