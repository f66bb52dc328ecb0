// Dealer login (spec §2 /web/dp/login): check-login, then check-init (spec §7). Plain HTML like
// the employee login (issue 16: prerendered, no antd).
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { services } from '../api/services';
import { completeLogin } from '../session/completeLogin';
import { APP_ROUTES } from '../routes/routeTable';
import { LoginForm } from './LoginForm';
import { LoginCard } from './login/LoginCard';

export function DealerLoginPage() {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  return (
    <LoginCard title={t('title.dealer')} testId="dealer-login-page" dealer footer={<Link to={APP_ROUTES.login}>{t('login.toEmployee')}</Link>}>
      <h2 className="login-subtitle">{t('login.dealerTitle')}</h2>
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
    </LoginCard>
  );
}
