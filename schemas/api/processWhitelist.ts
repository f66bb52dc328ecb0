// The batch-approval whitelist (spec §2 "batch approval whitelist", "expense summary approval
// whitelist"): the employees who may approve and reject several tasks at once (task/batch) and
// use the expense summary approval. One list serves both. Administrators only. Served by
// server/modules/process/directoryRoutes.ts; docs/api.md "Process directory".
import { Type, type Static } from '@sinclair/typebox';
import { endpoint, Id, Paged, Paging, PREFIX } from './contract';

const tag = 'processDirectory';
const base = `${PREFIX}/emp/system/process/batchWhitelist`;

export const WhitelistEntry = Type.Object({
  userId: Type.String(),
  username: Type.String(),
  name: Type.String(),
  deptName: Type.Union([Type.String(), Type.Null()]),
  postName: Type.Union([Type.String(), Type.Null()]),
  /** false: the user was disabled since (the entry stays until removed) */
  active: Type.Boolean(),
  addedBy: Type.Union([Type.String(), Type.Null()]),
  /** ISO time */
  addedAt: Type.String(),
});
export type WhitelistEntry = Static<typeof WhitelistEntry>;

const UserIds = Type.Object({ userIds: Type.Array(Id, { minItems: 1, maxItems: 100 }) });

export const processWhitelist = {
  list: endpoint({
    method: 'POST',
    path: `${base}/list`,
    tag,
    summary: 'The batch-approval whitelist (paged; keyword on login or name)',
    body: Type.Optional(Type.Object({ ...Paging, keyword: Type.Optional(Type.String({ maxLength: 100 })) })),
    encoding: 'json',
    data: Paged(WhitelistEntry),
    errors: [401, 403],
  }),
  add: endpoint({
    method: 'POST',
    path: `${base}/add`,
    tag,
    summary: 'Adds employees to the whitelist (those already on it are left as they are; an unknown, disabled or dealer user → 422)',
    body: UserIds,
    encoding: 'json',
    data: Type.Object({ added: Type.Integer() }),
    errors: [401, 403, 422],
  }),
  remove: endpoint({
    method: 'POST',
    path: `${base}/remove`,
    tag,
    summary: 'Removes users from the whitelist',
    body: UserIds,
    encoding: 'json',
    data: Type.Object({ removed: Type.Integer() }),
    errors: [401, 403],
  }),
} as const;
