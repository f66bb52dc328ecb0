// What the process designer needs from the server (docs/api.md "Process administration",
// "Process directory" and the dry-run). The app implements it on its HTTP client
// (src/api/processDesignerApi.ts); tests and stories pass the in-memory one
// (testing/memoryApi.ts). The answer types are the contract's (schemas/api), not re-typed.
import type { DataOf, BodyOf } from '../../schemas/api/contract';
import type { processAdmin } from '../../schemas/api/processAdmin';
import type { process } from '../../schemas/api/process';
import type { processDirectory } from '../../schemas/api/processDirectory';
import type { LocalizedText } from '../../schemas/definition';
import type { ProcessDefinition } from '../../schemas/process/model';
import type { ProcessDrawerApi } from './drawer/api';

type A = typeof processAdmin;

export type ProcessSummary = DataOf<A['definitionBind']>;
export type ProcessListPage = DataOf<A['definitionList']>;
export type ProcessItem = DataOf<A['definitionItem']>;
export type ProcessSaveAnswer = DataOf<A['definitionSave']>;
export type ProcessVersionInfo = DataOf<A['definitionVersions']>[number];
export type ProcessFormRow = DataOf<A['formList']>['rows'][number];
export type ProcessFormField = DataOf<A['formFields']>[number];
export type DryRunAnswer = DataOf<(typeof process)['dryRun']>;
export type DirectoryOptions = DataOf<(typeof processDirectory)['options']>;
export type DirectoryUser = DataOf<(typeof processDirectory)['users']>['rows'][number];
export type DirectoryUsersQuery = BodyOf<(typeof processDirectory)['users']>;

/** Where a field's values are looked up (the form's fields answer: a picker's or a data source's autocomplete source). */
export type LookupSource = NonNullable<ProcessFormField['dataSource']>;
/** A record a lookup found: its id (what the record stores) and its name (what the admin sees). */
export interface LookupRow {
  id: string;
  name: string;
}

export interface DryRunOptions {
  applicantId?: string;
  processCode?: string;
}

export interface ProcessListQuery {
  page?: number;
  limit?: number;
  keyword?: string;
  formCode?: string;
}

/**
 * How a failed call rejects: an Error whose `message` is the server's `msg` (in the session's
 * language, shown as it is), with the HTTP status and, for 422, the field errors (a publish's
 * lint problems: `field` is `definition.nodes.3.assignee`).
 */
export interface ProcessDesignerApiError extends Error {
  status?: number | null;
  errors?: { field: string; message: string; code?: string }[];
}

/** The designer's API: the property drawer's slice (./drawer/api.ts) and the graph's own calls. */
export interface ProcessDesignerApi extends ProcessDrawerApi {
  list(query: ProcessListQuery): Promise<ProcessListPage>;
  item(code: string): Promise<ProcessItem>;
  /** saves the draft; a stale `draftVersion` rejects with 409 */
  save(code: string, draftVersion: number, definition: ProcessDefinition): Promise<ProcessSaveAnswer>;
  /** publishes the saved draft; lint problems reject with 422 and the problems as field errors */
  publish(code: string, draftVersion?: number): Promise<{ version: number }>;
  bind(code: string, formCode: string | null): Promise<ProcessSummary>;
  setEnabled(code: string, enabled: boolean): Promise<ProcessSummary>;
  versions(code: string): Promise<ProcessVersionInfo[]>;
  version(code: string, version?: number): Promise<ProcessDefinition>;
  create(input: { code: string; name: LocalizedText; formCode?: string }): Promise<ProcessSummary>;
  copy(input: { code: string; newCode: string; name?: LocalizedText }): Promise<ProcessSummary>;
  /** forms (with the processes bound to them) for the bind picker */
  forms(keyword?: string): Promise<ProcessFormRow[]>;
  /**
   * The dry-run: by default the form's bound, enabled process (its published version) with the
   * caller as applicant; `processCode` runs that process's working draft (else its latest
   * version), `applicantId` runs as another user (both for administrators).
   */
  dryRun(formCode: string, data: Record<string, unknown>, picks?: Record<string, string[]>, options?: DryRunOptions): Promise<DryRunAnswer>;
  /**
   * Records of a field's source by keyword (empty: the first ones), as the form's pickers look
   * them up (masterData.autoComplete): the dry-run offers a dealer by name instead of its id.
   */
  lookup(source: LookupSource, keyword: string): Promise<LookupRow[]>;
}
