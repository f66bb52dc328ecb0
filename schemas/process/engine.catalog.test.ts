// Engine test over the seeded expense-application process (schemas/catalog): the path —
// zhangwei submits 60,000, lina (department leader) approves, the matrix director returns it to
// zhangwei, the resubmit goes straight back to the director (resubmit returningNode), finance
// approves, the applicant is copied and the instance is archived — with the approval fields.
import { describe, expect, it } from 'vitest';
import { CATALOG_PROCESSES } from '../catalog';
import { dryRun } from './dryRun';
import { DIRECTORY, Sim, U, effectsOf } from './testing';
import { approvalFields } from './views';

const def = CATALOG_PROCESSES.find((p) => p.code === 'feiYongShenQingLiuCheng')!;
const data = { shenQingJinE: '60000', jingXiaoShang: { id: 'dealer1', name: '上海华联商贸有限公司' } };

describe('the seeded expense application process', () => {
  it('submit → leader → director returns → resubmit straight back to the director → finance → archived', () => {
    const sim = new Sim(def);
    sim.submit(data);
    expect(approvalFields(def, sim.s, 'i1')).toEqual({ stateName: '部门经理审批', shenPiRen: U.lina, shiYongJueSeId: null, liuChengId: 'i1' });
    sim.later().approve(U.lina, { comment: '同意' });
    expect(approvalFields(def, sim.s, 'i1')).toMatchObject({ stateName: '大区总监审批', shenPiRen: U.xuqiang });
    const back = sim.later().do({ type: 'return', by: U.xuqiang, taskId: sim.taskOf(U.xuqiang).id, to: 'applicant', comment: '请补充活动方案' });
    expect(effectsOf(back, 'lifecycle')).toEqual([{ type: 'lifecycle', action: 'return' }]);
    expect(sim.s).toMatchObject({ status: 'returned', returnedFrom: 'quYuZongJian' });
    const again = sim.later().do({ type: 'resubmit', by: U.zhangwei, data: { ...data, beiZhu: '已补充' } });
    expect(effectsOf(again, 'lifecycle')).toEqual([]);
    expect(sim.active()).toEqual(['quYuZongJian']);
    expect(sim.pending(U.lina)).toEqual([]);
    sim.later().approve(U.xuqiang, { comment: '同意' });
    expect(approvalFields(def, sim.s, 'i1')).toMatchObject({ stateName: '财务审批', shiYongJueSeId: 'caiWuZhuGuan' });
    const last = sim.later().approve(U.sunli, { comment: '同意' });
    expect(sim.s.status).toBe('approved');
    expect(sim.s.ccUserIds).toEqual([U.zhangwei]);
    expect(effectsOf(last, 'lifecycle')).toEqual([{ type: 'lifecycle', action: 'approve' }]);
    expect(effectsOf(last, 'callback').map((c) => c.event)).toEqual(['nodeDone', 'archived']);
    expect(approvalFields(def, sim.s, 'i1')).toEqual({ stateName: '归档', shenPiRen: null, shiYongJueSeId: null, liuChengId: 'i1' });
    expect(sim.historyActions()).toEqual([
      'start',
      'nodeEnter',
      'approve',
      'nodeDone',
      'nodeEnter',
      'return',
      'resubmit',
      'nodeEnter',
      'approve',
      'nodeDone',
      'nodeEnter',
      'approve',
      'nodeDone',
      'cc',
      'archive',
    ]);
  });

  it('dry-run: a small amount skips the director', () => {
    const r = dryRun(def, { data: { ...data, shenQingJinE: '3000' }, applicantId: U.zhangwei, directory: DIRECTORY });
    expect(r.end).toBe('approved');
    expect(r.steps.map((s) => s.nodeId)).toEqual(['buMenJingLi', 'caiWuShenPi', 'chaoSong', 'end']);
    expect(r.steps[1].condition).toMatchObject({ nodeId: 'jinEPanDuan', matched: false });
  });
});
