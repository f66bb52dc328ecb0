// Typed calls of docs/api.md on the one client.
import type { FormDefinition, LocalizedText } from '../../schemas/definition';
import { api, type ApiClient } from './client';
import { PATHS } from './paths';

/** The session values a login answers (docs/api.md "Sessions"). */
export type SessionAnswer = Record<string, unknown> & { mytoken?: string; token?: string; empSessionId?: string; duoYuYanType?: number | string };

export interface MenuNode {
  id: string;
  name: LocalizedText | string;
  path?: string | null;
  icon?: string | null;
  children?: MenuNode[];
}

export interface QrTicket {
  ticket: string;
  qrDataUrl: string;
  expiresAt: string | number;
}
export interface QrPoll {
  status: 'pending' | 'confirmed' | 'expired';
  session?: SessionAnswer;
}

export interface ApplicationType {
  id: string;
  feiYongLeiXing: number | string;
}

export interface Paged<T> {
  pageSize: number;
  rows: T[];
  totalRecord: number;
  currentPage: number;
  totalIsEstimate?: boolean;
}

export function makeServices(client: ApiClient = api) {
  return {
    login: (username: string, password: string) => client.post<SessionAnswer>(PATHS.login, { username, password }),
    dealerLogin: (username: string, password: string) => client.post<SessionAnswer>(PATHS.dealerLogin, { username, password }),
    dealerInit: () => client.post<SessionAnswer>(PATHS.dealerInit),
    loginInit: () => client.post<SessionAnswer>(PATHS.loginInit),
    logout: () => client.post<null>(PATHS.logout),
    changePassword: (oldPassword: string, newPassword: string) => client.post<null>(PATHS.changePassword, { oldPassword, newPassword }),
    qrTicket: () => client.post<QrTicket>(PATHS.qrTicket, {}, { silent: true }),
    qrPoll: (ticket: string) => client.post<QrPoll>(PATHS.qrPoll, { ticket }, { silent: true }),
    qrConfirm: (ticket: string) => client.post<null>(PATHS.qrConfirm, { ticket }),
    menu: () => client.get<MenuNode[]>(PATHS.menu),
    definition: (code: string, version?: number) => client.post<FormDefinition>(PATHS.formGet, { code, version }),
    applicationType: (number: string, type?: 1 | 2) => client.post<ApplicationType>(PATHS.applicationType, { number, type }),
    maintenanceStatus: () => client.get<{ enabled: boolean }>(PATHS.maintenanceStatus, {}, { silent: true }),
  };
}

export const services = makeServices();
