// The Must-show path through the API with the seeded people and the seeded expense
// application process: zhangwei submits 60,000 (the regional director is on the path), lina
// (his department leader) approves, xuqiang (the matrix's regional director) returns it to
// zhangwei, zhangwei resubmits (record/save submit), it goes straight back to the director
// (resubmit: returningNode), who approves, finance (sunli) approves, and the record ends
// approved with liuChengGuiDangTime set and the whole history. Plus who may open it: lina gets
// 403 before she has a task and 200 after; a stranger keeps 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';
import { users } from '../../db/schema';
import { expenseData, P, R } from './testing';

describe.each(BACKENDS)('approval flow with the seeded people (%s)', (backend) => {
  let a: TestApp;
  let zw: string;
  let lina: string;
  let xq: string;
  let sl: string;
  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    [zw, lina, xq, sl] = await Promise.all(['zhangwei', 'lina', 'xuqiang', 'sunli'].map((u) => a.login(u)));
  }, 180_000);
  afterAll(async () => a?.stop());

  const todoOf = async (token: string, recordId: string) => {
    const r = await a.post(P.taskAll, { tab: 'todo' }, token);
    expect(r.statusCode, r.body).toBe(200);
    return (r.json().data.rows as { recordId: string; taskId: string; nodeId: string }[]).filter((x) => x.recordId === recordId);
  };
  const record = async (token: string, id: string) => a.post(R.get, { formCode: 'feiYongShenQing', id }, token);

  it('submit → leader approves → director returns → resubmit goes back to the director → director and finance approve → archived', async () => {
    const data = await expenseData(a, zw, '60000.00');
    // a draft first: lina may not open it (403), nor a stranger
    const draft = await a.post(R.save, { formCode: 'feiYongShenQing', data }, zw);
    expect(draft.statusCode, draft.body).toBe(200);
    const id: string = draft.json().data.id;
    expect((await record(lina, id)).statusCode).toBe(403);

    const submitted = await a.post(R.save, { formCode: 'feiYongShenQing', id, version: draft.json().data.version, data, submit: true }, zw);
    expect(submitted.statusCode, submitted.body).toBe(200);
    let rec = (await record(zw, id)).json().data.record;
    expect(rec.shenPiZhuangTai).toBe('1');
    expect(rec.stateName).toBe('部门经理审批');
    const [linaUser] = await a.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'lina'));
    // shenPiRen: the first pending approver's user id (schemas/process/views.ts approvalFields)
    expect(rec.shenPiRen).toBe(linaUser.id);
    expect(rec.liuChengId).toMatch(/^[0-9]{19}$/);

    // lina now holds a task: she opens the document (mode 3 reads record/get); xuqiang not yet
    expect((await record(lina, id)).statusCode).toBe(200);
    expect((await record(xq, id)).statusCode).toBe(403);
    // and lists it (the scope's exists (…) predicate), read-only: saving it is still refused
    const listed = async (token: string) =>
      ((await a.post(R.list, { formCode: 'feiYongShenQing', limit: 50 }, token)).json().data.rows as { id: string }[]).map((x) => x.id);
    expect(await listed(lina)).toContain(id);
    expect(await listed(xq)).not.toContain(id);
    expect((await a.post(R.save, { formCode: 'feiYongShenQing', id, version: 2, data }, lina)).statusCode).toBe(403);

    const [leaderTask] = await todoOf(lina, id);
    expect(leaderTask.nodeId).toBe('buMenJingLi');
    const d1 = (await a.post(P.detail, { recordId: id }, lina)).json().data;
    expect(d1.myTask.id).toBe(leaderTask.taskId);
    expect(d1.allowedActions).toEqual(expect.arrayContaining(['approve', 'reject', 'return']));
    const approved = await a.post(P.approve, { taskId: leaderTask.taskId, comment: '同意' }, lina);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe('running');

    // the matrix names xuqiang for the dealer
    const [directorTask] = await todoOf(xq, id);
    expect(directorTask.nodeId).toBe('quYuZongJian');
    expect((await record(xq, id)).statusCode).toBe(200);
    const d2 = (await a.post(P.detail, { recordId: id }, xq)).json().data;
    expect(d2.returnTargets.map((x: { id: string }) => x.id)).toEqual(expect.arrayContaining(['applicant', 'buMenJingLi']));
    const returned = await a.post(P.return, { taskId: directorTask.taskId, to: 'applicant', comment: '请补充活动门店照片' }, xq);
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().data.status).toBe('returned');
    rec = (await record(zw, id)).json().data.record;
    expect(rec.shenPiZhuangTai).toBe('3');
    expect(await todoOf(xq, id)).toEqual([]);

    // zhangwei resubmits (modify on return): straight back to the director, lina is not asked again
    const resubmitted = await a.post(
      R.save,
      { formCode: 'feiYongShenQing', id, version: rec.version, data: { ...rec.data, huoDongShuoMing: '已补充门店照片' }, submit: true },
      zw,
    );
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect(await todoOf(lina, id)).toEqual([]);
    const [again] = await todoOf(xq, id);
    expect(again.nodeId).toBe('quYuZongJian');
    expect((await a.post(P.approve, { taskId: again.taskId, comment: '同意' }, xq)).statusCode).toBe(200);

    const [financeTask] = await todoOf(sl, id);
    expect(financeTask.nodeId).toBe('caiWuShenPi');
    const done = await a.post(P.approve, { taskId: financeTask.taskId, comment: '同意' }, sl);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.status).toBe('approved');
    expect(done.json().data.recordStatus).toBe('2');

    rec = (await record(zw, id)).json().data.record;
    expect(rec.shenPiZhuangTai).toBe('2');
    expect(rec.liuChengGuiDangTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rec.shenPiRen).toBeNull();
    expect(rec.data.huoDongShuoMing).toBe('已补充门店照片');

    const detail = (await a.post(P.detail, { recordId: id }, zw)).json().data;
    expect(detail.instance.status).toBe('approved');
    const steps = (detail.history as { action: string; actorName: string | null; nodeId: string | null }[]).map((h) => `${h.action}:${h.actorName ?? '-'}`);
    // every person's step is there, in order
    const people = steps.filter((s) => /^(start|approve|return|resubmit):/.test(s));
    expect(people).toEqual(['start:张伟', 'approve:李娜', 'return:徐强', 'resubmit:张伟', 'approve:徐强', 'approve:孙丽']);
    expect(steps).toContain('archive:-');

    // the task center: done for the approvers, started for zhangwei, copies for the applicant's cc node
    const doneRows = (await a.post(P.taskAll, { tab: 'done' }, xq)).json().data;
    expect(
      doneRows.rows
        .filter((x: { recordId: string }) => x.recordId === id)
        .map((x: { status: string }) => x.status)
        .sort(),
    ).toEqual(['approved', 'returned']);
    const started = (await a.post(P.taskAll, { tab: 'started', keyword: rec.number }, zw)).json().data;
    expect(started.rows).toHaveLength(1);
    expect(started.rows[0].status).toBe('approved');
    // the approvers still read the finished document; a stranger does not
    expect((await record(lina, id)).statusCode).toBe(200);
    const stranger = await a.login('admin');
    expect((await record(stranger, id)).statusCode).toBe(200); // the administrator reads everything
    expect((await a.post(P.detail, { recordId: id }, await a.login('dealer01'))).statusCode).toBe(403);
  }, 120_000);
});
