// The record hook registry and record scopes on a real app: hooks run in registration order
// inside the write's transaction, see the lifecycle steps, and a throwing hook rolls the write
// back; a registered scope provider widens what a user reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';
import { expenseForm } from '../../test/fixtures';
import { numberCounters, records } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AppContext, SessionUser } from '../../context';
import { recordHooksOf, registerRecordHooks, type RecordWriteEvent } from './hooks';
import { recordScope, registerScopeProvider, type ScopeProvider } from './access';

const SAVE = '/emp/api/v2/biaoDan/record/save';
const GET = '/emp/api/v2/biaoDan/record/get';
const DEL = '/emp/api/v2/biaoDan/record/delete';
const LIST = '/emp/api/v2/biaoDan/record/list';

const user = (over: Partial<SessionUser> = {}): SessionUser => ({
  sessionId: 's',
  userId: 'u1',
  username: 'u1',
  kind: 'employee',
  employeeId: null,
  dealerId: null,
  isAdmin: false,
  displayName: 'U',
  mobile: null,
  jiaoJieRenIds: [],
  duoYuYanType: 1,
  ...over,
});

describe('recordScope', () => {
  it('admin: every record, no predicate', () => {
    const s = recordScope(user({ isAdmin: true }), null);
    expect(s.where).toBeNull();
    expect(s.canRead({ rowCreateId: 'anyone' })).toBe(true);
    expect(s.canWrite({ rowCreateId: 'anyone' })).toBe(true);
  });

  it('owner: own and handed-over records, as a predicate on the creator column', () => {
    const s = recordScope(user({ jiaoJieRenIds: ['u7'] }), null);
    expect(s.canRead({ rowCreateId: 'u1' })).toBe(true);
    expect(s.canWrite({ rowCreateId: 'u7' })).toBe(true);
    expect(s.canRead({ rowCreateId: 'u2' })).toBe(false);
    expect(s.where).not.toBeNull();
  });

  it('is the union of its providers; none grants nothing', () => {
    const readAll: ScopeProvider = () => ({ where: sql`true`, canRead: () => true, canWrite: () => false });
    const s = recordScope(user(), null, [readAll, (u) => ({ where: sql`false`, canRead: (r) => r.rowCreateId === u.userId })]);
    expect(s.canRead({ rowCreateId: 'u2' })).toBe(true);
    expect(s.canWrite({ rowCreateId: 'u2' })).toBe(false);
    expect(s.canWrite({ rowCreateId: 'u1' })).toBe(true);
    const none = recordScope(user(), null, []);
    expect(none.canRead({ rowCreateId: 'u1' })).toBe(false);
  });
});

describe('hook registry', () => {
  it('is held per app context (two apps never share hooks) and keyed by form type', () => {
    const a = {} as AppContext;
    const b = {} as AppContext;
    const off = registerRecordHooks(a, { formTypes: [80021], afterWrite: () => {} });
    registerRecordHooks(a, { afterWrite: () => {} });
    expect(recordHooksOf(a).size).toBe(2);
    expect(recordHooksOf(b).size).toBe(0);
    expect(recordHooksOf(a).for(80021)).toHaveLength(2);
    expect(recordHooksOf(a).for(80022)).toHaveLength(1);
    off();
    expect(recordHooksOf(a).for(80021)).toHaveLength(1);
  });
});

describe.each(BACKENDS)('record hooks on writes (%s)', (backend) => {
  let a: TestApp;
  let admin: string;
  let zw: string;
  let lina: string;
  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    admin = await a.login('admin');
    zw = await a.login('zhangwei');
    lina = await a.login('lina');
    await a.post('/tpm/emp/system/commons/biaoDan/edit-save.action', { definition: expenseForm('hk') }, admin);
    await a.post('/emp/api/v2/biaoDan/publish', { code: 'hk' }, admin);
  });
  afterAll(async () => a?.stop());

  const countOf = async () =>
    (
      await a.ctx.db
        .select({ id: records.id })
        .from(records)
        .where(and(eq(records.formCode, 'hk'), eq(records.isYouXiao, '1')))
    ).length;

  it('run in registration order inside the transaction and see each lifecycle step', async () => {
    const log: string[] = [];
    const seen: { event: string; row: unknown }[] = [];
    const tag = (name: string) => ({
      beforeWrite: (e: RecordWriteEvent) => void log.push(`${name}.before:${e.after.shenPiZhuangTai}:${e.before ? 'update' : 'create'}`),
      onTransition: (e: RecordWriteEvent & { transition: { action: string; from: string | null; to: string } }) =>
        void log.push(`${name}.${e.transition.action}:${e.transition.from}→${e.transition.to}`),
      afterWrite: async (e: RecordWriteEvent) => {
        log.push(`${name}.after:v${e.after.version}`);
        // the write is visible on the hook's transaction handle
        const [r] = await e.tx.select({ s: records.shenPiZhuangTai, v: records.version }).from(records).where(eq(records.id, e.after.id));
        seen.push({ event: name, row: r });
      },
    });
    const offs = [
      registerRecordHooks(a.ctx, { formTypes: '*', ...tag('A') }),
      registerRecordHooks(a.ctx, { formTypes: [80021], ...tag('B') }),
      registerRecordHooks(a.ctx, { formTypes: [80022], ...tag('C') }),
    ];
    try {
      const r = (await a.post(SAVE, { formCode: 'hk', data: { amount: '1.00' }, submit: false }, zw)).json().data;
      expect(log).toEqual(['A.before:0:create', 'B.before:0:create', 'A.create:null→0', 'B.create:null→0', 'A.after:v1', 'B.after:v1']);
      log.length = 0;
      const u = await a.post(
        SAVE,
        { formCode: 'hk', id: r.id, version: 1, data: { dealer: { id: '1000000000000000001', name: '经销商1' }, amount: '2.00' }, submit: true },
        zw,
      );
      expect(u.statusCode).toBe(200);
      // no process is bound to the form: the approval module approves it at once, a second step of
      // the same write (the same version) once every hook has seen the submit
      expect(log).toEqual([
        'A.before:1:update',
        'B.before:1:update',
        'A.save:0→0',
        'B.save:0→0',
        'A.submit:0→1',
        'B.submit:0→1',
        'A.before:2:update',
        'B.before:2:update',
        'A.approve:1→2',
        'B.approve:1→2',
        'A.after:v2',
        'B.after:v2',
        'A.after:v2',
        'B.after:v2',
      ]);
      expect(seen.at(-1)).toEqual({ event: 'B', row: { s: '2', v: 2 } });
      log.length = 0;
      // an approved document is not deleted (409 before any write: no hook runs); it is voided
      expect((await a.post(DEL, { formCode: 'hk', id: r.id, version: 2 }, zw)).statusCode).toBe(409);
      expect(log).toEqual([]);
      expect((await a.post('/emp/api/v2/biaoDan/record/void', { formCode: 'hk', id: r.id, version: 2 }, zw)).json().code).toBe(0);
      expect(log).toEqual(['A.before:5:update', 'B.before:5:update', 'A.void:2→5', 'B.void:2→5', 'A.after:v3', 'B.after:v3']);
    } finally {
      offs.forEach((off) => off());
    }
  });

  it('a throwing hook rolls back a create: no record, no number used', async () => {
    const before = await countOf();
    const counters = await a.ctx.db.select().from(numberCounters).where(eq(numberCounters.formCode, 'hk'));
    const off = registerRecordHooks(a.ctx, {
      afterWrite: async (e) => {
        // a hook's own statement on the transaction goes too
        await e.tx.update(records).set({ stateName: 'touched' }).where(eq(records.id, e.after.id));
        throw new AppError(409, 'records.notEditable');
      },
    });
    try {
      const r = await a.post(SAVE, { formCode: 'hk', data: { amount: '3.00' } }, zw);
      expect(r.statusCode).toBe(409);
      expect(r.json().msg).toBe('单据已提交审批，不能修改');
    } finally {
      off();
    }
    expect(await countOf()).toBe(before);
    expect(await a.ctx.db.select().from(numberCounters).where(eq(numberCounters.formCode, 'hk'))).toEqual(counters);
  });

  it('a throwing hook rolls back an update, a submit and a delete', async () => {
    const { id } = (await a.post(SAVE, { formCode: 'hk', data: { amount: '4.00' } }, zw)).json().data;
    const off = registerRecordHooks(a.ctx, {
      formTypes: [80021],
      onTransition: (e) => {
        if (e.transition.action === 'submit' || e.transition.action === 'delete') throw new Error(`no ${e.transition.action}`);
      },
    });
    try {
      const sub = await a.post(
        SAVE,
        { formCode: 'hk', id, version: 1, data: { dealer: { id: '1000000000000000001', name: '经销商1' }, amount: '5.00' }, submit: true },
        zw,
      );
      expect(sub.statusCode).toBe(500);
      const del = await a.post(DEL, { formCode: 'hk', id, version: 1 }, zw);
      expect(del.statusCode).toBe(500);
    } finally {
      off();
    }
    const [row] = await a.ctx.db.select().from(records).where(eq(records.id, id));
    expect(row).toMatchObject({ version: 1, shenPiZhuangTai: '0', isYouXiao: '1', data: { amount: '4.00' } });
    // without the hook the same writes go through
    expect((await a.post(SAVE, { formCode: 'hk', id, version: 1, data: { amount: '6.00' } }, zw)).json().data.version).toBe(2);
  });

  it('a registered scope provider widens reads and lists; removing it narrows them again', async () => {
    const { id } = (await a.post(SAVE, { formCode: 'hk', data: { amount: '77.00' } }, zw)).json().data;
    expect((await a.post(GET, { formCode: 'hk', id }, lina)).statusCode).toBe(403);
    // e.g. a role data scope: lina reads the records of amount 77.00 (not writes them)
    const off = registerScopeProvider(a.ctx, (u) =>
      u.username === 'lina'
        ? {
            where: sql`"records"."data"->>'amount' = '77.00'`,
            canRead: (r) => (r.data as { amount?: string } | undefined)?.amount === '77.00',
            canWrite: () => false,
          }
        : null,
    );
    try {
      expect((await a.post(GET, { formCode: 'hk', id }, lina)).statusCode).toBe(200);
      expect((await a.post(SAVE, { formCode: 'hk', id, version: 1, data: { amount: '1.00' } }, lina)).statusCode).toBe(403);
      const listed = (await a.post(LIST, { formCode: 'hk' }, lina)).json().data.rows as { id: string }[];
      expect(listed.map((r) => r.id)).toEqual([id]);
    } finally {
      off();
    }
    expect((await a.post(GET, { formCode: 'hk', id }, lina)).statusCode).toBe(403);
    expect((await a.post(LIST, { formCode: 'hk' }, lina)).json().data.rows).toEqual([]);
  });
});
