// The root of every route: page title per portal, the loading overlay, and the outlet.
import { Component, lazy, Suspense, useContext, useEffect, type ReactNode } from 'react';
import { Outlet, UNSAFE_DataRouterContext, useLocation, useRouteError, isRouteErrorResponse } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingOverlay, LoadingMask } from './LoadingOverlay';

/** Spec §1: the page title differs per portal. */
export function portalTitleKey(pathname: string): 'title.dealer' | 'title.employee' {
  return pathname === '/web/dp' || pathname.startsWith('/web/dp/') ? 'title.dealer' : 'title.employee';
}

export function usePortalTitle(): string {
  const { t, i18n } = useTranslation('app');
  const { pathname } = useLocation();
  const title = t(portalTitleKey(pathname));
  useEffect(() => {
    document.title = title;
  }, [title, i18n.language]);
  return title;
}

export function RootLayout() {
  usePortalTitle();
  return (
    <>
      <LoadingOverlay />
      <Outlet />
    </>
  );
}

/**
 * Shown before the first route's data is ready. RouterProvider takes the router's state as it
 * renders and subscribes once it has committed: when the first route finished loading in between
 * (its modules were in while antd's providers mounted the router late), the provider never hears
 * of it and this mask stayed for good (seen in e2e: no page, no request after the modules). Once
 * mounted (the provider has subscribed by then), a router already initialized is nudged to
 * publish its state again.
 */
export function RootHydrateFallback() {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  useEffect(() => {
    if (router?.state.initialized) void router.revalidate();
  }, [router]);
  return <LoadingMask />;
}

// The error view's module (antd Result and its illustrations) loads when a route fails.
const RootErrorView = lazy(() => import('./RootErrorView'));

/**
 * Shown when the error view's own module cannot load (say, a new release removed the chunks this
 * page was built with): plain markup, no further chunk.
 */
function PlainErrorView({ notFound }: { notFound: boolean }) {
  const { t } = useTranslation('app');
  return (
    <div role="alert" style={{ padding: 48, textAlign: 'center' }} data-testid={notFound ? 'not-found' : 'route-error'}>
      <h2>{notFound ? t('notFound.title') : t('error.title')}</h2>
      <button type="button" onClick={() => window.location.assign('/web/welcome')}>
        {t('error.reload')}
      </button>
    </div>
  );
}

class ErrorViewLoad extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function RootErrorBoundary() {
  const error = useRouteError();
  usePortalTitle();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <ErrorViewLoad fallback={<PlainErrorView notFound={notFound} />}>
      <Suspense fallback={<LoadingMask />}>
        <RootErrorView error={error} />
      </Suspense>
    </ErrorViewLoad>
  );
}
