// The designer's DesignerApi (designer/api.ts) on the app's API client.
import type { FormDefinition } from '../../schemas/definition';
import type {
  DefinitionEditInit,
  DefinitionListQuery,
  DefinitionProblem,
  DefinitionSummary,
  DefinitionVersionInfo,
  DesignerApi,
  PagedResult,
} from '../../designer/api';
import { api, type ApiClient } from './client';
import { PATHS } from './paths';

export function createDesignerApi(client: ApiClient = api): DesignerApi {
  return {
    list: (query: DefinitionListQuery) =>
      client.post<PagedResult<DefinitionSummary>>(PATHS.formList, { page: query.page, limit: query.limit, keyword: query.keyword, formType: query.formType }),
    load: (code: string) => client.post<DefinitionEditInit>(PATHS.formEditInit, { code }),
    saveDraft: (definition: FormDefinition) => client.post<{ code: string; savedAt: string }>(PATHS.formEditSave, { definition }, { json: true }),
    validate: (definition: FormDefinition) => client.post<{ errors: DefinitionProblem[] }>(PATHS.formValidate, { definition }, { json: true }),
    publish: (code: string) => client.post<{ version: number }>(PATHS.formPublish, { code }),
    versions: (code: string) => client.post<DefinitionVersionInfo[]>(PATHS.formVersions, { code }),
    getVersion: (code: string, version?: number) => client.post<FormDefinition>(PATHS.formGet, { code, version }),
    exportDefinition: (code: string) => client.post<FormDefinition>(PATHS.formExport, { code }),
    importDefinition: (definition: FormDefinition) => client.post<{ code: string }>(PATHS.formImport, { definition }, { json: true }),
    delete: async (code: string) => {
      await client.post<null>(PATHS.formDelete, { code });
    },
  };
}
