// Who may read a file: its uploader (and, like records, the admin and the uploader's handover
// persons), and whoever another module's reader grant admits: the records module admits whoever
// may read a valid record that refers to the file (its record scope: owners, approvers, cc
// readers), the process module whoever may read a record whose approval history attached it. A
// record may refer only to files its writer may read, so linking a file into one's own record
// grants nothing new.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { TC, type FieldDefinition } from '../../../schemas';
import type { AppContext, SessionUser } from '../../context';
import type { Tx } from '../../db/client';
import { files, recordFiles } from '../../db/schema';

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

/**
 * A reader grant of another module: may this user read the file because of something of theirs
 * (a record that refers to it, an approval comment that attached it)? Registered per app by the
 * module that knows (records, process), so this module imports none of them.
 */
export type FileReader = (me: SessionUser, fileId: string) => Promise<boolean>;

declare module '../../context' {
  interface AppContext {
    /** file reader grants modules registered on this app (see registerFileReader) */
    fileReaders?: FileReader[];
  }
}

/** Adds a reader grant to this app's file reads; answers its removal. */
export function registerFileReader(ctx: AppContext, reader: FileReader): () => void {
  const list = (ctx.fileReaders ??= []);
  list.push(reader);
  return () => {
    const i = list.indexOf(reader);
    if (i >= 0) list.splice(i, 1);
  };
}

export async function canReadFile(ctx: AppContext, me: SessionUser, file: { id: string; ownerId: string }) {
  if (ownsFile(me, file.ownerId)) return true;
  for (const reader of ctx.fileReaders ?? []) if (await reader(me, file.id)) return true;
  return false;
}

/**
 * The file ids a save may not refer to: ids not yet linked to this record that are unknown,
 * deleted, or not readable by the writer.
 */
export async function unreadableNewFiles(ctx: AppContext, me: SessionUser, ids: ReadonlyMap<string, string>, recordId: string | null): Promise<string[]> {
  if (!ids.size) return [];
  const db = ctx.db;
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
    if (!f || !(await canReadFile(ctx, me, f))) bad.push(id);
  }
  return bad;
}

/** A file as records refer to it, from the files table (never from the client). */
export interface StoredFileRef {
  id: string;
  name: string;
  size: number;
  type: string;
}

/**
 * The name, size and type the files table holds for these ids (deleted files included: a record
 * keeps referring to a file linked to it before). Ids that are not file ids are left out.
 */
export async function storedFileRefs(ctx: AppContext, ids: Iterable<string>): Promise<Map<string, StoredFileRef>> {
  const valid = [...new Set(ids)].filter((id) => /^[0-9]{19}$/.test(id));
  if (!valid.length) return new Map();
  const rows = await ctx.db.select({ id: files.id, name: files.name, size: files.size, type: files.type }).from(files).where(inArray(files.id, valid));
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, size: Number(r.size), type: r.type }]));
}

/**
 * Rewrites every file reference of a record's data (attachment and image fields, sub-form rows
 * included) with the stored name, size and type: what the client sent for them is ignored.
 */
export function applyStoredFileRefs(fields: readonly FieldDefinition[], data: Record<string, unknown>, stored: ReadonlyMap<string, StoredFileRef>): void {
  for (const f of fields) {
    const v = data?.[f.key];
    if (FILE_TYPES.has(f.type) && Array.isArray(v)) {
      data[f.key] = v.map((ref: unknown) => {
        const id = ref && typeof ref === 'object' ? (ref as { id?: unknown }).id : undefined;
        const s = typeof id === 'string' ? stored.get(id) : undefined;
        return s ? { ...s } : ref;
      });
    }
    if (f.type === TC.SUB_FORM && Array.isArray(v) && f.fields) {
      for (const row of v) if (row && typeof row === 'object') applyStoredFileRefs(f.fields as FieldDefinition[], row as Record<string, unknown>, stored);
    }
  }
}

/** Replaces a record's file links (in the record's transaction). */
export async function writeRecordFiles(tx: Tx, recordId: string, ids: ReadonlyMap<string, string>) {
  await tx.delete(recordFiles).where(eq(recordFiles.recordId, recordId));
  if (ids.size) await tx.insert(recordFiles).values([...ids.keys()].map((fileId) => ({ recordId, fileId })));
}
