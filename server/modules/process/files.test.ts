// Files through approvals: the approver of a document downloads its attachments once the task is
// theirs (not before), and a file an approver attached to their comment is readable by the
// applicant and the later approvers, not by a stranger. Real database (PGlite).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, pathOf } from '../../../schemas/api';
import { startTestApp, type TestApp } from '../../test/helpers';
import { expenseData, P, R, uploadFile } from './testing';

const DOWNLOAD = pathOf(endpoints.files.download, '/tpm');

describe('files read through an approval', () => {
  let a: TestApp;
  let zw: string;
  let lina: string;
  let xq: string;
  let sl: string;
  let dealer: string;
  beforeAll(async () => {
    a = await startTestApp();
    [zw, lina, xq, sl, dealer] = await Promise.all(['zhangwei', 'lina', 'xuqiang', 'sunli', 'dealer01'].map((u) => a.login(u)));
  }, 180_000);
  afterAll(async () => a?.stop());

  const download = (id: string, token: string) => a.post(DOWNLOAD, { id }, token);
  const todo = async (token: string, recordId: string) => {
    const r = await a.post(P.taskAll, { tab: 'todo', limit: 50 }, token);
    expect(r.statusCode, r.body).toBe(200);
    return (r.json().data.rows as { recordId: string; taskId: string }[]).find((x) => x.recordId === recordId)?.taskId;
  };

  it('the attachment of a record: its approver reads it once the task is theirs; comment attachments reach the applicant and later approvers', async () => {
    // a draft with an attachment: only its owner reads the file
    const data = await expenseData(a, zw, '60000.00');
    const plan = (data.fuJian as { id: string }[])[0];
    const draft = await a.post(R.save, { formCode: 'feiYongShenQing', data }, zw);
    expect(draft.statusCode, draft.body).toBe(200);
    expect((await download(plan.id, zw)).statusCode).toBe(200);
    expect((await download(plan.id, lina)).statusCode).toBe(403);

    // submitted: lina holds the first task and reads it; the director (no task yet) does not
    const { id, version } = draft.json().data;
    const sub = await a.post(R.save, { formCode: 'feiYongShenQing', id, version, data, submit: true }, zw);
    expect(sub.statusCode, sub.body).toBe(200);
    expect((await download(plan.id, lina)).statusCode).toBe(200);
    expect((await download(plan.id, xq)).statusCode).toBe(403);

    // lina approves with a file of her own attached to the comment
    const note = await uploadFile(a, lina, '审批意见.png');
    const task = await todo(lina, id);
    const ok = await a.post(P.approve, { taskId: task, comment: '同意，附审批意见', attachments: [note.id] }, lina);
    expect(ok.statusCode, ok.body).toBe(200);
    // the director now holds a task: the record's attachment and lina's comment file are his to read
    expect((await download(plan.id, xq)).statusCode).toBe(200);
    expect((await download(note.id, xq)).statusCode).toBe(200);
    // the applicant reads the approver's comment file; finance (no task yet) and a dealer do not
    expect((await download(note.id, zw)).statusCode).toBe(200);
    expect((await download(note.id, sl)).statusCode).toBe(403);
    expect((await download(note.id, dealer)).statusCode).toBe(403);
  });
});
