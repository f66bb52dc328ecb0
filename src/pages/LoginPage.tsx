// Employee login (spec §2 /web/login, /web/loginWx): account + password, or WeChat QR.
import { lazy, Suspense, useState } from 'react';
import { Alert, Button, Card, Result, Space, Spin, Tabs, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { services, type SessionAnswer } from '../api/services';
import { completeLogin } from '../session/completeLogin';
import { hasToken, isDealerSession } from '../session/session';
import { ApiError } from '../api/client';
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

/**
 * /web/loginWx: on a desktop the QR tab; opened from the QR code (`?ticket=`) on a phone, the
 * signed-in employee confirms the desktop's sign-in (signing in here first when needed).
 */
export function LoginWxPage() {
  const [params] = useSearchParams();
  const ticket = params.get('ticket');
  if (ticket) return <QrConfirm ticket={ticket} />;
  return <LoginPage defaultTab="qr" />;
}

function QrConfirm({ ticket }: { ticket: string }) {
  const { t } = useTranslation('app');
  const [signedIn, setSignedIn] = useState(hasToken());
  const [state, setState] = useState<{ done: boolean; error: string | null }>({ done: false, error: null });
  return (
    <div className="login-page" data-testid="qr-confirm-page">
      <Card
        className="login-card"
        title={
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('title.employee')}
          </Typography.Title>
        }
      >
        {!signedIn ? (
          <LoginForm
            testId="login-form"
            onSubmit={async ({ username, password }) => {
              await completeLogin(await services.login(username, password));
              setSignedIn(true);
            }}
          />
        ) : state.done ? (
          <Result status="success" title={t('login.qrConfirmDone')} data-testid="qr-confirm-done" />
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Paragraph>{t('login.qrConfirmText')}</Typography.Paragraph>
            {state.error && <Alert type="error" showIcon title={state.error} />}
            <Button
              type="primary"
              block
              data-testid="qr-confirm"
              onClick={async () => {
                try {
                  await services.qrConfirm(ticket);
                  setState({ done: true, error: null });
                } catch (e) {
                  if (!(e instanceof ApiError && e.handled)) setState({ done: false, error: e instanceof Error ? e.message : String(e) });
                }
              }}
            >
              {t('login.qrConfirmButton')}
            </Button>
          </Space>
        )}
      </Card>
    </div>
  );
}
