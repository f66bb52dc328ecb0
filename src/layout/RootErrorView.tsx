// The root error view: what a route shows when it fails (a thrown error, a 404 response). It is
// loaded on demand (React.lazy in RootLayout.tsx), so antd's Result and its illustrations stay
// out of the first page (issue 16: the login route's weight).
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse } from 'react-router';

export default function RootErrorView({ error }: { error: unknown }) {
  const { t } = useTranslation('app');
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
