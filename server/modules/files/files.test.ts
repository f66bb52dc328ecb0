import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { startTestApp, type TestApp } from '../../test/helpers';

// a 1×1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

function multipart(filename: string, content: Buffer, type = 'application/octet-stream') {
  const boundary = '----formwork' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('files and languages', () => {
  let a: TestApp;
  let zw: string;
  let lina: string;
  const UP = '/tpm/upload/upload-sellSetting';
  beforeAll(async () => {
    a = await startTestApp({ overrides: { uploadMaxBytes: 64 * 1024 } });
    zw = await a.login('zhangwei');
    lina = await a.login('lina');
  });
  afterAll(async () => a?.stop());

  const upload = (name: string, content: Buffer, token = zw, type?: string) => {
    const m = multipart(name, content, type);
    return a.inject({ method: 'POST', url: UP, payload: m.payload, headers: { ...m.headers, authorization: token } });
  };

  it('uploads, downloads and deletes a file under DATA_DIR with a server-generated name', async () => {
    const r = await upload('门店照片.png', PNG, zw, 'text/plain');
    expect(r.statusCode).toBe(200);
    const f = r.json().data;
    expect(f).toMatchObject({ name: '门店照片.png', size: PNG.length, type: 'image/png' });
    expect(f.id).toMatch(/^[0-9]{19}$/);
    const stored = readdirSync(path.join(a.dataDir, 'files')).filter((x) => x !== 'tmp');
    expect(stored).toEqual([f.id]);
    const d = await a.post('/tpm/upload/upload-download', { id: f.id }, zw);
    expect(d.statusCode).toBe(200);
    expect(d.headers['content-type']).toBe('image/png');
    expect(String(d.headers['content-disposition'])).toContain(encodeURIComponent('门店照片.png'));
    expect(d.rawPayload.equals(PNG)).toBe(true);
    expect((await a.post('/tpm/upload/upload-download', { id: f.id }, lina)).statusCode).toBe(403);
    expect((await a.post('/tpm/upload/upload-delete', { id: f.id }, lina)).statusCode).toBe(403);
    expect((await a.post('/tpm/upload/upload-delete', { id: f.id }, zw)).json().code).toBe(0);
    expect(existsSync(path.join(a.dataDir, 'files', f.id))).toBe(false);
    expect((await a.post('/tpm/upload/upload-download', { id: f.id }, zw)).statusCode).toBe(404);
  });

  it('checks the type by content, not by name or header', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);
    const r = await upload('report.pdf', exe, zw, 'application/pdf');
    expect(r.statusCode).toBe(422);
    expect(r.json().errors[0].field).toBe('file');
    expect((await upload('notes.csv', Buffer.from('a,b\n1,2\n'))).json().data.type).toBe('text/csv');
    expect((await upload('fake.png', Buffer.from('just text'))).statusCode).toBe(422);
  });

  it('refuses files over the size limit with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(80 * 1024, 7)]);
    const r = await upload('big.png', big);
    expect(r.statusCode).toBe(413);
    expect(r.json().code).toBe(413);
    expect(readdirSync(path.join(a.dataDir, 'files', 'tmp'))).toEqual([]);
  });

  it('switches the session language; messages follow it', async () => {
    const tok = await a.login('lina');
    expect((await a.post('/emp/api/v2/login/duoYuYan', { update: 1, duoYuYanType: 3 }, tok)).json().code).toBe(0);
    const r = await a.post('/emp/api/v2/biaoDan/record/get', { formCode: 'x', id: '1234567890123456789' }, tok);
    expect(r.json().msg).toBe('The data does not exist or has been deleted');
    expect((await a.post('/emp/api/v2/login/init', {}, tok)).json().data.duoYuYanType).toBe(3);
    await a.post('/emp/api/v2/login/duoYuYan', { update: 1, duoYuYanType: 2 }, tok);
    expect((await a.post('/emp/api/v2/biaoDan/record/get', { formCode: 'x', id: '1234567890123456789' }, tok)).json().msg).toBe('數據不存在或已被刪除');
    await a.post('/emp/api/v2/login/duoYuYan', { update: 1, duoYuYanType: 1 }, tok);
  });

  it("saves a language key (admin) and serves a locale's keys", async () => {
    const admin = await a.login('admin');
    const keys = (await a.post('/emp/api/v2/duoYuYan/keys', { duoYuYanType: 1 })).json().data;
    expect(keys.server.errors.forbidden).toBe('无权访问');
    expect((await a.post('/emp/api/v2/duoYuYanKey', { key: 'server:errors.forbidden', update: '没有权限', duoYuYanType: 1 }, zw)).statusCode).toBe(403);
    expect((await a.post('/emp/api/v2/duoYuYanKey', { key: 'server:errors.forbidden', update: '没有权限', duoYuYanType: 1 }, admin)).json().code).toBe(0);
    expect((await a.post('/emp/api/v2/duoYuYanKey', { key: 'nonsense', update: 'x', duoYuYanType: 1 }, admin)).statusCode).toBe(422);
    const after = (await a.post('/emp/api/v2/duoYuYan/keys', { duoYuYanType: 1, namespace: 'server' })).json().data;
    expect(after.server.errors.forbidden).toBe('没有权限');
    expect(Object.keys(after)).toEqual(['server']);
    const en = (await a.post('/emp/api/v2/duoYuYan/keys', { duoYuYanType: 3, namespace: 'server' })).json().data;
    expect(en.server.errors.forbidden).toBe('Access denied');
  });
});
