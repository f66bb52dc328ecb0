// The error catalogue of spec §8, in one place: every answer of every call passes through
// `classifyAnswer`, and `applyCatalogue` performs the behaviour.
//   errorCode -999999                          → /maintenance
//   errorCode "1000000" or errorType "10010"   → one dialog 提醒 …; on confirm clear the
//                                                session and login flags and go to the dealer
//                                                login if the dealer flag is 1, else the
//                                                employee login
import type { ReactNode } from 'react';
import { ERROR_CODES } from '../../schemas/constants';
import { clearLoginFlags, clearSession, dealerFlag } from '../session/session';
import { resetSharedState } from '../session/atoms';
import { i18n } from '../i18n/i18n';

export type CatalogueOutcome = 'maintenance' | 'sessionExpired' | null;

export const LOGIN_PATHS = { employee: '/web/login', dealer: '/web/dp/login', maintenance: '/maintenance' } as const;

export function classifyAnswer(body: unknown): CatalogueOutcome {
  if (body === null || typeof body !== 'object') return null;
  const b = body as { errorCode?: unknown; errorType?: unknown };
  if (b.errorCode !== undefined && Number(b.errorCode) === ERROR_CODES.maintenance) return 'maintenance';
  if (String(b.errorCode) === ERROR_CODES.sessionExpired || String(b.errorType) === ERROR_CODES.sessionExpiredType) return 'sessionExpired';
  return null;
}

export interface AlertOptions {
  title: ReactNode;
  content: ReactNode;
  okText: ReactNode;
  onOk: () => void;
}
export interface CatalogueDeps {
  /** client-side navigation (the router's navigate once the app runs) */
  navigate: (path: string) => void;
  /** shows one modal alert with one button */
  alert: (options: AlertOptions) => void;
}

const defaults: CatalogueDeps = {
  navigate: (path) => window.location.assign(path),
  alert: ({ title, content, okText, onOk }) => {
    // antd's Modal loads with this rare alert, not with the sign-in page
    void import('antd/es/modal').then(({ default: Modal }) =>
      Modal.warning({ title, content, okText, onOk, keyboard: false, maskClosable: false, centered: true }),
    );
  },
};
let deps: CatalogueDeps = { ...defaults };
let sessionDialogOpen = false;

/** The app plugs in its router and its antd App's modal (themed and localised). */
export function configureCatalogue(partial: Partial<CatalogueDeps>): void {
  deps = { ...deps, ...partial };
}
export function resetCatalogue(): void {
  deps = { ...defaults };
  sessionDialogOpen = false;
}
export function isSessionDialogOpen(): boolean {
  return sessionDialogOpen;
}

/** What confirming the session-expired dialog does (spec §8). */
export function signOutToLogin(): void {
  const dealer = dealerFlag() === '1';
  clearSession();
  clearLoginFlags();
  resetSharedState();
  deps.navigate(dealer ? LOGIN_PATHS.dealer : LOGIN_PATHS.employee);
}

export function applyCatalogue(outcome: CatalogueOutcome): void {
  if (outcome === 'maintenance') {
    if (typeof window === 'undefined' || window.location.pathname !== LOGIN_PATHS.maintenance) deps.navigate(LOGIN_PATHS.maintenance);
    return;
  }
  if (outcome === 'sessionExpired') {
    // One dialog, however many calls fail at once.
    if (sessionDialogOpen) return;
    sessionDialogOpen = true;
    deps.alert({
      title: i18n.t('app:session.expiredTitle'),
      content: i18n.t('app:session.expiredText'),
      okText: i18n.t('common:ok'),
      onOk: () => {
        sessionDialogOpen = false;
        signOutToLogin();
      },
    });
  }
}
