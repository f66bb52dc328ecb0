import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';
import { clearSessionCache } from '../auth';
import { expenseForm } from '../../test/fixtures';
import { dealers, users } from '../../db/schema';
import { TC } from '../../../schemas';

// a 1×1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const SAVE = '/emp/api/v2/biaoDan/record/save';
const DOWNLOAD = '/tpm/upload/upload-download';

function multipart(filename: string, content: Buffer) {
  const boundary = '----formwork' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(BACKENDS)('attachments readable by the record readers (%s)', (backend) => {
  let a: TestApp;
  let admin: string;
  let zw: string;
  let lina: string;
  let dealer: string;
  let zwId: string;
  // picker values must be real master data (records/pickerRefs.ts): the seeded dealers
  let realDealers: { id: string; name: string }[];
  const dealerValue = (i: number) => realDealers[i - 1];
  const form = expenseForm('att', {
    fields: [
      ...expenseForm().fields.filter((f) => f.key !== 'mingXi'),
      { key: 'fuJian', type: TC.ATTACHMENT, label: { 'zh-CN': '附件' } },
      {
        key: 'mingXi',
        type: TC.SUB_FORM,
        label: { 'zh-CN': '费用明细' },
        fields: [
          { key: 'item', type: TC.TEXT, label: { 'zh-CN': '项目' }, required: true },
          { key: 'zhaoPian', type: TC.IMAGE, label: { 'zh-CN': '照片' } },
        ],
      },
    ],
  });

  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    admin = await a.login('admin');
    zw = await a.login('zhangwei');
    lina = await a.login('lina');
    dealer = await a.login('dealer01');
    await a.post('/tpm/emp/system/commons/biaoDan/edit-save.action', { definition: form }, admin);
    await a.post('/emp/api/v2/biaoDan/publish', { code: 'att' }, admin);
    [{ id: zwId }] = await a.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'zhangwei'));
    realDealers = await a.ctx.db.select({ id: dealers.id, name: dealers.name }).from(dealers).where(eq(dealers.isActive, true)).orderBy(dealers.sort).limit(3);
  });
  afterAll(async () => {
    await a?.ctx.db.update(users).set({ jiaoJieRenIds: '' }).where(eq(users.username, 'lina'));
    await a?.stop();
  });

  const upload = async (token: string, name = '门头照.png') => {
    const m = multipart(name, PNG);
    const r = await a.inject({ method: 'POST', url: '/tpm/upload/upload-sellSetting', payload: m.payload, headers: { ...m.headers, authorization: token } });
    expect(r.statusCode).toBe(200);
    return r.json().data as { id: string; name: string; size: number; type: string };
  };
  const status = async (id: string, token: string) => (await a.post(DOWNLOAD, { id }, token)).statusCode;

  it('the creator, a handover person, the admin read the files of a record; others and dealers do not', async () => {
    const own = await upload(zw);
    const row = await upload(zw, '陈列照.png');
    const created = await a.post(
      SAVE,
      { formCode: 'att', data: { dealer: dealerValue(1), amount: '800.00', fuJian: [own], mingXi: [{ item: '端架', zhaoPian: [row] }] } },
      zw,
    );
    expect(created.statusCode).toBe(200);
    const rec = created.json().data as { id: string; version: number };

    for (const f of [own, row]) {
      expect(await status(f.id, zw)).toBe(200);
      expect(await status(f.id, admin)).toBe(200);
      expect(await status(f.id, lina)).toBe(403); // unrelated employee
      expect(await status(f.id, dealer)).toBe(403); // dealer session
    }

    // a handover person of the creator edits the record and attaches a file of her own:
    // the creator, who did not upload it, may now download it through the record
    await a.ctx.db.update(users).set({ jiaoJieRenIds: zwId }).where(eq(users.username, 'lina'));
    clearSessionCache(a.ctx.db); // an administrator's change, seen at once
    expect(await status(own.id, lina)).toBe(200);
    const hers = await upload(lina, '发票.png');
    expect(await status(hers.id, zw)).toBe(403);
    const upd = await a.post(
      SAVE,
      {
        formCode: 'att',
        id: rec.id,
        version: rec.version,
        data: { dealer: dealerValue(1), amount: '800.00', fuJian: [own, hers], mingXi: [{ item: '端架', zhaoPian: [row] }] },
      },
      lina,
    );
    expect(upd.statusCode).toBe(200);
    expect(await status(hers.id, zw)).toBe(200);
    const body = await a.post(DOWNLOAD, { id: hers.id }, zw);
    expect(body.rawPayload.equals(PNG)).toBe(true);
    // reading is not deleting: only the uploader's side deletes
    expect((await a.post('/tpm/upload/upload-delete', { id: hers.id }, zw)).statusCode).toBe(403);

    // the record deleted: the creator no longer reads the file she did not upload
    await a.ctx.db.update(users).set({ jiaoJieRenIds: '' }).where(eq(users.username, 'lina'));
    clearSessionCache(a.ctx.db); // an administrator's change, seen at once
    const del = await a.post('/emp/api/v2/biaoDan/record/delete', { formCode: 'att', id: rec.id, version: upd.json().data.version }, zw);
    expect(del.json().code).toBe(0);
    expect(await status(hers.id, zw)).toBe(403);
    expect(await status(hers.id, lina)).toBe(200);
    expect(await status(own.id, zw)).toBe(200);
  });

  it('a record may not refer to a file its writer may not read (no access by linking)', async () => {
    const zwFile = await upload(zw);
    const r = await a.post(SAVE, { formCode: 'att', data: { dealer: dealerValue(2), amount: '10.00', fuJian: [zwFile] } }, lina);
    expect(r.statusCode).toBe(422);
    expect(r.json().errors).toEqual([expect.objectContaining({ field: 'fuJian', message: `附件“${zwFile.id}”不存在或无权引用` })]);
    expect(await status(zwFile.id, lina)).toBe(403);
    const ghost = { id: '9999999999999999999', name: 'x.png', size: 1, type: 'image/png' };
    const r2 = await a.post(
      SAVE,
      { formCode: 'att', data: { dealer: dealerValue(2), amount: '10.00', mingXi: [{ item: 'a' }, { item: 'b', zhaoPian: [ghost] }] } },
      lina,
    );
    expect(r2.statusCode).toBe(422);
    expect(r2.json().errors[0].field).toBe('mingXi.1.zhaoPian');
  });

  it("stores a file's name, size and type from the files table, never the client's (new and already linked files, sub-form rows)", async () => {
    const own = await upload(zw, '发票.png');
    const row = await upload(zw, '陈列照.png');
    const forged = { id: own.id, name: 'invoice.exe', size: 999_999_999, type: 'text/html' };
    const forgedRow = { id: row.id, name: '<img src=x onerror=alert(1)>.svg', size: 1, type: 'image/svg+xml' };
    const created = await a.post(
      SAVE,
      { formCode: 'att', data: { dealer: dealerValue(3), amount: '10.00', fuJian: [forged], mingXi: [{ item: '端架', zhaoPian: [forgedRow] }] } },
      zw,
    );
    expect(created.statusCode).toBe(200);
    const rec = created.json().data as { id: string; version: number };
    const read = async () => (await a.post('/emp/api/v2/biaoDan/record/get', { formCode: 'att', id: rec.id }, zw)).json().data.record.data;
    let data = await read();
    expect(data.fuJian).toEqual([{ id: own.id, name: '发票.png', size: PNG.length, type: 'image/png' }]);
    expect(data.mingXi[0].zhaoPian).toEqual([{ id: row.id, name: '陈列照.png', size: PNG.length, type: 'image/png' }]);
    // an update of a file already linked to the record is corrected too
    const upd = await a.post(
      SAVE,
      {
        formCode: 'att',
        id: rec.id,
        version: rec.version,
        data: {
          dealer: dealerValue(3),
          amount: '10.00',
          fuJian: [{ ...own, name: 'renamed.pdf', size: 7, type: 'application/pdf' }],
          mingXi: [{ item: '端架', zhaoPian: [row] }],
        },
      },
      zw,
    );
    expect(upd.statusCode).toBe(200);
    data = await read();
    expect(data.fuJian).toEqual([own]);
    expect(data.mingXi[0].zhaoPian).toEqual([row]);
  });
});
