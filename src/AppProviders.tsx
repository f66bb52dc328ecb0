// Providers every page sits in: jotai store, i18next, and antd's providers (src/AntdProviders.tsx:
// theme, locale following the language, the error catalogue wired to antd's modal). The sign-in
// pages use no antd (issue 16: the login route's JavaScript ≤ 250 KiB gzipped): while the app
// shows only them, antd's providers are not loaded (fetched once the user starts signing in); the first
// page that is not a sign-in page renders inside them from then on (AntdGate).
import { lazy, startTransition, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Provider as JotaiProvider } from 'jotai';
import { I18nextProvider } from 'react-i18next';
import { appStore } from './session/atoms';
import { i18n } from './i18n/i18n';
import { configureCatalogue, type AlertOptions } from './api/errorCatalogue';
import { onFirstIntent } from './layout/firstIntent';

type AntdModule = typeof import('./AntdProviders');
let antdModule: AntdModule | null = null;
const loadAntdProviders = () =>
  import('./AntdProviders').then((m) => {
    antdModule = m;
    return m;
  });
const AntdProviders = lazy(loadAntdProviders);

/**
 * The error catalogue's alert (session expired) until antd's providers are mounted: kept, and shown
 * by their modal once they are (src/AntdProviders.tsx takes it); a pending alert makes AntdGate
 * load them. An answer can come before they mount: a route's loader asks while the page loads.
 */
let pendingAlert: AlertOptions | null = null;
const alertListeners = new Set<() => void>();
configureCatalogue({
  alert: (options) => {
    pendingAlert = options;
    alertListeners.forEach((f) => f());
  },
});
const subscribeAlert = (f: () => void) => {
  alertListeners.add(f);
  return () => alertListeners.delete(f);
};
const hasPendingAlert = () => pendingAlert !== null;

/** The alert the catalogue asked for before antd's providers were mounted, once. */
export function takePendingAlert(): AlertOptions | null {
  const a = pendingAlert;
  pendingAlert = null;
  return a;
}

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
  const alerting = useSyncExternalStore(subscribeAlert, hasPendingAlert, hasPendingAlert);
  const needed = alerting || !isSignInPath(pathname);
  const [wrapped, setWrapped] = useState(needed);
  if (!wrapped && needed) setWrapped(true);
  const [loaded, setLoaded] = useState<AntdModule | null>(antdModule);
  const mod = loaded ?? antdModule;
  useEffect(() => {
    if (mod) return;
    if (wrapped) {
      let live = true;
      // in a transition: the first render of antd's providers with the page inside them (theme,
      // styles, the frame) is React's work in slices that yield to the browser, not one long task
      // that blocks input (issue 16: Lighthouse TBT on a form page)
      void loadAntdProviders().then((m) => live && startTransition(() => setLoaded(m)));
      return () => {
        live = false;
      };
    }
    // fetched ahead as soon as the user starts signing in (a key, a tap, a focus), so the page
    // after the login does not wait for it; not before, so the page's load stays free of it
    return onFirstIntent(() => void loadAntdProviders().catch(() => undefined));
  }, [wrapped, mod]);
  if (!wrapped) return children;
  // Not React.lazy with Suspense here: the router's RouterProvider, mounted in a Suspense retry,
  // can miss the router's state changes between its render and its subscription (stuck on the
  // loading mask); rendered once the module is in, it mounts in an ordinary render.
  if (!mod) return null;
  return <mod.default navigate={navigate}>{children}</mod.default>;
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
