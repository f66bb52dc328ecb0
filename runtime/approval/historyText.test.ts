import { describe, expect, it } from 'vitest';
import { HISTORY_ACTIONS, describeHistory, historyUserIds, type HistoryLookup } from './historyText';
import { approvalT } from './i18n';
import type { HistoryRow } from './services';

const NAMES: Record<string, string> = { u1: '张伟', u2: '李娜', u3: '徐强', u4: '孙丽' };
const NODES: Record<string, string> = { leader: '部门负责人审批', director: '区域总监审批' };
const lookup: HistoryLookup = { user: (id) => NAMES[id] ?? id, node: (id) => (id === 'applicant' ? '申请人' : (NODES[id] ?? id)) };

let seq = 0;
function row(action: string, patch: Partial<HistoryRow> = {}): HistoryRow {
  return {
    seq: ++seq,
    action,
    actorId: 'u2',
    actorName: '李娜',
    nodeId: 'leader',
    nodeName: '部门负责人审批',
    taskId: null,
    comment: null,
    attachments: [],
    detail: null,
    at: '2026-11-25T08:00:00.000Z',
    ...patch,
  };
}
const sys = (action: string, detail: Record<string, unknown> | null = null) => row(action, { actorId: null, actorName: null, detail });

// every history action in words, zh-CN then en-US
const CASES: [string, HistoryRow, string, string, boolean][] = [
  ['start', row('start', { actorName: '张伟' }), '张伟 提交了申请', '张伟 submitted the application', false],
  ['submit', row('submit', { actorName: '张伟' }), '张伟 提交了申请', '张伟 submitted the application', false],
  ['approve', row('approve'), '李娜 审批通过', '李娜 approved', false],
  ['reject', row('reject'), '李娜 驳回了申请', '李娜 rejected the application', false],
  ['return → applicant', row('return', { detail: { to: 'applicant' } }), '李娜 退回给申请人', '李娜 returned it to the applicant', false],
  [
    'return → node',
    row('return', { actorName: '徐强', detail: { to: 'leader' } }),
    '徐强 退回到「部门负责人审批」',
    '徐强 returned it to "部门负责人审批"',
    false,
  ],
  [
    'resubmit from start',
    row('resubmit', { actorName: '张伟', detail: { to: 'start' } }),
    '张伟 重新提交，从头开始审批',
    '张伟 resubmitted; approval starts over',
    false,
  ],
  [
    'resubmit → node',
    row('resubmit', { actorName: '张伟', detail: { to: 'director' } }),
    '张伟 重新提交，直接回到「区域总监审批」',
    '张伟 resubmitted; back to "区域总监审批"',
    false,
  ],
  ['withdraw', row('withdraw', { actorName: '张伟' }), '张伟 撤回了申请', '张伟 withdrew the application', false],
  ['withdraw approval', row('withdraw', { taskId: 't1' }), '李娜 撤回了自己的审批', '李娜 withdrew their approval', false],
  ['transfer', row('transfer', { detail: { to: 'u3' } }), '李娜 转交给 徐强', '李娜 transferred it to 徐强', false],
  ['delegate', row('delegate', { detail: { to: 'u4' } }), '李娜 委托 孙丽 代为处理', '李娜 delegated it to 孙丽', false],
  ['addSign before', row('addSign', { detail: { users: ['u3', 'u4'], position: 'before' } }), '李娜 前加签：徐强、孙丽', '李娜 ', false],
  ['addSign after', row('addSign', { detail: { users: ['u4'], position: 'after' } }), '李娜 后加签：孙丽', '李娜 ', false],
  ['addSign alongside', row('addSign', { detail: { users: ['u4'], position: 'alongside' } }), '李娜 并加签：孙丽', '李娜 ', false],
  ['urge', row('urge', { actorName: '张伟' }), '张伟 催办', '张伟 sent a reminder', false],
  ['urge users', row('urge', { actorName: '张伟', detail: { users: ['u2'] } }), '张伟 催办了 李娜', '张伟 reminded 李娜', false],
  ['ccRead', row('ccRead', { actorName: '张伟' }), '张伟 已阅', '张伟 read the copy', false],
  ['cc', sys('cc', { users: ['u1'] }), '抄送给 张伟', 'Copied to 张伟', true],
  ['cc nobody', sys('cc'), '抄送（无抄送人）', 'Copy (nobody to copy)', true],
  ['nodeEnter', sys('nodeEnter', { users: ['u2'] }), '到达节点，待 李娜 审批', 'Reached the step; waiting for 李娜', true],
  ['nodeEnter nobody', sys('nodeEnter'), '到达节点', 'Reached the step', true],
  ['nodeDone', sys('nodeDone'), '节点审批完成', 'Step completed', true],
  ['skip', sys('skip'), '自动跳过', 'Skipped automatically', true],
  ['skip approved', sys('skip', { reason: 'alreadyApproved' }), '审批人此前已同意，自动跳过', 'Skipped: the approver already approved', true],
  ['autoPass', sys('autoPass'), '自动通过', 'Passed automatically', true],
  ['autoPass nobody', sys('autoPass', { noApprover: true }), '没有审批人，自动通过', 'No approver; passed automatically', true],
  ['autoPass timeout', sys('autoPass', { reason: 'timeout' }), '超时未处理，自动通过', 'Timed out; approved automatically', true],
  ['autoReject nobody', sys('autoReject'), '没有审批人，自动驳回', 'No approver; rejected automatically', true],
  ['autoReject timeout', sys('autoReject', { reason: 'timeout' }), '超时未处理，自动驳回', 'Timed out; rejected automatically', true],
  ['archive', sys('archive'), '流程结束，已归档', 'Process finished and archived', true],
  ['remind', sys('remind', { reminders: 2 }), '超时提醒（第 2 次）', 'Timeout reminder (#2)', true],
  ['timeout', sys('timeout'), '处理超时', 'Timed out', true],
  ['cancel', row('cancel', { actorName: '管理员' }), '管理员 取消了流程', '管理员 cancelled the process', false],
  ['unknown, by a person', row('frobnicate'), '李娜：frobnicate', '李娜: frobnicate', false],
  ['unknown, by the system', sys('frobnicate'), '系统：frobnicate', 'System: frobnicate', true],
];

describe('describeHistory', () => {
  const zh = approvalT('zh-CN');
  const en = approvalT('en-US');
  it.each(CASES)('%s', (_name, r, zhText, enText, system) => {
    const z = describeHistory(r, zh, lookup);
    expect(z.text).toBe(zhText);
    expect(z.system).toBe(system);
    const e = describeHistory(r, en, lookup);
    if (enText.endsWith(' ')) expect(e.text.startsWith(enText)).toBe(true);
    else expect(e.text).toBe(enText);
    expect(e.text).not.toMatch(/history\.|{{/);
  });

  it('add-sign in English names the position and the users', () => {
    const e = describeHistory(row('addSign', { detail: { users: ['u3', 'u4'], position: 'before' } }), approvalT('en-US'), lookup);
    expect(e.text).toContain('徐强');
    expect(e.text).toContain('孙丽');
    expect(e.text).toBe(`李娜 ${approvalT('en-US')('history.addSign.before')}: 徐强${approvalT('en-US')('diagram.listSeparator')}孙丽`);
  });

  it('covers every known action, and words each in zh-TW too', () => {
    const tw = approvalT('zh-TW');
    const covered = new Set(CASES.map(([, r]) => r.action));
    for (const a of HISTORY_ACTIONS) expect(covered.has(a), a).toBe(true);
    for (const [, r] of CASES) expect(describeHistory(r, tw, lookup).text).not.toMatch(/history\.|{{/);
  });

  it('tones: approve green, reject red, return warning; the signature travels with approve', () => {
    const zh = approvalT('zh-CN');
    expect(describeHistory(row('approve', { detail: { signature: 'data:image/png;base64,S' } }), zh, lookup)).toMatchObject({
      tone: 'success',
      signature: 'data:image/png;base64,S',
    });
    expect(describeHistory(row('reject'), zh, lookup).tone).toBe('error');
    expect(describeHistory(row('return'), zh, lookup).tone).toBe('warning');
    expect(describeHistory(row('reject', { detail: { signature: 'x' } }), zh, lookup).signature).toBeNull();
  });

  it('an actor without a name: the id looked up, else 系统', () => {
    const zh = approvalT('zh-CN');
    expect(describeHistory(row('approve', { actorName: null, actorId: 'u3' }), zh, lookup).text).toBe('徐强 审批通过');
    expect(describeHistory(row('approve', { actorName: null, actorId: null }), zh, lookup).text).toBe('系统 审批通过');
  });
});

describe('historyUserIds', () => {
  it('collects the users of details and the targets of transfer/delegate, never node ids', () => {
    const rows = [
      row('addSign', { detail: { users: ['u3', 'u4'] } }),
      row('transfer', { detail: { to: 'u1' } }),
      row('delegate', { detail: { to: 'u2' } }),
      row('return', { detail: { to: 'leader' } }),
      sys('nodeEnter', { users: ['u3'] }),
    ];
    expect(historyUserIds(rows).sort()).toEqual(['u1', 'u2', 'u3', 'u4']);
  });
});
