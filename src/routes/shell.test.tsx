// Each shell admits only its own user type (issue 16): a dealer session never opens the
// employee shell, an employee never the dealer shell; the router's root loader follows it.
import { afterEach, describe, expect, it } from 'vitest';
import { rootLoader } from './router';
import { shellRedirect } from './guard';

describe('shell gate', () => {
  it.each([
    ['/web/system/gongZuoTai', '/web/dp/shouYe'],
    ['/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingList', '/web/dp/shouYe'],
    ['/web/system/peiZhi/biaoDanList', '/web/dp/shouYe'],
    ['/web/keHuGuanLi/', '/web/dp/shouYe'],
    ['/web/no/such/page', '/web/dp/shouYe'],
  ])('a dealer on the employee route %s goes to the dealer home', (p, to) => {
    expect(shellRedirect(p, true, true)).toBe(to);
  });

  it.each(['/web/dp/shouYe', '/web/dp/gongZuoTai', '/web/dp', '/web/dp/noSuch'])('an employee on the dealer route %s goes to the workbench', (p) => {
    expect(shellRedirect(p, true, false)).toBe('/web/system/gongZuoTai');
  });

  it.each([
    ['/web/dp/shouYe', true],
    ['/web/system/gongZuoTai', false],
  ])('each user type stays in its own shell (%s)', (p, dealer) => {
    expect(shellRedirect(p, true, dealer)).toBeNull();
  });

  it('login pages, maintenance and the welcome page admit anyone; without a session there is nothing to gate', () => {
    for (const p of ['/web/login', '/web/loginWx', '/web/dp/login', '/maintenance', '/web/welcome', '/web/activitiesconfirmation/info']) {
      expect(shellRedirect(p, true, true)).toBeNull();
      expect(shellRedirect(p, true, false)).toBeNull();
    }
    expect(shellRedirect('/web/dp/shouYe', false, false)).toBeNull();
    expect(shellRedirect('/web/system/gongZuoTai', false, true)).toBeNull();
  });
});

describe('the root loader applies the gate', () => {
  afterEach(() => sessionStorage.clear());
  const load = (p: string) => {
    try {
      rootLoader({ request: new Request(`http://x${p}`), params: {}, context: undefined } as never);
      return null;
    } catch (r) {
      return r instanceof Response ? r.headers.get('Location') : r;
    }
  };

  it('redirects a dealer session off the employee shell and an employee off the dealer shell', () => {
    sessionStorage.setItem('mytoken', 'tok');
    sessionStorage.setItem('dealerId', '1234567890123456789');
    expect(load('/web/system/gongZuoTai')).toBe('/web/dp/shouYe');
    expect(load('/web/dp/gongZuoTai')).toBeNull();
    sessionStorage.removeItem('dealerId');
    expect(load('/web/dp/gongZuoTai')).toBe('/web/system/gongZuoTai');
    expect(load('/web/system/gongZuoTai')).toBeNull();
  });
});
