// Typed calls of docs/api.md on the one client, each one endpoint of the contract (schemas/api);
// the answer types are the contract's (`Static<>` of its data schemas), never re-typed here.
import type { Static } from '@sinclair/typebox';
import type { Paged as PagedSchema, PickerRow, QrTicket as QrTicketSchema, SessionValues } from '../../schemas/api';
import { endpoints, type DataOf } from './paths';
import { api, type ApiClient } from './client';
import { makeCalls } from './call';

/** The session values a login answers (docs/api.md "Sessions"). */
export type SessionAnswer = Static<typeof SessionValues>;
/** One entry of the menu tree. */
export type MenuNode = DataOf<typeof endpoints.menu.tree>[number];
export type QrTicket = Static<typeof QrTicketSchema>;
export type QrPoll = DataOf<typeof endpoints.auth.qrPoll>;
/** What the application lookup answers (the fields the app reads). */
export type ApplicationType = Pick<DataOf<typeof endpoints.records.applicationType>, 'id' | 'feiYongLeiXing'> &
  Partial<DataOf<typeof endpoints.records.applicationType>>;
/** A page of rows, as the list endpoints answer. */
export type Paged<T> = Omit<Static<ReturnType<typeof PagedSchema<typeof PickerRow>>>, 'rows'> & { rows: T[] };

export function makeServices(client: ApiClient = api) {
  const { call } = makeCalls(client);
  const A = endpoints.auth;
  return {
    login: (username: string, password: string) => call(A.login, { username, password }),
    dealerLogin: (username: string, password: string) => call(A.dealerLogin, { username, password }),
    dealerInit: () => call(A.dealerInit),
    loginInit: () => call(A.loginInit),
    logout: () => call(A.logout),
    changePassword: (oldPassword: string, newPassword: string) => call(A.changePassword, { oldPassword, newPassword }),
    qrTicket: () => call(A.qrTicket, {}, { silent: true }),
    qrPoll: (ticket: string) => call(A.qrPoll, { ticket }, { silent: true }),
    qrConfirm: (ticket: string) => call(A.qrConfirm, { ticket }),
    menu: () => call(endpoints.menu.tree),
    definition: (code: string, version?: number) => call(endpoints.definitions.get, { code, version }),
    applicationType: (number: string, type?: 1 | 2) => call(endpoints.records.applicationType, { number, type }),
    maintenanceStatus: () => call(endpoints.maintenance.status, {}, { silent: true }),
  };
}

export const services = makeServices();
