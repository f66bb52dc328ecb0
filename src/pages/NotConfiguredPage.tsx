// A route of the generic engine with no definition yet: a clear page, never a crash. A path in
// no route table at all (nor in the user's menu) is not "not configured" but not found: 404.
import { useMemo } from 'react';
import { Button, Result, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { APP_ROUTES } from '../routes/routeTable';
import { isKnownRoute } from '../routes/knownRoutes';
import { usePageTitle } from '../layout/pageTitle';
import { menuPaths } from '../layout/menu';
import { menuAtom } from '../session/atoms';
import { NotFoundPage } from './NotFoundPage';

export function NotConfiguredPage({ formCode, detail }: { formCode?: string; detail?: string }) {
  const { pathname } = useLocation();
  const menu = useAtomValue(menuAtom);
  const known = useMemo(() => isKnownRoute(pathname, menuPaths(menu ?? [])), [pathname, menu]);
  // a page that names its definition (or why it has none) is a configured route
  if (!formCode && !detail && !known) return <NotFoundPage />;
  return <NotConfigured formCode={formCode} detail={detail} />;
}

function NotConfigured({ formCode, detail }: { formCode?: string; detail?: string }) {
  const { t } = useTranslation('app');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  usePageTitle(t('notConfigured.title'));
  return (
    <Result
      data-testid="not-configured"
      status="info"
      title={t('notConfigured.title')}
      subTitle={
        <>
          <div>{t('notConfigured.text', { path: pathname })}</div>
          {formCode && <Typography.Text type="secondary">{t('notConfigured.formCode', { code: formCode })}</Typography.Text>}
          {detail && (
            <div>
              <Typography.Text type="secondary">{detail}</Typography.Text>
            </div>
          )}
        </>
      }
      extra={<Button onClick={() => navigate(APP_ROUTES.workbench)}>{t('notConfigured.home')}</Button>}
    />
  );
}

export { NotFoundPage } from './NotFoundPage';
