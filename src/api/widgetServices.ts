// The services widgets need (widgets/types.ts WidgetServices) on the app's API client.
import type { FileRef } from '../../schemas/values';
import { endpoints } from './paths';
import type { PickerPage, PickerQuery, WidgetServices } from '../../widgets/types';
import { api, sessionHeaders, type ApiClient } from './client';
import { makeCalls } from './call';
import { createFileCache } from './fileCache';

/** How many pages of budget pools `budgetRemaining` reads at most while looking for a pool. */
const POOL_SCAN_PAGES = 20;

/** Files' content for the whole tab: a thumbnail drawn again (the form reloaded after its save, a record reopened) comes from here. */
const files = createFileCache();
const sessionKey = () => JSON.stringify(sessionHeaders());

export function createWidgetServices(client: ApiClient = api): WidgetServices {
  const { call, download, upload } = makeCalls(client);
  const F = endpoints.files;
  return {
    search: async (q: PickerQuery): Promise<PickerPage> => {
      const r = await call(
        endpoints.masterData.autoComplete,
        { ...(q.params ?? {}), keyword: q.keyword, page: q.page, limit: q.pageSize },
        { silent: true, params: { name: q.endpoint } },
      );
      return { rows: (r.rows ?? []).map((x) => ({ id: String(x.id), name: String(x.name ?? '') })), totalRecord: r.totalRecord ?? 0 };
    },
    upload: (file: File, onProgress: (percent: number) => void): Promise<FileRef> => upload(F.upload, file, file.name, onProgress),
    // downloads need the session's headers: fetched as a blob, never a token in a URL
    fetchFile: (file: FileRef) => files.get(sessionKey(), file.id, async () => (await download(F.download, { id: file.id })).blob),
    deleteFile: async (file: FileRef) => {
      await call(F.delete, { id: file.id });
      files.drop(file.id);
    },
    budgetRemaining: async (poolId: string) => {
      for (let page = 1; page <= POOL_SCAN_PAGES; page++) {
        const r = await call(endpoints.masterData.budgetPools, { page, limit: 50 }, { silent: true });
        const hit = r.rows.find((x) => String(x.id) === poolId);
        if (hit) return String(hit.remaining);
        if (page * 50 >= r.totalRecord) break;
      }
      throw new Error(poolId);
    },
  };
}
