// Test support of the approval runtime (imported by *.test.ts only): the endpoints' paths and a
// valid expense application's data for an amount, built from a seeded draft of the user.
import { expect } from 'vitest';
import { endpoints, pathOf } from '../../../schemas/api';
import type { TestApp } from '../../test/helpers';

const PREFIX = '/tpm';
const E = endpoints.process;
/** The runtime endpoints' paths (the test app's prefix). */
export const P = Object.fromEntries(Object.entries(E).map(([k, e]) => [k, pathOf(e, PREFIX)])) as Record<keyof typeof E, string>;
export const R = { get: pathOf(endpoints.records.get, PREFIX), save: pathOf(endpoints.records.save, PREFIX), list: pathOf(endpoints.records.list, PREFIX) };

/**
 * The data of a valid expense application (feiYongShenQing) of `amount` (one detail line,
 * 100 × amount/100), from the user's seeded draft (the dealer JXS0001, its budget pool …).
 */
export async function expenseData(a: TestApp, token: string, amount: string): Promise<Record<string, unknown>> {
  const r = await a.post(R.list, { formCode: 'feiYongShenQing', limit: 50 }, token);
  expect(r.statusCode).toBe(200);
  const rows = r.json().data.rows as { shenPiZhuangTai: string; data: Record<string, unknown> }[];
  const draft = rows.find((x) => x.shenPiZhuangTai === '0');
  if (!draft) throw new Error('no seeded draft to copy');
  const data = structuredClone(draft.data);
  const lines = data.mingXi as Record<string, unknown>[];
  const price = (Number(amount) / 100).toFixed(2);
  data.mingXi = [{ ...lines[0], shuLiang: 100, danJia: price, jinE: amount }];
  data.shenQingJinE = amount;
  // above 50,000 the form requires an attachment (its activity plan)
  if (Number(amount) > 50_000) data.fuJian = [await uploadFile(a, token, '活动方案.png')];
  return data;
}

// a 1×1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Uploads a small PNG as the user; answers the file reference a record stores ({ id, name, size, type }). */
export async function uploadFile(a: TestApp, token: string, name: string): Promise<{ id: string; name: string; size: number; type: string }> {
  const boundary = `----formwork${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`);
  const payload = Buffer.concat([head, PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const r = await a.inject({
    method: 'POST',
    url: pathOf(endpoints.files.upload, PREFIX),
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token },
  });
  expect(r.statusCode, r.body).toBe(200);
  const f = r.json().data as { id: string; name: string; size: number; type: string };
  return { id: f.id, name: f.name, size: f.size, type: f.type };
}
