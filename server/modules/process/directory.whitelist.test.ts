// The batch-approval whitelist over HTTP (schemas/api/processWhitelist.ts): the seeded entry
// (lina), add (idempotent; unknown, disabled and dealer users → 422 on their index), remove,
// keyword search with literal wildcards, and the effect: task/batch lets a listed user through.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, pathOf } from '../../../schemas/api';
import { users } from '../../db/schema';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';

const W = Object.fromEntries(Object.entries(endpoints.processWhitelist).map(([k, e]) => [k, pathOf(e, '/tpm')])) as Record<
  keyof typeof endpoints.processWhitelist,
  string
>;
const BATCH = pathOf(endpoints.process.batch, '/tpm');

describe.each(BACKENDS)('batch-approval whitelist (%s)', (backend) => {
  let a: TestApp;
  let admin: string;
  const id = async (username: string) => (await a.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;
  const list = async (body: unknown = {}) => {
    const r = await a.post(W.list, body, admin);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as {
      totalRecord: number;
      rows: { userId: string; username: string; name: string; deptName: string | null; active: boolean; addedBy: string | null; addedAt: string }[];
    };
  };

  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    admin = await a.login('admin');
  });
  afterAll(async () => a?.stop());

  it('lists the seeded entry with the user and who added it', async () => {
    const page = await list();
    expect(page.totalRecord).toBe(1);
    expect(page.rows[0]).toMatchObject({ username: 'lina', name: '李娜', active: true, addedBy: 'admin', deptName: expect.any(String) });
    expect(Number.isNaN(Date.parse(page.rows[0].addedAt))).toBe(false);
  });

  it('adds (idempotent) and removes; the keyword is literal', async () => {
    const zhangwei = await id('zhangwei');
    const sunli = await id('sunli');
    const add = await a.post(W.add, { userIds: [zhangwei, sunli, zhangwei] }, admin);
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().data).toEqual({ added: 2 });
    expect((await a.post(W.add, { userIds: [zhangwei] }, admin)).json().data).toEqual({ added: 0 });
    const page = await list();
    expect(page.rows.map((r) => r.username)).toEqual(['lina', 'sunli', 'zhangwei']);
    expect((await list({ keyword: '孙' })).rows.map((r) => r.username)).toEqual(['sunli']);
    expect((await list({ keyword: '%' })).rows).toEqual([]);
    expect((await list({ limit: 10, page: 2 })).rows).toEqual([]);

    const rm = await a.post(W.remove, { userIds: [zhangwei, sunli] }, admin);
    expect(rm.json().data).toEqual({ removed: 2 });
    expect((await list()).rows.map((r) => r.username)).toEqual(['lina']);
  });

  it('refuses unknown, disabled and dealer users on their index, and adds none of the batch', async () => {
    const dealer = await id('dealer01');
    const xuqiang = await id('xuqiang');
    await a.ctx.db.update(users).set({ disabled: true }).where(eq(users.id, xuqiang));
    try {
      const r = await a.post(W.add, { userIds: [await id('zhangwei'), dealer, '1234567890123456789', xuqiang] }, admin);
      expect(r.statusCode).toBe(422);
      expect(r.json().errors.map((e: { field: string }) => e.field)).toEqual(['userIds.1', 'userIds.2', 'userIds.3']);
      expect((await list()).totalRecord).toBe(1);
    } finally {
      await a.ctx.db.update(users).set({ disabled: false }).where(eq(users.id, xuqiang));
    }
    expect((await a.post(W.add, { userIds: [] }, admin)).statusCode).toBe(422);
    expect((await a.post(W.add, { userIds: ['x'] }, admin)).statusCode).toBe(422);
  });

  it('administrators only', async () => {
    const emp = await a.login('zhangwei');
    expect((await a.post(W.list, {}, emp)).statusCode).toBe(403);
    expect((await a.post(W.add, { userIds: [await id('zhangwei')] }, emp)).statusCode).toBe(403);
    expect((await a.post(W.remove, { userIds: [await id('lina')] }, emp)).statusCode).toBe(403);
  });

  it('the whitelist is what task/batch checks', async () => {
    const zhangwei = await id('zhangwei');
    const emp = await a.login('zhangwei');
    const body = { taskIds: ['1234567890123456789'], decision: 'approve' };
    expect((await a.post(BATCH, body, emp)).statusCode).toBe(403);
    await a.post(W.add, { userIds: [zhangwei] }, admin);
    const r = await a.post(BATCH, body, emp);
    expect(r.statusCode, r.body).toBe(200);
    await a.post(W.remove, { userIds: [zhangwei] }, admin);
    expect((await a.post(BATCH, body, emp)).statusCode).toBe(403);
  });
});
