import { describe, expect, it } from 'vitest';
import { guardRedirect, isPublicPath, loginRedirect, mainPageFor, safeRedirect } from './guard';

describe('login guard (spec §4)', () => {
  it('sends navigation without a token to the login page with a timestamp', () => {
    const to = guardRedirect('/web/system/gongZuoTai', '', false, 1_700_000_000_000);
    expect(to).not.toBeNull();
    const url = new URL(to!, 'http://x');
    expect(url.pathname).toBe('/web/login');
    expect(url.searchParams.get('t')).toBe('1700000000000');
    expect(url.searchParams.get('redirect')).toBe('/web/system/gongZuoTai');
  });

  it('lets a session through', () => {
    expect(guardRedirect('/web/emp/feiYong/jieAn/feiYongJieAnList', '', true)).toBeNull();
  });

  it.each([
    '/web/login',
    '/web/loginWx',
    '/web/dp/login',
    '/web/dp/shouYe',
    '/web/dp/order/list',
    '/web/dp',
    '/maintenance',
    '/web/activitiesconfirmation',
    '/web/activitiesconfirmation/info',
  ])('%s needs no token', (p) => {
    expect(isPublicPath(p)).toBe(true);
    expect(guardRedirect(p, '', false)).toBeNull();
  });

  it.each(['/', '/web', '/web/welcome', '/web/system/gongZuoTai', '/web/dpx', '/web/loginX', '/maintenance2', '/web/xinXiZhongXin/quDaoList'])(
    '%s needs a token',
    (p) => {
      expect(isPublicPath(p)).toBe(false);
      expect(guardRedirect(p, '', false)).toMatch(/^\/web\/login\?t=\d+/);
    },
  );

  it('does not ask to come back to the root or welcome', () => {
    expect(new URL(loginRedirect('/', '', 1), 'http://x').searchParams.has('redirect')).toBe(false);
    expect(new URL(loginRedirect('/web/welcome', '', 1), 'http://x').searchParams.has('redirect')).toBe(false);
  });

  it('main page: employees the workbench, dealers the dealer home', () => {
    expect(mainPageFor(false)).toBe('/web/system/gongZuoTai');
    expect(mainPageFor(true)).toBe('/web/dp/shouYe');
  });

  it('follows only our own redirect targets', () => {
    expect(safeRedirect('/web/xinXiZhongXin/quDaoList?x=1', '/m')).toBe('/web/xinXiZhongXin/quDaoList?x=1');
    expect(safeRedirect('https://evil.example/web/', '/m')).toBe('/m');
    expect(safeRedirect('//evil.example/web/', '/m')).toBe('/m');
    expect(safeRedirect('/web/login', '/m')).toBe('/m');
    expect(safeRedirect(null, '/m')).toBe('/m');
  });
});
