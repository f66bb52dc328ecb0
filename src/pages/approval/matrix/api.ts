// The calls of the approver matrix pages (juZhen in schemas/api/processAdmin.ts, the user search
// of schemas/api/processDirectory.ts, the dealer and department autocompletes) behind one
// interface, so the jsdom test drives the pages with a fake.
import { endpoints } from '../../../api/paths';
import type { DataOf } from '../../../api/paths';
import type { DirectoryUser } from '../../../../schemas/api/processDirectory';
import type { MatrixDoc } from '../../../../schemas/api/processAdmin';
import { call, download, type ContractCalls } from '../../../api/call';
import type { KeySource, MatrixSaveBody } from './model';

const E = endpoints.processAdmin;
const D = endpoints.processDirectory;

export type MatrixPage = DataOf<typeof E.matrixList>;
export type MatrixSummary = MatrixPage['rows'][number];
export type { DirectoryUser, MatrixDoc };

export interface KeyOption {
  id: string;
  name: string;
  code?: string;
}

export interface MatrixApi {
  list(q: { page: number; limit: 10 | 20 | 30 | 50; keyword?: string }): Promise<MatrixPage>;
  load(code: string): Promise<MatrixDoc>;
  save(body: MatrixSaveBody): Promise<{ code: string; version: number }>;
  replaceUser(fromUserId: string, toUserId: string): Promise<{ matrices: number; cells: number }>;
  /** every matrix with its rows (for the count an employee update changes) */
  loadAll(): Promise<MatrixDoc[]>;
  exportOne(code: string): Promise<void>;
  exportAll(): Promise<void>;
  searchUsers(keyword: string): Promise<DirectoryUser[]>;
  usersByIds(ids: readonly string[]): Promise<DirectoryUser[]>;
  /** a key column's picker: dealers or departments by keyword */
  searchKeys(source: Exclude<KeySource, 'text'>, keyword: string): Promise<KeyOption[]>;
  /** the names of key values (ids of dealers or departments) */
  keyNames(source: Exclude<KeySource, 'text'>, ids: readonly string[]): Promise<KeyOption[]>;
}

/** Saves a blob as a file (an object URL on a temporary link). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const AUTO_SOURCE: Record<Exclude<KeySource, 'text'>, string> = { dealer: 'dealerConnTable', department: 'department' };
/** pages of 100 read to name the values of a key column (dealers and departments are a few hundred) */
const NAME_SCAN_PAGES = 20;

const toOption = (x: { id: unknown; name?: unknown; code?: unknown }): KeyOption => ({
  id: String(x.id),
  name: String(x.name ?? ''),
  ...(x.code ? { code: String(x.code) } : {}),
});

/**
 * The calls on the app's client; `calls` (makeCalls on another client) and `save` (what to do
 * with an exported file) for the contract test against a test app.
 */
export function createMatrixApi(
  calls: Pick<ContractCalls, 'call' | 'download'> = { call, download },
  save: (blob: Blob, filename: string) => void = saveBlob,
): MatrixApi {
  const { call, download } = calls;
  const auto = (source: Exclude<KeySource, 'text'>, body: { keyword?: string; page: number; limit: number }) =>
    call(endpoints.masterData.autoComplete, body, { silent: true, params: { name: AUTO_SOURCE[source] } });
  return {
    list: (q) => call(E.matrixList, { page: q.page, limit: q.limit, ...(q.keyword ? { keyword: q.keyword } : {}) }),
    load: (code) => call(E.matrixInit, { code }),
    save: (body) => call(E.matrixSave, body),
    replaceUser: (fromUserId, toUserId) => call(E.matrixReplaceUser, { fromUserId, toUserId }),
    async loadAll() {
      const codes: string[] = [];
      for (let page = 1; ; page++) {
        const r = await call(E.matrixList, { page, limit: 50 });
        codes.push(...r.rows.map((x) => x.code));
        if (r.rows.length < 50 || codes.length >= r.totalRecord) break;
      }
      const docs: MatrixDoc[] = [];
      for (const code of codes) docs.push(await call(E.matrixInit, { code }));
      return docs;
    },
    async exportOne(code) {
      const { blob, filename } = await download(E.matrixExport, { code });
      save(blob, filename || `${code}.xlsx`);
    },
    async exportAll() {
      const { blob, filename } = await download(E.matrixExportAll, {});
      save(blob, filename || 'juZhen.xlsx');
    },
    searchUsers: async (keyword) => (await call(D.users, { keyword, limit: 20 }, { silent: true })).rows,
    async usersByIds(ids) {
      const list = [...new Set(ids)];
      const out: DirectoryUser[] = [];
      for (let i = 0; i < list.length; i += 200) out.push(...(await call(D.users, { ids: list.slice(i, i + 200) }, { silent: true })).rows);
      return out;
    },
    searchKeys: async (source, keyword) => (await auto(source, { keyword, page: 1, limit: 20 })).rows.map(toOption),
    async keyNames(source, ids) {
      const wanted = new Set(ids);
      const found: KeyOption[] = [];
      for (let page = 1; page <= NAME_SCAN_PAGES && wanted.size; page++) {
        const r = await auto(source, { page, limit: 100 });
        for (const x of r.rows.map(toOption)) {
          if (wanted.delete(x.id)) found.push(x);
        }
        if (r.rows.length < 100) break;
      }
      return found;
    },
  };
}
