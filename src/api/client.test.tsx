// The API client and the error catalogue against a real local HTTP server (jsdom for the
// session storage and antd's dialog).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Modal } from 'antd';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../../schemas/constants';
import { ApiClient, ApiError, formEncode } from './client';
import { configureCatalogue, resetCatalogue, isSessionDialogOpen } from './errorCatalogue';
import { loadingTracker } from './loadingTracker';
import { LOGIN_FLAGS, getSession, saveSession } from '../session/session';
import { appStore, tableListAtom, userIdAtom } from '../session/atoms';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
let server: Server;
let baseUrl: string;
const seen: Seen[] = [];

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let s = '';
    req.on('data', (c: Buffer) => (s += c.toString('utf8')));
    req.on('end', () => resolve(s));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    // jsdom's XMLHttpRequest runs from the page's origin: answer its CORS preflight
    res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*', 'access-control-allow-methods': 'GET, POST' });
      return res.end();
    }
    const body = await readBody(req);
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    const path = (req.url ?? '').split('?')[0];
    if (path === '/ok') return send(200, { code: 0, msg: 'ok', data: { echo: body } });
    if (path === '/business') return send(200, { code: 1, msg: '单号不存在' });
    if (path === '/invalid') return send(422, { code: 422, msg: '校验失败', errors: [{ field: 'amount', message: '必填' }] });
    if (path === '/maintenance') return send(503, { code: 503, msg: '维护中', errorCode: -999999 });
    if (path === '/expired') return send(401, { code: 401, msg: '会话过期', errorCode: '1000000', errorType: '10010' });
    if (path === '/expiredType') return send(200, { code: 401, msg: '会话过期', errorType: '10010' });
    if (path === '/html') {
      res.writeHead(502, { 'content-type': 'text/html' });
      return res.end('<html>bad gateway</html>');
    }
    if (path === '/upload') return send(200, { code: 0, msg: 'ok', data: { id: '1000000000000000009', name: 'a.png', size: body.length, type: 'image/png' } });
    if (path === '/upload413') return send(413, { code: 413, msg: '文件过大', errors: [{ field: 'file', message: '文件不能超过 20 MB' }] });
    if (path === '/slowUpload') {
      setTimeout(() => send(200, { code: 0, msg: 'ok', data: 1 }), 2000);
      return;
    }
    if (path === '/slow') {
      setTimeout(() => send(200, { code: 0, msg: 'ok', data: 1 }), 300);
      return;
    }
    send(404, { code: 404, msg: 'not found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

let navigations: string[];
beforeEach(() => {
  seen.length = 0;
  sessionStorage.clear();
  localStorage.clear();
  navigations = [];
  resetCatalogue();
  configureCatalogue({ navigate: (p) => navigations.push(p) });
});
// antd renders its confirm dialogs in React roots of its own: closing them schedules React work
// that must run while this file's DOM still exists (after teardown it throws "window is not defined",
// an unhandled error that fails the run)
const settle = () => new Promise<void>((r) => setTimeout(r, 20));
afterEach(async () => {
  await act(async () => {
    Modal.destroyAll();
    await settle();
  });
});
// on a loaded machine antd's closing motion can still be queueing React work after the last
// test: give it time (once per file) before the environment is torn down
afterAll(async () => {
  Modal.destroyAll();
  for (let i = 0; i < 10; i++) await act(() => new Promise<void>((r) => setTimeout(r, 50)));
});

const client = () => new ApiClient({ baseUrl });

describe('requests', () => {
  it('sends the session headers of spec §7 and a form-encoded body', async () => {
    saveSession({ mytoken: 'my-token-1', token: 'tok-2', empSessionId: 'emp-sess-3', userId: '1000000000000000001' });
    const data = await client().post<{ echo: string }>('/ok', {
      number: 'FW202601010001',
      type: 1,
      filters: [{ key: 'a', op: 'eq', value: 'x' }],
      skip: undefined,
    });
    const req = seen[0];
    expect(req.method).toBe('POST');
    expect(req.headers.authorization).toBe('my-token-1');
    expect(req.headers.token).toBe('tok-2');
    expect(req.headers.empsessionid).toBe('emp-sess-3');
    expect(req.headers['content-type']).toContain('application/x-www-form-urlencoded');
    const params = new URLSearchParams(req.body);
    expect(params.get('number')).toBe('FW202601010001');
    expect(params.get('type')).toBe('1');
    expect(JSON.parse(params.get('filters')!)).toEqual([{ key: 'a', op: 'eq', value: 'x' }]);
    expect(params.has('skip')).toBe(false);
    expect(data.echo).toBe(req.body);
  });

  it('sends JSON where asked', async () => {
    await client().post('/ok', { update: 1, key: 'app:title.employee' }, { json: true });
    expect(seen[0].headers['content-type']).toContain('application/json');
    expect(JSON.parse(seen[0].body)).toEqual({ update: 1, key: 'app:title.employee' });
  });

  it('sends GET parameters in the query string', async () => {
    await client().get('/ok', { keyword: '华东' });
    expect(seen[0].method).toBe('GET');
    expect(new URL(seen[0].url, baseUrl).searchParams.get('keyword')).toBe('华东');
  });

  it('uses the timeout of spec §9', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(3_000_000);
  });

  it('throws a business error for a non-zero code, with its message and field errors', async () => {
    const e1 = await client()
      .post('/business')
      .catch((e: unknown) => e);
    expect(e1).toBeInstanceOf(ApiError);
    expect((e1 as ApiError).kind).toBe('business');
    expect((e1 as ApiError).message).toBe('单号不存在');
    const e2 = (await client()
      .post('/invalid')
      .catch((e: unknown) => e)) as ApiError;
    expect(e2.status).toBe(422);
    expect(e2.errors).toEqual([{ field: 'amount', message: '必填' }]);
  });

  it('throws a network error when the answer is not an envelope or the server is gone', async () => {
    const e1 = (await client()
      .post('/html')
      .catch((e: unknown) => e)) as ApiError;
    expect(e1.kind).toBe('network');
    const gone = new ApiClient({ baseUrl: 'http://127.0.0.1:1' });
    const e2 = (await gone.post('/ok').catch((e: unknown) => e)) as ApiError;
    expect(e2).toBeInstanceOf(ApiError);
    expect(e2.kind).toBe('network');
  });

  it('counts requests for the loading overlay unless silent', async () => {
    const p = client().post('/slow');
    expect(loadingTracker.count()).toBe(1);
    await p;
    expect(loadingTracker.count()).toBe(0);
    const q = client().post('/slow', {}, { silent: true });
    expect(loadingTracker.count()).toBe(0);
    await q;
  });

  it('form-encodes booleans and numbers as text', () => {
    expect(formEncode({ a: true, b: 0, c: null }).toString()).toBe('a=true&b=0');
  });
});

describe('error catalogue (spec §8)', () => {
  it('errorCode -999999 goes to /maintenance', async () => {
    const e = (await client()
      .post('/maintenance')
      .catch((x: unknown) => x)) as ApiError;
    expect(e.handled).toBe(true);
    expect(navigations).toEqual(['/maintenance']);
  });

  it('an expired session shows ONE dialog 提醒 however many calls fail, and confirming signs an employee out to /web/login', async () => {
    saveSession({ mytoken: 't', token: 't2', userId: '1000000000000000001', username: 'zhangwei' });
    appStore.set(userIdAtom, '1000000000000000001');
    appStore.set(tableListAtom, [{ key: '/web/system/gongZuoTai', title: '工作台' }]);
    const c = client();
    const results = await Promise.allSettled([c.post('/expired'), c.post('/expired'), c.post('/expiredType'), c.get('/expired')]);
    expect(results.every((r) => r.status === 'rejected' && (r.reason as ApiError).handled)).toBe(true);
    await screen.findByText('您未登录系统或太久未操作，已自动退出系统，点击确定重新登录？');
    expect(document.querySelectorAll('.ant-modal-confirm').length).toBe(1);
    expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('提醒');
    expect(isSessionDialogOpen()).toBe(true);
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    });
    expect(navigations).toEqual(['/web/login']);
    expect(getSession()).toEqual({});
    expect(localStorage.getItem(LOGIN_FLAGS.loggedIn)).toBeNull();
    expect(localStorage.getItem(LOGIN_FLAGS.dealer)).toBeNull();
    expect(appStore.get(userIdAtom)).toBeNull();
    expect(appStore.get(tableListAtom)).toEqual([]);
    expect(isSessionDialogOpen()).toBe(false);
  });

  it('confirming sends a dealer (dealer flag 1) to /web/dp/login', async () => {
    saveSession({ mytoken: 't', dealerId: '2000000000000000001', username: 'dealer01' });
    expect(localStorage.getItem(LOGIN_FLAGS.dealer)).toBe('1');
    // dialogs of earlier tests may still be in the DOM (closing animations never end in jsdom)
    const before = document.querySelectorAll('.ant-modal-confirm').length;
    await client()
      .post('/expired')
      .catch(() => undefined);
    await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm').length).toBe(before + 1), { timeout: 5000 });
    const buttons = screen.getAllByRole('button', { name: /确\s*定/ });
    act(() => {
      fireEvent.click(buttons[buttons.length - 1]);
    });
    await waitFor(() => expect(navigations).toEqual(['/web/dp/login']));
    expect(sessionStorage.getItem('mytoken')).toBeNull();
  });
});

describe('upload', () => {
  // a real PNG signature and some bytes; large enough for the browser to report progress
  const png = () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), new Uint8Array(256 * 1024).fill(65)], { type: 'image/png' });

  it('sends an ordinary (not streamed) multipart body with the session headers, reports progress up to 100 and answers the envelope data', async () => {
    saveSession({ mytoken: 'my-token-1', token: 'tok-2', empSessionId: 'emp-sess-3', userId: '1000000000000000001' });
    const progress: number[] = [];
    const data = await client().upload<{ id: string; size: number }>('/upload', png(), '发票.png', (p) => progress.push(p));
    const req = seen[0];
    expect(req.method).toBe('POST');
    // Chromium sends a streamed body (what ky's onUploadProgress makes) only over HTTP/2:
    // against an HTTP/1.1 server it fails with net::ERR_ALPN_NEGOTIATION_FAILED. A plain body
    // arrives with its length, never chunked.
    expect(req.headers['transfer-encoding']).toBeUndefined();
    expect(Number(req.headers['content-length'])).toBeGreaterThan(256 * 1024);
    expect(req.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(req.headers.authorization).toBe('my-token-1');
    expect(req.headers.token).toBe('tok-2');
    expect(req.headers.empsessionid).toBe('emp-sess-3');
    expect(req.headers['accept-language']).toBe('zh-CN');
    expect(req.body).toContain('name="file"');
    expect(req.body).toContain('发票.png');
    expect(req.body).toContain('A'.repeat(1000));
    expect(data).toEqual({ id: '1000000000000000009', name: 'a.png', size: req.body.length, type: 'image/png' });
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[progress.length - 1]).toBe(100);
    expect(progress.every((p, i) => p >= 0 && p <= 100 && (i === 0 || p >= progress[i - 1]))).toBe(true);
    expect(loadingTracker.count()).toBe(0);
  });

  it('throws the envelope errors of a refused upload (field-level), and a network error for an answer that is not an envelope', async () => {
    const e1 = (await client()
      .upload('/upload413', png(), 'big.png')
      .catch((e: unknown) => e)) as ApiError;
    expect(e1).toBeInstanceOf(ApiError);
    expect(e1.kind).toBe('business');
    expect(e1.status).toBe(413);
    expect(e1.code).toBe(413);
    expect(e1.message).toBe('文件过大');
    expect(e1.errors).toEqual([{ field: 'file', message: '文件不能超过 20 MB' }]);
    const e2 = (await client()
      .upload('/html', png(), 'a.png')
      .catch((e: unknown) => e)) as ApiError;
    expect(e2.kind).toBe('network');
    expect(e2.status).toBe(502);
    const e3 = (await new ApiClient({ baseUrl: 'http://127.0.0.1:1' }).upload('/upload', png(), 'a.png').catch((e: unknown) => e)) as ApiError;
    expect(e3).toBeInstanceOf(ApiError);
    expect(e3.kind).toBe('network');
    expect(loadingTracker.count()).toBe(0);
  });

  it('runs the error catalogue (maintenance) like every other call', async () => {
    const e = (await client()
      .upload('/maintenance', png(), 'a.png')
      .catch((x: unknown) => x)) as ApiError;
    expect(e.handled).toBe(true);
    expect(navigations).toEqual(['/maintenance']);
  });

  it('is aborted by its signal (a network error) and stops counting for the loading overlay', async () => {
    const ctl = new AbortController();
    const p = client()
      .upload('/slowUpload', png(), 'a.png', undefined, { signal: ctl.signal })
      .catch((e: unknown) => e);
    expect(loadingTracker.count()).toBe(1);
    setTimeout(() => ctl.abort(), 50);
    const e = (await p) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect(e.kind).toBe('network');
    expect(loadingTracker.count()).toBe(0);
  });
});
