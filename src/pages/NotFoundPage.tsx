// A path in no route table (issue 16): 404, the path, and a way back — the previous page or
// the home of the user's shell (workbench, dealer home, or the login without a session).
import { Button, Result, Space, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_ROUTES } from '../routes/routeTable';
import { usePageTitle } from '../layout/pageTitle';
import { hasToken, isDealerSession } from '../session/session';

/** Where 返回首页 goes: the home of the shell the user belongs to. */
export function homeOf(pathname: string): string {
  const dealerShell = pathname === '/web/dp' || pathname.startsWith('/web/dp/');
  if (!hasToken()) return dealerShell ? APP_ROUTES.dealerLogin : APP_ROUTES.login;
  return isDealerSession() ? APP_ROUTES.dealerHome : APP_ROUTES.workbench;
}

export function NotFoundPage() {
  const { t } = useTranslation('app');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  usePageTitle(t('notFound.title'));
  const home = homeOf(pathname);
  // history.state.idx is the browser router's position in this tab's history: 0 means the tab
  // opened on this address and there is nothing to go back to, so back goes home
  const first = typeof window !== 'undefined' && (window.history.state as { idx?: number } | null)?.idx === 0;
  return (
    <Result
      data-testid="not-found"
      status="404"
      title={t('notFound.title')}
      subTitle={
        <>
          <div>{t('notFound.text')}</div>
          <Typography.Text code data-testid="not-found-path">
            {pathname}
          </Typography.Text>
        </>
      }
      extra={
        <Space>
          <Button data-testid="not-found-back" onClick={() => (first ? navigate(home, { replace: true }) : navigate(-1))}>
            {t('notFound.back')}
          </Button>
          <Button type="primary" data-testid="not-found-home" onClick={() => navigate(home, { replace: true })}>
            {t('notFound.home')}
          </Button>
        </Space>
      }
    />
  );
}
