// Dealer login (spec §2 /web/dp/login): check-login, then check-init (spec §7).
import { Card, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { services } from '../api/services';
import { completeLogin } from '../session/completeLogin';
import { APP_ROUTES } from '../routes/routeTable';
import { LoginForm } from './LoginForm';
import { LanguageSelect } from './LazyLanguageSelect';

export function DealerLoginPage() {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  return (
    <div className="login-page dealer" data-testid="dealer-login-page">
      <Card
        className="login-card"
        title={
          <Typography.Title level={3} style={{ margin: 0 }}>
            {t('title.dealer')}
          </Typography.Title>
        }
      >
        <div className="login-lang">
          <LanguageSelect size="small" />
        </div>
        <Typography.Title level={5}>{t('login.dealerTitle')}</Typography.Title>
        <LoginForm
          testId="dealer-login-form"
          onSubmit={async ({ username, password }) => {
            const first = await services.dealerLogin(username, password);
            await completeLogin(first);
            const init = await services.dealerInit();
            await completeLogin({ ...first, ...init });
            navigate(APP_ROUTES.dealerHome, { replace: true });
          }}
        />
        <div style={{ textAlign: 'right', marginTop: 8 }}>
          <Link to={APP_ROUTES.login}>{t('login.toEmployee')}</Link>
        </div>
      </Card>
    </div>
  );
}
