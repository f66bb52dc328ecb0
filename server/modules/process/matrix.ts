// Approver matrices (juZhen): a matrix has key columns (their values select a row, e.g. the
// region) and approver columns (each cell: user ids, e.g. the regional director); the matrix
// strategy of schemas/process reads them through the directory snapshot. Administration: list,
// read, save (version-checked, users must exist), replace a user everywhere (an employee left),
// and export as .xlsx with names instead of ids.
import ExcelJS from 'exceljs';
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { LocalizedText } from '../../../schemas';
import type { Locale } from '../../../schemas/constants';
import type { ProcessDefinition } from '../../../schemas/process';
import type { AppContext, SessionUser } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { approverMatrices, approverMatrixRows, processDefinitions, processDefinitionVersions, users } from '../../db/schema';
import { AppError, conflict, invalid, notFound, type FieldError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { newId } from '../../lib/ids';
import { nowText } from '../../lib/time';

export interface MatrixColumn {
  key: string;
  name: string;
}
export interface MatrixRowDoc {
  keys: Record<string, string>;
  cells: Record<string, string[]>;
}
export interface MatrixInput {
  code: string;
  name: LocalizedText;
  keys: MatrixColumn[];
  columns: MatrixColumn[];
  rows: MatrixRowDoc[];
  /** absent: create */
  version?: number;
}

// the jsonb columns are written only by saveMatrix from a checked body
const columnsOf = (v: unknown) => v as MatrixColumn[];
const rowOf = (r: { keys: unknown; cells: unknown }): MatrixRowDoc => ({ keys: r.keys as Record<string, string>, cells: r.cells as Record<string, string[]> });

const likeOf = (kw: string) => `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listMatrices(db: DbOrTx, q: { page: number; limit: number; keyword?: string }) {
  const where = q.keyword ? or(ilike(approverMatrices.code, likeOf(q.keyword)), sql`${approverMatrices.name}->>'zh-CN' ilike ${likeOf(q.keyword)}`) : undefined;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(approverMatrices)
    .where(where);
  const list = await db
    .select({
      m: approverMatrices,
      rowCount: sql<number>`(select count(*)::int from approver_matrix_rows r where r.matrix_code = ${approverMatrices.code})`,
    })
    .from(approverMatrices)
    .where(where)
    .orderBy(asc(approverMatrices.code))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    pageSize: q.limit,
    currentPage: q.page,
    totalRecord: n,
    rows: list.map(({ m, rowCount }) => ({
      code: m.code,
      name: m.name as LocalizedText,
      keys: columnsOf(m.keys),
      columns: columnsOf(m.columns),
      rowCount,
      version: m.version,
      rowModUser: m.rowModUser ?? '',
      rowModDate: m.rowModDate ?? '',
    })),
  };
}

async function userNames(db: DbOrTx, ids: Iterable<string>): Promise<Map<string, string>> {
  const list = [...new Set(ids)];
  if (!list.length) return new Map();
  const found = await db.select({ id: users.id, name: users.displayName }).from(users).where(inArray(users.id, list));
  return new Map(found.map((u) => [u.id, u.name]));
}

async function loadMatrix(db: DbOrTx, code: string) {
  const [m] = await db.select().from(approverMatrices).where(eq(approverMatrices.code, code));
  if (!m) return null;
  const rows = await db
    .select()
    .from(approverMatrixRows)
    .where(eq(approverMatrixRows.matrixCode, code))
    .orderBy(asc(approverMatrixRows.sort), asc(approverMatrixRows.id));
  return { code: m.code, name: m.name as LocalizedText, keys: columnsOf(m.keys), columns: columnsOf(m.columns), version: m.version, rows: rows.map(rowOf) };
}

/** juZhen/edit/init: one matrix with its rows and the names of its users. */
export async function matrixDoc(db: DbOrTx, code: string) {
  const m = await loadMatrix(db, code);
  if (!m) throw notFound('matrix');
  const names = await userNames(
    db,
    m.rows.flatMap((r) => Object.values(r.cells).flat()),
  );
  return { ...m, users: [...names].map(([id, name]) => ({ id, name })) };
}

/** The problems of a matrix body: unique column keys, rows on declared keys and columns, no duplicate key combination, existing users. */
async function matrixProblems(db: DbOrTx, m: MatrixInput, locale: Locale): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const keyKeys = new Set(m.keys.map((k) => k.key));
  const colKeys = new Set(m.columns.map((c) => c.key));
  const all = [...m.keys, ...m.columns].map((c) => c.key);
  all.forEach((k, i) => {
    if (all.indexOf(k) !== i)
      errors.push({
        field: i < m.keys.length ? `keys.${i}.key` : `columns.${i - m.keys.length}.key`,
        message: t(locale, 'processAdmin.duplicateColumn', { key: k }),
      });
  });
  const seen = new Map<string, number>();
  m.rows.forEach((r, i) => {
    for (const k of Object.keys(r.keys))
      if (!keyKeys.has(k)) errors.push({ field: `rows.${i}.keys.${k}`, message: t(locale, 'processAdmin.unknownColumn', { key: k }) });
    for (const k of Object.keys(r.cells))
      if (!colKeys.has(k)) errors.push({ field: `rows.${i}.cells.${k}`, message: t(locale, 'processAdmin.unknownColumn', { key: k }) });
    const combo = JSON.stringify(m.keys.map((k) => r.keys[k.key] ?? ''));
    const before = seen.get(combo);
    if (before !== undefined) errors.push({ field: `rows.${i}.keys`, message: t(locale, 'processAdmin.duplicateRow', { row: before + 1 }) });
    else seen.set(combo, i);
  });
  const ids = m.rows.flatMap((r) => Object.values(r.cells).flat());
  const known = await userNames(db, ids);
  m.rows.forEach((r, i) => {
    for (const [col, list] of Object.entries(r.cells)) {
      list.forEach((id, j) => {
        if (!known.has(id)) errors.push({ field: `rows.${i}.cells.${col}.${j}`, message: t(locale, 'processAdmin.unknownUser', { id }) });
      });
    }
  });
  return errors;
}

async function writeRows(tx: Tx, code: string, rows: readonly MatrixRowDoc[]) {
  await tx.delete(approverMatrixRows).where(eq(approverMatrixRows.matrixCode, code));
  if (rows.length) {
    await tx.insert(approverMatrixRows).values(
      rows.map((r, i) => ({
        id: newId(),
        matrixCode: code,
        keys: r.keys,
        cells: Object.fromEntries(Object.entries(r.cells).map(([k, v]) => [k, [...new Set(v)]])),
        sort: i,
      })),
    );
  }
}

/** juZhen/edit/save: creates (no version; an existing code → 409) or replaces (version current, else 409) a matrix. */
export async function saveMatrix(ctx: AppContext, me: SessionUser, m: MatrixInput, locale: Locale) {
  const errors = await matrixProblems(ctx.db, m, locale);
  if (errors.length) throw invalid(errors);
  return ctx.db.transaction(async (tx) => {
    const values = { name: m.name, keys: m.keys, columns: m.columns, rowModUser: me.username, rowModDate: nowText() };
    let version: number;
    if (m.version === undefined) {
      const made = await tx
        .insert(approverMatrices)
        .values({ code: m.code, ...values, version: 1 })
        .onConflictDoNothing()
        .returning({ version: approverMatrices.version });
      if (!made.length) throw new AppError(409, 'processAdmin.codeExists', { code: m.code });
      version = made[0].version;
    } else {
      const upd = await tx
        .update(approverMatrices)
        .set({ ...values, version: sql`${approverMatrices.version} + 1` })
        .where(and(eq(approverMatrices.code, m.code), eq(approverMatrices.version, m.version)))
        .returning({ version: approverMatrices.version });
      if (!upd.length) throw conflict();
      version = upd[0].version;
    }
    await writeRows(tx, m.code, m.rows);
    return { code: m.code, version };
  });
}

/** juZhen/edit/updateEmp: `fromUserId` becomes `toUserId` in every cell of every matrix (each changed matrix's version moves on). */
export async function replaceUser(ctx: AppContext, me: SessionUser, fromUserId: string, toUserId: string, locale: Locale) {
  const [to] = await ctx.db.select({ id: users.id, disabled: users.disabled }).from(users).where(eq(users.id, toUserId));
  if (!to || to.disabled) throw invalid([{ field: 'toUserId', message: t(locale, 'processAdmin.unknownUser', { id: toUserId }) }]);
  if (fromUserId === toUserId) return { matrices: 0, cells: 0 };
  return ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(approverMatrixRows)
      .where(sql`${approverMatrixRows.cells}::text like ${`%"${fromUserId}"%`}`)
      .for('update');
    const touched = new Set<string>();
    let cells = 0;
    for (const r of rows) {
      const doc = rowOf(r);
      let changed = false;
      const next: Record<string, string[]> = {};
      for (const [col, list] of Object.entries(doc.cells)) {
        if (list.includes(fromUserId)) {
          next[col] = [...new Set(list.map((id) => (id === fromUserId ? toUserId : id)))];
          cells++;
          changed = true;
        } else next[col] = list;
      }
      if (!changed) continue;
      await tx.update(approverMatrixRows).set({ cells: next }).where(eq(approverMatrixRows.id, r.id));
      touched.add(r.matrixCode);
    }
    if (touched.size) {
      await tx
        .update(approverMatrices)
        .set({ version: sql`${approverMatrices.version} + 1`, rowModUser: me.username, rowModDate: nowText() })
        .where(inArray(approverMatrices.code, [...touched]));
    }
    return { matrices: touched.size, cells };
  });
}

// ─── export ──────────────────────────────────────────────────────────────────────────────────
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const sheetName = (s: string, taken: Set<string>) => {
  const base = s.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'matrix';
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base.slice(0, 28)}~${i}`;
  taken.add(name);
  return name;
};

const textOf = (name: LocalizedText, locale: Locale) => name[locale] || name['zh-CN'];

/** A workbook with one sheet per matrix: the key columns, then the approver columns (user names joined by "、"). */
export async function matricesWorkbook(db: DbOrTx, codes: readonly string[], locale: Locale): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Formwork';
  const taken = new Set<string>();
  for (const code of codes) {
    const m = await loadMatrix(db, code);
    if (!m) continue;
    const names = await userNames(
      db,
      m.rows.flatMap((r) => Object.values(r.cells).flat()),
    );
    const ws = wb.addWorksheet(sheetName(`${textOf(m.name, locale)}`, taken));
    ws.addRow([...m.keys.map((k) => k.name), ...m.columns.map((c) => c.name)]).font = { bold: true };
    for (const r of m.rows) {
      ws.addRow([...m.keys.map((k) => r.keys[k.key] ?? ''), ...m.columns.map((c) => (r.cells[c.key] ?? []).map((id) => names.get(id) ?? id).join('、'))]);
    }
    ws.columns.forEach((c) => {
      c.width = 20;
    });
  }
  if (!wb.worksheets.length) wb.addWorksheet('-');
  const buf = await wb.xlsx.writeBuffer();
  return Buffer.from(buf);
}

/** The matrix codes a process's nodes use (its draft and every published version). */
export async function matricesOfProcess(db: DbOrTx, processCode: string): Promise<string[]> {
  const [row] = await db.select({ draft: processDefinitions.draft }).from(processDefinitions).where(eq(processDefinitions.code, processCode));
  if (!row) throw notFound('process');
  const versions = await db
    .select({ definition: processDefinitionVersions.definition })
    .from(processDefinitionVersions)
    .where(eq(processDefinitionVersions.code, processCode));
  // drafts and versions were written through the process administration (shape-checked)
  const docs = [row.draft, ...versions.map((v) => v.definition)].filter((d): d is ProcessDefinition => !!d);
  const codes = new Set<string>();
  for (const d of docs) for (const n of d.nodes ?? []) if (n.assignee?.kind === 'matrix') codes.add(n.assignee.matrix);
  return [...codes].sort();
}

export async function allMatrixCodes(db: DbOrTx): Promise<string[]> {
  const list = await db.select({ code: approverMatrices.code }).from(approverMatrices).orderBy(asc(approverMatrices.code));
  return list.map((r) => r.code);
}
