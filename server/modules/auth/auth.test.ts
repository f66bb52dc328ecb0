import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';
import { sessions, users } from '../../db/schema';
import { lockoutOf, setUserDisabled } from './service';
import { hashToken } from './tokens';

describe.each(BACKENDS)('sessions (%s)', (backend) => {
  let a: TestApp;
  const P = '/tpm';
  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
  });
  afterAll(async () => a?.stop());

  it('employee login answers the session values of spec §3 and the token works in every header', async () => {
    const r = await a.post('/emp/api/v2/login', { username: 'zhangwei', password: 'Demo@123' });
    expect(r.statusCode).toBe(200);
    const d = r.json().data;
    expect(d).toMatchObject({
      empName: '张伟',
      empMobileTel: '13916002345',
      empBuMenName: '华东大区销售部',
      username: 'zhangwei',
      dealerId: null,
      isAdmin: false,
      duoYuYanType: 1,
    });
    expect(d.mytoken).toBe(d.token);
    expect(d.userId).toMatch(/^[0-9]{19}$/);
    expect(Buffer.from(d.mytoken, 'base64url').length).toBeGreaterThanOrEqual(16);
    // stored hashed only
    const [s] = await a.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(d.mytoken)));
    expect(s).toBeTruthy();
    const rows = await a.ctx.db.select().from(sessions);
    expect(rows.some((x) => x.tokenHash === d.mytoken)).toBe(false);

    for (const headers of [{ authorization: `Bearer ${d.mytoken}` }, { token: d.mytoken }, { empsessionid: d.mytoken }]) {
      const i = await a.inject({ method: 'POST', url: '/emp/api/v2/login/init', headers, payload: {} });
      expect(i.statusCode).toBe(200);
      expect(i.json().data.username).toBe('zhangwei');
    }
    const q = await a.inject({ method: 'POST', url: `/emp/api/v2/login/init?empSessionId=${d.mytoken}`, payload: {} });
    expect(q.json().data.username).toBe('zhangwei');
  });

  it('form-encoded login works too', async () => {
    const r = await a.inject({
      method: 'POST',
      url: '/emp/api/v2/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=lina&password=Demo%40123',
    });
    expect(r.json().data.empName).toBe('李娜');
  });

  it('wrong password is a business failure; a dealer cannot use the employee login', async () => {
    const r = await a.post('/emp/api/v2/login', { username: 'lina', password: 'nope' });
    expect(r.json()).toMatchObject({ code: 1, msg: '用户名或密码错误' });
    const u = await a.post('/emp/api/v2/login', { username: 'nobody', password: 'nope' });
    expect(u.json().code).toBe(1);
    const d = await a.post('/emp/api/v2/login', { username: 'dealer01', password: 'Demo@123' });
    expect(d.json().code).toBe(1);
  });

  it('locks a user after repeated failures (429)', async () => {
    const tries = [];
    for (let i = 0; i < 5; i++)
      tries.push(await a.inject({ method: 'POST', url: '/emp/api/v2/login', payload: { username: 'zhangwei', password: 'bad' }, remoteAddress: '10.0.0.9' }));
    expect(tries[4].statusCode).toBe(429);
    const locked = await a.inject({
      method: 'POST',
      url: '/emp/api/v2/login',
      payload: { username: 'zhangwei', password: 'Demo@123' },
      remoteAddress: '10.0.0.9',
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe(429);
    lockoutOf(a.ctx).clear();
  });

  it('rate-limits login per address (429)', async () => {
    let last = 0;
    for (let i = 0; i <= a.config.loginRateMax; i++) {
      const r = await a.inject({ method: 'POST', url: '/emp/api/v2/login', payload: { username: 'nobody', password: 'x' }, remoteAddress: '10.0.0.77' });
      last = r.statusCode;
    }
    expect(last).toBe(429);
    const other = await a.inject({ method: 'POST', url: '/emp/api/v2/login', payload: { username: 'nobody', password: 'x' }, remoteAddress: '10.0.0.78' });
    expect(other.statusCode).toBe(200);
  });

  it('logout revokes the session', async () => {
    const tok = await a.login('lina');
    // used once, so this process holds it in its session cache: logout must clear that too
    expect((await a.post('/emp/api/v2/login/init', {}, tok)).statusCode).toBe(200);
    expect((await a.post('/emp/api/v2/logout', {}, tok)).json().code).toBe(0);
    const r = await a.post('/emp/api/v2/login/init', {}, tok);
    expect(r.statusCode).toBe(401);
    expect(r.json()).toMatchObject({ errorCode: '1000000', errorType: '10010' });
  });

  it('a session is reused for SESSION_CACHE_MS; a revocation by another process is seen after it', async () => {
    const before = a.ctx.config.sessionCacheMs;
    a.ctx.config.sessionCacheMs = 400;
    try {
      const tok = await a.login('lina');
      expect((await a.post('/emp/api/v2/login/init', {}, tok)).statusCode).toBe(200);
      // another server process revokes it (not through this process's functions)
      await a.ctx.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.tokenHash, hashToken(tok)));
      expect((await a.post('/emp/api/v2/login/init', {}, tok)).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 450));
      expect((await a.post('/emp/api/v2/login/init', {}, tok)).statusCode).toBe(401);
      // with the cache off, the database is asked every time
      a.ctx.config.sessionCacheMs = 0;
      const tok2 = await a.login('lina');
      expect((await a.post('/emp/api/v2/login/init', {}, tok2)).statusCode).toBe(200);
      await a.ctx.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.tokenHash, hashToken(tok2)));
      expect((await a.post('/emp/api/v2/login/init', {}, tok2)).statusCode).toBe(401);
    } finally {
      a.ctx.config.sessionCacheMs = before;
    }
  });

  it('idle and absolute timeouts end a session', async () => {
    const idle = await a.login('lina');
    await a.ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - a.config.sessionIdleMs - 1000) })
      .where(eq(sessions.tokenHash, hashToken(idle)));
    expect((await a.post('/emp/api/v2/login/init', {}, idle)).statusCode).toBe(401);
    const abs = await a.login('lina');
    await a.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(abs)));
    expect((await a.post('/emp/api/v2/login/init', {}, abs)).statusCode).toBe(401);
    const fresh = await a.login('lina');
    expect((await a.post('/emp/api/v2/login/init', {}, fresh)).statusCode).toBe(200);
  });

  it('disabling a user revokes their sessions', async () => {
    const tok = await a.login('lina');
    expect((await a.post('/emp/api/v2/login/init', {}, tok)).statusCode).toBe(200);
    const [u] = await a.ctx.db.select().from(users).where(eq(users.username, 'lina'));
    await setUserDisabled(a.ctx, u.id, true);
    expect((await a.post('/emp/api/v2/login/init', {}, tok)).statusCode).toBe(401);
    expect((await a.post('/emp/api/v2/login', { username: 'lina', password: 'Demo@123' })).json().code).toBe(1);
    await setUserDisabled(a.ctx, u.id, false);
  });

  it('dealer login and init', async () => {
    const r = await a.post(`${P}/dp/commons/check/check-login.action`, { username: 'dealer01', password: 'Demo@123' });
    const d = r.json().data;
    expect(d).toMatchObject({ username: 'dealer01', dealerName: '上海百联食品贸易有限公司' });
    expect(d.dealerId).toMatch(/^[0-9]{19}$/);
    const init = await a.post(`${P}/dp/commons/check/check-init.action`, {}, d.mytoken);
    expect(init.json().data.dealerId).toBe(d.dealerId);
    const emp = await a.login('zhangwei');
    expect((await a.post(`${P}/dp/commons/check/check-init.action`, {}, emp)).statusCode).toBe(403);
    expect((await a.post(`${P}/dp/commons/check/check-login.action`, { username: 'zhangwei', password: 'Demo@123' })).json().code).toBe(1);
  });

  it('changes a password', async () => {
    const tok = await a.login('zhangwei');
    expect((await a.post('/emp/api/v2/login/changePassword', { oldPassword: 'wrong', newPassword: 'Newpass123' }, tok)).json().code).toBe(1);
    expect((await a.post('/emp/api/v2/login/changePassword', { oldPassword: 'Demo@123', newPassword: 'short' }, tok)).json().code).toBe(1);
    expect((await a.post('/emp/api/v2/login/changePassword', { oldPassword: 'Demo@123', newPassword: 'Newpass123' }, tok)).json().code).toBe(0);
    await a.login('zhangwei', 'Newpass123');
    await a.post('/emp/api/v2/login/changePassword', { oldPassword: 'Newpass123', newPassword: 'Demo@123' }, tok);
  });

  it('QR login: ticket → confirm from a signed-in phone → the desktop poll gets a session, once', async () => {
    const n = (await a.post(`${P}/wx/commons/wxConfig/web-qrcode.action`)).json().data;
    expect(n.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const poll = () => a.post(`${P}/wx/commons/wxConfig/webQrcode-callBack.action`, { ticket: n.ticket });
    expect((await poll()).json().data.status).toBe('pending');
    expect((await a.post(`${P}/wx/commons/wxConfig/webQrcode-confirm.action`, { ticket: n.ticket })).statusCode).toBe(401);
    const phone = await a.login('lina');
    expect((await a.post(`${P}/wx/commons/wxConfig/webQrcode-confirm.action`, { ticket: n.ticket }, phone)).json().code).toBe(0);
    const done = (await poll()).json().data;
    expect(done.status).toBe('confirmed');
    expect(done.session.username).toBe('lina');
    expect((await a.post('/emp/api/v2/login/init', {}, done.session.mytoken)).json().data.username).toBe('lina');
    expect((await poll()).json().data.status).toBe('expired');
    // a confirmed ticket cannot be confirmed again
    expect((await a.post(`${P}/wx/commons/wxConfig/webQrcode-confirm.action`, { ticket: n.ticket }, phone)).json().code).toBe(1);
  });

  it('maintenance: admin switch answers -999999 everywhere but health and the status', async () => {
    const admin = await a.login('admin');
    const emp = await a.login('zhangwei');
    expect((await a.post('/emp/api/v2/maintenance', { enabled: true }, emp)).statusCode).toBe(403);
    expect((await a.post('/emp/api/v2/maintenance', { enabled: true }, admin)).json().data.enabled).toBe(true);
    const r = await a.post('/emp/api/v2/login/init', {}, emp);
    expect(r.statusCode).toBe(503);
    expect(r.json().errorCode).toBe(-999999);
    expect((await a.post('/emp/api/v2/biaoDan/list', {}, null)).json().errorCode).toBe(-999999);
    expect((await a.inject({ method: 'GET', url: '/health' })).json().data.status).toBe('up');
    expect((await a.inject({ method: 'GET', url: '/emp/api/v2/maintenance/status' })).json().data.enabled).toBe(true);
    // only the administrator may sign in while it lasts
    expect((await a.post('/emp/api/v2/login', { username: 'lina', password: 'Demo@123' })).json().errorCode).toBe(-999999);
    await a.login('admin');
    expect((await a.post('/emp/api/v2/maintenance', { enabled: false }, admin)).json().data.enabled).toBe(false);
    expect((await a.post('/emp/api/v2/login/init', {}, emp)).statusCode).toBe(200);
  });
});

describe('MAINTENANCE=1', () => {
  it('holds regardless of the switch', { timeout: 180_000 }, async () => {
    const a = await startTestApp({ env: { MAINTENANCE: '1', SEED_DEMO: '0' } });
    try {
      expect((await a.post('/emp/api/v2/biaoDan/list')).json().errorCode).toBe(-999999);
      expect((await a.inject({ method: 'GET', url: '/emp/api/v2/maintenance/status' })).json().data.enabled).toBe(true);
      // SEED_DEMO=0: only the administrator exists
      const names = (await a.ctx.db.select({ u: users.username }).from(users)).map((x) => x.u);
      expect(names).toEqual(['admin']);
    } finally {
      await a.stop();
    }
  });
});
