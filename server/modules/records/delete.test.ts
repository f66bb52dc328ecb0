// Issue 16: deleting follows the same state rules as editing — a draft, a returned or a
// withdrawn document may be deleted; one in approval answers 409 "withdraw first"; an approved
// or void one answers 409 — checked by the delete's own conditional write (no window between
// the check and the write).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';
import { expenseForm } from '../../test/fixtures';
import { records } from '../../db/schema';
import { registerRecordHooks } from './hooks';

const SAVE = '/emp/api/v2/biaoDan/record/save';
const GET = '/emp/api/v2/biaoDan/record/get';
const DEL = '/emp/api/v2/biaoDan/record/delete';

describe.each(BACKENDS)('record delete follows the edit rules (%s)', (backend) => {
  let a: TestApp;
  let zw: string;
  let admin: string;
  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    admin = await a.login('admin');
    zw = await a.login('zhangwei');
    // a form with no picker (the test is about the status, not master data)
    const def = expenseForm('delRule', { titleTemplate: '{amount}' });
    def.fields = def.fields.filter((f) => f.key !== 'dealer');
    await a.post('/tpm/emp/system/commons/biaoDan/edit-save.action', { definition: def }, admin);
    expect((await a.post('/emp/api/v2/biaoDan/publish', { code: 'delRule' }, admin)).statusCode).toBe(200);
  });
  afterAll(async () => a?.stop());

  const create = async () => (await a.post(SAVE, { formCode: 'delRule', data: { amount: '10.00' } }, zw)).json().data as { id: string; version: number };
  const rowOf = async (id: string) => (await a.ctx.db.select().from(records).where(eq(records.id, id)))[0];
  /** a status the approval engine would set (approved, returned, withdrawn, void) */
  const setStatus = (id: string, s: string) => a.ctx.db.update(records).set({ shenPiZhuangTai: s }).where(eq(records.id, id));

  it('a document in approval answers 409 "withdraw first" (translated) and stays', async () => {
    // submitted into approval (this test form has no process: the engine's status is set here)
    const { id, version } = await create();
    await setStatus(id, '1');
    const r = await a.post(DEL, { formCode: 'delRule', id, version }, zw);
    expect(r.statusCode).toBe(409);
    expect(r.json().msg).toBe('单据正在审批中，不能删除，请先撤回');
    expect(await rowOf(id)).toMatchObject({ isYouXiao: '1', shenPiZhuangTai: '1', version });
    expect((await a.post(GET, { formCode: 'delRule', id }, zw)).statusCode).toBe(200);
    // the administrator is held to the same rule
    expect((await a.post(DEL, { formCode: 'delRule', id, version }, admin)).statusCode).toBe(409);
  });

  it('approved and void documents answer 409; draft, returned and withdrawn ones are deleted', async () => {
    for (const s of ['2', '5']) {
      const { id, version } = await create();
      await setStatus(id, s);
      const r = await a.post(DEL, { formCode: 'delRule', id, version }, zw);
      expect(r.statusCode, `status ${s}`).toBe(409);
      expect(r.json().msg).toBe('单据当前状态不能删除（只有草稿、已退回或已撤回的单据可以删除）');
      expect((await rowOf(id)).isYouXiao).toBe('1');
    }
    for (const s of ['0', '3', '4']) {
      const { id, version } = await create();
      await setStatus(id, s);
      expect((await a.post(DEL, { formCode: 'delRule', id, version }, zw)).json().code, `status ${s}`).toBe(0);
      expect((await rowOf(id)).isYouXiao).toBe('0');
    }
  });

  it('the status is checked by the delete itself: a submit landing after the read still wins', async () => {
    const { id, version } = await create();
    // the document goes into approval between the delete's read and its write (same version:
    // what a status change that keeps the row version, e.g. an engine step, would leave)
    const off = registerRecordHooks(a.ctx, {
      beforeWrite: async (e) => {
        if (e.after.id === id && e.transitions.some((t) => t.action === 'delete')) {
          await e.tx.update(records).set({ shenPiZhuangTai: '1' }).where(eq(records.id, id));
        }
      },
    });
    try {
      const r = await a.post(DEL, { formCode: 'delRule', id, version }, zw);
      expect(r.statusCode).toBe(409);
      expect(r.json().msg).toBe('单据正在审批中，不能删除，请先撤回');
    } finally {
      off();
    }
    expect(await rowOf(id)).toMatchObject({ isYouXiao: '1', shenPiZhuangTai: '0' });
  });

  it('20 concurrent deletes and submits of one draft: exactly one of them happens', async () => {
    const { id, version } = await create();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? a.post(DEL, { formCode: 'delRule', id, version }, zw)
          : a.post(SAVE, { formCode: 'delRule', id, version, data: { amount: '11.00' }, submit: true }, zw),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const row = await rowOf(id);
    // either submitted (valid; with no process bound, approved at once) or deleted (still a draft), never both
    expect([row.isYouXiao === '1' && row.shenPiZhuangTai !== '0', row.isYouXiao === '0' && row.shenPiZhuangTai === '0'].filter(Boolean)).toHaveLength(1);
  });
});
