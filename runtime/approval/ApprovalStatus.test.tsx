import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { InstanceSummary, ReturnedBanner, lastReturn, ownApprovedTask } from './ApprovalStatus';
import { HistoryTimeline } from './HistoryTimeline';
import type { ActAnswer, ApprovalServices, HistoryRow, InstanceDetail, TaskInfo } from './services';
import { SAMPLE_PROCESS } from './testing/sampleProcess';

const ANSWER: ActAnswer = { instanceId: 'i1', recordId: 'r1', status: 'withdrawn', revision: 2, recordStatus: 'draft', recordVersion: 2 };

function services(fail?: string) {
  const act = vi.fn(async () => {
    if (fail) throw Object.assign(new Error(fail), { errors: [] });
    return ANSWER;
  });
  const searchUsers = vi.fn(async () => []);
  return { act, services: { act, searchUsers } as unknown as ApprovalServices };
}

const task = (patch: Partial<TaskInfo>): TaskInfo => ({
  id: 't1',
  nodeId: 'leader',
  nodeName: '部门负责人审批',
  assigneeId: 'u2',
  assigneeName: '李娜',
  status: 'pending',
  origin: 'node',
  createdAt: '2026-11-25T08:00:00.000Z',
  completedAt: null,
  comment: null,
  ...patch,
});

let seq = 0;
const h = (action: string, patch: Partial<HistoryRow> = {}): HistoryRow => ({
  seq: ++seq,
  action,
  actorId: 'u1',
  actorName: '张伟',
  nodeId: null,
  nodeName: null,
  taskId: null,
  comment: null,
  attachments: [],
  detail: null,
  at: '2026-11-25T08:00:00.000Z',
  ...patch,
});

function detail(patch: Partial<InstanceDetail> = {}, status = 'running'): InstanceDetail {
  return {
    instance: {
      id: 'i1',
      status,
      processCode: 'feiYongShenQingLiuCheng',
      processVersion: 2,
      formCode: 'feiYongShenQing',
      formVersion: 1,
      applicantId: 'u1',
      applicantName: '张伟',
      revision: 1,
      startedAt: '2026-11-25T08:00:00.000Z',
      endedAt: null,
      currentNodes: status === 'running' ? [{ id: 'leader', name: '部门负责人审批' }] : [],
      returnedFrom: null,
    },
    definition: SAMPLE_PROCESS,
    history: [h('start')],
    tasks: [task({})],
    myTask: null,
    allowedActions: ['withdraw', 'urge'],
    returnTargets: [],
    nodeRules: null,
    fieldPermissions: null,
    isCcReader: false,
    ...patch,
  };
}

function mount(d: InstanceDetail, s: ApprovalServices, props: { userId?: string; actions?: boolean } = {}) {
  const onChanged = vi.fn();
  render(
    <App>
      <InstanceSummary detail={d} locale="zh-CN" services={s} userId={props.userId ?? 'u1'} actions={props.actions} recordId="r1" onChanged={onChanged} />
    </App>,
  );
  return { onChanged, user: userEvent.setup() };
}

describe('InstanceSummary', () => {
  it('shows the status, the current node and who is waiting', () => {
    const { services: s } = services();
    mount(detail(), s);
    expect(screen.getByTestId('instance-status')).toHaveTextContent('审批中');
    expect(screen.getByTestId('instance-current-nodes')).toHaveTextContent('部门负责人审批');
    expect(screen.getByTestId('instance-approvers')).toHaveTextContent('李娜');
  });

  it('offers withdraw only when the server allows it, and only in view mode', () => {
    const { services: s } = services();
    const { unmount } = render(
      <App>
        <InstanceSummary detail={detail({ allowedActions: ['urge'] })} locale="zh-CN" services={s} userId="u1" recordId="r1" />
      </App>,
    );
    expect(screen.queryByTestId('instance-withdraw')).toBeNull();
    expect(screen.getByTestId('instance-urge')).toBeInTheDocument();
    unmount();
    mount(detail(), s, { actions: false });
    expect(screen.queryByTestId('instance-withdraw')).toBeNull();
    expect(screen.queryByTestId('instance-urge')).toBeNull();
  });

  it('the applicant withdraws with a comment: the record id, no task', async () => {
    const { services: s, act } = services();
    const { user, onChanged } = mount(detail(), s);
    expect(screen.getByTestId('instance-withdraw')).toHaveTextContent('撤回');
    await user.click(screen.getByTestId('instance-withdraw'));
    await user.type(await screen.findByTestId('instance-comment'), '写错了');
    await user.click(screen.getByTestId('instance-dialog-ok'));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith('withdraw', ANSWER));
    expect(act).toHaveBeenCalledWith('withdraw', { recordId: 'r1', comment: '写错了' });
  });

  it('an approver withdraws their own approval: their latest approved task goes along', async () => {
    const { services: s, act } = services();
    const tasks = [
      task({ id: 'old', assigneeId: 'u2', status: 'approved', completedAt: '2026-11-25T08:10:00.000Z' }),
      task({ id: 'new', assigneeId: 'u2', status: 'approved', completedAt: '2026-11-25T09:10:00.000Z' }),
      task({ id: 'p', assigneeId: 'u3', assigneeName: '徐强' }),
    ];
    expect(ownApprovedTask({ tasks }, 'u2')).toBe('new');
    const { user } = mount(detail({ tasks, allowedActions: ['withdraw'] }), s, { userId: 'u2' });
    expect(screen.getByTestId('instance-withdraw')).toHaveTextContent('撤回我的审批');
    await user.click(screen.getByTestId('instance-withdraw'));
    await user.click(await screen.findByTestId('instance-dialog-ok'));
    await waitFor(() => expect(act).toHaveBeenCalledWith('withdraw', { recordId: 'r1', taskId: 'new' }));
  });

  it('urge sends the record; a refusal shows in the dialog', async () => {
    const { services: s, act } = services('已经催办过了，请稍后再试');
    const { user, onChanged } = mount(detail(), s);
    await user.click(screen.getByTestId('instance-urge'));
    await user.type(await screen.findByTestId('instance-comment'), '请尽快');
    await user.click(screen.getByTestId('instance-dialog-ok'));
    expect(await screen.findByTestId('instance-error')).toHaveTextContent('已经催办过了，请稍后再试');
    expect(act).toHaveBeenCalledWith('urge', { recordId: 'r1', comment: '请尽快' });
    expect(onChanged).not.toHaveBeenCalled();
    expect(screen.getByTestId('instance-comment')).toHaveValue('请尽快');
  });

  it('a cancelled dialog forgets its comment', async () => {
    const { services: s, act } = services();
    const { user } = mount(detail(), s);
    await user.click(screen.getByTestId('instance-withdraw'));
    await user.type(await screen.findByTestId('instance-comment'), '写错了');
    await user.click(screen.getByRole('button', { name: /取\s*消/ }));
    await user.click(screen.getByTestId('instance-urge'));
    await waitFor(() => expect(screen.getByTestId('instance-comment')).toHaveValue(''));
    await user.click(screen.getByTestId('instance-dialog-ok'));
    await waitFor(() => expect(act).toHaveBeenCalledWith('urge', { recordId: 'r1' }));
  });

  it('nothing without an instance', () => {
    const { services: s } = services();
    mount(detail({ instance: null }), s);
    expect(screen.queryByTestId('instance-summary')).toBeNull();
  });
});

describe('ReturnedBanner', () => {
  it('names who returned it, from where, and why (the latest return)', () => {
    const history = [
      h('start'),
      h('return', { actorName: '李娜', comment: '旧的理由', nodeName: '部门负责人审批' }),
      h('resubmit'),
      h('return', { actorName: '徐强', comment: '请补充发票', nodeName: '区域总监审批' }),
    ];
    const d = detail({ history }, 'returned');
    d.instance!.returnedFrom = { id: 'director', name: '区域总监审批' };
    expect(lastReturn(d)?.comment).toBe('请补充发票');
    render(<ReturnedBanner detail={d} locale="zh-CN" />);
    expect(screen.getByTestId('returned-by')).toHaveTextContent('徐强');
    expect(screen.getByTestId('returned-by')).toHaveTextContent('区域总监审批');
    expect(screen.getByTestId('returned-reason')).toHaveTextContent('请补充发票');
  });
  it('shows nothing unless returned', () => {
    render(<ReturnedBanner detail={detail()} locale="zh-CN" />);
    expect(screen.queryByTestId('returned-banner')).toBeNull();
  });
});

describe('HistoryTimeline', () => {
  it('every step in words with comments; system steps hidden and shown; who is waiting', async () => {
    const history = [
      h('start'),
      h('nodeEnter', { actorId: null, actorName: null, nodeId: 'leader', nodeName: '部门负责人审批', detail: { users: ['u2'] } }),
      h('approve', { actorId: 'u2', actorName: '李娜', nodeId: 'leader', nodeName: '部门负责人审批', comment: '同意，费用合理' }),
    ];
    const s = { searchUsers: vi.fn(async () => [{ id: 'u2', username: 'lina', name: '李娜', deptName: null, postName: null, active: true }]) };
    render(
      <App>
        <HistoryTimeline
          detail={detail({ history, tasks: [task({ assigneeName: '徐强', nodeName: '区域总监审批' })] })}
          locale="zh-CN"
          services={s}
          now={() => Date.parse('2026-11-25T10:05:00.000Z')}
        />
      </App>,
    );
    const tl = screen.getByTestId('history-timeline');
    expect(tl).toHaveTextContent('张伟 提交了申请');
    expect(await within(tl).findByText('到达节点，待 李娜 审批')).toBeInTheDocument();
    expect(tl).toHaveTextContent('李娜 审批通过');
    expect(within(tl).getByTestId('history-comment')).toHaveTextContent('同意，费用合理');
    expect(tl).toHaveTextContent('等待 徐强 处理（区域总监审批）');
    expect(tl).toHaveTextContent('已等待 2 小时 5 分钟');
    await userEvent.setup().click(screen.getByTestId('history-show-system'));
    expect(tl).not.toHaveTextContent('到达节点');
    expect(tl).toHaveTextContent('李娜 审批通过');
    await userEvent.setup().click(screen.getByTestId('history-show-system'));
    expect(tl).toHaveTextContent('到达节点，待 李娜 审批');
  });
});

describe('HistoryTimeline — earlier rounds', () => {
  it('the current round as before; each earlier round collapsed ("第 N 轮（已撤回）"), opening to its steps', async () => {
    const round = (instanceId: string, status: string, rows: HistoryRow[]) => ({
      instanceId,
      status,
      processCode: 'feiYongShenQingLiuCheng',
      processVersion: 2,
      startedAt: '2026-11-24T08:00:00.000Z',
      endedAt: '2026-11-24T09:00:00.000Z',
      history: rows,
    });
    seq = 0;
    const withdrawn = [h('start'), h('withdraw', { comment: '撤回修改' })];
    seq = 0;
    const cancelled = [h('start'), h('cancel', { actorId: 'u9', actorName: '管理员', comment: '流程调整' })];
    seq = 0;
    const current = [h('start')];
    render(
      <App>
        <HistoryTimeline
          detail={detail({ history: current, earlierRounds: [round('i3', 'cancelled', cancelled), round('i2', 'withdrawn', withdrawn)] })}
          locale="zh-CN"
          now={() => Date.parse('2026-11-25T10:05:00.000Z')}
        />
      </App>,
    );
    const tl = screen.getByTestId('history-timeline');
    // the current round's entries keep their testids; the earlier ones are not rendered yet
    expect(within(tl).getByTestId('history-entry-1')).toHaveTextContent('张伟 提交了申请');
    expect(within(tl).getByTestId('history-round-i3-label')).toHaveTextContent(/^第 2 轮（已取消）· .+ – .+$/);
    expect(within(tl).getByTestId('history-round-i2-label')).toHaveTextContent(/^第 1 轮（已撤回）· /);
    expect(screen.queryByTestId('history-round-i2-entry-2')).toBeNull();
    expect(tl).not.toHaveTextContent('张伟 撤回了申请');

    const user = userEvent.setup();
    await user.click(screen.getByTestId('history-round-i2-label'));
    const opened = await screen.findByTestId('history-round-i2-entry-2');
    expect(opened).toHaveTextContent('张伟 撤回了申请');
    expect(opened).toHaveTextContent('撤回修改');
    expect(screen.getByTestId('history-round-i2-entry-1')).toHaveTextContent('张伟 提交了申请');
    // the other earlier round stays collapsed
    expect(screen.queryByTestId('history-round-i3-entry-2')).toBeNull();
    await user.click(screen.getByTestId('history-round-i3-label'));
    expect(await screen.findByTestId('history-round-i3-entry-2')).toHaveTextContent('管理员 取消了流程');
    // unique testids across rounds
    expect(screen.getAllByTestId('history-entry-1')).toHaveLength(1);
  });

  it('no earlier rounds: no section', () => {
    render(
      <App>
        <HistoryTimeline detail={detail({ earlierRounds: [] })} locale="en-US" />
      </App>,
    );
    expect(screen.queryByTestId('history-rounds')).toBeNull();
  });

  it('en-US wording of a round', () => {
    render(
      <App>
        <HistoryTimeline
          detail={detail({
            earlierRounds: [
              {
                instanceId: 'i2',
                status: 'withdrawn',
                processCode: 'p',
                processVersion: 1,
                startedAt: '2026-11-24T08:00:00.000Z',
                endedAt: null,
                history: [h('start')],
              },
            ],
          })}
          locale="en-US"
        />
      </App>,
    );
    expect(screen.getByTestId('history-round-i2-label')).toHaveTextContent(/^Round 1 \(Withdrawn\) · .+ – …$/);
    expect(screen.getByTestId('history-rounds')).toHaveAccessibleName('Earlier rounds');
  });
});
