// The approval screens' services (runtime/approval/services.ts) on the app's API client: the
// instance detail, the actions on a task or an instance, and the user search of the pickers.
import { endpoints } from './paths';
import type { ActName, ApprovalServices, InstanceDetail } from '../../runtime/approval/services';
import type { EndpointRoute } from './paths';
import { makeCalls } from './call';
import { api, type ApiClient } from './client';

export function createApprovalServices(client: ApiClient = api): ApprovalServices & { detail: (recordId: string) => Promise<InstanceDetail> } {
  const { call } = makeCalls(client);
  const P = endpoints.process;
  const send = call as unknown as (e: EndpointRoute, body: unknown) => Promise<unknown>;
  return {
    detail: (recordId) => call(P.detail, { recordId }),
    act: ((name: ActName, body: unknown) => send(P[name], body)) as ApprovalServices['act'],
    searchUsers: async (q) => (await call(endpoints.processDirectory.users, q, { silent: true })).rows,
  };
}
