// What the designer needs from the server (docs/api.md "Definitions"). The app implements this
// interface on its HTTP client and passes it to FormListPage / FormDesignerPage; tests and
// stories may pass an in-memory implementation. The designer never builds URLs itself.
// The answer types are the API contract's (schemas/api/definitions.ts), not re-typed here.
import type { Static } from '@sinclair/typebox';
import type { FormDefinition } from '../schemas';
import type {
  DefinitionEditInit as EditInitSchema,
  DefinitionProblem as ProblemSchema,
  DefinitionSummary as SummarySchema,
  DefinitionVersionInfo as VersionInfoSchema,
} from '../schemas/api';

/** One row of the form list (`POST /emp/api/v2/biaoDan/list`). */
export type DefinitionSummary = Static<typeof SummarySchema>;
export type DefinitionStatus = DefinitionSummary['status'];

export interface DefinitionListQuery {
  page?: number;
  /** 10, 20, 30 or 50 (the server's page sizes; another size falls back to 20) */
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
export type DefinitionEditInit = Static<typeof EditInitSchema>;
export type DefinitionVersionInfo = Static<typeof VersionInfoSchema>;
/** A problem of a definition; `path` is a JSON pointer into the definition, e.g. `/fields/3/key`. */
export type DefinitionProblem = Static<typeof ProblemSchema>;

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
  /**
   * `edit-save.action` (JSON `{ definition, draftVersion }`); creates the draft when the code is
   * new. `draftVersion` is the draft's version the designer loaded (0: a new form); a stale one
   * rejects with status 409 (another admin saved or published meanwhile). Answers the new version.
   */
  saveDraft(definition: FormDefinition, draftVersion?: number): Promise<{ code: string; savedAt: string; draftVersion: number }>;
  /** `POST /emp/api/v2/biaoDan/validate` */
  validate(definition: FormDefinition): Promise<{ errors: DefinitionProblem[] }>;
  /** `POST /emp/api/v2/biaoDan/publish`: publishes the saved draft as a new version (a stale `draftVersion`, or a publish that lost to another, rejects with 409) */
  publish(code: string, draftVersion?: number): Promise<{ version: number }>;
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
