// What the designer needs from the server (docs/api.md "Definitions"). The app implements this
// interface on its HTTP client and passes it to FormListPage / FormDesignerPage; tests and
// stories may pass an in-memory implementation. The designer never builds URLs itself.
import type { FormDefinition, LocalizedText } from '../schemas';

export type DefinitionStatus = 'draft' | 'published';

/** One row of the form list (`POST /emp/api/v2/biaoDan/list`). */
export interface DefinitionSummary {
  code: string;
  name: LocalizedText;
  formType: number;
  status: DefinitionStatus;
  /** latest published version; 0 for a never-published draft */
  version: number;
  /** display name (or id) of the last editor */
  rowModUser: string;
  /** 'YYYY-MM-DD HH:mm:ss' */
  rowModDate: string;
}

export interface DefinitionListQuery {
  page?: number;
  limit?: number;
  keyword?: string;
  formType?: number;
}

export interface PagedResult<T> {
  pageSize: number;
  rows: T[];
  totalRecord: number;
  currentPage: number;
}

/** `edit-init.action`: the working draft, the latest published definition and the version numbers. */
export interface DefinitionEditInit {
  draft: FormDefinition | null;
  published: FormDefinition | null;
  versions: number[];
}

export interface DefinitionVersionInfo {
  version: number;
  publishedAt: string;
  publishedBy: string;
}

/** A problem of a definition; `path` is a JSON pointer into the definition, e.g. `/fields/3/key`. */
export interface DefinitionProblem {
  path: string;
  message: string;
  code?: string;
}

/**
 * How a failed call rejects: an Error whose `message` is the server's `msg` (already in the
 * session's language, shown to the user as it is), with the HTTP status and, for 422, the
 * field errors of the envelope.
 */
export interface DesignerApiError extends Error {
  status?: number;
  errors?: { field: string; message: string }[];
}

export interface DesignerApi {
  /** `POST /emp/api/v2/biaoDan/list` */
  list(query: DefinitionListQuery): Promise<PagedResult<DefinitionSummary>>;
  /** `edit-init.action` */
  load(code: string): Promise<DefinitionEditInit>;
  /** `edit-save.action` (JSON `{ definition }`); creates the draft when the code is new */
  saveDraft(definition: FormDefinition): Promise<{ code: string; savedAt: string }>;
  /** `POST /emp/api/v2/biaoDan/validate` */
  validate(definition: FormDefinition): Promise<{ errors: DefinitionProblem[] }>;
  /** `POST /emp/api/v2/biaoDan/publish`: publishes the saved draft as a new version */
  publish(code: string): Promise<{ version: number }>;
  /** `POST /emp/api/v2/biaoDan/versions` */
  versions(code: string): Promise<DefinitionVersionInfo[]>;
  /** `POST /emp/api/v2/biaoDan/get`: a published version (the latest without `version`) */
  getVersion(code: string, version?: number): Promise<FormDefinition>;
  /** `POST /emp/api/v2/biaoDan/export` */
  exportDefinition(code: string): Promise<FormDefinition>;
  /** `POST /emp/api/v2/biaoDan/import` (JSON `{ definition }`) */
  importDefinition(definition: FormDefinition): Promise<{ code: string }>;
  /** `delete-row.action`; rejects (409) while records exist, with the server's message */
  delete(code: string): Promise<void>;
}
