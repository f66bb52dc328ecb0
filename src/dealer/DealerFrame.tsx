// The hand-coded dealer portal shell (/web/dp/*): header navigation, the dealer's name or a
// sign-in link, the language switch, sign out.
import { useEffect, useState } from 'react';
import { Button, Layout, Space } from 'antd';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getSessionValue, hasToken, isDealerSession, saveSession } from '../session/session';
import { syncSessionAtoms } from '../session/atoms';
import { services } from '../api/services';
import { logout } from '../session/logout';
import { APP_ROUTES } from '../routes/routeTable';
import { LanguageSelect } from '../pages/LanguageSelect';
import { PageWatermark } from '../layout/Watermark';

export function DealerFrame() {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const signedIn = hasToken();
  const [name, setName] = useState(getSessionValue('dealerName') ?? getSessionValue('empName') ?? getSessionValue('username'));
  // A signed-in dealer's session is checked (and its values refreshed) on entering the portal.
  useEffect(() => {
    if (!hasToken() || !isDealerSession()) return;
    let live = true;
    services
      .dealerInit()
      .then((values) => {
        if (!live) return;
        saveSession(values);
        syncSessionAtoms();
        setName(getSessionValue('dealerName') ?? getSessionValue('empName') ?? getSessionValue('username'));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const links = [
    { to: '/web/dp/shouYe', label: t('dealer.home') },
    { to: '/web/dp/gongZuoTai', label: t('dealer.workbench') },
    { to: '/web/dp/gongNengList', label: t('dealer.functions') },
    { to: '/web/dp/bangZhuZhongXin', label: t('dealer.help') },
    { to: '/web/dp/faLvShuoMing', label: t('dealer.legal') },
    { to: '/web/dp/guanYuWoMen', label: t('dealer.about') },
  ];
  return (
    <Layout className="frame" data-testid="dealer-frame">
      <header className="dealer-header">
        <strong>{t('title.dealer')}</strong>
        <nav>
          <Space>
            {links.map((l) => (
              <NavLink key={l.to} to={l.to}>
                {l.label}
              </NavLink>
            ))}
          </Space>
        </nav>
        <span className="spacer" />
        <LanguageSelect size="small" />
        {signedIn ? (
          <>
            <span data-testid="user-name">{name}</span>
            <Button
              type="link"
              data-testid="logout"
              onClick={async () => {
                const to = await logout();
                navigate(to, { replace: true });
              }}
            >
              {t('frame.logout')}
            </Button>
          </>
        ) : (
          <Button type="link" onClick={() => navigate(APP_ROUTES.dealerLogin)}>
            {t('dealer.signIn')}
          </Button>
        )}
      </header>
      <Layout.Content className="frame-content">
        {signedIn ? (
          <PageWatermark>
            <div className="page-card">
              <Outlet />
            </div>
          </PageWatermark>
        ) : (
          <div className="page-card">
            <Outlet />
          </div>
        )}
      </Layout.Content>
    </Layout>
  );
}
