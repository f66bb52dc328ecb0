// The process directory over HTTP (schemas/api/processDirectory.ts): the seeded organisation in
// `options` (names in the caller's language), the user search (login and name, case-insensitive,
// a LIKE wildcard is literal, limit, active first), ids resolved, dealers refused, bad bodies 422.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, pathOf } from '../../../schemas/api';
import { users } from '../../db/schema';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';
import { containsPattern, textIn } from './directoryRoutes';

const OPTIONS = pathOf(endpoints.processDirectory.options, '/tpm');
const USERS = pathOf(endpoints.processDirectory.users, '/tpm');

interface U {
  id: string;
  username: string;
  name: string;
  deptName: string | null;
  postName: string | null;
  active: boolean;
}

describe('directory helpers', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(containsPattern('a%b_c\\d')).toBe('%a\\%b\\_c\\\\d%');
    expect(containsPattern('li')).toBe('%li%');
  });
  it('picks the locale, then zh-CN, then the fallback', () => {
    expect(textIn({ 'zh-CN': '财务', 'en-US': 'Finance' }, 'en-US', 'x')).toBe('Finance');
    expect(textIn({ 'zh-CN': '财务' }, 'zh-TW', 'x')).toBe('财务');
    expect(textIn(null, 'zh-CN', 'code')).toBe('code');
    expect(textIn('plain', 'en-US', 'code')).toBe('plain');
  });
});

describe.each(BACKENDS)('process directory (%s)', (backend) => {
  let a: TestApp;
  let emp: string;
  let admin: string;
  let dealer: string;
  const find = async (body: unknown, token = emp): Promise<U[]> => {
    const r = await a.post(USERS, body, token);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data.rows as U[];
  };

  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    emp = await a.login('zhangwei');
    admin = await a.login('admin');
    dealer = await a.login('dealer01');
  });
  afterAll(async () => a?.stop());

  it('options: the seeded roles, posts, departments with leaders, groups with member counts and matrices', async () => {
    const r = await a.post(OPTIONS, {}, emp);
    expect(r.statusCode, r.body).toBe(200);
    const o = r.json().data;
    const roleCodes = o.roles.map((x: { code: string }) => x.code);
    expect(roleCodes).toEqual(expect.arrayContaining(['employee', 'deptLeader', 'caiWuZhuGuan']));
    expect(roleCodes).not.toContain('dealer'); // the dealer portal's role names no approver
    expect(o.posts.length).toBeGreaterThan(0);
    expect(o.posts[0]).toEqual({ code: expect.any(String), name: expect.any(String) });

    const d11 = o.departments.find((d: { code: string }) => d.code === 'D11');
    expect(d11).toBeDefined();
    expect(d11.parentCode).not.toBeNull();
    expect(o.departments.some((d: { code: string }) => d.code === d11.parentCode)).toBe(true);
    // the seeded org's leaders are users: each leaderId resolves through `users`
    const leaderIds = o.departments.map((d: { leaderId: string | null }) => d.leaderId).filter(Boolean) as string[];
    expect(leaderIds.length).toBeGreaterThan(0);
    const leaders = await find({ ids: leaderIds });
    expect(leaders.map((u) => u.id).sort()).toEqual([...new Set(leaderIds)].sort());

    const groups = Object.fromEntries(o.groups.map((g: { code: string; name: string; memberCount: number }) => [g.code, g]));
    expect(groups.huaDongShenPiZu).toEqual({ code: 'huaDongShenPiZu', name: '华东审批组', memberCount: 2 });
    expect(groups.caiWuShenHeZu.memberCount).toBe(1);

    const m = o.matrices.find((x: { code: string }) => x.code === 'quYuShenPiJuZhen');
    expect(m).toEqual({
      code: 'quYuShenPiJuZhen',
      name: '区域审批矩阵',
      keys: [{ key: 'jingXiaoShang', name: '经销商' }],
      columns: [{ key: 'quYuZongJian', name: '大区总监' }],
    });
  });

  it("options: names in the caller's language", async () => {
    // the session's language (duoYuYanType 3: en-US) is the caller's
    await a.ctx.db.update(users).set({ duoYuYanType: 3 }).where(eq(users.username, 'xuqiang'));
    const r = await a.post(OPTIONS, {}, await a.login('xuqiang'));
    expect(r.statusCode).toBe(200);
    const o = r.json().data;
    expect(o.matrices.find((x: { code: string }) => x.code === 'quYuShenPiJuZhen').name).toBe('Regional approval matrix');
    expect(o.groups.find((x: { code: string }) => x.code === 'caiWuShenHeZu').name).toBe('Finance reviewers');
  });

  it('users: the keyword finds 李娜 by login ("li", any case) and by name ("李"), with department and post', async () => {
    for (const kw of ['li', 'LI', '李', '李娜']) {
      const rows = await find({ keyword: kw });
      const lina = rows.find((u) => u.username === 'lina');
      expect(lina, kw).toMatchObject({ name: '李娜', active: true, deptName: expect.any(String), postName: expect.any(String) });
    }
    const rows = await find({ keyword: '李' });
    expect(rows.every((u) => u.name.includes('李') || u.username.toLowerCase().includes('李'))).toBe(true);
  });

  it('users: LIKE wildcards in the keyword are literal', async () => {
    expect(await find({ keyword: '%' })).toEqual([]);
    expect(await find({ keyword: '_' })).toEqual([]);
    expect(await find({ keyword: 'l_na' })).toEqual([]);
    expect(await find({ keyword: '\\' })).toEqual([]);
  });

  it('users: only employees, at most `limit`, active first; ids resolve (disabled ones flagged)', async () => {
    const all = await find({ limit: 50 });
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect(all.some((u) => u.username === 'dealer01')).toBe(false);
    expect(await find({ limit: 2 })).toHaveLength(2);
    expect((await find({})).length).toBeLessThanOrEqual(20);

    const [sunli] = await a.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'sunli'));
    const [lina] = await a.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'lina'));
    const [dealerUser] = await a.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'dealer01'));
    await a.ctx.db.update(users).set({ disabled: true }).where(eq(users.id, sunli.id));
    try {
      const byIds = await find({ ids: [lina.id, sunli.id, dealerUser.id, '1234567890123456789'] });
      expect(byIds.map((u) => [u.username, u.active])).toEqual([
        ['lina', true],
        ['sunli', false],
      ]);
      const list = await find({ limit: 50 });
      const firstInactive = list.findIndex((u) => !u.active);
      expect(firstInactive).toBeGreaterThan(0);
      expect(list.slice(firstInactive).every((u) => !u.active)).toBe(true);
    } finally {
      await a.ctx.db.update(users).set({ disabled: false }).where(eq(users.id, sunli.id));
    }
    expect(await find({ ids: [] })).toEqual([]);
  });

  it('any employee may call it (admin too); a dealer gets 403, no session 401', async () => {
    expect((await a.post(OPTIONS, {}, admin)).statusCode).toBe(200);
    expect((await a.post(USERS, { keyword: 'li' }, admin)).statusCode).toBe(200);
    expect((await a.post(OPTIONS, {}, dealer)).statusCode).toBe(403);
    expect((await a.post(USERS, { keyword: 'li' }, dealer)).statusCode).toBe(403);
    expect((await a.post(USERS, { keyword: 'li' }, null)).statusCode).toBe(401);
  });

  it('bad bodies get 422 with field messages, never 500', async () => {
    const bad = [
      { limit: 0 },
      { limit: 51 },
      { limit: 'many' },
      { ids: ['x'] },
      { keyword: 'x'.repeat(101) },
      { ids: Array.from({ length: 201 }, () => '1234567890123456789') },
    ];
    for (const body of bad) {
      const r = await a.post(USERS, body, emp);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
      const b = r.json();
      expect(b.errors.length, JSON.stringify(body)).toBeGreaterThan(0);
      expect(b.errors[0].message).toEqual(expect.any(String));
    }
  });
});
