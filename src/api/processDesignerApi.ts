// The process designer's ProcessDesignerApi (designer/process/api.ts) on the app's API client,
// each method one typed call of the contract (schemas/api/processAdmin.ts, process.ts dryRun,
// processDirectory.ts; the dry-run's lookups on masterData.autoComplete, as the widgets' pickers
// do). Errors are the client's ApiError: the server's msg, status and field errors (a publish's
// lint problems), as the designer shows them.
import type { FormDefinition } from '../../schemas/definition';
import type { ProcessDefinition } from '../../schemas/process/model';
import { endpoints } from './paths';
import type { ProcessDesignerApi, ProcessListQuery } from '../../designer/process/api';
import { api, ApiError, type ApiClient } from './client';
import { makeCalls } from './call';

const P = endpoints.processAdmin;
const PAGE_SIZES = [10, 20, 30, 50] as const;
const pageSize = (n: number | undefined) => PAGE_SIZES.find((s) => s === n);
/** the records a dry-run lookup offers at once (the keyword narrows them) */
const LOOKUP_LIMIT = 20;

export function createProcessDesignerApi(client: ApiClient = api, prefix?: string): ProcessDesignerApi {
  const { call } = makeCalls(client, prefix);
  return {
    list: (q: ProcessListQuery) => call(P.definitionList, { page: q.page, limit: pageSize(q.limit), keyword: q.keyword || undefined, formCode: q.formCode }),
    item: (code) => call(P.definitionItem, { code }),
    save: (code, draftVersion, definition: ProcessDefinition) =>
      call(P.definitionSave, { code, draftVersion, definition: definition as unknown as Record<string, unknown> }),
    publish: (code, draftVersion) => call(P.definitionPublish, { code, draftVersion }),
    bind: (code, formCode) => call(P.definitionBind, { code, formCode }),
    setEnabled: (code, enabled) => call(P.enableStatus, { code, enabled }),
    versions: (code) => call(P.definitionVersions, { code }),
    version: (code, version) => call(P.definitionVersion, { code, version }),
    create: (input) => call(P.modelCreate, input),
    copy: (input) => call(P.modelCopy, input),
    forms: async (keyword) => (await call(P.formList, { page: 1, limit: 50, keyword: keyword || undefined })).rows,
    formFields: (formCode) => call(P.formFields, { formCode }),
    formDefinition: async (formCode) => {
      const init = await call(endpoints.definitions.editInit, { code: formCode });
      const def = init.draft ?? init.published;
      if (!def) throw new ApiError('business', formCode, { status: 404 });
      return def as unknown as FormDefinition;
    },
    saveFormPermissions: (definition: FormDefinition) => call(endpoints.definitions.saveDraft, { definition }),
    dryRun: (formCode, data, picks, options) => call(endpoints.process.dryRun, { formCode, data, picks, ...options }),
    lookup: async (source, keyword) => {
      const r = await call(
        endpoints.masterData.autoComplete,
        { ...(source.params ?? {}), keyword: keyword || undefined, page: 1, limit: LOOKUP_LIMIT },
        { silent: true, params: { name: source.endpoint } },
      );
      return (r.rows ?? []).map((x) => ({ id: String(x.id), name: String(x.name ?? x.id) }));
    },
    directoryOptions: () => call(endpoints.processDirectory.options),
    searchUsers: async (keyword) => (await call(endpoints.processDirectory.users, { keyword: keyword || undefined, limit: 20 })).rows,
    usersByIds: async (ids) => (ids.length ? (await call(endpoints.processDirectory.users, { ids: ids.slice(0, 200) })).rows : []),
  };
}
