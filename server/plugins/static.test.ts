// The prerendered sign-in pages (issue 16, Lighthouse on the login page): the server answers
// /web/login and /web/dp/login with the HTML scripts/build-client.mjs prerendered for them (the
// page in #root, painted before any script), every other client route with index.html, and
// index.html for them too when the build has no prerendered page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from '../test/helpers';
import { pageFileOf, PRERENDERED } from './static';

const page = (body: string) => `<!doctype html><html lang="zh-CN"><head><title>t</title></head><body><div id="root">${body}</div></body></html>\n`;

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'formwork-prerender-'));
  writeFileSync(path.join(dist, 'index.html'), page(''));
  writeFileSync(path.join(dist, 'login.html'), page('<main data-testid="login-page">员工</main>'));
  writeFileSync(path.join(dist, 'dp-login.html'), page('<main data-testid="dealer-login-page">经销商</main>'));
  t = await startTestApp({ env: { CLIENT_DIST: dist } });
});

afterAll(async () => {
  await t?.stop();
  rmSync(dist, { recursive: true, force: true });
});

describe('prerendered sign-in pages', () => {
  it('names the files scripts/build-client.mjs writes (PRERENDERED there)', () => {
    expect(PRERENDERED).toEqual({ '/web/login': 'login.html', '/web/dp/login': 'dp-login.html' });
  });

  it('/web/login (with its query) is answered with the prerendered employee login, revalidated', async () => {
    const r = await t.inject({ url: '/web/login?t=1700000000000&redirect=%2Fweb%2Fsystem%2FgongZuoTai', headers: { accept: 'text/html' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.body).toContain('data-testid="login-page"');
  });

  it('/web/dp/login with the dealer login; other client routes with the empty index.html', async () => {
    expect((await t.inject({ url: '/web/dp/login' })).body).toContain('data-testid="dealer-login-page"');
    for (const url of ['/web/loginWx', '/web/system/gongZuoTai', '/web/welcome', '/']) {
      const r = await t.inject({ url });
      expect(r.statusCode, url).toBe(200);
      expect(r.body, url).toContain('<div id="root"></div>');
    }
  });

  it('falls back to index.html when the build has no prerendered page', () => {
    expect(pageFileOf('/web/login', dist)).toBe('login.html');
    expect(pageFileOf('/web/login/', dist)).toBe('login.html');
    expect(pageFileOf('/web/dp/login', tmpdir())).toBe('index.html');
    expect(pageFileOf('/web/other', dist)).toBe('index.html');
  });
});
