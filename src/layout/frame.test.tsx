// Menu helpers, the watermark text and the per-portal page title.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { Provider, createStore } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { services } from '../api/services';
import { DealerFrame } from '../dealer/DealerFrame';
import { EmployeeFrame } from './EmployeeFrame';
import { i18n } from '../i18n/i18n';
import { menuAtom, tableListAtom } from '../session/atoms';
import { useMenuHeading } from './pageTitle';
import type { MenuNode } from '../api/services';
import { localText, mayOpen, menuTrail, openKeysFor, toMenuItems } from './menu';
import { watermarkLines } from './Watermark';
import { portalTitleKey } from './RootLayout';
import { stubWidth } from '../../widgets/testing/viewport';

const menu: MenuNode[] = [
  { id: '1', name: { 'zh-CN': '工作台', 'en-US': 'Workbench' }, path: '/web/system/gongZuoTai' },
  {
    id: '2',
    name: { 'zh-CN': '费用管理', 'en-US': 'Expenses' },
    children: [{ id: '3', name: { 'zh-CN': '费用申请' }, path: '/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingList' }],
  },
];

describe('menu', () => {
  it('finds the trail of a path for breadcrumbs and open submenus', () => {
    expect(menuTrail(menu, '/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingList').map((n) => n.id)).toEqual(['2', '3']);
    expect(menuTrail(menu, '/web/nowhere')).toEqual([]);
    expect(openKeysFor(menu, '/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingList')).toEqual(['menu-2']);
  });

  it('names entries in the UI language, falling back to zh-CN', () => {
    expect(localText(menu[1].name, 'en-US')).toBe('Expenses');
    expect(localText(menu[1].children![0].name, 'en-US')).toBe('费用申请');
    expect(localText('纯文本', 'zh-TW')).toBe('纯文本');
    const items = toMenuItems(menu, 'en-US');
    expect(items[0]).toEqual({ key: '/web/system/gongZuoTai', label: 'Workbench' });
    expect(items[1]).toMatchObject({
      key: 'menu-2',
      label: 'Expenses',
      children: [{ key: '/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingList', label: '费用申请' }],
    });
  });
});

describe('watermark (spec §8, §9)', () => {
  const fallback = { unknownUser: '未知登陆用户', noMobile: '未设置手机号' };
  it('shows name, mobile and the date as yyyyMMdd', () => {
    expect(watermarkLines('张伟', '13916002345', fallback, new Date(2026, 10, 22, 9, 30))).toEqual(['张伟', '13916002345', '20261122']);
  });
  it('says so when the name or mobile is missing', () => {
    expect(watermarkLines(null, '', fallback, new Date(2026, 0, 5))).toEqual(['未知登陆用户', '未设置手机号', '20260105']);
  });
});

describe('page title per portal (spec §1)', () => {
  it('dealer portal paths get the dealer title, everything else the enterprise one', () => {
    expect(portalTitleKey('/web/dp/shouYe')).toBe('title.dealer');
    expect(portalTitleKey('/web/dp/login')).toBe('title.dealer');
    expect(portalTitleKey('/web/dpx')).toBe('title.employee');
    expect(portalTitleKey('/web/login')).toBe('title.employee');
    expect(portalTitleKey('/maintenance')).toBe('title.employee');
  });
});

describe('links show only what the user may open (issue 16)', () => {
  // an employee's menu (server/modules/menu: the role grants): no form builder entry
  const employeeMenu: MenuNode[] = [
    { id: '1', name: { 'zh-CN': '工作台' }, path: '/web/system/gongZuoTai' },
    {
      id: '2',
      name: { 'zh-CN': '费用管理' },
      children: [{ id: '3', name: { 'zh-CN': '费用申请' }, path: '/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingList' }],
    },
  ];
  it("a link is offered when its path is in the user's menu", () => {
    expect(mayOpen('/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingList', employeeMenu)).toBe(true);
    expect(mayOpen('/web/system/peiZhi/biaoDanList', employeeMenu)).toBe(false);
    expect(mayOpen('/web/emp/feiYong/jieAn/feiYongJieAnList', employeeMenu)).toBe(false);
  });
  it('pages every user has (workbench, personal center, lookup) are always offered; nothing else before the menu is there', () => {
    expect(mayOpen('/web/system/geRenZhongXin', [])).toBe(true);
    expect(mayOpen('/web/system/gongZuoTai', null)).toBe(true);
    expect(mayOpen('/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingList', null)).toBe(false);
  });
});

describe("a menu page is headed by its menu entry (issue 16: 待结案 / 待核销 showed the definition's name)", () => {
  const awaiting: MenuNode[] = [
    {
      id: '2',
      name: { 'zh-CN': '费用管理', 'en-US': 'Expenses' },
      children: [
        { id: '3', name: { 'zh-CN': '待结案费用', 'en-US': 'Awaiting settlement', 'zh-TW': '待結案費用' }, path: '/web/emp/feiYong/jieAn/feiYongDaiJieAnList' },
      ],
    },
  ];
  function Heading() {
    return <h4>{useMenuHeading() ?? 'definition name'}</h4>;
  }
  const at = (path: string) => {
    const store = createStore();
    store.set(menuAtom, awaiting);
    return render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <Heading />
        </MemoryRouter>
      </Provider>,
    );
  };
  it('uses the menu name in the UI language, and the definition name off the menu', async () => {
    at('/web/emp/feiYong/jieAn/feiYongDaiJieAnList');
    expect(screen.getByRole('heading')).toHaveTextContent('待结案费用');
    await i18n.changeLanguage('en-US');
    expect(await screen.findByText('Awaiting settlement')).toBeInTheDocument();
    await i18n.changeLanguage('zh-CN');
  });
  it('falls back off the menu', () => {
    at('/web/emp/feiYong/jieAn/feiYongJieAnEditOne');
    expect(screen.getByRole('heading')).toHaveTextContent('definition name');
  });
});

// ---- issue 17: the frame on a phone ----

function Here() {
  const { pathname } = useLocation();
  return <div data-testid="here">{pathname}</div>;
}

function renderFrame(path: string, Frame: () => ReactElement = EmployeeFrame) {
  const store = createStore();
  return render(
    <Provider store={store}>
      <AntApp>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={<Frame />}>
              <Route path="*" element={<Here />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </AntApp>
    </Provider>,
  );
}

describe('the employee frame below the tablet width (issue 17)', () => {
  beforeEach(() => {
    vi.spyOn(services, 'menu').mockResolvedValue(menu);
    sessionStorage.setItem('empName', '张伟');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('folds the side menu into a drawer: menu button, Esc closes and gives focus back, an item closes it', async () => {
    stubWidth(360);
    renderFrame('/web/system/gongZuoTai');
    const open = await screen.findByRole('button', { name: '打开菜单' });
    // no side menu in the page itself
    expect(document.querySelector('.ant-layout-sider')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(open);
    const drawer = await screen.findByRole('dialog');
    expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(await within(drawer).findByText('费用管理')).toBeInTheDocument();
    fireEvent.keyDown(drawer, { key: 'Escape', code: 'Escape', keyCode: 27 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(open).toHaveFocus());
    expect(open).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(open);
    const again = await screen.findByRole('dialog');
    fireEvent.click(within(again).getByText('费用管理'));
    fireEvent.click(await within(again).findByText('费用申请'));
    expect(screen.getByTestId('here')).toHaveTextContent('/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingList');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('the header shrinks the language select and the user menu to labelled icons', async () => {
    stubWidth(360);
    renderFrame('/web/system/gongZuoTai');
    await screen.findByRole('button', { name: '打开菜单' });
    expect(screen.getByRole('button', { name: '切换语言' })).toBeInTheDocument();
    expect(screen.queryByTestId('language-select')).toBeNull();
    expect(screen.getByRole('button', { name: '用户菜单：张伟' })).toBeInTheDocument();
    expect(screen.getByTestId('frame-title')).toHaveTextContent('工作台');
  });

  it('from the tablet width up the side menu stays and there is no drawer button', async () => {
    stubWidth(1280);
    renderFrame('/web/system/gongZuoTai');
    expect(await screen.findByTestId('side-menu')).toHaveClass('ant-layout-sider');
    expect(screen.queryByRole('button', { name: '打开菜单' })).toBeNull();
    expect(screen.getByTestId('language-select')).toBeInTheDocument();
  });
});

describe('the dealer shell below the tablet width (issue 17)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('puts its navigation in a drawer; a link closes it', async () => {
    stubWidth(360);
    vi.spyOn(services, 'dealerInit').mockRejectedValue(new Error('offline'));
    renderFrame('/web/dp/shouYe', DealerFrame);
    const open = await screen.findByRole('button', { name: '打开菜单' });
    expect(screen.queryByRole('navigation')).toBeNull();
    fireEvent.click(open);
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(within(drawer).getByRole('link', { name: '帮助中心' }));
    expect(screen.getByTestId('here')).toHaveTextContent('/web/dp/bangZhuZhongXin');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: '切换语言' })).toBeInTheDocument();
  });
});

describe('the dealer shell on a tablet (768–991 px: app.css hides the header links)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
  it('offers the links through the drawer; the language select stays a select', async () => {
    stubWidth(900);
    renderFrame('/web/dp/shouYe', DealerFrame);
    fireEvent.click(await screen.findByRole('button', { name: '打开菜单' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('link', { name: '关于我们' })).toBeInTheDocument();
    expect(screen.getByTestId('language-select')).toBeInTheDocument();
  });
  it('from 992 px up the links are in the header and there is no drawer button', async () => {
    stubWidth(1280);
    renderFrame('/web/dp/shouYe', DealerFrame);
    expect(await screen.findByRole('link', { name: '关于我们' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '打开菜单' })).toBeNull();
  });
});

describe('the tab strip, on a phone (issue 17) and on a desktop (issue 16: axe aria-required-children)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it.each([360, 1280])('at %i px: a navigation of links with a labelled close button each, no tablist holding buttons', async (width) => {
    stubWidth(width);
    vi.spyOn(services, 'menu').mockResolvedValue(menu);
    const store = createStore();
    store.set(tableListAtom, [
      { key: '/web/system/gongZuoTai', title: '工作台' },
      { key: '/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingList', title: '费用申请' },
    ]);
    render(
      <Provider store={store}>
        <AntApp>
          <MemoryRouter initialEntries={['/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingList']}>
            <Routes>
              <Route element={<EmployeeFrame />}>
                <Route path="*" element={<Here />} />
              </Route>
            </Routes>
          </MemoryRouter>
        </AntApp>
      </Provider>,
    );
    const strip = await screen.findByRole('navigation', { name: '已打开的页面' });
    expect(screen.queryByRole('tablist')).toBeNull();
    const current = await within(strip).findByRole('link', { name: '费用申请' });
    expect(current).toHaveAttribute('aria-current', 'page');
    fireEvent.click(within(strip).getByRole('link', { name: '工作台' }));
    expect(screen.getByTestId('here')).toHaveTextContent('/web/system/gongZuoTai');
    fireEvent.click(within(strip).getByRole('button', { name: '关闭 费用申请' }));
    await waitFor(() => expect(within(strip).queryByRole('link', { name: '费用申请' })).toBeNull());
    // the last tab cannot be closed
    expect(within(strip).queryByRole('button', { name: /^关闭/ })).toBeNull();
  });
});
