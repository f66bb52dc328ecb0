// An unknown route is not found (404 with the path and a way back), in both shells and every
// locale; a route of the spec's route table without a page yet keeps 未配置 (issue 16).
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { NotConfiguredPage } from './NotConfiguredPage';
import { DealerPage } from '../dealer/DealerPage';
import { isKnownRoute } from '../routes/knownRoutes';

const at = (path: string, page: React.ReactNode) =>
  render(
    <MemoryRouter initialEntries={['/web/system/gongZuoTai', path]} initialIndex={1}>
      <Routes>
        <Route path="/web/system/gongZuoTai" element={<div data-testid="workbench" />} />
        <Route path="/web/dp/shouYe" element={<div data-testid="dealer-home" />} />
        <Route path="*" element={page} />
      </Routes>
    </MemoryRouter>,
  );

afterEach(async () => {
  sessionStorage.clear();
  await i18n.changeLanguage('zh-CN');
});

describe('not found', () => {
  it('a path in no route table shows 404 with the path, back and home (employee shell)', async () => {
    sessionStorage.setItem('mytoken', 't');
    at('/web/system/noSuchPage', <NotConfiguredPage />);
    expect(screen.getByTestId('not-found')).toHaveTextContent('页面不存在');
    expect(screen.getByTestId('not-found-path')).toHaveTextContent('/web/system/noSuchPage');
    expect(screen.queryByTestId('not-configured')).toBeNull();
    fireEvent.click(screen.getByTestId('not-found-home'));
    expect(await screen.findByTestId('workbench')).toBeInTheDocument();
  });

  it('the back button goes to the previous page', async () => {
    sessionStorage.setItem('mytoken', 't');
    at('/web/nowhere/at/all', <NotConfiguredPage />);
    fireEvent.click(screen.getByTestId('not-found-back'));
    expect(await screen.findByTestId('workbench')).toBeInTheDocument();
  });

  it('an unknown dealer page is not found, and home is the dealer home', async () => {
    sessionStorage.setItem('mytoken', 't');
    sessionStorage.setItem('dealerId', '1');
    at('/web/dp/noSuchPage', <DealerPage />);
    expect(screen.getByTestId('not-found')).toBeInTheDocument();
    expect(screen.queryByTestId('not-configured')).toBeNull();
    fireEvent.click(screen.getByTestId('not-found-home'));
    expect(await screen.findByTestId('dealer-home')).toBeInTheDocument();
  });

  it('is translated', async () => {
    await i18n.changeLanguage('en-US');
    at('/web/system/noSuchPage', <NotConfiguredPage />);
    expect(screen.getByTestId('not-found')).toHaveTextContent('Page not found');
    expect(screen.getByTestId('not-found-home')).toHaveTextContent('Home');
    await i18n.changeLanguage('zh-TW');
    expect(await screen.findByText('返回首頁')).toBeInTheDocument();
  });

  it('a spec route without a page, or a route entry without a definition, keeps 未配置', () => {
    at('/web/report/kanBan/dashBoard', <NotConfiguredPage />);
    expect(screen.getByTestId('not-configured')).toHaveTextContent('未配置');
  });

  it('knows the route tables', () => {
    expect(isKnownRoute('/web/gongYingLian/xiLieList')).toBe(true);
    expect(isKnownRoute('/web/keHuGuanLi/')).toBe(true);
    expect(isKnownRoute('/web/system/process/liuChengSheZhi')).toBe(true);
    expect(isKnownRoute('/web/monitor/server')).toBe(true);
    expect(isKnownRoute('/web/system/noSuchPage')).toBe(false);
    expect(isKnownRoute('/web/system/noSuchPage', new Set(['/web/system/noSuchPage']))).toBe(true);
  });
});
