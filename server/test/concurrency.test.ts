// Concurrency holds in the database, not in the process: on PostgreSQL (TEST_DATABASE_URL)
// the requests really run in parallel over a connection pool.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApp, type TestApp } from './helpers';
import { expenseForm } from './fixtures';

const SAVE = '/emp/api/v2/biaoDan/record/save';

describe.each(BACKENDS)('concurrency (%s)', (backend) => {
  let a: TestApp;
  let zw: string;
  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    const admin = await a.login('admin');
    await a.post('/tpm/emp/system/commons/biaoDan/edit-save.action', { definition: expenseForm('conc') }, admin);
    await a.post('/emp/api/v2/biaoDan/publish', { code: 'conc' }, admin);
    zw = await a.login('zhangwei');
  });
  afterAll(async () => a?.stop());

  it('50 parallel creates get 50 distinct document numbers', async () => {
    const rs = await Promise.all(Array.from({ length: 50 }, (_, i) => a.post(SAVE, { formCode: 'conc', data: { amount: `${i}.00` } }, zw)));
    expect(rs.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const numbers = new Set(rs.map((r) => r.json().data.number));
    expect(numbers.size).toBe(50);
    const ids = new Set(rs.map((r) => r.json().data.id));
    expect(ids.size).toBe(50);
    const list = (await a.post('/emp/api/v2/biaoDan/record/list', { formCode: 'conc', limit: 10 }, await a.login('admin'))).json().data;
    expect(list.totalRecord).toBe(50);
  });

  it('20 parallel updates of one record: one wins, the rest 409', async () => {
    const { id } = (await a.post(SAVE, { formCode: 'conc', data: { amount: '1.00' } }, zw)).json().data;
    const rs = await Promise.all(Array.from({ length: 20 }, (_, i) => a.post(SAVE, { formCode: 'conc', id, version: 1, data: { amount: `${i + 2}.00` } }, zw)));
    const codes = rs.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const winner = rs.find((r) => r.statusCode === 200)!.json().data;
    expect(winner.version).toBe(2);
  });

  it('parallel inserts of one number/code value: exactly one succeeds', async () => {
    const rs = await Promise.all(Array.from({ length: 20 }, () => a.post(SAVE, { formCode: 'conc', data: { activityCode: 'ZX-2026-0001' } }, zw)));
    const codes = rs.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(rs.find((r) => r.statusCode === 409)!.json().errors[0].field).toBe('activityCode');
  });
});
