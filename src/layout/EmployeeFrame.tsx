// The employee portal frame: side menu (GET {prefix}/system/menu.action), breadcrumbs, tabs of
// open pages, the user menu (personal center, sign out), the language switch and the
// watermark over the business page. Below 992 px the menu folds away behind a button; below the
// tablet width (usePhone, issue 17) it is a drawer, the header shows the page title and icons
// for the language and the user menu, and the tab strip scrolls in its own box.
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Grid, Layout } from 'antd';
import { CloseOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useAtom, useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Locale } from '../../schemas/constants';
import { ApiError } from '../api/client';
import { services, type MenuNode } from '../api/services';
import { menuAtom, offWebAtom, tableListAtom, type OpenTab } from '../session/atoms';
import { getSessionValue, isAdministrator } from '../session/session';
import { logout } from '../session/logout';
import { APP_ROUTES, routeEntryOf } from '../routes/routeTable';
import { LanguageSelect } from '../pages/LanguageSelect';
import { localText, menuTrail, openKeysFor, toMenuItems } from './menu';
import { PageWatermark } from './Watermark';
import { pageTitleAtom } from './pageTitle';
import './phone.css';
import { isPhone, usePhone } from '../../widgets/shared/viewport';
import { onFirstIntent } from './firstIntent';
import { LazyDropdown } from './LazyDropdown';
import { DrawerToggle } from './DrawerToggle';

const { Sider, Header, Content } = Layout;

// The menu, the drawer and the breadcrumbs load apart (src/layout/FrameParts.tsx):
// a desktop shows them at once, so it fetches them with this module; a phone shows none of them at
// first (the menu is in a closed drawer) and fetches them at the user's first press, key or focus.
const loadParts = () => import('./FrameParts');
if (!isPhone()) void loadParts();
const Menu = lazy(() => loadParts().then((m) => ({ default: m.Menu })));
const MenuDrawer = lazy(() => loadParts().then((m) => ({ default: m.MenuDrawer })));
const Breadcrumb = lazy(() => loadParts().then((m) => ({ default: m.Breadcrumb })));
// only when the menu cannot be loaded
const Alert = lazy(() => import('antd/es/alert'));

/**
 * Title of a page: its menu name, else the name the page gives itself, else the app's name for
 * it (a route table page by its form code), else the portal's name — never a path segment.
 */
function pageTitle(pathname: string, menu: readonly MenuNode[], locale: Locale, t: TFunction, own: string | null): string {
  const trail = menuTrail(menu, pathname);
  if (trail.length) return localText(trail[trail.length - 1].name, locale);
  if (own) return own;
  if (pathname === APP_ROUTES.workbench) return t('frame.workbench');
  if (pathname === APP_ROUTES.personalCenter) return t('frame.personalCenter');
  const code = routeEntryOf(pathname)?.formCode;
  return code ? t(`pageName.${code}`, { defaultValue: t('title.employee') }) : t('title.employee');
}

export function EmployeeFrame() {
  const { t, i18n } = useTranslation('app');
  const locale = i18n.language as Locale;
  const navigate = useNavigate();
  const location = useLocation();
  const screens = Grid.useBreakpoint();
  const narrow = screens.lg === false;
  const phone = usePhone();
  // the phone's menu drawer; focus goes back to its button when it closes
  const [drawerOpen, setDrawerOpen] = useState(false);
  // the drawer mounts at its first opening and stays (it animates closed)
  const [drawerUsed, setDrawerUsed] = useState(false);
  useEffect(() => (phone ? onFirstIntent(() => void loadParts()) : undefined), [phone]);
  const drawerButton = useRef<HTMLButtonElement>(null);
  // null: automatic (folded below 992 px, open above); true/false: the user's choice
  const [collapsed, setCollapsed] = useState<boolean | null>(null);
  // shared: pages offer only the links the menu grants (mayOpen)
  const [loadedMenu, setMenu] = useAtom(menuAtom);
  const menu = useMemo(() => loadedMenu ?? [], [loadedMenu]);
  const [menuError, setMenuError] = useState<string | null>(null);
  const [tabs, setTabs] = useAtom(tableListAtom);
  const offWeb = useAtomValue(offWebAtom);

  useEffect(() => {
    let live = true;
    services
      .menu()
      .then((m) => live && setMenu(Array.isArray(m) ? m : []))
      .catch((e: unknown) => {
        if (live && !(e instanceof ApiError && e.handled)) setMenuError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      live = false;
    };
  }, [setMenu]);

  const key = location.pathname + location.search;
  const named = useAtomValue(pageTitleAtom);
  const title = pageTitle(location.pathname, menu, locale, t, named && named.key === key ? named.title : null);
  useEffect(() => {
    // the lookup page only passes through to the page it finds
    if (location.pathname === APP_ROUTES.lookup) return;
    setTabs((prev: OpenTab[]) => {
      const i = prev.findIndex((x) => x.key === key);
      if (i >= 0) return prev[i].title === title ? prev : prev.map((x, j) => (j === i ? { ...x, title } : x));
      return [...prev, { key, title }];
    });
  }, [key, title, setTabs, location.pathname]);

  const items = useMemo(() => toMenuItems(menu, locale), [menu, locale]);
  const trail = menuTrail(menu, location.pathname);
  const defaultOpen = useMemo(() => openKeysFor(menu, location.pathname), [menu, location.pathname]);
  const name = getSessionValue('empName') ?? getSessionValue('username') ?? '';
  const siderHidden = collapsed ?? narrow;
  useEffect(() => {
    if (!phone) setDrawerOpen(false);
  }, [phone]);

  if (offWeb) {
    return (
      <div className="frame-content" data-testid="employee-frame-offweb">
        <PageWatermark>
          <div className="page-card">
            <Outlet />
          </div>
        </PageWatermark>
      </div>
    );
  }

  const closeTab = (target: string) => {
    const rest = tabs.filter((x) => x.key !== target);
    setTabs(rest);
    if (target === key) navigate(rest.length ? rest[rest.length - 1].key : APP_ROUTES.workbench);
  };

  const menuAlert = menuError && (
    <Suspense fallback={<div role="alert">{t('frame.menuFailed')}</div>}>
      <Alert type="error" title={t('frame.menuFailed')} description={menuError} showIcon style={{ margin: 8 }} />
    </Suspense>
  );
  // antd Tag's gold look without antd Tag (src/app.css .frame-admin-tag)
  const adminTag = isAdministrator() && <span className="frame-admin-tag">{t('frame.admin')}</span>;
  const sideMenu = (
    <Suspense fallback={null}>
      <Menu
        theme={phone ? 'light' : 'dark'}
        mode="inline"
        items={items}
        selectedKeys={[location.pathname]}
        defaultOpenKeys={defaultOpen}
        key={defaultOpen.join('|')}
        onClick={({ key: k }) => {
          if (k.startsWith('/')) {
            navigate(k);
            if (phone) setDrawerOpen(false);
            else if (narrow) setCollapsed(true);
          }
        }}
      />
    </Suspense>
  );
  const userMenuItems = [
    ...(phone
      ? [
          {
            key: 'who',
            disabled: true,
            label: (
              <span className="frame-user">
                <span data-testid="user-name">{name}</span>
                {adminTag}
              </span>
            ),
          },
          { type: 'divider' as const },
        ]
      : []),
    { key: 'personal', label: t('frame.personalCenter'), onClick: () => navigate(APP_ROUTES.personalCenter) },
    { type: 'divider' as const },
    {
      key: 'logout',
      label: <span data-testid="logout">{t('frame.logout')}</span>,
      onClick: async () => {
        const to = await logout();
        navigate(to, { replace: true });
      },
    },
  ];

  return (
    <Layout className={phone ? 'frame frame-phone' : 'frame'} data-testid="employee-frame">
      {phone ? (
        drawerUsed && (
          <Suspense fallback={null}>
            <MenuDrawer open={drawerOpen} title={t('title.employee')} onClose={() => setDrawerOpen(false)} returnFocus={drawerButton}>
              <div id="frame-menu-drawer" data-testid="side-menu">
                {menuAlert}
                {sideMenu}
              </div>
            </MenuDrawer>
          </Suspense>
        )
      ) : (
        <Sider
          breakpoint="lg"
          collapsedWidth={narrow ? 0 : 64}
          collapsible
          collapsed={siderHidden}
          onBreakpoint={() => setCollapsed(null)}
          trigger={null}
          width={220}
          data-testid="side-menu"
        >
          <div className="frame-brand" title={t('title.employee')}>
            {siderHidden && !narrow ? 'FW' : t('title.employee')}
          </div>
          {menuAlert}
          {sideMenu}
        </Sider>
      )}
      <Layout>
        <Header className="frame-header">
          {phone ? (
            <DrawerToggle
              buttonRef={drawerButton}
              open={drawerOpen}
              controls="frame-menu-drawer"
              onOpen={() => {
                setDrawerUsed(true);
                setDrawerOpen(true);
              }}
            />
          ) : (
            <Button
              type="text"
              aria-label={siderHidden ? t('frame.expand') : t('frame.collapse')}
              data-testid="menu-toggle"
              icon={siderHidden ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => setCollapsed(!siderHidden)}
            />
          )}
          {phone && (
            <span className="frame-title" data-testid="frame-title" title={title}>
              {title}
            </span>
          )}
          {!phone && (
            <Suspense fallback={null}>
              <Breadcrumb
                className="hide-narrow"
                data-testid="breadcrumbs"
                items={[
                  { title: t('frame.home'), onClick: () => navigate(APP_ROUTES.workbench), className: 'crumb-home' },
                  ...(trail.length ? trail.map((n) => ({ title: localText(n.name, locale) })) : [{ title }]),
                ]}
              />
            </Suspense>
          )}
          {!phone && <span className="spacer" />}
          {phone ? (
            <LanguageSelect iconOnly />
          ) : (
            <span className="hide-narrow">
              <LanguageSelect size="small" />
            </span>
          )}
          <LazyDropdown menu={{ items: userMenuItems }}>
            {phone ? (
              <Button type="text" className="touch-target" data-testid="user-menu" aria-label={t('frame.userMenu', { name })} icon={<UserOutlined />} />
            ) : (
              <Button type="text" data-testid="user-menu">
                <span className="frame-user">
                  <UserOutlined />
                  <span data-testid="user-name">{name}</span>
                  {adminTag}
                </span>
              </Button>
            )}
          </LazyDropdown>
        </Header>
        <PageTabs tabs={tabs} active={key} onClose={closeTab} />
        <Content className="frame-content">
          <PageWatermark>
            <div className="page-card">
              <Outlet />
            </div>
          </PageWatermark>
        </Content>
      </Layout>
    </Layout>
  );
}

/**
 * The open pages, at every width: a strip of links that scrolls sideways in its own box, the
 * current page kept in view, each with a labelled close button (issue 17 made it for phones; issue
 * 16 took it to the desktop too). A navigation, not a tablist: the pages are not tab panels, and a
 * tablist may hold only tabs (antd's editable Tabs put their close buttons in it: axe
 * aria-required-children). `data-node-key` and `ant-tabs-tab-active` are the hooks the e2e
 * helpers read.
 */
function PageTabs({ tabs, active, onClose }: { tabs: readonly OpenTab[]; active: string; onClose: (key: string) => void }) {
  const { t } = useTranslation('app');
  const strip = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const box = strip.current;
    const item = box?.querySelector<HTMLElement>('li.ant-tabs-tab-active');
    if (!box || !item) return;
    const left = item.offsetLeft;
    const right = left + item.offsetWidth;
    if (left < box.scrollLeft) box.scrollLeft = left;
    else if (right > box.scrollLeft + box.clientWidth) box.scrollLeft = right - box.clientWidth;
  }, [active, tabs.length]);
  return (
    <nav className="page-tabs" aria-label={t('frame.tabs')} data-testid="page-tabs">
      <ul ref={strip}>
        {tabs.map((x) => {
          const current = x.key === active;
          return (
            <li key={x.key} data-node-key={x.key} className={current ? 'page-tab ant-tabs-tab-active' : 'page-tab'}>
              <Link to={x.key} aria-current={current ? 'page' : undefined} title={x.title}>
                {x.title}
              </Link>
              {tabs.length > 1 && (
                <button type="button" className="page-tab-close" aria-label={`${t('frame.closeTab')} ${x.title}`} onClick={() => onClose(x.key)}>
                  <CloseOutlined aria-hidden />
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
