// The organisation as the process designer's pickers see it (docs/api.md "Process directory"):
// the roles, posts, departments, user groups and approver matrices an approver strategy can
// name, and a user search for the user pickers (transfer, delegate, add-sign and the designer's
// "specified users"). Employee sessions (an approver picks a colleague to transfer to); the lists
// carry codes and names only, never anything private.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint, Id, PREFIX } from './contract';

const tag = 'processDirectory';
const base = `${PREFIX}/emp/system/process/directory`;

const CodeName = Type.Object({ code: Type.String(), name: Type.String() });

export const DirectoryDepartment = Type.Object({
  code: Type.String(),
  name: Type.String(),
  parentCode: Type.Union([Type.String(), Type.Null()]),
  /** the leader's user id, null when the department has none */
  leaderId: Type.Union([Type.String(), Type.Null()]),
});

export const DirectoryMatrixInfo = Type.Object({
  code: Type.String(),
  /** the matrix's name in the caller's language */
  name: Type.String(),
  /** key columns: their values (from form fields) select a row */
  keys: Type.Array(Type.Object({ key: Type.String(), name: Type.String() })),
  /** approver columns: each cell holds users */
  columns: Type.Array(Type.Object({ key: Type.String(), name: Type.String() })),
});

export const DirectoryOptions = Type.Object({
  roles: Type.Array(CodeName),
  posts: Type.Array(CodeName),
  departments: Type.Array(DirectoryDepartment),
  groups: Type.Array(Type.Object({ code: Type.String(), name: Type.String(), memberCount: Type.Integer() })),
  matrices: Type.Array(DirectoryMatrixInfo),
});
export type DirectoryOptions = Static<typeof DirectoryOptions>;

export const DirectoryUser = Type.Object({
  /** the user id (what strategies, tasks and picks hold) */
  id: Type.String(),
  username: Type.String(),
  name: Type.String(),
  deptName: Type.Union([Type.String(), Type.Null()]),
  postName: Type.Union([Type.String(), Type.Null()]),
  /** disabled users are listed (a definition may still name them) but cannot be picked */
  active: Type.Boolean(),
});
export type DirectoryUser = Static<typeof DirectoryUser>;

export const processDirectory = {
  options: endpoint({
    method: 'POST',
    path: `${base}/options`,
    tag,
    summary: 'The roles, posts, departments, user groups and approver matrices an approver strategy can name (codes and names)',
    encoding: 'json',
    data: DirectoryOptions,
    errors: [401, 403],
  }),
  users: endpoint({
    method: 'POST',
    path: `${base}/users`,
    tag,
    summary: 'Employee users by keyword (login, name; at most `limit`), or by `ids` (the names of users a definition or a task names)',
    body: Type.Object({
      keyword: Type.Optional(Type.String({ maxLength: 100 })),
      ids: Type.Optional(Type.Array(Id, { maxItems: 200 })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
    }),
    encoding: 'json',
    data: Type.Object({ rows: Type.Array(DirectoryUser) }),
    errors: [401, 403],
  }),
} as const;
