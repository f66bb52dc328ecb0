// A route of the generic engine with no definition yet: a clear page, never a crash.
import { Button, Result, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_ROUTES } from '../routes/routeTable';
import { usePageTitle } from '../layout/pageTitle';

export function NotConfiguredPage({ formCode, detail }: { formCode?: string; detail?: string }) {
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

export function NotFoundPage() {
  const { t } = useTranslation('app');
  return <Result data-testid="not-found" status="404" title={t('notFound.title')} />;
}
