// Every registered route declares a policy, and the policy holds: no token → 401 on every
// non-public route, a dealer token on employee/admin routes → 403, an employee on admin and
// dealer routes → 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from './helpers';

describe('route policies', () => {
  let a: TestApp;
  let dealer: string;
  let emp: string;
  const dist = mkdtempSync(path.join(tmpdir(), 'formwork-dist-'));
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Formwork</title>');
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    a = await startTestApp({ env: { CLIENT_DIST: dist } });
    dealer = await a.login('dealer01');
    emp = await a.login('zhangwei');
  });
  afterAll(async () => {
    await a?.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  const call = (r: { method: string; url: string }, token?: string) =>
    a.inject({
      method: r.method as InjectOptions['method'],
      url: r.url.replace(/\*$/, 'x'),
      payload: r.method === 'GET' ? undefined : {},
      headers: token ? { authorization: token } : {},
    });

  it('every API route declares a policy and the catalogue is complete', () => {
    const api = a.routes.filter((r) => r.url.startsWith('/emp') || r.url.startsWith('/tpm'));
    expect(api.length).toBeGreaterThan(50);
    const urls = new Set(api.map((r) => r.url));
    for (const u of [
      '/emp/api/v2/login',
      '/emp/api/v2/logout',
      '/tpm/dp/commons/check/check-login.action',
      '/tpm/dp/commons/check/check-init.action',
      '/tpm/wx/commons/wxConfig/web-qrcode.action',
      '/tpm/wx/commons/wxConfig/webQrcode-callBack.action',
      '/emp/api/v2/biaoDan/list',
      '/tpm/emp/system/commons/biaoDan/edit-init.action',
      '/tpm/emp/system/commons/biaoDan/edit-save.action',
      '/tpm/emp/system/commons/biaoDan/delete-row.action',
      '/emp/api/v2/feiYong/yinQing/shenQing/getShenQingDanLeiXing',
      '/tpm/system/menu.action',
      '/tpm/upload/upload-sellSetting',
      '/tpm/upload/upload-download',
      '/tpm/upload/upload-delete',
      '/emp/api/v2/login/duoYuYan',
      '/emp/api/v2/duoYuYanKey',
      ...[
        'employee',
        'employee-all',
        'department',
        'dealerConnTable',
        'dealerSystem',
        'wangDian',
        'sanJiKeMu',
        'qudao-all',
        'area-manger',
        'sheng',
        'gangWei',
        'pinPai',
        'pinLei',
        'caiwunian-all',
        'refcode',
      ].map((n) => `/tpm/emp/base/autoComplete/${n}`),
    ])
      expect(urls, u).toContain(u);
  });

  it('no token → 401 with errorCode 1000000 / errorType 10010 on every non-public route', async () => {
    const guarded = a.routes.filter((r) => r.policy !== 'public');
    expect(guarded.length).toBeGreaterThan(40);
    for (const r of guarded) {
      const res = await call(r);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json(), `${r.method} ${r.url}`).toMatchObject({ code: 401, errorCode: '1000000', errorType: '10010' });
      const bogus = await call(r, 'not-a-real-token');
      expect(bogus.statusCode, `${r.method} ${r.url} (bogus token)`).toBe(401);
    }
  });

  it('a dealer token on employee and admin routes → 403', async () => {
    const empRoutes = a.routes.filter((r) => r.policy === 'employee' || r.policy === 'admin');
    expect(empRoutes.length).toBeGreaterThan(30);
    for (const r of empRoutes) {
      const res = await call(r, dealer);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json().code).toBe(403);
    }
  });

  it('an employee token on admin and dealer routes → 403', async () => {
    for (const r of a.routes.filter((x) => x.policy === 'admin' || x.policy === 'dealer')) {
      expect((await call(r, emp)).statusCode, `${r.method} ${r.url}`).toBe(403);
    }
  });

  it('public routes answer without a session', async () => {
    for (const r of a.routes.filter((x) => x.policy === 'public' && (x.url === '/health' || x.url.endsWith('maintenance/status')))) {
      expect((await call(r)).statusCode).toBe(200);
    }
    expect((await a.inject({ method: 'GET', url: '/docs/json' })).json().openapi).toMatch(/^3\./);
  });

  it('serves the built client with history fallback for /, /web/* and /maintenance, also in maintenance', async () => {
    for (const url of ['/', '/web', '/web/emp/feiYong/shenQing/gt/gtFeiYongShenQingList', '/maintenance', '/web/login?t=1']) {
      const r = await a.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      expect(r.body, url).toContain('<title>Formwork</title>');
    }
    expect((await a.inject({ method: 'GET', url: '/assets/app.js' })).body).toBe('console.log(1)');
    const miss = await a.inject({ method: 'GET', url: '/nope' });
    expect(miss.statusCode).toBe(404);
    expect(miss.json().code).toBe(404);
    const admin = await a.login('admin');
    await a.post('/emp/api/v2/maintenance', { enabled: true }, admin);
    try {
      expect((await a.inject({ method: 'GET', url: '/maintenance' })).statusCode).toBe(200);
      expect((await a.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
      expect((await a.post('/emp/api/v2/biaoDan/list', {}, admin)).json().errorCode).toBe(-999999);
    } finally {
      await a.post('/emp/api/v2/maintenance', { enabled: false }, admin);
    }
  });
});
