// The root of every route: page title per portal, the loading overlay, and the outlet.
import { useEffect } from 'react';
import { Outlet, useLocation, useRouteError, isRouteErrorResponse } from 'react-router';
import { Button, Result } from 'antd';
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

/** Shown before the first route's data is ready. */
export function RootHydrateFallback() {
  return <LoadingMask />;
}

export function RootErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation('app');
  usePortalTitle();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Result
      status={notFound ? '404' : 'error'}
      title={notFound ? t('notFound.title') : t('error.title')}
      subTitle={notFound ? undefined : error instanceof Error ? error.message : undefined}
      extra={
        <Button type="primary" onClick={() => window.location.assign('/web/welcome')}>
          {t('error.reload')}
        </Button>
      }
      data-testid={notFound ? 'not-found' : 'route-error'}
    />
  );
}
