// What the approval screens need from their host (runtime may not import src/): the actions on
// an instance (schemas/api/process.ts), a user search for the pickers (processDirectory.users)
// and, for comments' attachments, the widget services' upload and download.
import type { BodyOf, DataOf } from '../../schemas/api/contract';
import type { process } from '../../schemas/api/process';
import type { DirectoryUser } from '../../schemas/api/processDirectory';

export type InstanceDetail = DataOf<typeof process.detail>;
export type HistoryRow = InstanceDetail['history'][number];
export type TaskInfo = InstanceDetail['tasks'][number];
/** an earlier round of the record (an instance withdrawn, rejected or cancelled before it was submitted again) */
export type EarlierRound = NonNullable<InstanceDetail['earlierRounds']>[number];
export type ActAnswer = DataOf<typeof process.approve>;

/** The actions on an instance the screens send. */
export const ACT_NAMES = ['approve', 'reject', 'return', 'transfer', 'delegate', 'addSign', 'withdraw', 'urge', 'ccRead'] as const;
export type ActName = (typeof ACT_NAMES)[number];
export type ActBody<A extends ActName> = BodyOf<(typeof process)[A]>;

export interface UserQuery {
  keyword?: string;
  ids?: string[];
  limit?: number;
}

export interface ApprovalServices {
  /** sends one action; rejects with an error carrying `message` (and `errors: [{ field, message }]`) */
  act<A extends ActName>(action: A, body: ActBody<A>): Promise<ActAnswer>;
  /** employee users by keyword or by ids (processDirectory.users) */
  searchUsers(query: UserQuery): Promise<DirectoryUser[]>;
}

/** An error as the host's API client raises it (src/api/client.ts ApiError), read by shape. */
export interface ActionError {
  message: string;
  fieldErrors: { field: string; message: string }[];
  /** the host already showed it (an expired session, maintenance) */
  handled: boolean;
}

export function actionError(e: unknown): ActionError {
  const o = (e && typeof e === 'object' ? e : {}) as { message?: unknown; errors?: unknown; handled?: unknown };
  const fieldErrors = Array.isArray(o.errors)
    ? o.errors.filter((x): x is { field: string; message: string } => !!x && typeof x === 'object' && typeof (x as { message?: unknown }).message === 'string')
    : [];
  return { message: typeof o.message === 'string' ? o.message : String(e), fieldErrors, handled: o.handled === true };
}

/** Sends one built request (panelLogic's actionRequest) through the services. */
export function sendAction(services: Pick<ApprovalServices, 'act'>, req: { name: ActName; body: unknown }): Promise<ActAnswer> {
  return (services.act as (name: ActName, body: unknown) => Promise<ActAnswer>)(req.name, req.body);
}
