// User init password (POST /emp/api/v2/user/initPassword): an administrator sets another user's
// password; every session of that user ends, the administrator's stays. Admin only; field-level
// 422 in the caller's language for a weak password, an unknown user and the caller's own account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';
import { users } from '../../db/schema';

const INIT_PASSWORD = '/emp/api/v2/user/initPassword';
const INIT = '/emp/api/v2/login/init';
const UNKNOWN_ID = '1234567890123456789';

describe.each(BACKENDS)('user init password (%s)', (backend) => {
  let a: TestApp;
  let admin: string;
  const idOf = async (username: string) => (await a.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;

  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    admin = await a.login('admin');
  });
  afterAll(async () => a?.stop());

  it("ends every session of the user, keeps the administrator's, and the new password signs in", async () => {
    const target = await idOf('zhangwei');
    const desk = await a.login('zhangwei');
    const phone = await a.login('zhangwei');
    // used once each: this process caches resolved sessions, the reset must end the cached ones too
    for (const tok of [desk, phone, admin]) expect((await a.post(INIT, {}, tok)).statusCode).toBe(200);

    const r = await a.post(INIT_PASSWORD, { userId: target, newPassword: 'Reset2026x' }, admin);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ code: 0, data: null });

    expect((await a.post(INIT, {}, desk)).statusCode).toBe(401);
    expect((await a.post(INIT, {}, phone)).statusCode).toBe(401);
    expect((await a.post(INIT, {}, admin)).statusCode).toBe(200);
    // the old password no longer signs in, the new one does
    await expect(a.login('zhangwei')).rejects.toThrow(/login zhangwei failed/);
    const again = await a.login('zhangwei', 'Reset2026x');
    expect((await a.post(INIT, {}, again)).statusCode).toBe(200);
    // put it back for the other tests
    expect((await a.post(INIT_PASSWORD, { userId: target, newPassword: 'Demo@123' }, admin)).statusCode).toBe(200);
    expect((await a.post(INIT, {}, again)).statusCode).toBe(401);
  });

  it('is for administrators only: an employee and a dealer get 403 and nothing changes', async () => {
    const target = await idOf('lina');
    const lina = await a.login('lina');
    const employee = await a.login('zhangwei');
    const dealer = await a.login('dealer01');
    expect((await a.post(INIT_PASSWORD, { userId: target, newPassword: 'Taken0ver1' }, employee)).statusCode).toBe(403);
    expect((await a.post(INIT_PASSWORD, { userId: target, newPassword: 'Taken0ver1' }, dealer)).statusCode).toBe(403);
    expect((await a.post(INIT_PASSWORD, { userId: target, newPassword: 'Taken0ver1' })).statusCode).toBe(401);
    // lina's session and password are untouched
    expect((await a.post(INIT, {}, lina)).statusCode).toBe(200);
    expect(await a.login('lina')).toBeTruthy();
  });

  it("answers 422 on the field, in the caller's language (the session's: zh-CN), and ends no session", async () => {
    const target = await idOf('sunli');
    const sunli = await a.login('sunli');
    const weak = await a.post(INIT_PASSWORD, { userId: target, newPassword: 'short' }, admin);
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors).toEqual([expect.objectContaining({ field: 'newPassword', message: '新密码至少8位，且须包含字母和数字' })]);
    const lettersOnly = await a.post(INIT_PASSWORD, { userId: target, newPassword: 'abcdefghij' }, admin);
    expect(lettersOnly.statusCode).toBe(422);
    expect(lettersOnly.json().errors[0].field).toBe('newPassword');

    const unknown = await a.post(INIT_PASSWORD, { userId: UNKNOWN_ID, newPassword: 'Good12345' }, admin);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual([expect.objectContaining({ field: 'userId', code: 'unknown' })]);
    expect(unknown.json().errors[0].message).toMatch(/[\u4e00-\u9fff]/);

    const own = await a.post(INIT_PASSWORD, { userId: await idOf('admin'), newPassword: 'Good12345' }, admin);
    expect(own.statusCode).toBe(422);
    expect(own.json().errors).toEqual([expect.objectContaining({ field: 'userId', code: 'self' })]);

    const malformed = await a.post(INIT_PASSWORD, { userId: 'not-an-id', newPassword: 'Good12345' }, admin);
    expect(malformed.statusCode).toBe(422);
    expect(JSON.stringify(malformed.json().errors)).toContain('userId');

    // nothing above changed a password or ended a session
    expect((await a.post(INIT, {}, sunli)).statusCode).toBe(200);
    expect((await a.post(INIT, {}, admin)).statusCode).toBe(200);
    expect(await a.login('sunli')).toBeTruthy();
  });
});
