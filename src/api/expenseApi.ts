// The expense screens' calls on the app's API client: the document chain of an expense
// document (POST /emp/api/v2/feiYong/danJu/lianLu).
import type { DocumentChain } from '../../schemas/api';
import { endpoints } from './paths';
import { makeCalls } from './call';
import { api, type ApiClient } from './client';

export interface ExpenseServices {
  /** the chain of the document `id`: the application's money, every linked document, the pool lines */
  chain(id: string): Promise<DocumentChain>;
}

export function createExpenseServices(client: ApiClient = api): ExpenseServices {
  const { call } = makeCalls(client);
  return { chain: (id) => call(endpoints.expense.chain, { id }) };
}
