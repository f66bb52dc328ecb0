// The hand-coded dealer portal shell (/web/dp/*): header navigation, the dealer's name or a
// sign-in link, the language switch, sign out. Below the tablet width (usePhone, issue 17) the
// navigation is a drawer behind a menu button and the language and user controls are icons.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button, Grid, Layout, Space } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getSessionValue, hasToken, isDealerSession, saveSession } from '../session/session';
import { syncSessionAtoms } from '../session/atoms';
import { services } from '../api/services';
import { logout } from '../session/logout';
import { APP_ROUTES } from '../routes/routeTable';
import { LanguageSelect } from '../pages/LanguageSelect';
import { PageWatermark } from '../layout/Watermark';
import '../layout/phone.css';
import { LazyDropdown } from '../layout/LazyDropdown';
import { DrawerToggle } from '../layout/DrawerToggle';
import { usePhone } from '../../widgets/shared/viewport';

// the drawer loads with the frames' other later parts (src/layout/FrameParts.tsx), at its first opening
const MenuDrawer = lazy(() => import('../layout/FrameParts').then((m) => ({ default: m.MenuDrawer })));

export function DealerFrame() {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const signedIn = hasToken();
  const phone = usePhone();
  // below 992 px the header has no room for the links (app.css hides them): they go in a drawer
  const screens = Grid.useBreakpoint();
  const drawerNav = phone || screens.lg === false;
  const [drawerOpen, setDrawerOpen] = useState(false);
  // the drawer mounts at its first opening and stays (it animates closed)
  const [drawerUsed, setDrawerUsed] = useState(false);
  const drawerButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!drawerNav) setDrawerOpen(false);
  }, [drawerNav]);
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
  const body = signedIn ? (
    <PageWatermark>
      <div className="page-card">
        <Outlet />
      </div>
    </PageWatermark>
  ) : (
    <div className="page-card">
      <Outlet />
    </div>
  );
  const signOut = async () => {
    const to = await logout();
    navigate(to, { replace: true });
  };
  const signIn = (
    <Button type="link" className="touch-target" onClick={() => navigate(APP_ROUTES.dealerLogin)}>
      {t('dealer.signIn')}
    </Button>
  );
  const menuButton = (
    <DrawerToggle
      buttonRef={drawerButton}
      open={drawerOpen}
      controls="dealer-nav-drawer"
      onOpen={() => {
        setDrawerUsed(true);
        setDrawerOpen(true);
      }}
    />
  );
  // one tree for both widths: turning the phone does not remount the page
  const header = phone ? (
    <header className="dealer-header">
      {menuButton}
      <strong className="frame-title" title={t('title.dealer')}>
        {t('title.dealer')}
      </strong>
      <LanguageSelect iconOnly />
      {signedIn ? (
        <LazyDropdown
          menu={{
            items: [
              { key: 'who', disabled: true, label: <span data-testid="user-name">{name}</span> },
              { type: 'divider' },
              { key: 'logout', label: <span data-testid="logout">{t('frame.logout')}</span>, onClick: signOut },
            ],
          }}
        >
          <Button type="text" className="touch-target" data-testid="user-menu" aria-label={t('frame.userMenu', { name: name ?? '' })} icon={<UserOutlined />} />
        </LazyDropdown>
      ) : (
        signIn
      )}
    </header>
  ) : (
    <header className="dealer-header">
      {drawerNav && menuButton}
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
          <Button type="link" data-testid="logout" onClick={signOut}>
            {t('frame.logout')}
          </Button>
        </>
      ) : (
        signIn
      )}
    </header>
  );
  return (
    <Layout className={phone ? 'frame frame-phone' : 'frame'} data-testid="dealer-frame">
      {header}
      {drawerNav && drawerUsed && (
        <Suspense fallback={null}>
          <MenuDrawer open={drawerOpen} title={t('title.dealer')} onClose={() => setDrawerOpen(false)} returnFocus={drawerButton}>
            <nav id="dealer-nav-drawer" className="drawer-nav" aria-label={t('title.dealer')}>
              {links.map((l) => (
                <NavLink key={l.to} to={l.to} onClick={() => setDrawerOpen(false)}>
                  {l.label}
                </NavLink>
              ))}
            </nav>
          </MenuDrawer>
        </Suspense>
      )}
      <Layout.Content className="frame-content">{body}</Layout.Content>
    </Layout>
  );
}
