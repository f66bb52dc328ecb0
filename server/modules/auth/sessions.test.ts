import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';
import { users } from '../../db/schema';
import { LoginLockout } from './lockout';
import { resetPassword } from './service';

const LOGIN = '/emp/api/v2/login';
const INIT = '/emp/api/v2/login/init';

describe.each(BACKENDS)('password changes end other sessions; lockout per account and address (%s)', (backend) => {
  let a: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
  });
  afterAll(async () => a?.stop());

  const tryLogin = (username: string, password: string, remoteAddress: string) =>
    a.inject({ method: 'POST', url: LOGIN, payload: { username, password }, remoteAddress });
  /** what a client can tell from an answer */
  const shape = async (r: Awaited<ReturnType<typeof tryLogin>>) => ({ status: r.statusCode, code: r.json().code, msg: r.json().msg });

  it('a password change ends the other sessions of the user and keeps the current one', async () => {
    const here = await a.login('xuqiang');
    const phone = await a.login('xuqiang');
    const laptop = await a.login('xuqiang');
    // used once each: this process caches them, the change must end the cached ones too
    for (const tok of [here, phone, laptop]) expect((await a.post(INIT, {}, tok)).statusCode).toBe(200);
    expect((await a.post('/emp/api/v2/login/changePassword', { oldPassword: 'Demo@123', newPassword: 'Changed123' }, here)).json().code).toBe(0);
    expect((await a.post(INIT, {}, here)).statusCode).toBe(200);
    expect((await a.post(INIT, {}, phone)).statusCode).toBe(401);
    expect((await a.post(INIT, {}, laptop)).statusCode).toBe(401);
    // the new password signs in; the old does not
    const again = await a.login('xuqiang', 'Changed123');
    expect((await a.post(INIT, {}, again)).statusCode).toBe(200);
    expect((await tryLogin('xuqiang', 'Demo@123', '10.31.0.1')).json().code).toBe(1);
    // a failed change (wrong old password) ends nothing
    expect((await a.post('/emp/api/v2/login/changePassword', { oldPassword: 'wrong', newPassword: 'Other1234' }, here)).json().code).toBe(1);
    expect((await a.post(INIT, {}, again)).statusCode).toBe(200);
    expect((await a.post('/emp/api/v2/login/changePassword', { oldPassword: 'Changed123', newPassword: 'Demo@123' }, here)).json().code).toBe(0);
  });

  it('five wrong passwords answer the same for a known and an unknown account', async () => {
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      known.push(await shape(await tryLogin('sunli', 'wrong-password', '10.32.0.1')));
      unknown.push(await shape(await tryLogin('no-such-user-h2', 'wrong-password', '10.32.0.1')));
    }
    expect(unknown).toEqual(known);
    expect((known[3] as { code: number }).code).toBe(1);
    expect((known[4] as { status: number }).status).toBe(429);
    expect((known[5] as { status: number }).status).toBe(429);
    // and the lock says for how long, in the user's language
    expect((known[4] as { msg: string }).msg).toMatch(/1分钟/);
  });

  it("a stranger's failures lock only their own address: the owner signs in from theirs", async () => {
    for (let i = 0; i < 5; i++) await tryLogin('lina', 'guess', '10.33.0.66');
    expect((await tryLogin('lina', 'Demo@123', '10.33.0.66')).statusCode).toBe(429);
    const owner = await tryLogin('lina', 'Demo@123', '10.33.0.1');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().code).toBe(0);
  });

  it('guesses sent at once get no more than five verdicts before the lock', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => tryLogin('zhangwei', `parallel-${i}`, '10.35.0.1')));
    const verdicts = answers.filter((r) => r.statusCode === 200 && r.json().code === 1).length;
    expect(verdicts).toBeLessThanOrEqual(4);
    expect(answers.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(8);
    expect((await tryLogin('zhangwei', 'Demo@123', '10.35.0.2')).json().code).toBe(0);
  });

  it("an administrator's reset ends every session of the user", async () => {
    const one = await a.login('sunli');
    const two = await a.login('sunli');
    for (const tok of [one, two]) expect((await a.post(INIT, {}, tok)).statusCode).toBe(200);
    const [u] = await a.ctx.db.select().from(users).where(eq(users.username, 'sunli'));
    await resetPassword(a.ctx, u.id, 'Reset1234');
    for (const tok of [one, two]) expect((await a.post(INIT, {}, tok)).statusCode).toBe(401);
    expect((await tryLogin('sunli', 'Reset1234', '10.34.0.1')).json().code).toBe(0);
    await resetPassword(a.ctx, u.id, 'Demo@123');
  });

  it("an administrator's reset lifts the user's locks, so the new password signs in at once", async () => {
    for (let i = 0; i < 5; i++) await tryLogin('xuqiang', 'guess', '10.36.0.5');
    expect((await tryLogin('xuqiang', 'Demo@123', '10.36.0.5')).statusCode).toBe(429);
    const [u] = await a.ctx.db.select().from(users).where(eq(users.username, 'xuqiang'));
    await resetPassword(a.ctx, u.id, 'Reset5678');
    const after = await tryLogin('xuqiang', 'Reset5678', '10.36.0.5');
    expect(after.statusCode).toBe(200);
    expect(after.json().code).toBe(0);
    await resetPassword(a.ctx, u.id, 'Demo@123');
  });
});

describe('LoginLockout', () => {
  it('locks a pair after five failures for 1 min, then 2, 4, 8, capped at 15; a success forgets it', () => {
    let now = 1_000_000;
    const l = new LoginLockout({ after: 5, baseMs: 60_000, maxMs: 15 * 60_000 }, () => now);
    const locks: number[] = [];
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 4; i++) expect(l.fail('Lina', '10.0.0.1')).toBe(0);
      const ms = l.fail('lina', '10.0.0.1');
      locks.push(ms / 60_000);
      expect(l.lockedFor('lina', '10.0.0.1')).toBe(ms);
      // another address, and another account from this address, are not locked
      expect(l.lockedFor('lina', '10.0.0.2')).toBe(0);
      expect(l.lockedFor('zhangwei', '10.0.0.1')).toBe(0);
      now += ms - 1;
      expect(l.lockedFor('lina', '10.0.0.1')).toBe(1);
      now += 1;
      expect(l.lockedFor('lina', '10.0.0.1')).toBe(0);
    }
    expect(locks).toEqual([1, 2, 4, 8, 15, 15]);
    l.succeed('lina', '10.0.0.1');
    for (let i = 0; i < 4; i++) l.fail('lina', '10.0.0.1');
    expect(l.fail('lina', '10.0.0.1')).toBe(60_000);
  });
});
