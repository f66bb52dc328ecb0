// What the property drawer needs from the server: the bound form's fields (conditions and field
// strategies), the form's draft (the node's field permissions) and its save, the organisation's
// options (roles, posts, departments, groups, matrices) and the user search. The process
// designer's full API (designer/process, A1) extends this slice; the app implements it on its
// HTTP client, tests and stories on the in-memory implementation (./testing.ts).
// The answer types are the API contract's (schemas/api), not re-typed here.
import type { Static } from '@sinclair/typebox';
import type { FormDefinition } from '../../../schemas/definition';
import type { FormField } from '../../../schemas/api/processAdmin';
import type { DirectoryOptions, DirectoryUser } from '../../../schemas/api/processDirectory';

/** One field of the bound form (`processAdmin.formFields`): its path, key, label, type code, sub-form and options. */
export type FormFieldInfo = Static<typeof FormField>;
export type { DirectoryOptions, DirectoryUser };

/**
 * How a failed call rejects: an Error whose `message` is the server's `msg` (already in the
 * session's language), shown to the user as it is; 422 answers carry the field errors.
 */
export interface ProcessDrawerApiError extends Error {
  status?: number;
  errors?: { field: string; message: string }[];
}

export interface ProcessDrawerApi {
  /** `processAdmin.formFields`: the bound form's fields, sub-form columns included */
  formFields(formCode: string): Promise<FormFieldInfo[]>;
  /** the form's working definition for its permission matrix: the draft (`definitions.editInit`), else the latest published version */
  formDefinition(formCode: string): Promise<FormDefinition>;
  /** saves the form's draft with the edited permissions (`definitions.saveDraft`); absent: the permissions are read-only */
  saveFormPermissions?(definition: FormDefinition): Promise<{ savedAt: string }>;
  /** `processDirectory.options` */
  directoryOptions(): Promise<DirectoryOptions>;
  /** `processDirectory.users` by keyword (login or name) */
  searchUsers(keyword: string): Promise<DirectoryUser[]>;
  /** `processDirectory.users` by ids (the names of users a definition names) */
  usersByIds(ids: string[]): Promise<DirectoryUser[]>;
}
