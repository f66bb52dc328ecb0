// The budget pool page's calls (schemas/api/budget.ts and masterData.budgetPools): the list with
// balances, the edit form, save, enable, delete, a pool's ledger and the Excel exports, change,
// transfer and allocation. One object so the page can take a fake in tests.
import { endpoints, type BodyOf, type DataOf } from './paths';
import { makeCalls } from './call';
import { api, type ApiClient } from './client';

const B = endpoints.budget;

export type PoolRow = DataOf<typeof endpoints.masterData.budgetPools>['rows'][number];
export type PoolPage = DataOf<typeof endpoints.masterData.budgetPools>;
export type PoolForm = DataOf<typeof B.editInit>;
export type SavePool = BodyOf<typeof B.save>;
export type LedgerPage = DataOf<typeof B.ledger>;
export type LedgerRow = LedgerPage['page']['rows'][number];
export interface PoolFilter {
  keyword?: string;
  fiscalYearId?: string;
  departmentId?: string;
  channelId?: string;
  subjectId?: string;
  enabled?: '1' | '0' | 'all';
}
export interface Option {
  value: string;
  label: string;
}

export interface BudgetApi {
  list(filter: PoolFilter, page: number, limit: number): Promise<PoolPage>;
  /** the options of one autocomplete source (fiscal years, departments, channels, subjects) */
  options(source: string, params?: Record<string, string>): Promise<Option[]>;
  editInit(id?: string): Promise<PoolForm>;
  save(body: SavePool): Promise<PoolForm>;
  setEnabled(id: string, enabled: boolean, version: number): Promise<unknown>;
  remove(id: string): Promise<void>;
  ledger(poolId: string, page: number, limit: number): Promise<LedgerPage>;
  exportLedger(poolId: string): Promise<{ blob: Blob; filename: string | null }>;
  exportPools(filter: PoolFilter): Promise<{ blob: Blob; filename: string | null }>;
  change(poolId: string, amount: string, memo: string): Promise<unknown>;
  transfer(fromPoolId: string, toPoolId: string, amount: string, memo: string): Promise<unknown>;
  allocate(parentPoolId: string, childPoolId: string, amount: string, memo: string): Promise<unknown>;
}

/** Only the filters that are set (the server reads an absent one as "any"). */
function filterBody(f: PoolFilter): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(f)) if (typeof v === 'string' && v.trim()) out[k] = v.trim();
  return out;
}

export function createBudgetApi(client: ApiClient = api): BudgetApi {
  const { call, download } = makeCalls(client);
  return {
    list: (f, page, limit) => call(endpoints.masterData.budgetPools, { ...filterBody(f), page, limit }),
    options: async (source, params = {}) => {
      const r = await call(endpoints.masterData.autoComplete, { ...params, limit: 100 }, { silent: true, params: { name: source } });
      return r.rows.map((x) => ({ value: String(x.id), label: String(x.name) }));
    },
    editInit: (id) => call(B.editInit, id ? { id } : {}),
    save: (body) => call(B.save, body),
    setEnabled: (id, enabled, version) => call(B.qiYong, { id, enabled, version }),
    remove: async (id) => {
      await call(B.delete, { id });
    },
    ledger: (poolId, page, limit) => call(B.ledger, { poolId, page, limit }),
    exportLedger: (poolId) => download(B.ledgerExport, { poolId }),
    exportPools: (f) => download(B.export, filterBody(f)),
    change: (poolId, amount, memo) => call(B.change, { poolId, amount, memo }),
    transfer: (fromPoolId, toPoolId, amount, memo) => call(B.transfer, { fromPoolId, toPoolId, amount, memo }),
    allocate: (parentPoolId, childPoolId, amount, memo) => call(B.allocate, { parentPoolId, childPoolId, amount, memo }),
  };
}
