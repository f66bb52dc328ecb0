// Providers every page sits in: jotai store, i18next, and antd's providers (src/AntdProviders.tsx:
// theme, locale following the language, the error catalogue wired to antd's modal). The sign-in
// pages use no antd (issue 16: the login route's JavaScript ≤ 250 KiB gzipped): while the app
// shows only them, antd's providers are not loaded (fetched when the browser is idle); the first
// page that is not a sign-in page renders inside them from then on (AntdGate).
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Provider as JotaiProvider } from 'jotai';
import { I18nextProvider } from 'react-i18next';
import { appStore } from './session/atoms';
import { i18n } from './i18n/i18n';

const loadAntdProviders = () => import('./AntdProviders');
const AntdProviders = lazy(loadAntdProviders);

/** Paths that show a sign-in page (or only redirect to one): no antd needed. */
export function isSignInPath(pathname: string): boolean {
  const p = pathname.replace(/\/+$/, '') || '/';
  return p === '/' || p === '/web' || p === '/web/welcome' || p === '/web/login' || p === '/web/dp/login';
}

/** The router's current path, followed (App passes the router's subscribe and state). */
export interface PathSource {
  subscribe: (onChange: () => void) => () => void;
  pathname: () => string;
}

const windowPath: PathSource = {
  subscribe: () => () => {},
  pathname: () => (typeof window === 'undefined' ? '/' : window.location.pathname),
};

/** antd's providers wrap the app from the first page that is not a sign-in page on (never unwrapped). */
function AntdGate({ children, navigate, path }: { children: ReactNode; navigate?: (path: string) => void; path: PathSource }) {
  const pathname = useSyncExternalStore(path.subscribe, path.pathname, path.pathname);
  const [wrapped, setWrapped] = useState(() => !isSignInPath(pathname));
  if (!wrapped && !isSignInPath(pathname)) setWrapped(true);
  useEffect(() => {
    if (wrapped) return;
    // fetched ahead once the sign-in page is idle, so the page after the login does not wait for it
    const w = window as Window & { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number };
    const run = () => void loadAntdProviders().catch(() => undefined);
    if (w.requestIdleCallback) w.requestIdleCallback(run, { timeout: 5000 });
    else setTimeout(run, 2000);
  }, [wrapped]);
  if (!wrapped) return children;
  return (
    <Suspense fallback={null}>
      <AntdProviders navigate={navigate}>{children}</AntdProviders>
    </Suspense>
  );
}

/** antd's providers around a part of a sign-in page that uses antd (the QR sign-in, its confirmation). */
export function AntdScope({ children }: { children: ReactNode }) {
  return <AntdProviders>{children}</AntdProviders>;
}

export function AppProviders({ children, navigate, path = windowPath }: { children: ReactNode; navigate?: (path: string) => void; path?: PathSource }) {
  return (
    <JotaiProvider store={appStore}>
      <I18nextProvider i18n={i18n}>
        <AntdGate navigate={navigate} path={path}>
          {children}
        </AntdGate>
      </I18nextProvider>
    </JotaiProvider>
  );
}
