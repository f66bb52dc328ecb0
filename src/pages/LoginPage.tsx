// Employee login (spec §2 /web/login; /web/loginWx is LoginWxPage): account + password, or WeChat QR.
// Plain HTML and src/pages/login/login.css (issue 16): the page is prerendered into the HTML the
// server sends for /web/login and paints before any script; the QR tab's code (and antd) load
// when that tab opens.
import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { services, type SessionAnswer } from '../api/services';
import { completeLogin } from '../session/completeLogin';
import { isDealerSession } from '../session/session';
import { mainPageFor, safeRedirect } from '../routes/guard';
import { APP_ROUTES } from '../routes/routeTable';
import { LoginForm } from './LoginForm';
import { LoginCard } from './login/LoginCard';

// the QR tab's code loads when the tab opens (the password form is the first page's only need)
const QrLogin = lazy(() =>
  Promise.all([import('./QrLogin'), import('../AppProviders')]).then(([m, p]) => ({
    default: (props: { onSession: (s: SessionAnswer) => Promise<void> }) => (
      <p.AntdScope>
        <m.QrLogin {...props} />
      </p.AntdScope>
    ),
  })),
);

function useFinishLogin() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return async (answer: SessionAnswer) => {
    await completeLogin(answer);
    const main = mainPageFor(isDealerSession());
    navigate(isDealerSession() ? main : safeRedirect(params.get('redirect'), main), { replace: true });
  };
}

type Tab = 'password' | 'qr';
const TABS: Tab[] = ['password', 'qr'];

export function LoginPage({ defaultTab = 'password' }: { defaultTab?: Tab }) {
  const { t } = useTranslation('app');
  const finish = useFinishLogin();
  const [tab, setTab] = useState<Tab>(defaultTab);
  const buttons = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  // WAI-ARIA tabs: arrows, Home and End move between the tabs (and select them)
  const onKeyDown = (e: KeyboardEvent) => {
    const i = TABS.indexOf(tab);
    const to =
      e.key === 'ArrowRight'
        ? TABS[(i + 1) % TABS.length]
        : e.key === 'ArrowLeft'
          ? TABS[(i + TABS.length - 1) % TABS.length]
          : e.key === 'Home'
            ? TABS[0]
            : e.key === 'End'
              ? TABS[TABS.length - 1]
              : null;
    if (!to) return;
    e.preventDefault();
    setTab(to);
    buttons.current[to]?.focus();
  };
  const label: Record<Tab, string> = { password: t('login.tabPassword'), qr: t('login.tabQr') };
  return (
    <LoginCard title={t('title.employee')} testId="login-page" footer={<Link to={APP_ROUTES.dealerLogin}>{t('login.toDealer')}</Link>}>
      <div className="login-tabs" role="tablist" onKeyDown={onKeyDown}>
        {TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            className="login-tab"
            id={`login-tab-${k}`}
            data-testid={`login-tab-${k}`}
            aria-selected={tab === k}
            aria-controls={`login-panel-${k}`}
            tabIndex={tab === k ? 0 : -1}
            ref={(el) => {
              buttons.current[k] = el;
            }}
            onClick={() => setTab(k)}
          >
            {label[k]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`login-panel-${tab}`} aria-labelledby={`login-tab-${tab}`}>
        {tab === 'password' ? (
          <LoginForm testId="login-form" onSubmit={async ({ username, password }) => finish(await services.login(username, password))} />
        ) : (
          <Suspense
            fallback={
              <span className="login-loading" role="status">
                {t('common:loading')}
              </span>
            }
          >
            <QrLogin onSession={finish} />
          </Suspense>
        )}
      </div>
    </LoginCard>
  );
}
