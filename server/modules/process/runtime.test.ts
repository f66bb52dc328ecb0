// The runtime routes one by one on the seeded expense application process (leader → [> 50,000:
// regional director] → finance → cc the applicant → archive): the happy path of each, the
// refusals (the engine's codes as 403/404/409/422 with their messages), access (someone else's
// task → 403) and malformed bodies (422). Real database (PGlite).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BACKENDS, startTestApp, type TestApp } from '../../test/helpers';
import { processCc, processDefinitions, processDefinitionVersions, processHistory, processInstances, processOutbox, records, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { registerRecordHooks } from '../records';
import { expenseForm, dealerValue } from '../../test/fixtures';
import type { ProcessDefinition } from '../../../schemas/process';
import { endpoints, pathOf } from '../../../schemas/api';
import { expenseData, P, R, uploadFile } from './testing';

interface Row {
  recordId: string;
  taskId: string | null;
  nodeId: string | null;
  status: string;
  applicantName: string | null;
  number: string | null;
  formName: string | null;
  waitingMs: number;
}

describe.each(BACKENDS)('approval runtime routes (%s)', (backend) => {
  let a: TestApp;
  let zw: string;
  let lina: string;
  let xq: string;
  let sl: string;
  let admin: string;
  let small: Record<string, unknown>;
  const uid: Record<string, string> = {};
  beforeAll(async () => {
    a = await startTestApp({ postgres: backend === 'postgres' });
    [zw, lina, xq, sl, admin] = await Promise.all(['zhangwei', 'lina', 'xuqiang', 'sunli', 'admin'].map((u) => a.login(u)));
    for (const u of await a.ctx.db.select({ id: users.id, username: users.username }).from(users)) uid[u.username] = u.id;
    small = await expenseData(a, zw, '1200.00');
  }, 180_000);
  afterAll(async () => a?.stop());

  const tab = async (token: string, t: 'todo' | 'done' | 'cc' | 'started', extra: Record<string, unknown> = {}) => {
    const r = await a.post(P.taskAll, { tab: t, limit: 50, ...extra }, token);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as { rows: Row[]; totalRecord: number; counts: Record<string, number> };
  };
  const taskOf = async (token: string, recordId: string) => (await tab(token, 'todo')).rows.find((x) => x.recordId === recordId)?.taskId ?? null;
  /** zhangwei submits a 1,200 application (leader → finance); answers its id and lina's task. */
  const submit = async (data = small) => {
    const r = await a.post(R.save, { formCode: 'feiYongShenQing', data, submit: true }, zw);
    expect(r.statusCode, r.body).toBe(200);
    const id: string = r.json().data.id;
    return { id, task: (await taskOf(lina, id))! };
  };
  const recordOf = async (id: string) => (await a.ctx.db.select().from(records).where(eq(records.id, id)))[0];

  describe('task center', () => {
    it('lists the seeded document in approval in lina’s to-do, with counts; filters by keyword and form', async () => {
      const todo = await tab(lina, 'todo');
      const seeded = todo.rows.find((x) => x.applicantName === '张伟');
      expect(seeded).toMatchObject({ nodeId: 'buMenJingLi', status: 'pending', formName: '费用申请' });
      expect(seeded!.waitingMs).toBeGreaterThanOrEqual(0);
      expect(todo.counts.todo).toBe(todo.totalRecord);
      const counts = (await a.post(P.counts, {}, lina)).json().data;
      expect(counts).toEqual(todo.counts);
      expect((await tab(lina, 'todo', { keyword: seeded!.number })).rows.map((x) => x.recordId)).toEqual([seeded!.recordId]);
      expect((await tab(lina, 'todo', { keyword: 'no-such-document' })).rows).toEqual([]);
      expect((await tab(lina, 'todo', { formCode: 'feiYongJieAn' })).rows).toEqual([]);
      // zhangwei started it
      expect((await tab(zw, 'started')).rows.map((x) => x.recordId)).toContain(seeded!.recordId);
    });

    it('a deleted document leaves the lists and the counts', async () => {
      const { id, task } = await submit();
      const before = await tab(lina, 'todo');
      expect(before.rows.map((x) => x.recordId)).toContain(id);
      const rec = await recordOf(id);
      // in approval it is withdrawn first (issue 16: delete follows the edit rule)
      const refused = await a.post('/emp/api/v2/biaoDan/record/delete', { formCode: 'feiYongShenQing', id, version: rec.version }, zw);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().msg).toBe('单据正在审批中，不能删除，请先撤回');
      expect((await tab(lina, 'todo')).rows.map((x) => x.recordId)).toContain(id);
      // returned to the applicant, it is deleted, and its approval closed
      expect((await a.post(P.return, { taskId: task, to: 'applicant', comment: '请修改' }, lina)).statusCode).toBe(200);
      const returned = await recordOf(id);
      expect((await a.post('/emp/api/v2/biaoDan/record/delete', { formCode: 'feiYongShenQing', id, version: returned.version }, zw)).statusCode).toBe(200);
      const after = await tab(lina, 'todo');
      expect(after.rows.map((x) => x.recordId)).not.toContain(id);
      expect(after.counts.todo).toBe(before.counts.todo - 1);
      // its approval is cancelled with it: no open task, no live instance
      const [inst] = await a.ctx.db.select().from(processInstances).where(eq(processInstances.recordId, id));
      expect(inst.status).toBe('cancelled');
      const history = await a.ctx.db.select().from(processHistory).where(eq(processHistory.instanceId, inst.id));
      expect(history.at(-1)).toMatchObject({ action: 'cancel', actorId: uid.zhangwei, detail: { reason: 'recordDeleted' } });
      expect((inst.state as { tasks: { status: string }[] }).tasks.filter((x) => x.status === 'pending')).toEqual([]);
    });

    it('refuses malformed bodies (422) and dealers (403)', async () => {
      expect((await a.post(P.taskAll, { tab: 'mine' }, lina)).statusCode).toBe(422);
      expect((await a.post(P.taskAll, { tab: 'todo', limit: 7 }, lina)).statusCode).toBe(422);
      expect((await a.post(P.taskAll, {}, lina)).statusCode).toBe(422);
      expect((await a.post(P.taskAll, { tab: 'todo' }, await a.login('dealer01'))).statusCode).toBe(403);
      expect((await a.post(P.taskAll, { tab: 'todo' })).statusCode).toBe(401);
    });
  });

  describe('detail', () => {
    it('answers the instance, the pinned definition, history and what the caller may do', async () => {
      const { id, task } = await submit();
      const mine = (await a.post(P.detail, { recordId: id }, zw)).json().data;
      expect(mine.instance).toMatchObject({ status: 'running', processCode: 'feiYongShenQingLiuCheng', processVersion: 1, applicantName: '张伟' });
      expect(mine.instance.currentNodes).toEqual([{ id: 'buMenJingLi', name: '部门经理审批' }]);
      expect(mine.definition.code).toBe('feiYongShenQingLiuCheng');
      expect(mine.myTask).toBeNull();
      expect(mine.allowedActions).toEqual(expect.arrayContaining(['withdraw', 'urge']));
      expect(mine.history.map((h: { action: string }) => h.action)).toContain('start');
      const hers = (await a.post(P.detail, { recordId: id }, lina)).json().data;
      expect(hers.myTask).toMatchObject({ id: task, nodeId: 'buMenJingLi', assigneeName: '李娜' });
      expect(hers.returnTargets).toEqual([{ id: 'applicant', name: '申请人' }]);
      expect(hers.allowedActions).toEqual(expect.arrayContaining(['approve', 'reject', 'return', 'transfer', 'delegate', 'addSign']));
    });

    it('403 for someone who may not read the record, 404 for an unknown one, 422 for a bad id; a draft has no instance', async () => {
      const { id } = await submit();
      expect((await a.post(P.detail, { recordId: id }, xq)).statusCode).toBe(403);
      expect((await a.post(P.detail, { recordId: '1234567890123456789' }, zw)).statusCode).toBe(404);
      expect((await a.post(P.detail, { recordId: 'x' }, zw)).statusCode).toBe(422);
      const draft = (await a.post(R.save, { formCode: 'feiYongShenQing', data: small }, zw)).json().data;
      expect((await a.post(P.detail, { recordId: draft.id }, zw)).json().data.instance).toBeNull();
    });
  });

  describe('approve', () => {
    it('someone else’s task → 403; an unknown task → 404; a second approval → 409; bad bodies → 422', async () => {
      const { id, task } = await submit();
      const other = await a.post(P.approve, { taskId: task }, xq);
      expect(other.statusCode).toBe(403);
      expect(other.json().msg).toBe('这不是您的待办');
      expect((await a.post(P.approve, { taskId: '1234567890123456789' }, lina)).statusCode).toBe(404);
      expect((await a.post(P.approve, { taskId: 'abc' }, lina)).statusCode).toBe(422);
      expect((await a.post(P.approve, { taskId: task, comment: 'x'.repeat(2001) }, lina)).statusCode).toBe(422);
      const ok = await a.post(P.approve, { taskId: task, comment: '同意' }, lina);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data).toMatchObject({ recordId: id, status: 'running', recordStatus: '1' });
      const again = await a.post(P.approve, { taskId: task }, lina);
      expect(again.statusCode).toBe(409);
      expect(again.json().msg).toBe('该待办已处理，请刷新后查看');
      const rec = await recordOf(id);
      expect(rec).toMatchObject({ shenPiZhuangTai: '1', stateName: '财务审批', shenPiRen: uid.sunli, shiYongJueSeId: 'caiWuZhuGuan' });
    });

    it('attachments (file ids) go into the history with their names; a file the approver may not read → 422', async () => {
      const { id, task } = await submit();
      const mine = await uploadFile(a, lina, '审批意见.png');
      const theirs = await uploadFile(a, xq, '别人的.png');
      const bad = await a.post(P.approve, { taskId: task, attachments: [theirs.id] }, lina);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors[0].field).toBe('attachments');
      const ok = await a.post(P.approve, { taskId: task, comment: '附审批意见', attachments: [mine.id] }, lina);
      expect(ok.statusCode, ok.body).toBe(200);
      const history = (await a.post(P.detail, { recordId: id }, zw)).json().data.history as { action: string; comment: string; attachments: unknown[] }[];
      expect(history.find((h) => h.action === 'approve')).toMatchObject({ comment: '附审批意见', attachments: [{ id: mine.id, name: '审批意见.png' }] });
    });

    it('finance edits the fields its node opens (merged in the same step); other fields → 422, nothing written', async () => {
      const { id, task } = await submit();
      await a.post(P.approve, { taskId: task }, lina);
      const financeTask = (await taskOf(sl, id))!;
      const before = await recordOf(id);
      const bad = await a.post(P.approve, { taskId: financeTask, data: { huoDongMingCheng: '改名' } }, sl);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors[0].field).toBe('huoDongMingCheng');
      expect(await recordOf(id)).toMatchObject({ version: before.version, shenPiZhuangTai: '1' });
      const note = { ...(before.data as { zhiFuFangShi: { id: string; name: string } }).zhiFuFangShi };
      const ok = await a.post(P.approve, { taskId: financeTask, data: { zhiFuFangShi: note } }, sl);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data).toMatchObject({ status: 'approved', recordStatus: '2' });
      const after = await recordOf(id);
      expect(after.version).toBe(before.version + 1);
      expect(after.liuChengGuiDangTime).toBeTruthy();
      expect(after.rowModUser).toBe(uid.sunli);
    });
  });

  describe('business hooks', () => {
    it('a record hook that throws on the approve step rolls the whole step back (instance, tasks, history, record)', async () => {
      const { id, task } = await submit();
      await a.post(P.approve, { taskId: task }, lina);
      const financeTask = (await taskOf(sl, id))!;
      const [inst] = await a.ctx.db.select().from(processInstances).where(eq(processInstances.recordId, id));
      const rec = await recordOf(id);
      const seen: string[] = [];
      const off = registerRecordHooks(a.ctx, {
        formTypes: [80021],
        onTransition: (e) => {
          seen.push(`${e.transition.action}:${e.transition.from}→${e.transition.to}`);
          if (e.transition.action === 'approve') throw new AppError(409, 'process.statusConflict');
        },
      });
      try {
        const r = await a.post(P.approve, { taskId: financeTask }, sl);
        expect(r.statusCode).toBe(409);
      } finally {
        off();
      }
      expect(seen).toEqual(['approve:1→2']);
      const [after] = await a.ctx.db.select().from(processInstances).where(eq(processInstances.recordId, id));
      expect(after).toMatchObject({ revision: inst.revision, status: 'running' });
      expect(await recordOf(id)).toMatchObject({ version: rec.version, shenPiZhuangTai: '1', liuChengGuiDangTime: null });
      expect(await taskOf(sl, id)).toBe(financeTask);
      const history = await a.ctx.db.select().from(processHistory).where(eq(processHistory.instanceId, inst.id));
      expect(history.filter((h) => h.taskId === financeTask)).toEqual([]);
      // without the hook the same approval goes through
      expect((await a.post(P.approve, { taskId: financeTask }, sl)).json().data.recordStatus).toBe('2');
    });
  });

  describe('reject, return, resubmit', () => {
    it('reject needs a comment (422 on comment), then ends the document void', async () => {
      const { id, task } = await submit();
      const bare = await a.post(P.reject, { taskId: task }, lina);
      expect(bare.statusCode).toBe(422);
      expect(bare.json().errors[0]).toMatchObject({ field: 'comment', message: '请填写审批意见' });
      const ok = await a.post(P.reject, { taskId: task, comment: '预算不足' }, lina);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data).toMatchObject({ status: 'rejected', recordStatus: '5' });
      expect(await taskOf(lina, id)).toBeNull();
    });

    it('return to a node the rule does not allow → 409; to the applicant → returned, editable, resubmit starts over', async () => {
      const { id, task } = await submit();
      const bad = await a.post(P.return, { taskId: task, to: 'caiWuShenPi', comment: '退回' }, lina);
      expect(bad.statusCode).toBe(409);
      expect((await a.post(P.return, { taskId: task, comment: '退回' }, lina)).statusCode).toBe(422);
      const ok = await a.post(P.return, { taskId: task, to: 'applicant', comment: '请修改' }, lina);
      expect(ok.statusCode, ok.body).toBe(200);
      const rec = await recordOf(id);
      expect(rec).toMatchObject({ shenPiZhuangTai: '3', shenPiRen: null });
      const detail = (await a.post(P.detail, { recordId: id }, zw)).json().data;
      expect(detail.allowedActions).toContain('resubmit');
      expect(detail.instance).toMatchObject({ status: 'returned', currentNodes: [], returnedFrom: { id: 'buMenJingLi', name: '部门经理审批' } });
      const re = await a.post(R.save, { formCode: 'feiYongShenQing', id, version: rec.version, data: rec.data, submit: true }, zw);
      expect(re.statusCode, re.body).toBe(200);
      // the leader node's rule is resubmit: start → the leader again
      expect(await taskOf(lina, id)).toBeTruthy();
      expect((await a.ctx.db.select().from(processInstances).where(eq(processInstances.recordId, id))).map((x) => x.status)).toEqual(['running']);
    });
  });

  describe('transfer, delegate, add-sign', () => {
    it('transfer hands the task over; to oneself or an unknown user → 422', async () => {
      const { id, task } = await submit();
      expect((await a.post(P.transfer, { taskId: task, to: uid.lina }, lina)).statusCode).toBe(422);
      const unknown = await a.post(P.transfer, { taskId: task, to: '1234567890123456789' }, lina);
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors[0].message).toBe('人员不存在或已停用');
      expect((await a.post(P.transfer, { taskId: task, to: uid.xuqiang }, xq)).statusCode).toBe(403);
      const ok = await a.post(P.transfer, { taskId: task, to: uid.xuqiang, comment: '请徐总处理' }, lina);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(await taskOf(lina, id)).toBeNull();
      const xqTask = await taskOf(xq, id);
      expect(xqTask).toBeTruthy();
      // the new assignee reads the record; the old one still does (she held a task)
      expect((await a.post(R.get, { formCode: 'feiYongShenQing', id }, xq)).statusCode).toBe(200);
      expect((await a.post(P.approve, { taskId: xqTask }, xq)).statusCode).toBe(200);
    });

    it('delegate lends the task; it comes back to the delegator after the delegate acts', async () => {
      const { id, task } = await submit();
      const ok = await a.post(P.delegate, { taskId: task, to: uid.xuqiang }, lina);
      expect(ok.statusCode, ok.body).toBe(200);
      const lent = (await taskOf(xq, id))!;
      expect((await a.post(P.approve, { taskId: lent, comment: '可以' }, xq)).statusCode).toBe(200);
      const back = await taskOf(lina, id);
      expect(back).toBeTruthy();
      expect(back).not.toBe(task);
    });

    it('add-sign before: the added approver decides first', async () => {
      const { id, task } = await submit();
      expect((await a.post(P.addSign, { taskId: task, users: [], position: 'before' }, lina)).statusCode).toBe(422);
      expect((await a.post(P.addSign, { taskId: task, users: [uid.xuqiang], position: 'sideways' }, lina)).statusCode).toBe(422);
      const ok = await a.post(P.addSign, { taskId: task, users: [uid.xuqiang], position: 'before' }, lina);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(await taskOf(xq, id)).toBeTruthy();
    });
  });

  describe('withdraw, urge, cc read', () => {
    it('the applicant withdraws before anyone acted; someone else → 403; after an approval → 409', async () => {
      const first = await submit();
      expect((await a.post(P.withdraw, { recordId: first.id }, lina)).statusCode).toBe(403);
      const ok = await a.post(P.withdraw, { recordId: first.id, comment: '撤回修改' }, zw);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data).toMatchObject({ status: 'withdrawn', recordStatus: '4' });
      expect(await taskOf(lina, first.id)).toBeNull();
      // a withdrawn document is submitted again as a new instance
      const rec = await recordOf(first.id);
      expect((await a.post(R.save, { formCode: 'feiYongShenQing', id: first.id, version: rec.version, data: rec.data, submit: true }, zw)).statusCode).toBe(
        200,
      );
      expect(await taskOf(lina, first.id)).toBeTruthy();

      const second = await submit();
      await a.post(P.approve, { taskId: second.task }, lina);
      const late = await a.post(P.withdraw, { recordId: second.id }, zw);
      expect(late.statusCode).toBe(409);
      expect(late.json().msg).toBe('已有人处理，不能撤回');
    });

    it('detail answers the earlier rounds (withdrawn, cancelled), each with its steps, newest first; a rejection closes the last', async () => {
      const { id } = await submit();
      expect((await a.post(P.detail, { recordId: id }, zw)).json().data.earlierRounds).toEqual([]);
      expect((await a.post(P.withdraw, { recordId: id, comment: '撤回修改' }, zw)).statusCode).toBe(200);
      const resubmit = async () => {
        const rec = await recordOf(id);
        const r = await a.post(R.save, { formCode: 'feiYongShenQing', id, version: rec.version, data: rec.data, submit: true }, zw);
        expect(r.statusCode, r.body).toBe(200);
      };
      await resubmit();
      type Round = {
        instanceId: string;
        status: string;
        processCode: string;
        endedAt: string | null;
        history: { seq: number; action: string; actorName: string | null; nodeName: string | null; comment: string | null }[];
      };
      type D = {
        instance: { id: string; status: string };
        history: { action: string; actorName: string | null; comment: string | null }[];
        earlierRounds: Round[];
      };
      let d = (await a.post(P.detail, { recordId: id }, zw)).json().data as D;
      expect(d.history.map((h) => h.action)).not.toContain('withdraw');
      expect(d.earlierRounds).toHaveLength(1);
      const [w] = d.earlierRounds;
      expect(w).toMatchObject({ status: 'withdrawn', processCode: 'feiYongShenQingLiuCheng' });
      expect(w.instanceId).not.toBe(d.instance.id);
      expect(w.endedAt).toBeTruthy();
      expect(w.history[0]).toMatchObject({ seq: 1, action: 'start', actorName: '张伟' });
      expect(w.history.find((h) => h.action === 'withdraw')).toMatchObject({ actorName: '张伟', comment: '撤回修改' });
      expect(w.history.map((h) => h.seq)).toEqual([...w.history.keys()].map((i) => i + 1));

      // the administrator deletes the second round's task (cancelled, the document editable); a third round
      const admin = await a.login('admin');
      const del = await a.post(pathOf(endpoints.processAdmin.taskDelete, '/tpm'), { recordId: id, comment: '流程调整' }, admin);
      expect(del.statusCode, del.body).toBe(200);
      await resubmit();
      // lina rejects the third: the document ends void, the rejection in the current round
      const rej = await a.post(P.reject, { taskId: (await taskOf(lina, id))!, comment: '预算不足' }, lina);
      expect(rej.statusCode, rej.body).toBe(200);
      // lina (an approver) reads every round too; a stranger does not
      d = (await a.post(P.detail, { recordId: id }, lina)).json().data as D;
      expect(d.instance.status).toBe('rejected');
      expect(d.history.find((h) => h.action === 'reject')).toMatchObject({ actorName: '李娜', comment: '预算不足' });
      expect(d.earlierRounds.map((r) => r.status)).toEqual(['cancelled', 'withdrawn']);
      expect(d.earlierRounds[1].instanceId).toBe(w.instanceId);
      expect(d.earlierRounds[0].history.map((h) => h.action)).toContain('start');
      expect(d.earlierRounds[0].history.find((h) => h.nodeName === '部门经理审批')).toBeTruthy();
      expect(new Set([d.instance.id, ...d.earlierRounds.map((r) => r.instanceId)]).size).toBe(3);
      expect((await a.post(P.detail, { recordId: id }, await a.login('dealer01'))).statusCode).toBe(403);
    });

    it('an approver takes their approval back (taskId) before the next node acted', async () => {
      const { id, task } = await submit();
      await a.post(P.approve, { taskId: task }, lina);
      const financeTask = await taskOf(sl, id);
      expect(financeTask).toBeTruthy();
      expect((await a.post(P.detail, { recordId: id }, lina)).json().data.allowedActions).toContain('withdraw');
      expect((await a.post(P.withdraw, { recordId: id, taskId: task }, sl)).statusCode).toBe(403);
      const ok = await a.post(P.withdraw, { recordId: id, taskId: task, comment: '再看看' }, lina);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data).toMatchObject({ status: 'running', recordStatus: '1' });
      expect(await taskOf(sl, id)).toBeNull();
      expect(await taskOf(lina, id)).toBeTruthy();
    });

    it('the applicant urges (the record is not written); others → 403', async () => {
      const { id } = await submit();
      const before = await recordOf(id);
      expect((await a.post(P.urge, { recordId: id }, zw)).statusCode).toBe(200);
      expect((await recordOf(id)).version).toBe(before.version);
      expect((await a.post(P.urge, { recordId: id }, lina)).statusCode).toBe(403);
    });

    it('the cc node copies the applicant at the end: the copy is listed and marked read; others → 403', async () => {
      const { id, task } = await submit();
      await a.post(P.approve, { taskId: task }, lina);
      await a.post(P.approve, { taskId: (await taskOf(sl, id))! }, sl);
      const copies = await a.ctx.db.select().from(processCc).where(eq(processCc.recordId, id));
      expect(copies).toMatchObject([{ userId: uid.zhangwei, nodeId: 'chaoSong', readAt: null }]);
      const cc = await tab(zw, 'cc');
      expect(cc.rows.find((x) => x.recordId === id)?.status).toBe('unread');
      expect((await a.post(P.ccRead, { recordId: id }, lina)).statusCode).toBe(403);
      expect((await recordOf(id)).liuChengGuiDangTime).toBeTruthy();
      // an archive time some time ago: a read must not move it
      await a.ctx.db.update(records).set({ liuChengGuiDangTime: '2026-01-02 03:04:05' }).where(eq(records.id, id));
      const archived = await recordOf(id);
      expect((await a.post(P.ccRead, { recordId: id }, zw)).statusCode).toBe(200);
      // reading keeps the record as it was (its archive time, its version)
      expect(await recordOf(id)).toMatchObject({ liuChengGuiDangTime: archived.liuChengGuiDangTime, version: archived.version });
      expect((await tab(zw, 'cc')).rows.find((x) => x.recordId === id)?.status).toBe('read');
    });
  });

  describe('batch', () => {
    it('only the whitelist (lina) may batch; each task answers on its own', async () => {
      const one = await submit();
      const two = await submit();
      expect((await a.post(P.batch, { taskIds: [one.task], decision: 'approve' }, zw)).statusCode).toBe(403);
      expect((await a.post(P.batch, { taskIds: [], decision: 'approve' }, lina)).statusCode).toBe(422);
      await a.post(P.approve, { taskId: two.task }, lina);
      const r = await a.post(P.batch, { taskIds: [one.task, two.task], decision: 'approve', comment: '批量同意' }, lina);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().data.results).toEqual([
        { taskId: one.task, ok: true, status: 200, code: null, message: null },
        { taskId: two.task, ok: false, status: 409, code: 'process.taskDone', message: '该待办已处理，请刷新后查看' },
      ]);
    });
  });

  describe('dry-run', () => {
    it('answers who approves first for the bound process; unknown form → 404', async () => {
      const r = await a.post(P.dryRun, { formCode: 'feiYongShenQing', data: small }, zw);
      expect(r.statusCode, r.body).toBe(200);
      const d = r.json().data;
      expect(d.processCode).toBe('feiYongShenQingLiuCheng');
      expect(Object.values(d.names)).toContain('李娜');
      const approvers = (x: { steps: { nodeId: string; approverNames: string[] }[] }) =>
        x.steps.filter((st) => st.approverNames.length).map((st) => [st.nodeId, st.approverNames]);
      expect(approvers(d.result)).toEqual([
        ['buMenJingLi', ['李娜']],
        ['caiWuShenPi', ['孙丽']],
        ['chaoSong', ['张伟']],
      ]);
      expect(d.result.end).toBe('approved');
      // above 50,000 the matrix's regional director joins the path
      const big = (await a.post(P.dryRun, { formCode: 'feiYongShenQing', data: { ...small, shenQingJinE: '60000.00' } }, zw)).json().data;
      expect(approvers(big.result).map(([n]) => n)).toEqual(['buMenJingLi', 'quYuZongJian', 'caiWuShenPi', 'chaoSong']);
      expect(big.names).toMatchObject({ [uid.xuqiang]: '徐强' });
      expect((await a.post(P.dryRun, { formCode: 'noSuchForm', data: {} }, zw)).statusCode).toBe(404);
      expect((await a.post(P.dryRun, { formCode: 'feiYongShenQing' }, zw)).statusCode).toBe(422);
    });

    it("administrators run as another applicant and run a process's draft; others may not", async () => {
      const asZw = await a.post(P.dryRun, { formCode: 'feiYongShenQing', data: small, applicantId: uid.zhangwei }, admin);
      expect(asZw.statusCode, asZw.body).toBe(200);
      expect(asZw.json().data.result.steps.find((st: { nodeId: string }) => st.nodeId === 'buMenJingLi').approverNames).toEqual(['李娜']);
      expect(asZw.json().data.names[uid.zhangwei]).toBe('张伟');
      // the admin's own department has another leader (or none): the applicant matters
      const asAdmin = (await a.post(P.dryRun, { formCode: 'feiYongShenQing', data: small }, admin)).json().data;
      expect(asAdmin.result.steps.find((st: { nodeId: string }) => st.nodeId === 'buMenJingLi').approverNames).not.toEqual(['李娜']);
      const bad = await a.post(P.dryRun, { formCode: 'feiYongShenQing', data: small, applicantId: 'nobody' }, admin);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors[0].field).toBe('applicantId');
      expect((await a.post(P.dryRun, { formCode: 'feiYongShenQing', data: small, applicantId: uid.zhangwei }, zw)).statusCode).toBe(403);
      expect((await a.post(P.dryRun, { formCode: 'feiYongShenQing', data: small, processCode: 'feiYongShenQingLiuCheng' }, lina)).statusCode).toBe(403);
      // a draft: the designer's canvas before publishing (processVersion null)
      const item = (await a.post('/tpm/emp/system/process/processDefinition/item/rule', { code: 'feiYongShenQingLiuCheng' }, admin)).json().data;
      const published = item.published;
      const draft = {
        ...published,
        edges: published.edges.map((e: { condition?: unknown }) => (e.condition ? { ...e, condition: { '>': [{ var: 'shenQingJinE' }, 100] } } : e)),
      };
      const saved = await a.post(
        '/tpm/emp/system/process/processDefinition/update/rule',
        { code: 'feiYongShenQingLiuCheng', draftVersion: item.summary.draftVersion, definition: draft },
        admin,
      );
      expect(saved.statusCode, saved.body).toBe(200);
      const onDraft = (
        await a.post(P.dryRun, { formCode: 'feiYongShenQing', data: small, applicantId: uid.zhangwei, processCode: 'feiYongShenQingLiuCheng' }, admin)
      ).json().data;
      expect(onDraft.processVersion).toBeNull();
      expect(onDraft.result.steps.map((st: { nodeId: string }) => st.nodeId)).toContain('quYuZongJian');
      // the bound, published version still answers as before
      const bound = (await a.post(P.dryRun, { formCode: 'feiYongShenQing', data: small, applicantId: uid.zhangwei }, admin)).json().data;
      expect(bound.processVersion).toBe(1);
      expect(bound.result.steps.map((st: { nodeId: string }) => st.nodeId)).not.toContain('quYuZongJian');
      expect((await a.post(P.dryRun, { formCode: 'feiYongShenQing', data: small, processCode: 'noSuchProcess' }, admin)).statusCode).toBe(404);
    });
  });

  describe('submit seam', () => {
    const pickProcess = (formCode: string, callbackUrl?: string): ProcessDefinition => ({
      schemaVersion: 3,
      code: `${formCode}Flow`,
      name: { 'zh-CN': '自选审批人' },
      version: 1,
      formCode,
      ...(callbackUrl ? { callbackUrl } : {}),
      nodes: [
        { id: 'start', type: 'start', name: { 'zh-CN': '提交' } },
        { id: 'ziXuan', type: 'approve', name: { 'zh-CN': '自选审批' }, assignee: { kind: 'applicantPicks' } },
        { id: 'end', type: 'end', name: { 'zh-CN': '归档' } },
      ],
      edges: [
        { id: 'e1', source: 'start', target: 'ziXuan' },
        { id: 'e2', source: 'ziXuan', target: 'end' },
      ],
    });
    const bind = async (def: ProcessDefinition) => {
      await a.ctx.db.insert(processDefinitions).values({ code: def.code, name: def.name, formCode: def.formCode, enabled: true, latestVersion: 1 });
      await a.ctx.db.insert(processDefinitionVersions).values({ code: def.code, version: 1, definition: def });
    };

    it('a submit whose process needs applicant picks: missing → 422 on picks.<node> (nothing written); with picks → the picked approver', async () => {
      await a.post('/tpm/emp/system/commons/biaoDan/edit-save.action', { definition: expenseForm('pickForm') }, admin);
      await a.post('/emp/api/v2/biaoDan/publish', { code: 'pickForm' }, admin);
      await bind(pickProcess('pickForm', 'https://example.com/hook'));
      const data = { dealer: dealerValue(1), amount: '10.00' };
      const missing = await a.post(R.save, { formCode: 'pickForm', data, submit: true }, zw);
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors[0]).toMatchObject({ field: 'picks.ziXuan', message: '请选择“自选审批”的审批人' });
      expect(await a.ctx.db.select().from(records).where(eq(records.formCode, 'pickForm'))).toEqual([]);
      const ok = await a.post(R.save, { formCode: 'pickForm', data, submit: true, picks: { ziXuan: [uid.xuqiang] } }, zw);
      expect(ok.statusCode, ok.body).toBe(200);
      const id = ok.json().data.id;
      expect(await taskOf(xq, id)).toBeTruthy();
      // the callback of the submit went to the outbox in the same transaction
      const outbox = await a.ctx.db.select().from(processOutbox).where(eq(processOutbox.recordId, id));
      expect(outbox.map((o) => o.event)).toContain('submitted');
      expect((await a.post(R.save, { formCode: 'pickForm', data, submit: true, picks: { ziXuan: ['nope'] } }, zw)).statusCode).toBe(422);
    });

    it('an approver edits only the sub-form columns the node opens: closed columns and new rows → 422', async () => {
      const form = expenseForm('editForm', { permissions: { nodes: { ziXuan: { 'mingXi.price': 'editable' } } } });
      await a.post('/tpm/emp/system/commons/biaoDan/edit-save.action', { definition: form }, admin);
      await a.post('/emp/api/v2/biaoDan/publish', { code: 'editForm' }, admin);
      await bind(pickProcess('editForm'));
      const data = { dealer: dealerValue(3), amount: '10.00', mingXi: [{ _id: 'r1', item: '堆头', price: '5.00' }] };
      const sub = await a.post(R.save, { formCode: 'editForm', data, submit: true, picks: { ziXuan: [uid.lina] } }, zw);
      expect(sub.statusCode, sub.body).toBe(200);
      const id = sub.json().data.id;
      const task = (await taskOf(lina, id))!;
      const closed = await a.post(P.approve, { taskId: task, data: { mingXi: [{ _id: 'r1', item: '端架', price: '5.00' }] } }, lina);
      expect(closed.statusCode).toBe(422);
      expect(closed.json().errors[0].field).toBe('mingXi.0.item');
      const added = await a.post(P.approve, { taskId: task, data: { mingXi: [...data.mingXi, { _id: 'r2', item: '新行', price: '1.00' }] } }, lina);
      expect(added.statusCode).toBe(422);
      expect(added.json().errors[0].field).toBe('mingXi');
      const ok = await a.post(P.approve, { taskId: task, data: { mingXi: [{ _id: 'r1', item: '堆头', price: '4.50' }] } }, lina);
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await recordOf(id)).data).toMatchObject({ mingXi: [{ _id: 'r1', item: '堆头', price: '4.50' }] });
    });

    it('a form with no enabled process is approved at once, with a history of no process', async () => {
      await a.post('/tpm/emp/system/commons/biaoDan/edit-save.action', { definition: expenseForm('freeForm') }, admin);
      await a.post('/emp/api/v2/biaoDan/publish', { code: 'freeForm' }, admin);
      const ok = await a.post(R.save, { formCode: 'freeForm', data: { dealer: dealerValue(2), amount: '9.00' }, submit: true }, zw);
      expect(ok.statusCode, ok.body).toBe(200);
      const rec = await recordOf(ok.json().data.id);
      expect(rec).toMatchObject({ shenPiZhuangTai: '2', version: 1 });
      expect(rec.liuChengGuiDangTime).toBeTruthy();
      const detail = (await a.post(P.detail, { recordId: rec.id }, zw)).json().data;
      expect(detail.instance).toMatchObject({ status: 'approved', processCode: '' });
      expect(detail.history.map((h: { action: string; detail: unknown }) => [h.action, h.detail])).toEqual([
        ['start', null],
        ['archive', { reason: 'noProcess' }],
      ]);
    });
  });
});
