import { useRef, useState } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProcessDefinition, ProcessNode } from '../../../schemas/process/model';
import { validateProcessDefinition } from '../../../schemas/process/validate';
import type { ProcessCommand } from '../../core/process/command';
import { NodeDrawer } from './NodeDrawer';
import { MemoryDrawerApi, expenseForm, sampleProcess } from './testing';

const XUQIANG = '1000000000000000004';
const LINA = '1000000000000000002';

interface Run {
  def: ProcessDefinition;
  types: string[];
}

function Harness({
  run,
  nodeId,
  edgeId,
  api,
  problems = [],
}: {
  run: Run;
  nodeId: string | null;
  edgeId?: string | null;
  api: MemoryDrawerApi;
  problems?: { path: string; message: string }[];
}) {
  const [def, setDef] = useState(run.def);
  const ref = useRef(def);
  const dispatch = (cmd: ProcessCommand) => {
    const next = cmd.apply(ref.current).definition;
    ref.current = next;
    run.def = next;
    run.types.push(cmd.type);
    setDef(next);
  };
  return (
    <NodeDrawer
      definition={def}
      nodeId={nodeId}
      edgeId={edgeId ?? null}
      formCode={def.formCode ?? null}
      api={api}
      problems={problems}
      dispatch={dispatch}
      onClose={() => {}}
      locale="zh-CN"
    />
  );
}

function open(
  nodeId: string | null,
  edgeId: string | null = null,
  o: { api?: MemoryDrawerApi; def?: ProcessDefinition; problems?: { path: string; message: string }[] } = {},
) {
  const run: Run = { def: o.def ?? sampleProcess(), types: [] };
  const api = o.api ?? new MemoryDrawerApi();
  const user = userEvent.setup();
  render(<Harness run={run} nodeId={nodeId} edgeId={edgeId} api={api} problems={o.problems} />);
  return {
    run,
    api,
    user,
    node: (id: string) => run.def.nodes.find((n) => n.id === id) as ProcessNode,
    edge: (id: string) => run.def.edges.find((e) => e.id === id)!,
  };
}

const combo = (name: string | RegExp) => screen.getByRole('combobox', { name });

async function choose(user: ReturnType<typeof userEvent.setup>, name: string | RegExp, title: string, keyword = '') {
  const box = combo(name);
  await user.click(box);
  if (keyword) await user.type(box, keyword);
  const option = await waitFor(() => {
    const els = [
      ...document.querySelectorAll<HTMLElement>(
        `.ant-select-item-option[title="${CSS.escape(title)}"], .ant-select-tree-node-content-wrapper[title="${CSS.escape(title)}"]`,
      ),
    ];
    const el = els.at(-1);
    if (!el) throw new Error(`option ${title} not shown`);
    return el;
  });
  await user.click(option);
}

const kind = (user: ReturnType<typeof userEvent.setup>, label: string) => choose(user, '审批人', label);
const valid = (d: ProcessDefinition) => validateProcessDefinition(d, 'zh-CN', expenseForm()).errors.map((e) => `${e.path} ${e.code}`);

describe('NodeDrawer: approve node strategies', () => {
  it('shows the node, its name in three locales and its id; edits the name; an empty zh-CN name is refused locally', async () => {
    const { node, run } = open('director');
    expect(await screen.findByTestId('drawer-title')).toHaveTextContent('区域总监审批');
    expect(screen.getByTestId('node-id')).toHaveTextContent('director');
    fireEvent.change(screen.getByTestId('node-name-en-US'), { target: { value: 'Regional director' } });
    expect(node('director').name).toEqual({ 'zh-CN': '区域总监审批', 'en-US': 'Regional director' });
    fireEvent.change(screen.getByTestId('node-name-zh-CN'), { target: { value: '' } });
    expect(screen.getByText('请填写简体中文名称')).toBeInTheDocument();
    expect(node('director').name['zh-CN']).toBe('区域总监审批');
    fireEvent.change(screen.getByTestId('node-name-zh-CN'), { target: { value: '总监' } });
    expect(node('director').name['zh-CN']).toBe('总监');
    expect(run.types).toEqual(['updateNode', 'updateNode']);
  });

  it('list strategies: users (searched by name, names shown), roles, posts, groups, departments (tree)', async () => {
    const { user, node, run } = open('director');
    // the existing user id shows as a name
    expect(await screen.findByText(/徐强 \(xuqiang\)/)).toBeInTheDocument();
    await kind(user, '角色');
    expect(node('director').assignee).toBeUndefined();
    expect(screen.getByTestId('strategy-missing')).toBeInTheDocument();
    await choose(user, '选择角色', '财务主管 (caiWuZhuGuan)');
    expect(node('director').assignee).toEqual({ kind: 'roles', roleCodes: ['caiWuZhuGuan'] });
    await kind(user, '岗位');
    await choose(user, '选择岗位', '区域总监 (quYuZongJian)');
    expect(node('director').assignee).toEqual({ kind: 'posts', postCodes: ['quYuZongJian'] });
    await kind(user, '用户组');
    await choose(user, '选择用户组', '复核小组 (reviewers) · 2 人');
    expect(node('director').assignee).toEqual({ kind: 'groups', groupCodes: ['reviewers'] });
    await kind(user, '部门成员');
    await choose(user, '选择部门', '华东销售部');
    expect(node('director').assignee).toEqual({ kind: 'deptMembers', deptCodes: ['XS-HD'] });
    await kind(user, '指定成员');
    await choose(user, '选择成员', '李娜 (lina) · 华东销售部', '李');
    expect(node('director').assignee).toEqual({ kind: 'users', userIds: [LINA] });
    expect(valid(run.def)).toEqual([]);
    expect(run.types.every((t) => t === 'setAssignee')).toBe(true);
  });

  it('rule strategies: dept leader, leader chain levels, applicant, form fields of the right type, picks', async () => {
    const { user, node, run } = open('director');
    await screen.findByTestId('strategy-editor');
    await kind(user, '申请人的部门负责人');
    expect(node('director').assignee).toEqual({ kind: 'deptLeader' });
    await kind(user, '逐级部门负责人');
    expect(node('director').assignee).toEqual({ kind: 'leaderChain', levels: 1 });
    fireEvent.change(screen.getByRole('spinbutton', { name: '向上几级' }), { target: { value: '3' } });
    await waitFor(() => expect(node('director').assignee).toEqual({ kind: 'leaderChain', levels: 3 }));
    await kind(user, '申请人本人');
    expect(node('director').assignee).toEqual({ kind: 'applicant' });
    // the form has exactly one department and one employee field: picked at once
    await kind(user, '表单中所选部门的负责人');
    expect(node('director').assignee).toEqual({ kind: 'fieldDeptLeader', field: 'costDept' });
    await kind(user, '表单中所选的人员');
    expect(node('director').assignee).toEqual({ kind: 'fieldUser', field: 'reviewer' });
    await user.click(combo('选择人员字段'));
    expect(document.querySelector('.ant-select-item-option[title="承担部门 (costDept)"]')).toBeNull();
    await kind(user, '申请人提交时自选');
    expect(node('director').assignee).toEqual({ kind: 'applicantPicks' });
    await user.click(screen.getByText('可以选多人'));
    expect(node('director').assignee).toEqual({ kind: 'applicantPicks', multiple: true });
    await kind(user, '上一审批人指定');
    expect(node('director').assignee).toEqual({ kind: 'previousPicks' });
    await choose(user, '候选人（可选）', '徐强 (xuqiang) · 销售中心', '徐');
    expect(node('director').assignee).toEqual({ kind: 'previousPicks', candidates: [XUQIANG] });
    expect(valid(run.def)).toEqual([]);
  });

  it('matrix: the matrix, a form field per key column, then the approver column', async () => {
    const { user, node, run } = open('director');
    await screen.findByTestId('strategy-editor');
    await kind(user, '审批矩阵');
    await choose(user, '审批矩阵', '区域审批矩阵 (quYuShenPiJuZhen)');
    expect(node('director').assignee).toBeUndefined();
    await choose(user, '“经销商”取自', '经销商 (dealer)');
    await choose(user, '“费用类型”取自', '费用类型 (expenseType)');
    await choose(user, '审批人所在的列', '区域总监 (quYuZongJian)');
    expect(node('director').assignee).toEqual({
      kind: 'matrix',
      matrix: 'quYuShenPiJuZhen',
      by: { jingXiaoShang: 'dealer', feiYongLeiXing: 'expenseType' },
      column: 'quYuZongJian',
    });
    expect(valid(run.def)).toEqual([]);
  });

  it('expression: if <amount > 10000> then <users> else <users>, emitted as JSON Logic', async () => {
    const { user, node, run } = open('director');
    await screen.findByTestId('strategy-editor');
    await kind(user, '按条件指定');
    expect(node('director').assignee).toEqual({ kind: 'expression', logic: { if: [{ and: [] }, [], []] } });
    expect(screen.getByTestId('expression-incomplete')).toBeInTheDocument();
    await user.click(within(screen.getByTestId('expression-case-0-when')).getByText('添加条件'));
    await choose(user, '条件 1 的字段', '申请金额 (amount)');
    expect(within(screen.getByTestId('expression-case-0-when')).getByRole('combobox', { name: '条件 1 的比较方式' })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('spinbutton', { name: '比较的值' }), { target: { value: '10000' } });
    await choose(user, '条件 1 的审批人', '徐强 (xuqiang) · 销售中心', '徐');
    await choose(user, '否则由以下人员审批', '李娜 (lina) · 华东销售部', 'lina');
    await waitFor(() =>
      expect(node('director').assignee).toEqual({ kind: 'expression', logic: { if: [{ '>': [{ var: 'amount' }, 10000] }, [XUQIANG], [LINA]] } }),
    );
    expect(screen.queryByTestId('expression-incomplete')).toBeNull();
    expect(valid(run.def)).toEqual([]);
  });
});

describe('NodeDrawer: approve rules and permissions', () => {
  it('method, ratio, empty rule with its user, skips, timeout, return and actions', async () => {
    const { user, node, run } = open('director');
    await user.click(await screen.findByRole('tab', { name: '审批规则' }));
    await user.click(screen.getByLabelText('按比例通过'));
    expect(node('director')).toMatchObject({ method: 'ratio', ratio: 50 });
    fireEvent.change(screen.getByRole('spinbutton', { name: '同意人数达到的比例' }), { target: { value: '60' } });
    await waitFor(() => expect(node('director').ratio).toBe(60));
    await choose(user, '找不到审批人时', '转交指定人员');
    expect(node('director').onEmpty).toBe('toUser');
    expect(valid(run.def)).toEqual(['/nodes/3/emptyUserId process.emptyUser']);
    await choose(user, '转交给谁', '孙丽 (sunli) · 财务部', '孙');
    expect(node('director').emptyUserId).toBe('1000000000000000005');
    await user.click(screen.getByText('同意时必须填写意见'));
    await user.click(screen.getByText('审批人已在前面的节点同意过时，自动通过'));
    expect(node('director')).toMatchObject({ commentRequired: true, skipIfApproved: true });
    await user.click(screen.getByRole('switch', { name: '启用超时处理' }));
    expect(node('director').timeout).toEqual({ hours: 24, action: 'remind', maxReminders: 3 });
    await choose(user, '超时动作', '自动同意');
    expect(node('director').timeout).toEqual({ hours: 24, action: 'approve' });
    await user.click(screen.getByText('退回申请人（申请人修改后重新提交）'));
    expect(node('director').returnRule).toEqual({ targets: ['applicant'], resubmit: 'start' });
    await user.click(screen.getByText('直接回到退回它的节点'));
    expect(node('director').returnRule).toEqual({ targets: ['applicant'], resubmit: 'returningNode' });
    await user.click(screen.getByText('加签（增加审批人）'));
    await user.click(screen.getByText('转办（交给别人处理，自己不再处理）'));
    expect(node('director').actions).toEqual(['transfer', 'addSign']);
    expect(valid(run.def)).toEqual([]);
  });

  it("edits this node's column of the bound form's permission matrix (sub-form columns included) and saves the form draft", async () => {
    const { user, api } = open('director');
    await user.click(await screen.findByRole('tab', { name: '字段权限' }));
    const matrix = await screen.findByTestId('node-permissions');
    // only this node's column
    expect(within(matrix).queryByTestId('perm-all-node:leader')).toBeNull();
    expect(within(matrix).getByTestId('perm-all-node:director')).toBeInTheDocument();
    expect(within(matrix).getByTestId('perm-node:director-detail.lineAmount')).toBeInTheDocument();
    fireEvent.change(within(matrix).getByTestId('perm-node:director-amount'), { target: { value: 'readonly' } });
    fireEvent.change(within(matrix).getByTestId('perm-node:director-detail.lineAmount'), { target: { value: 'hidden' } });
    expect(screen.getByTestId('permissions-status')).toHaveTextContent('有未保存的修改');
    await user.click(screen.getByTestId('permissions-save'));
    await waitFor(() => expect(api.saves).toBe(1));
    expect(api.forms.get('feiYongShenQing')!.permissions!.nodes).toEqual({
      leader: { amount: 'readonly' },
      director: { amount: 'readonly', 'detail.lineAmount': 'hidden' },
    });
    expect(screen.getByTestId('permissions-status')).toHaveTextContent('已保存到表单草稿');
  });

  it('shows the save error from the server', async () => {
    const api = new MemoryDrawerApi();
    api.saveFormPermissions = () => Promise.reject(new Error('表单已被他人修改，请刷新'));
    const { user } = open('director', null, { api });
    await user.click(await screen.findByRole('tab', { name: '字段权限' }));
    fireEvent.change(await screen.findByTestId('perm-node:director-amount'), { target: { value: 'hidden' } });
    await user.click(screen.getByTestId('permissions-save'));
    expect(await screen.findByTestId('permissions-error')).toHaveTextContent('表单已被他人修改，请刷新');
  });
});

describe('NodeDrawer: cc, condition, branches, other nodes', () => {
  it('cc node: strategy and name, no approval rules', async () => {
    const { user, node } = open('copyFinance');
    await screen.findByTestId('strategy-editor');
    expect(screen.queryByRole('tab', { name: '审批规则' })).toBeNull();
    await choose(user, '抄送人', '申请人本人');
    expect(node('copyFinance').assignee).toEqual({ kind: 'applicant' });
  });

  it('condition node: branches in priority order, reordered by button and keyboard, one default', async () => {
    const { user, run, edge } = open('amountCheck');
    const list = await screen.findByTestId('branch-list');
    const order = () => [...list.querySelectorAll('[data-branch]')].map((e) => e.getAttribute('data-branch'));
    expect(order()).toEqual(['big', 'promo', 'small']);
    // the conditions read the bound form's labels, which load after the list
    expect(await within(screen.getByTestId('branch-big')).findByText('申请金额 大于 10000')).toBeInTheDocument();
    expect(await within(screen.getByTestId('branch-promo')).findByText('费用类型 等于 促销费')).toBeInTheDocument();
    expect(within(screen.getByTestId('branch-small')).getByText('默认')).toBeInTheDocument();
    await user.click(screen.getByTestId('branch-promo-up'));
    await waitFor(() => expect(order()).toEqual(['promo', 'big', 'small']));
    expect([edge('promo').priority, edge('big').priority, edge('small').priority]).toEqual([0, 1, 2]);
    // keyboard: Alt+↓ on the focused row moves it and keeps the focus on it
    screen.getByTestId('branch-promo').focus();
    fireEvent.keyDown(screen.getByTestId('branch-promo'), { key: 'ArrowDown', altKey: true });
    await waitFor(() => expect(order()).toEqual(['big', 'promo', 'small']));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('branch-promo')));
    expect(run.types).toEqual(['reorderBranches', 'reorderBranches']);
    // make promo the default: the old default gets an incomplete condition
    await user.click(screen.getByTestId('branch-promo-default'));
    await waitFor(() => expect(edge('promo').condition).toBeUndefined());
    expect(edge('small').condition).toEqual({ and: [] });
    expect(within(screen.getByTestId('branch-small')).getByText('条件未完成')).toBeInTheDocument();
    await waitFor(() => expect(order()).toEqual(['big', 'small', 'promo']));
    expect(valid(run.def)).toEqual([]);
  });

  it('a branch: label and a visual condition over the form fields (numbers, options, AND/OR)', async () => {
    const { user, edge, run } = open(null, 'big');
    const editor = await screen.findByTestId('branch-editor-big');
    fireEvent.change(within(editor).getByTestId('branch-label'), { target: { value: '大额' } });
    expect(edge('big').label).toBe('大额');
    const value = within(editor).getByRole('spinbutton', { name: '比较的值' });
    fireEvent.change(value, { target: { value: '20000.50' } });
    await waitFor(() => expect(edge('big').condition).toEqual({ '>': [{ var: 'amount' }, 20000.5] }));
    await user.click(within(editor).getByText('添加条件'));
    await choose(user, '条件 2 的字段', '费用类型 (expenseType)');
    await choose(user, '条件 2 的比较方式', '是其中之一');
    await choose(user, '比较的值', '差旅费');
    await choose(user, '条件组合方式', '以下任一条件');
    expect(edge('big').condition).toEqual({ or: [{ '>': [{ var: 'amount' }, 20000.5] }, { in: [{ var: 'expenseType' }, ['travel']] }] });
    expect(valid(run.def)).toEqual([]);
    await user.click(screen.getByRole('button', { name: '删除条件 1' }));
    expect(edge('big').condition).toEqual({ in: [{ var: 'expenseType' }, ['travel']] });
  });

  it('the default branch explains itself; a condition the builder cannot show is read-only with a rebuild', async () => {
    const def = sampleProcess();
    def.edges = def.edges.map((e) => (e.id === 'promo' ? { ...e, condition: { '>': [{ dAdd: [{ var: 'amount' }, { var: 'days' }] }, 5] } } : e));
    const first = open('amountCheck', 'small', { def });
    expect(await screen.findByTestId('branch-default')).toBeInTheDocument();
    await first.user.click(screen.getByTestId('branch-promo-edit'));
    expect(screen.getByTestId('branch-custom-json')).toHaveTextContent('dAdd');
    await first.user.click(screen.getByTestId('branch-rebuild'));
    expect(first.edge('promo').condition).toEqual({ and: [] });
    expect(within(screen.getByTestId('branch-condition')).getByText('还没有条件：请添加至少一个条件')).toBeInTheDocument();
  });

  it('start, end, parallel and join: name only; problems of the node are listed at the top', async () => {
    open('split', null, {
      problems: [
        { path: '/nodes/5', message: '并行分支 split 没有对应的汇聚节点' },
        { path: '/nodes/1', message: '别的节点' },
      ],
    });
    expect(await screen.findByTestId('drawer-problems')).toHaveTextContent('并行分支 split 没有对应的汇聚节点');
    expect(screen.getByTestId('drawer-problems')).not.toHaveTextContent('别的节点');
    expect(screen.getByTestId('node-type-hint')).toBeInTheDocument();
    expect(screen.queryByTestId('strategy-editor')).toBeNull();
  });

  it('a refused command shows its reason; closed when nothing is selected', async () => {
    const { rerender } = render(
      <NodeDrawer
        definition={sampleProcess()}
        nodeId={null}
        edgeId={null}
        formCode="feiYongShenQing"
        api={new MemoryDrawerApi()}
        problems={[]}
        dispatch={() => {}}
        onClose={() => {}}
        locale="zh-CN"
      />,
    );
    expect(screen.queryByTestId('node-drawer-body')).toBeNull();
    const refuse = (cmd: ProcessCommand) => {
      cmd.apply({ ...sampleProcess(), nodes: [] });
    };
    rerender(
      <NodeDrawer
        definition={sampleProcess()}
        nodeId="end"
        edgeId={null}
        formCode="feiYongShenQing"
        api={new MemoryDrawerApi()}
        problems={[]}
        dispatch={refuse}
        onClose={() => {}}
        locale="en-US"
      />,
    );
    fireEvent.change(await screen.findByTestId('node-name-zh-TW'), { target: { value: '結束' } });
    expect(await screen.findByTestId('drawer-refusal')).toHaveTextContent('end');
    await act(async () => {});
  });
});
