import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';
import { expenseForm, dealerValue } from '../../test/fixtures';
import { TC } from '../../../schemas';

const SAVE = '/emp/api/v2/biaoDan/record/save';
const GET = '/emp/api/v2/biaoDan/record/get';

// linkage rules hold on the server: a request that bypasses the UI cannot skip a rule-required field
describe.each(BACKENDS)('linkage rules on save (%s)', (backend) => {
  let a: TestApp;
  let admin: string;
  let zw: string;
  const base = expenseForm('rul');
  const form = expenseForm('rul', {
    fields: [
      ...base.fields.map((f) => (f.key === 'qty' ? { ...f, required: true } : f)),
      { key: 'contractNo', type: TC.TEXT, label: { 'zh-CN': '合同编号', 'en-US': 'Contract number', 'zh-TW': '合同編號' } },
    ],
    formulas: [{ id: 'lineSum', target: 'amount', expression: { colSum: ['mingXi', 'price'] }, precision: 2 }],
    rules: [
      {
        id: 'bigNeedsContract',
        when: { '>': [{ var: 'amount' }, 50000] },
        then: [{ action: 'require', target: 'contractNo' }],
        otherwise: [{ action: 'optional', target: 'contractNo' }],
      },
      { id: 'ttHidesQty', when: { '==': [{ var: 'channel' }, 'TT'] }, then: [{ action: 'hide', target: 'qty' }] },
    ],
  });

  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    admin = await a.login('admin');
    zw = await a.login('zhangwei');
    const saved = await a.post('/tpm/emp/system/commons/biaoDan/edit-save.action', { definition: form }, admin);
    expect(saved.json().code).toBe(0);
    expect((await a.post('/emp/api/v2/biaoDan/publish', { code: 'rul' }, admin)).json().code).toBe(0);
  });
  afterAll(async () => a?.stop());

  const lines = (...prices: string[]) => prices.map((price, i) => ({ item: `明细${i + 1}`, price }));
  const save = (data: Record<string, unknown>, extra: Record<string, unknown> = {}) => a.post(SAVE, { formCode: 'rul', data, submit: true, ...extra }, zw);

  it('a rule-required empty field answers 422 with the field-keyed error in the user language', async () => {
    const data = { dealer: dealerValue(1), qty: 2, channel: 'KA', mingXi: lines('30000.00', '25000.00') };
    const r = await save(data);
    expect(r.statusCode).toBe(422);
    expect(r.json().errors).toEqual([expect.objectContaining({ field: 'contractNo', code: 'required', message: '「合同编号」不能为空' })]);
    // the session's language (duoYuYanType 3 → en-US)
    expect((await a.post('/emp/api/v2/login/duoYuYan', { update: 1, duoYuYanType: 3 }, zw)).json().code).toBe(0);
    const en = await save(data);
    await a.post('/emp/api/v2/login/duoYuYan', { update: 1, duoYuYanType: 1 }, zw);
    expect(en.json().errors).toEqual([expect.objectContaining({ field: 'contractNo', code: 'required', message: expect.stringContaining('Contract number') })]);
    // with the field filled it saves; a draft requires nothing
    expect((await save({ ...data, contractNo: 'HT-2026-001' })).statusCode).toBe(200);
    expect((await save(data, { submit: false })).statusCode).toBe(200);
  });

  it('the condition reads the recomputed total, not the amount the request claims; the stored amount is the computed one', async () => {
    const tampered = { dealer: dealerValue(1), qty: 1, amount: '1.00', mingXi: lines('60000.00') };
    const r = await save(tampered);
    expect(r.statusCode).toBe(422);
    expect(r.json().errors[0].field).toBe('contractNo');
    const ok = await save({ ...tampered, mingXi: lines('100.10', '0.2') });
    expect(ok.statusCode).toBe(200);
    const g = (await a.post(GET, { formCode: 'rul', id: ok.json().data.id }, zw)).json().data;
    expect(g.record.data.amount).toBe('100.30');
  });

  it('hidden fields are not required; the update path applies the rules too', async () => {
    const tt = await save({ dealer: dealerValue(2), channel: 'TT', mingXi: lines('10.00') });
    expect(tt.statusCode).toBe(200);
    const ka = await save({ dealer: dealerValue(2), channel: 'KA', mingXi: lines('10.00') });
    expect(ka.statusCode).toBe(422);
    expect(ka.json().errors.map((e: { field: string }) => e.field)).toEqual(['qty']);

    const draft = await save({ dealer: dealerValue(3), qty: 1, mingXi: lines('10.00') }, { submit: false });
    const { id, version } = draft.json().data;
    const up = await save({ dealer: dealerValue(3), qty: 1, mingXi: lines('50000.00', '0.01') }, { id, version });
    expect(up.statusCode).toBe(422);
    expect(up.json().errors[0]).toMatchObject({ field: 'contractNo', code: 'required' });
    expect((await save({ dealer: dealerValue(3), qty: 1, contractNo: 'HT-9', mingXi: lines('50000.00', '0.01') }, { id, version })).statusCode).toBe(200);
  });
});
