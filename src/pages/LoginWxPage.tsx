// /web/loginWx (spec §2): on a desktop the employee login on its QR tab; opened from the QR code
// (`?ticket=`) on a phone, the confirmation of the desktop's sign-in. Its own module, so the
// login page does not load what only the phone's confirmation shows (antd Result).
import { useState } from 'react';
import { Alert, Button, Card, Result, Space, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { services } from '../api/services';
import { completeLogin } from '../session/completeLogin';
import { hasToken } from '../session/session';
import { ApiError } from '../api/client';
import { LoginForm } from './LoginForm';
import { LoginPage } from './LoginPage';

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
