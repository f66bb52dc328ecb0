// Employee login (spec §2 /web/login; /web/loginWx is LoginWxPage): account + password, or WeChat QR.
import { lazy, Suspense } from 'react';
import { Card, Spin, Tabs, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { services, type SessionAnswer } from '../api/services';
import { completeLogin } from '../session/completeLogin';
import { isDealerSession } from '../session/session';
import { mainPageFor, safeRedirect } from '../routes/guard';
import { APP_ROUTES } from '../routes/routeTable';
import { LoginForm } from './LoginForm';
import { LanguageSelect } from './LazyLanguageSelect';

// the QR tab's code loads when the tab opens (the password form is the first page's only need)
const QrLogin = lazy(() => import('./QrLogin').then((m) => ({ default: m.QrLogin })));

function useFinishLogin() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return async (answer: SessionAnswer) => {
    await completeLogin(answer);
    const main = mainPageFor(isDealerSession());
    navigate(isDealerSession() ? main : safeRedirect(params.get('redirect'), main), { replace: true });
  };
}

export function LoginPage({ defaultTab = 'password' }: { defaultTab?: 'password' | 'qr' }) {
  const { t } = useTranslation('app');
  const finish = useFinishLogin();
  return (
    <div className="login-page" data-testid="login-page">
      <Card
        className="login-card"
        title={
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('title.employee')}
          </Typography.Title>
        }
      >
        <div className="login-lang">
          <LanguageSelect size="small" />
        </div>
        <Tabs
          defaultActiveKey={defaultTab}
          destroyOnHidden
          items={[
            {
              key: 'password',
              label: t('login.tabPassword'),
              children: <LoginForm testId="login-form" onSubmit={async ({ username, password }) => finish(await services.login(username, password))} />,
            },
            {
              key: 'qr',
              label: t('login.tabQr'),
              children: (
                <Suspense fallback={<Spin style={{ display: 'block', margin: '24px auto' }} />}>
                  <QrLogin onSession={finish} />
                </Suspense>
              ),
            },
          ]}
        />
        <div style={{ textAlign: 'right', marginTop: 8 }}>
          <Link to={APP_ROUTES.dealerLogin}>{t('login.toDealer')}</Link>
        </div>
      </Card>
    </div>
  );
}
