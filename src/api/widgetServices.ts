// The services widgets need (widgets/types.ts WidgetServices) on the app's API client.
import type { FileRef } from '../../schemas/values';
import type { PickerPage, PickerQuery, WidgetServices } from '../../widgets/types';
import { api, type ApiClient } from './client';
import { PATHS } from './paths';
import type { Paged } from './services';

/** How many pages of budget pools `budgetRemaining` reads at most while looking for a pool. */
const POOL_SCAN_PAGES = 20;

export function createWidgetServices(client: ApiClient = api): WidgetServices {
  return {
    search: async (q: PickerQuery): Promise<PickerPage> => {
      const r = await client.post<Paged<{ id: string; name: string }>>(
        `${PATHS.autoComplete}${encodeURIComponent(q.endpoint)}`,
        { ...(q.params ?? {}), keyword: q.keyword, page: q.page, limit: q.pageSize },
        { silent: true },
      );
      return { rows: (r.rows ?? []).map((x) => ({ id: String(x.id), name: String(x.name ?? '') })), totalRecord: r.totalRecord ?? 0 };
    },
    upload: (file: File, onProgress: (percent: number) => void) => client.upload<FileRef>(PATHS.upload, file, file.name, onProgress),
    // downloads need the session's headers: fetched as a blob, never a token in a URL
    fetchFile: async (file: FileRef) => (await client.blob(PATHS.download, { id: file.id })).blob,
    deleteFile: async (file: FileRef) => {
      await client.post<null>(PATHS.deleteFile, { id: file.id });
    },
    budgetRemaining: async (poolId: string) => {
      for (let page = 1; page <= POOL_SCAN_PAGES; page++) {
        const r = await client.post<Paged<{ id: string; remaining: string }>>(PATHS.budgetPools, { page, limit: 50 }, { silent: true });
        const hit = r.rows.find((x) => String(x.id) === poolId);
        if (hit) return String(hit.remaining);
        if (page * 50 >= r.totalRecord) break;
      }
      throw new Error(poolId);
    },
  };
}
