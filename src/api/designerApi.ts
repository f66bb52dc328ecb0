// The designer's DesignerApi (designer/api.ts) on the app's API client, each method one typed
// call of the contract (schemas/api/definitions.ts).
import type { FormDefinition } from '../../schemas/definition';
import { endpoints } from './paths';
import type { DefinitionListQuery, DesignerApi } from '../../designer/api';
import { api, type ApiClient } from './client';
import { makeCalls } from './call';

const D = endpoints.definitions;
const PAGE_SIZES = [10, 20, 30, 50] as const;
/** one of the server's page sizes, or none (the server's default, 20) */
const pageSize = (n: number | undefined) => PAGE_SIZES.find((s) => s === n);

export function createDesignerApi(client: ApiClient = api, prefix?: string): DesignerApi {
  const { call } = makeCalls(client, prefix);
  return {
    list: (query: DefinitionListQuery) => call(D.list, { page: query.page, limit: pageSize(query.limit), keyword: query.keyword, formType: query.formType }),
    load: (code: string) => call(D.editInit, { code }),
    saveDraft: (definition: FormDefinition, draftVersion?: number) => call(D.saveDraft, { definition, draftVersion }),
    validate: (definition: FormDefinition) => call(D.validate, { definition }),
    publish: (code: string, draftVersion?: number) => call(D.publish, { code, draftVersion }),
    versions: (code: string) => call(D.versions, { code }),
    getVersion: (code: string, version?: number) => call(D.get, { code, version }),
    exportDefinition: (code: string) => call(D.export, { code }),
    importDefinition: (definition: FormDefinition) => call(D.import, { definition }),
    delete: async (code: string) => {
      await call(D.delete, { code });
    },
  };
}
