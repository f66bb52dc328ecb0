import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ApprovalPanel } from './ApprovalPanel';
import type { ActAnswer, ApprovalServices, InstanceDetail, UserQuery } from './services';
import type { DirectoryUser } from '../../schemas/api/processDirectory';
import { SAMPLE_PROCESS } from './testing/sampleProcess';

const USERS: DirectoryUser[] = [
  { id: 'u1', username: 'zhangwei', name: '张伟', deptName: '华东销售部', postName: null, active: true },
  { id: 'u2', username: 'lina', name: '李娜', deptName: '华东销售部', postName: null, active: true },
  { id: 'u3', username: 'xuqiang', name: '徐强', deptName: '华东大区', postName: null, active: true },
  { id: 'u4', username: 'sunli', name: '孙丽', deptName: '财务部', postName: null, active: true },
  { id: 'u5', username: 'gone', name: '离职员工', deptName: null, postName: null, active: false },
];

const ANSWER: ActAnswer = { instanceId: 'i1', recordId: 'r1', status: 'running', revision: 2, recordStatus: 'inApproval', recordVersion: 2 };

function fakeServices(fail?: { message: string; errors?: { field: string; message: string }[] }) {
  const act = vi.fn(async (_name: string, _body: unknown) => {
    if (fail) throw Object.assign(new Error(fail.message), { errors: fail.errors ?? [] });
    return ANSWER;
  });
  const searchUsers = vi.fn(async (q: UserQuery) => {
    if (q.ids) return USERS.filter((u) => q.ids!.includes(u.id));
    const k = (q.keyword ?? '').toLowerCase();
    return USERS.filter((u) => !k || u.username.includes(k) || u.name.includes(k));
  });
  return { act, searchUsers, services: { act, searchUsers } as unknown as ApprovalServices };
}

function detail(patch: Partial<InstanceDetail> = {}): InstanceDetail {
  const myTask = {
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
  };
  return {
    instance: {
      id: 'i1',
      status: 'running',
      processCode: 'feiYongShenQingLiuCheng',
      processVersion: 2,
      formCode: 'feiYongShenQing',
      formVersion: 1,
      applicantId: 'u1',
      applicantName: '张伟',
      revision: 1,
      startedAt: '2026-11-25T08:00:00.000Z',
      endedAt: null,
      currentNodes: [{ id: 'leader', name: '部门负责人审批' }],
      returnedFrom: null,
    },
    definition: SAMPLE_PROCESS,
    history: [],
    tasks: [myTask],
    myTask,
    allowedActions: ['approve', 'reject', 'return', 'transfer', 'delegate', 'addSign'],
    returnTargets: [
      { id: 'applicant', name: '申请人' },
      { id: 'start', name: '提交申请' },
    ],
    nodeRules: { commentRequired: false, signatureRequired: false, picks: [] },
    fieldPermissions: null,
    isCcReader: false,
    ...patch,
  };
}

function mount(d: InstanceDetail, services: ApprovalServices, extra: Partial<Parameters<typeof ApprovalPanel>[0]> = {}) {
  const onDone = vi.fn();
  render(
    <App>
      <ApprovalPanel detail={d} locale="zh-CN" services={services} onDone={onDone} {...extra} />
    </App>,
  );
  return { onDone, user: userEvent.setup() };
}

const dialog = (action: string) => screen.getByTestId(`approval-dialog-body-${action}`);
const submit = () => screen.getByTestId('approval-dialog-submit');

async function pickUser(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, keyword: string, name: string) {
  const box = within(scope).getByRole('combobox');
  await user.click(box);
  await user.type(box, keyword);
  const option = await waitFor(() => {
    const el = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent?.includes(name));
    if (!el) throw new Error(`no option ${name}`);
    return el;
  });
  await user.click(option);
}

describe('ApprovalPanel', () => {
  it('shows the allowed actions only, nothing without a task', () => {
    const { services } = fakeServices();
    const { unmount } = render(
      <App>
        <ApprovalPanel detail={detail({ allowedActions: ['approve', 'reject', 'urge'] })} locale="zh-CN" services={services} />
      </App>,
    );
    expect(screen.getByTestId('approval-action-approve')).toHaveTextContent('同意');
    expect(screen.getByTestId('approval-action-reject')).toBeInTheDocument();
    expect(screen.queryByTestId('approval-action-transfer')).toBeNull();
    unmount();
    render(
      <App>
        <ApprovalPanel detail={detail({ myTask: null })} locale="zh-CN" services={services} />
      </App>,
    );
    expect(screen.queryByTestId('approval-panel')).toBeNull();
  });

  it('approve: sends the task and the comment, then reports done', async () => {
    const { services, act: send } = fakeServices();
    const { user, onDone } = mount(detail(), services);
    await user.click(screen.getByTestId('approval-action-approve'));
    expect(dialog('approve')).toBeInTheDocument();
    await user.type(screen.getByTestId('approval-comment'), '同意，费用合理');
    await user.click(submit());
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('approve', ANSWER));
    expect(send).toHaveBeenCalledWith('approve', { taskId: 't1', comment: '同意，费用合理' });
  });

  it('approve where the node asks for a comment and a signature: both refused until given', async () => {
    const { services, act: send } = fakeServices();
    const { user } = mount(detail({ nodeRules: { commentRequired: true, signatureRequired: true, picks: [] } }), services);
    await user.click(screen.getByTestId('approval-action-approve'));
    await user.click(submit());
    const body = dialog('approve');
    expect(body).toHaveTextContent('请填写审批意见');
    expect(within(body).getByTestId('signature-error')).toHaveTextContent('请手写签名');
    expect(screen.getByTestId('approval-comment')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByTestId('approval-comment'), '同意');
    await user.click(submit());
    expect(within(body).getByTestId('signature-error')).toBeInTheDocument();
    expect(body).not.toHaveTextContent('请填写审批意见');
    expect(send).not.toHaveBeenCalled();
  });

  it('approve with picks for the following node sends them', async () => {
    const { services, act: send } = fakeServices();
    const { user } = mount(
      detail({ nodeRules: { commentRequired: false, signatureRequired: false, picks: [{ id: 'director', name: '区域总监审批' }] } }),
      services,
    );
    await user.click(screen.getByTestId('approval-action-approve'));
    await pickUser(user, screen.getByTestId('approval-pick-director').closest('.fw-approval-field') as HTMLElement, 'xuqiang', '徐强');
    await user.click(submit());
    await waitFor(() => expect(send).toHaveBeenCalledWith('approve', { taskId: 't1', picks: { director: ['u3'] } }));
  });

  it('approve validates the open fields first and sends only the changed ones', async () => {
    const { services, act: send } = fakeServices();
    const validate = vi.fn(() => false);
    const form = { validate, getValues: () => ({ beiZhu: '新备注', jinE: '1' }) };
    const d = detail({ fieldPermissions: { beiZhu: 'editable', jinE: 'readonly' } });
    const { user } = mount(d, services, { form, storedData: { beiZhu: '旧', jinE: '1' } });
    await user.click(screen.getByTestId('approval-action-approve'));
    expect(screen.queryByTestId('approval-dialog-body-approve')).toBeNull();
    expect(await screen.findByText('请先修正表单中标红的字段')).toBeInTheDocument();
    validate.mockReturnValue(true);
    await user.click(screen.getByTestId('approval-action-approve'));
    expect(screen.getByTestId('approval-edited')).toHaveTextContent('1 个字段');
    await user.click(submit());
    await waitFor(() => expect(send).toHaveBeenCalledWith('approve', { taskId: 't1', data: { beiZhu: '新备注' } }));
  });

  it('reject: a comment is required, then a confirmation, then the call', async () => {
    const { services, act: send } = fakeServices();
    const { user, onDone } = mount(detail(), services);
    await user.click(screen.getByTestId('approval-action-reject'));
    await user.click(submit());
    expect(dialog('reject')).toHaveTextContent('请填写审批意见');
    await user.type(screen.getByTestId('approval-comment'), '预算不足');
    await user.click(submit());
    await user.click(await screen.findByTestId('reject-confirm-ok'));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith('reject', ANSWER));
    expect(send).toHaveBeenCalledWith('reject', { taskId: 't1', comment: '预算不足' });
  });

  it('return: the target and a comment are required; sends the chosen node', async () => {
    const { services, act: send } = fakeServices();
    const { user } = mount(detail(), services);
    await user.click(screen.getByTestId('approval-action-return'));
    await user.click(submit());
    const body = dialog('return');
    expect(body).toHaveTextContent('请选择退回到哪里');
    expect(body).toHaveTextContent('请填写审批意见');
    await user.click(within(body).getByText('提交申请'));
    await user.type(screen.getByTestId('approval-comment'), '请补充发票');
    await user.click(submit());
    await waitFor(() => expect(send).toHaveBeenCalledWith('return', { taskId: 't1', to: 'start', comment: '请补充发票' }));
  });

  it('return with one target preselects it', async () => {
    const { services, act: send } = fakeServices();
    const { user } = mount(detail({ returnTargets: [{ id: 'applicant', name: '申请人' }] }), services);
    await user.click(screen.getByTestId('approval-action-return'));
    await user.type(screen.getByTestId('approval-comment'), '补充');
    await user.click(submit());
    await waitFor(() => expect(send).toHaveBeenCalledWith('return', { taskId: 't1', to: 'applicant', comment: '补充' }));
  });

  it.each(['transfer', 'delegate'] as const)('%s: a user is required; the caller cannot be picked; sends the user', async (action) => {
    const { services, act: send } = fakeServices();
    const { user } = mount(detail(), services);
    await user.click(screen.getByTestId(`approval-action-${action}`));
    await user.click(submit());
    const body = dialog(action);
    expect(body).toHaveTextContent('请选择人员');
    // the caller (李娜, u2) and disabled users are listed but disabled
    const box = within(body).getByRole('combobox');
    await user.click(box);
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBe(USERS.length));
    const option = (name: string) => [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent?.includes(name))!;
    expect(option('李娜')).toHaveClass('ant-select-item-option-disabled');
    expect(option('离职员工')).toHaveClass('ant-select-item-option-disabled');
    await pickUser(user, body, 'xuqiang', '徐强');
    await user.click(submit());
    await waitFor(() => expect(send).toHaveBeenCalledWith(action, { taskId: 't1', to: 'u3' }));
  });

  it('add-sign: at least one user; sends the users and the position', async () => {
    const { services, act: send } = fakeServices();
    const { user } = mount(detail(), services);
    await user.click(screen.getByTestId('approval-action-addSign'));
    await user.click(submit());
    const body = dialog('addSign');
    expect(body).toHaveTextContent('请至少选择一位加签人');
    await user.click(within(body).getByTestId('add-sign-before'));
    await pickUser(user, body, 'sunli', '孙丽');
    await user.type(screen.getByTestId('approval-comment'), '请财务先看');
    await user.click(submit());
    await waitFor(() => expect(send).toHaveBeenCalledWith('addSign', { taskId: 't1', users: ['u4'], position: 'before', comment: '请财务先看' }));
  });

  it('a server error shows in the dialog and keeps what was typed', async () => {
    const { services, act: send } = fakeServices({ message: '任务已被处理', errors: [{ field: 'comment', message: '太长' }] });
    const { user, onDone } = mount(detail(), services);
    await user.click(screen.getByTestId('approval-action-reject'));
    await user.type(screen.getByTestId('approval-comment'), '不同意');
    await user.click(submit());
    await user.click(await screen.findByTestId('reject-confirm-ok'));
    const err = await screen.findByTestId('approval-error');
    expect(err).toHaveTextContent('任务已被处理');
    expect(err).toHaveTextContent('comment：太长');
    expect(send).toHaveBeenCalledTimes(1);
    expect(onDone).not.toHaveBeenCalled();
    expect(dialog('reject')).toBeInTheDocument();
    expect(screen.getByTestId('approval-comment')).toHaveValue('不同意');
    expect(submit()).not.toBeDisabled();
  });

  it('cancel closes the dialog without a call', async () => {
    const { services, act: send } = fakeServices();
    const { user } = mount(detail(), services);
    await user.click(screen.getByTestId('approval-action-transfer'));
    await user.click(screen.getByTestId('approval-dialog-cancel'));
    await act(async () => {});
    await waitFor(() => expect(screen.queryByTestId('approval-dialog-body-transfer')).toBeNull());
    expect(send).not.toHaveBeenCalled();
  });
});
