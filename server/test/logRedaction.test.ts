// Tokens, tickets and passwords never reach the server log, whatever carries them (a query
// parameter of a known or unknown route, an error message).
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app';
import { redactText, redactUrl, serializeError } from '../lib/redact';
import { startTestApp, type TestApp } from './helpers';

describe('log redaction', () => {
  let a: TestApp;
  let logged: BuiltApp;
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  beforeAll(async () => {
    a = await startTestApp();
    // the same app with its logger on (info), writing into `lines`
    logged = await buildApp({ ...a.config, logLevel: 'info' }, { database: a.ctx.database, logStream: stream });
  });
  afterAll(async () => {
    await logged?.app.close();
    await a?.stop();
  });

  it('a session token in ?empSessionId= (and other secret parameters) is not written to the log', async () => {
    const token = await a.login('lina');
    const ok = await logged.app.inject({ method: 'POST', url: `/emp/api/v2/login/init?empSessionId=${token}&x=1`, payload: {} });
    expect(ok.json().data.username).toBe('lina');
    await logged.app.inject({ method: 'GET', url: `/web/nowhere?token=${token}` });
    await logged.app.inject({ method: 'POST', url: `/emp/api/v2/login?password=Secret-pw-1&username=lina`, payload: { username: 'lina', password: 'x' } });
    await logged.app.inject({ method: 'POST', url: `/tpm/wx/commons/wxConfig/webQrcode-callBack.action?ticket=${token}T`, payload: { ticket: 'abc' } });
    await logged.app.inject({ method: 'POST', url: `/emp/api/v2/login/init?EMPSESSIONID=${token}`, payload: {}, headers: { authorization: token } });
    const text = lines.join('\n');
    expect(lines.length).toBeGreaterThan(5);
    expect(text).toContain('/emp/api/v2/login/init?empSessionId=[REDACTED]&x=1');
    expect(text).toContain('/web/nowhere?token=[REDACTED]');
    expect(text).toContain('username=lina');
    expect(text).not.toContain(token);
    expect(text).not.toContain('Secret-pw-1');
  });

  it('redacts secret pairs in URLs, messages and errors, and leaves the rest alone', () => {
    expect(redactUrl('/a/b?page=2&empSessionId=abc.def&q=x')).toBe('/a/b?page=2&empSessionId=[REDACTED]&q=x');
    expect(redactUrl('/a?mytoken=1&my%74oken=2&access_token=3&sessionid=4&pwd=5&code=6')).toBe(
      '/a?mytoken=[REDACTED]&my%74oken=[REDACTED]&access_token=[REDACTED]&sessionid=[REDACTED]&pwd=[REDACTED]&code=6',
    );
    expect(redactUrl('/plain/path')).toBe('/plain/path');
    expect(redactText('Route POST:/x?empSessionId=abc not found, password=hunter2 token=t1')).toBe(
      'Route POST:/x?empSessionId=[REDACTED] not found, password=[REDACTED] token=[REDACTED]',
    );
    const err = Object.assign(new Error('failed at /emp/api?token=zzz'), { url: '/q?ticket=t', token: 'raw', statusCode: 500 });
    const s = serializeError(err) as Record<string, unknown>;
    expect(JSON.stringify(s)).not.toMatch(/zzz|ticket=t\b|"raw"/);
    expect(s.statusCode).toBe(500);
    expect(s.message).toBe('failed at /emp/api?token=[REDACTED]');
  });
});
