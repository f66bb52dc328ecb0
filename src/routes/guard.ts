// The login guard of spec §4, as plain functions the router's root loader calls.
import { APP_ROUTES } from './routeTable';

const LOGIN_PAGES: readonly string[] = [APP_ROUTES.login, APP_ROUTES.loginWx, APP_ROUTES.dealerLogin];

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** Paths that need no token: the login pages, the dealer portal, maintenance, activity confirmation. */
export function isPublicPath(pathname: string): boolean {
  const p = normalise(pathname);
  return LOGIN_PAGES.includes(p) || p === '/web/dp' || p.startsWith('/web/dp/') || p === APP_ROUTES.maintenance || p.startsWith(APP_ROUTES.activities);
}

/** Where navigation without a session goes: the login page with a timestamp (and the way back). */
export function loginRedirect(pathname: string, search = '', now: number = Date.now()): string {
  const q = new URLSearchParams({ t: String(now) });
  const back = pathname + search;
  if (back !== '/' && !back.startsWith(APP_ROUTES.welcome)) q.set('redirect', back);
  return `${APP_ROUTES.login}?${q.toString()}`;
}

/** null when the navigation may go ahead; otherwise the path to go to instead. */
export function guardRedirect(pathname: string, search: string, hasToken: boolean, now: number = Date.now()): string | null {
  if (isPublicPath(pathname) || hasToken) return null;
  return loginRedirect(pathname, search, now);
}

/** The main page after welcome: employees' workbench, dealers' home (spec §4). */
export function mainPageFor(isDealer: boolean): string {
  return isDealer ? APP_ROUTES.dealerHome : APP_ROUTES.workbench;
}

/** A `redirect` query value is followed only when it is one of our own paths. */
export function safeRedirect(target: string | null, fallback: string): string {
  if (!target || !target.startsWith('/web/') || target.startsWith('//') || isPublicPath(target.split('?')[0])) return fallback;
  return target;
}

/** Whether a path belongs to the dealer shell (/web/dp/…). */
export function isDealerShellPath(pathname: string): boolean {
  const p = normalise(pathname);
  return p === '/web/dp' || p.startsWith('/web/dp/');
}

/**
 * Each shell admits only its own user type (spec §6: a dealer id in session makes a dealer): a
 * dealer on an employee route goes to the dealer home, an employee on a dealer route to the
 * workbench. The login pages, maintenance, welcome and the activity confirmation admit anyone.
 * null when the navigation may go ahead.
 */
export function shellRedirect(pathname: string, signedIn: boolean, isDealer: boolean): string | null {
  if (!signedIn) return null;
  const p = normalise(pathname);
  if (LOGIN_PAGES.includes(p) || p === APP_ROUTES.welcome || p === APP_ROUTES.maintenance || p.startsWith(APP_ROUTES.activities)) return null;
  if (isDealerShellPath(p)) return isDealer ? null : APP_ROUTES.workbench;
  if (isDealer && p.startsWith('/web/')) return APP_ROUTES.dealerHome;
  return null;
}
