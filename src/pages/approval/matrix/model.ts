// The approver matrix editor's model (plain TypeScript; the React editor is a thin layer on it).
// Columns carry a stable uid, so renaming a column's key keeps the values under it; rows hold
// their key values and approver cells by column uid. toSaveBody turns the working copy into the
// juZhen/edit/save body; problemsOf finds what the server would refuse (and a few things it
// would accept but never match: an empty key value); countReplacements says how many cells an
// "update an employee" changes.
import type { LocalizedText } from '../../../../schemas';
import type { MatrixDoc } from '../../../../schemas/api/processAdmin';

/** Where a key column's values come from: a dealer, a department (ids, as the forms store them), or free text. */
export type KeySource = 'dealer' | 'department' | 'text';

export interface MatrixColumnDraft {
  uid: string;
  key: string;
  name: string;
}
export interface KeyColumnDraft extends MatrixColumnDraft {
  source: KeySource;
}
export interface MatrixRowDraft {
  uid: string;
  /** key column uid → value */
  keys: Record<string, string>;
  /** approver column uid → user ids */
  cells: Record<string, string[]>;
}
export interface MatrixDraft {
  code: string;
  name: LocalizedText;
  keys: KeyColumnDraft[];
  columns: MatrixColumnDraft[];
  rows: MatrixRowDraft[];
  /** null: a new matrix (the save creates it) */
  version: number | null;
}

export const COLUMN_KEY = /^[a-zA-Z][a-zA-Z0-9_]{0,63}$/;
export const MATRIX_CODE = /^[a-zA-Z][a-zA-Z0-9_-]{0,63}$/;
export const LIMITS = { keys: 10, columns: 20, rows: 5000, usersPerCell: 50, keyValue: 200, columnName: 100 } as const;

let seq = 0;
/** A uid unique in this page's life (rows and columns of the working copy). */
export const uid = (prefix: string) => `${prefix}${(++seq).toString(36)}`;

/** The source a key column's values most likely come from: by its key (jingXiaoShang, dealer…; buMen, dept…). */
export function inferKeySource(key: string): KeySource {
  if (/jingXiaoShang|jxs|dealer|keHu/i.test(key)) return 'dealer';
  if (/buMen|dept|department|zuZhi/i.test(key)) return 'department';
  return 'text';
}

export function emptyDraft(): MatrixDraft {
  return {
    code: '',
    name: { 'zh-CN': '' },
    keys: [{ uid: uid('k'), key: '', name: '', source: 'text' }],
    columns: [{ uid: uid('c'), key: '', name: '' }],
    rows: [],
    version: null,
  };
}

export function draftOf(doc: Pick<MatrixDoc, 'code' | 'name' | 'keys' | 'columns' | 'rows' | 'version'>): MatrixDraft {
  const keys = doc.keys.map((k) => ({ uid: uid('k'), key: k.key, name: k.name, source: inferKeySource(k.key) }));
  const columns = doc.columns.map((c) => ({ uid: uid('c'), key: c.key, name: c.name }));
  return {
    code: doc.code,
    name: { ...doc.name },
    keys,
    columns,
    rows: doc.rows.map((r) => ({
      uid: uid('r'),
      keys: Object.fromEntries(keys.map((k) => [k.uid, r.keys[k.key] ?? ''])),
      cells: Object.fromEntries(columns.map((c) => [c.uid, [...(r.cells[c.key] ?? [])]])),
    })),
    version: doc.version,
  };
}

// ─── row operations (each answers a new draft) ───────────────────────────────────────────────
export function blankRow(d: MatrixDraft): MatrixRowDraft {
  return { uid: uid('r'), keys: Object.fromEntries(d.keys.map((k) => [k.uid, ''])), cells: Object.fromEntries(d.columns.map((c) => [c.uid, []])) };
}

/** Adds a blank row after `after` (at the end without it). */
export function addRow(d: MatrixDraft, after?: number): MatrixDraft {
  const rows = [...d.rows];
  rows.splice(after === undefined ? rows.length : after + 1, 0, blankRow(d));
  return { ...d, rows };
}

/** Copies row `index` right below it (the copy's key values are the same: edit them). */
export function copyRow(d: MatrixDraft, index: number): MatrixDraft {
  const src = d.rows[index];
  if (!src) return d;
  const copy: MatrixRowDraft = {
    uid: uid('r'),
    keys: { ...src.keys },
    cells: Object.fromEntries(Object.entries(src.cells).map(([k, v]) => [k, [...v]])),
  };
  const rows = [...d.rows];
  rows.splice(index + 1, 0, copy);
  return { ...d, rows };
}

export function removeRow(d: MatrixDraft, index: number): MatrixDraft {
  if (!d.rows[index]) return d;
  return { ...d, rows: d.rows.filter((_, i) => i !== index) };
}

export function setKeyValue(d: MatrixDraft, index: number, keyUid: string, value: string): MatrixDraft {
  return { ...d, rows: d.rows.map((r, i) => (i === index ? { ...r, keys: { ...r.keys, [keyUid]: value } } : r)) };
}

export function setCell(d: MatrixDraft, index: number, columnUid: string, userIds: readonly string[]): MatrixDraft {
  return { ...d, rows: d.rows.map((r, i) => (i === index ? { ...r, cells: { ...r.cells, [columnUid]: [...new Set(userIds)] } } : r)) };
}

// ─── column operations ───────────────────────────────────────────────────────────────────────
export function addKeyColumn(d: MatrixDraft): MatrixDraft {
  const col: KeyColumnDraft = { uid: uid('k'), key: '', name: '', source: 'text' };
  return { ...d, keys: [...d.keys, col], rows: d.rows.map((r) => ({ ...r, keys: { ...r.keys, [col.uid]: '' } })) };
}

export function addApproverColumn(d: MatrixDraft): MatrixDraft {
  const col: MatrixColumnDraft = { uid: uid('c'), key: '', name: '' };
  return { ...d, columns: [...d.columns, col], rows: d.rows.map((r) => ({ ...r, cells: { ...r.cells, [col.uid]: [] } })) };
}

/** Removes a key or approver column (and its values in every row). */
export function removeColumn(d: MatrixDraft, columnUid: string): MatrixDraft {
  const drop = <T>(o: Record<string, T>) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== columnUid));
  return {
    ...d,
    keys: d.keys.filter((k) => k.uid !== columnUid),
    columns: d.columns.filter((c) => c.uid !== columnUid),
    rows: d.rows.map((r) => ({ ...r, keys: drop(r.keys), cells: drop(r.cells) })),
  };
}

export function updateKeyColumn(d: MatrixDraft, columnUid: string, patch: Partial<Omit<KeyColumnDraft, 'uid'>>): MatrixDraft {
  return { ...d, keys: d.keys.map((k) => (k.uid === columnUid ? { ...k, ...patch } : k)) };
}

export function updateApproverColumn(d: MatrixDraft, columnUid: string, patch: Partial<Omit<MatrixColumnDraft, 'uid'>>): MatrixDraft {
  return { ...d, columns: d.columns.map((c) => (c.uid === columnUid ? { ...c, ...patch } : c)) };
}

// ─── validation ──────────────────────────────────────────────────────────────────────────────
/** A problem of the working copy: a translation key of the approval namespace, its values, and where. */
export interface DraftProblem {
  /** 'code', 'name', 'keys', 'columns', a column uid, or 'row' (with `row`) */
  where: string;
  row?: number;
  /** the column uid of a row's cell */
  column?: string;
  key: string;
  params?: Record<string, string | number>;
}

export function problemsOf(d: MatrixDraft, isNew: boolean): DraftProblem[] {
  const out: DraftProblem[] = [];
  if (isNew && !MATRIX_CODE.test(d.code)) out.push({ where: 'code', key: 'matrix.problems.code' });
  if (!d.name['zh-CN']?.trim()) out.push({ where: 'name', key: 'matrix.problems.name' });
  if (d.keys.length === 0) out.push({ where: 'keys', key: 'matrix.problems.noKeys' });
  if (d.keys.length > LIMITS.keys) out.push({ where: 'keys', key: 'matrix.problems.tooManyKeys', params: { max: LIMITS.keys } });
  if (d.columns.length === 0) out.push({ where: 'columns', key: 'matrix.problems.noColumns' });
  if (d.columns.length > LIMITS.columns) out.push({ where: 'columns', key: 'matrix.problems.tooManyColumns', params: { max: LIMITS.columns } });
  if (d.rows.length > LIMITS.rows) out.push({ where: 'rows', key: 'matrix.problems.tooManyRows', params: { max: LIMITS.rows } });
  const seen = new Set<string>();
  for (const c of [...d.keys, ...d.columns]) {
    if (!COLUMN_KEY.test(c.key)) out.push({ where: c.uid, key: 'matrix.problems.columnKey', params: { key: c.key } });
    else if (seen.has(c.key)) out.push({ where: c.uid, key: 'matrix.problems.columnDuplicate', params: { key: c.key } });
    seen.add(c.key);
    if (!c.name.trim()) out.push({ where: c.uid, key: 'matrix.problems.columnName', params: { key: c.key } });
  }
  const combos = new Map<string, number>();
  d.rows.forEach((r, i) => {
    for (const k of d.keys) {
      const v = r.keys[k.uid] ?? '';
      if (!v.trim()) out.push({ where: 'row', row: i, column: k.uid, key: 'matrix.problems.keyEmpty', params: { row: i + 1, column: k.name || k.key } });
      else if (v.length > LIMITS.keyValue)
        out.push({ where: 'row', row: i, column: k.uid, key: 'matrix.problems.keyTooLong', params: { row: i + 1, max: LIMITS.keyValue } });
    }
    for (const c of d.columns) {
      const n = (r.cells[c.uid] ?? []).length;
      if (n > LIMITS.usersPerCell)
        out.push({ where: 'row', row: i, column: c.uid, key: 'matrix.problems.tooManyUsers', params: { row: i + 1, max: LIMITS.usersPerCell } });
    }
    const combo = JSON.stringify(d.keys.map((k) => r.keys[k.uid] ?? ''));
    const before = combos.get(combo);
    if (before !== undefined) out.push({ where: 'row', row: i, key: 'matrix.problems.duplicateRow', params: { row: i + 1, other: before + 1 } });
    else combos.set(combo, i);
  });
  return out;
}

export interface MatrixSaveBody {
  code: string;
  name: LocalizedText;
  keys: { key: string; name: string }[];
  columns: { key: string; name: string }[];
  rows: { keys: Record<string, string>; cells: Record<string, string[]> }[];
  version?: number;
}

/** The juZhen/edit/save body: columns by key, texts trimmed, empty translations left out. */
export function toSaveBody(d: MatrixDraft): MatrixSaveBody {
  const name: LocalizedText = { 'zh-CN': d.name['zh-CN'].trim() };
  for (const l of ['en-US', 'zh-TW'] as const) {
    const v = d.name[l]?.trim();
    if (v) name[l] = v;
  }
  const body: MatrixSaveBody = {
    code: d.code.trim(),
    name,
    keys: d.keys.map((k) => ({ key: k.key.trim(), name: k.name.trim() })),
    columns: d.columns.map((c) => ({ key: c.key.trim(), name: c.name.trim() })),
    rows: d.rows.map((r) => ({
      keys: Object.fromEntries(d.keys.map((k) => [k.key.trim(), (r.keys[k.uid] ?? '').trim()])),
      cells: Object.fromEntries(d.columns.map((c) => [c.key.trim(), [...new Set(r.cells[c.uid] ?? [])]])),
    })),
  };
  if (d.version !== null) body.version = d.version;
  return body;
}

/**
 * A server field error's place in the working copy: `rows.3.cells.quYuZongJian.0` → row 3 and
 * that column's uid; `keys.1.key` → the second key column; otherwise the whole matrix.
 */
export function placeOfField(d: MatrixDraft, field: string): { row?: number; column?: string } {
  const parts = field.split('.');
  if (parts[0] === 'rows' && /^\d+$/.test(parts[1] ?? '')) {
    const row = Number(parts[1]);
    const list = parts[2] === 'keys' ? d.keys : parts[2] === 'cells' ? d.columns : [];
    const column = parts[3] ? list.find((c) => c.key === parts[3])?.uid : undefined;
    return column ? { row, column } : { row };
  }
  if ((parts[0] === 'keys' || parts[0] === 'columns') && /^\d+$/.test(parts[1] ?? '')) {
    const col = (parts[0] === 'keys' ? d.keys : d.columns)[Number(parts[1])];
    return col ? { column: col.uid } : {};
  }
  return {};
}

/** Every user id the draft's cells name. */
export function usersOf(d: MatrixDraft): string[] {
  return [...new Set(d.rows.flatMap((r) => Object.values(r.cells).flat()))];
}

/** Rows whose key values or cell users (by name) contain `text` (case-insensitive); indexes into d.rows. */
export function filterRows(
  d: MatrixDraft,
  text: string,
  nameOf: (id: string) => string | undefined,
  keyLabel?: (keyUid: string, value: string) => string | undefined,
): number[] {
  const q = text.trim().toLowerCase();
  const all = d.rows.map((_, i) => i);
  if (!q) return all;
  return all.filter((i) => {
    const r = d.rows[i];
    const keys = d.keys.some((k) => {
      const v = r.keys[k.uid] ?? '';
      return v.toLowerCase().includes(q) || (keyLabel?.(k.uid, v) ?? '').toLowerCase().includes(q);
    });
    return keys || Object.values(r.cells).some((ids) => ids.some((id) => (nameOf(id) ?? id).toLowerCase().includes(q)));
  });
}

// ─── replacing a user everywhere ─────────────────────────────────────────────────────────────
/** How many cells (and matrices) name `userId`: what juZhen/edit/updateEmp would change. */
export function countReplacements(docs: readonly Pick<MatrixDoc, 'code' | 'rows'>[], userId: string): { matrices: number; cells: number } {
  let cells = 0;
  let matrices = 0;
  for (const m of docs) {
    let here = 0;
    for (const r of m.rows) for (const list of Object.values(r.cells)) if (list.includes(userId)) here++;
    cells += here;
    if (here) matrices++;
  }
  return { matrices, cells };
}
