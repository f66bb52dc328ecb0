// The API contract: every endpoint once (method, path, body, answer, errors), grouped by server
// module. The server registers its routes from it, the OpenAPI document is generated from it, and
// the client calls it with `call(endpoints.<module>.<name>, body)`. See docs/api.md.
import { auth } from './auth';
import { budget } from './budget';
import { budgetProposal } from './budgetProposal';
import type { Endpoint } from './contract';
import { definitions } from './definitions';
import { expense } from './expense';
import { files } from './files';
import { languages } from './languages';
import { maintenance } from './maintenance';
import { masterData } from './masterData';
import { menu } from './menu';
import { process } from './process';
import { processAdmin } from './processAdmin';
import { processDirectory } from './processDirectory';
import { processMonitor } from './processMonitor';
import { processWhitelist } from './processWhitelist';
import { records } from './records';

export const endpoints = {
  auth,
  definitions,
  records,
  files,
  masterData,
  menu,
  languages,
  maintenance,
  budget,
  budgetProposal,
  process,
  expense,
  processAdmin,
  processDirectory,
  processMonitor,
  processWhitelist,
} as const;
export type Endpoints = typeof endpoints;

/** Every endpoint with its module and name, e.g. `records.save`. */
export function allEndpoints(): { id: string; endpoint: Endpoint }[] {
  return Object.entries(endpoints).flatMap(([m, group]) =>
    Object.entries(group as Record<string, Endpoint>).map(([n, endpoint]) => ({ id: `${m}.${n}`, endpoint })),
  );
}

export * from './contract';
export { Credentials, QrPoll, QrTicket, SessionValues } from './auth';
export { DefinitionDoc, DefinitionEditInit, DefinitionProblem, DefinitionSummary, DefinitionVersionInfo } from './definitions';
export { ChainApplication, ChainDocument, ChainKind, ChainLine, DocumentChain } from './expense';
export { FileDoc } from './files';
export { AutoQuery, BudgetPoolRow, PickerRow } from './masterData';
export { MenuTree, type MenuNode } from './menu';
export { ListFilter, RecordDoc, SaveRecordBody } from './records';
