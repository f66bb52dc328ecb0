// Serving the built client and the API's answers (issue 16 "Serving the app"): precompressed
// br/gzip twins of the build chosen by Accept-Encoding, a year of immutable caching for hashed
// assets and no-cache for index.html and the client's routes, API answers of 1 KB and more
// compressed, the security headers (CSP with no inline script on pages) and the favicon.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startTestApp, type TestApp } from '../test/helpers';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ASSET = 'assets/index-Bx7Qz2Lk.js';
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: "row ${i}" }`).join(', ')}];\n`;

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'formwork-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html lang="zh-CN"><head><link rel="icon" type="image/svg+xml" href="/favicon.svg" /><script type="module" crossorigin src="/${ASSET}"></script></head><body><div id="root"></div></body></html>\n`,
  );
  writeFileSync(path.join(dist, ASSET), script);
  writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>');
  // the twins scripts/build-client.mjs writes beside each file of the build (its own test: scripts/build-client.test.ts)
  writeFileSync(path.join(dist, `${ASSET}.br`), brotliCompressSync(script));
  writeFileSync(path.join(dist, `${ASSET}.gz`), gzipSync(script));
  t = await startTestApp({ env: { CLIENT_DIST: dist } });
});

afterAll(async () => {
  await t?.stop();
  rmSync(dist, { recursive: true, force: true });
});

describe('hashed assets', () => {
  it('are sent as their brotli twin to a browser that accepts br, cached for a year, immutable', async () => {
    const r = await t.inject({ url: `/${ASSET}`, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/javascript/);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(r.headers.vary)).toMatch(/accept-encoding/i);
    expect(r.rawPayload.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(r.rawPayload).toString()).toBe(script);
  });

  it('as gzip to one that accepts only gzip, as they are to one that accepts neither', async () => {
    const gz = await t.inject({ url: `/${ASSET}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await t.inject({ url: `/${ASSET}`, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('do not expose the twins under their own names', async () => {
    expect((await t.inject({ url: `/${ASSET}.br` })).statusCode).toBe(404);
  });
});

describe('pages', () => {
  it.each(['/', '/web', '/web/emp/home', '/maintenance'])('%s: index.html, revalidated on every use, with the security headers', async (url) => {
    const r = await t.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.body).toContain('<div id="root">');
    expect(r.headers['cache-control']).toBe('no-cache');
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'( 'unsafe-eval')?;/); // eval: ajv compiles the definitions' schemas in the browser
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the favicon is served (no 404 on the login page), revalidated', async () => {
    const r = await t.inject({ url: '/favicon.svg' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(r.headers['cache-control']).toBe('no-cache');
  });

  it("a browser's navigation to a path that is nowhere gets the client's page (its not-found page) with 404", async () => {
    const html = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    const r = await t.inject({ url: '/no/such/thing', headers: { accept: html } });
    expect(r.statusCode).toBe(404);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.body).toContain('<div id="root">');
    expect(r.headers['content-security-policy']).toBeTruthy();
    // an API path, a file or a script stays the envelope even from a browser
    for (const url of ['/emp/api/v2/nope', '/nope/x.js']) {
      const e = await t.inject({ url, headers: { accept: html } });
      expect(e.statusCode).toBe(404);
      expect(e.json()).toMatchObject({ code: 404 });
    }
  });

  it('an unknown path outside the client answers the 404 envelope, not the page', async () => {
    const r = await t.inject({ url: '/nope/x.js' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ code: 404 });
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('API answers', () => {
  it('of 1 KB and more are compressed, br or gzip by Accept-Encoding', async () => {
    const plain = await t.inject({ url: '/docs/json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.inject({ url: '/docs/json', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await t.inject({ url: '/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('a module route (an envelope) is compressed too, a small answer is not', async () => {
    const token = await t.login('admin');
    const headers = { authorization: token, 'accept-encoding': 'gzip, br' };
    const big = await t.inject({ method: 'POST', url: '/emp/api/v2/duoYuYan/keys', payload: {}, headers });
    const small = await t.inject({ url: '/health', headers });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ code: 0 });
    const raw = big.headers['content-encoding'] === 'br' ? brotliDecompressSync(big.rawPayload) : big.rawPayload;
    expect(raw.length).toBeGreaterThan(1024);
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(raw.toString())).toMatchObject({ code: 0 });
  });
});

describe('index.html of the client', () => {
  it('carries no inline script (the CSP allows none) and links the favicon of public/', () => {
    const html = readFileSync(path.join(ROOT, 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc=/);
      expect(body.trim()).toBe('');
    }
    expect(html).toMatch(/<link rel="icon"[^>]*href="\/favicon\.svg"/);
    expect(existsSync(path.join(ROOT, 'public/favicon.svg'))).toBe(true);
  });
});
