import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ProcessList } from './ProcessList';
import { MemoryProcessDesignerApi, newProcessDefinition } from './testing/memoryApi';

const zh = (s: string) => ({ 'zh-CN': s, 'en-US': s, 'zh-TW': s });

function makeApi() {
  const api = new MemoryProcessDesignerApi();
  api.seedForm('expenseApply', zh('费用申请'), []);
  api.seed(newProcessDefinition('expenseFlow', { 'zh-CN': '费用审批流程', 'en-US': 'Expense approval', 'zh-TW': '費用審批流程' }, 'expenseApply'), {
    publish: true,
    enabled: true,
  });
  api.seed(newProcessDefinition('travelFlow', zh('差旅流程')));
  return api;
}

function mount(api: MemoryProcessDesignerApi, locale: 'zh-CN' | 'en-US' = 'zh-CN') {
  const onOpen = vi.fn();
  render(
    <App>
      <ProcessList api={api} onOpen={onOpen} locale={locale} />
    </App>,
  );
  return { onOpen };
}

const row = (code: string) => screen.getByTestId(`process-list-name-${code}`).closest('tr') as HTMLElement;

describe('ProcessList', () => {
  it('lists the processes: name in the UI locale, form, status, version, draft', async () => {
    mount(makeApi());
    expect(await screen.findByTestId('process-list-name-expenseFlow')).toHaveTextContent('费用审批流程');
    const expense = within(row('expenseFlow'));
    expect(expense.getByText('费用申请')).toBeInTheDocument();
    expect(expense.getByTestId('process-list-status-expenseFlow')).toHaveTextContent('已启用');
    expect(expense.getByText('v1')).toBeInTheDocument();
    expect(expense.queryByTestId('process-list-draft-expenseFlow')).toBeNull();
    const travel = within(row('travelFlow'));
    expect(travel.getByText('未绑定表单')).toBeInTheDocument();
    expect(travel.getByText('未发布')).toBeInTheDocument();
    expect(travel.getByTestId('process-list-draft-travelFlow')).toBeInTheDocument();
    expect(travel.getByTestId('process-list-status-travelFlow')).toHaveTextContent('已停用');
  });

  it('shows names in English when the UI is in English', async () => {
    mount(makeApi(), 'en-US');
    expect(await screen.findByTestId('process-list-name-expenseFlow')).toHaveTextContent('Expense approval');
    expect(screen.getByTestId('process-list-create')).toHaveTextContent('New process');
  });

  it('searches by keyword and says when nothing matches', async () => {
    const user = userEvent.setup();
    mount(makeApi());
    await screen.findByTestId('process-list-name-travelFlow');
    const search = screen.getByRole('searchbox', { name: '搜索流程编码或名称' });
    await user.type(search, 'travel{Enter}');
    await waitFor(() => expect(screen.queryByTestId('process-list-name-expenseFlow')).toBeNull());
    expect(screen.getByTestId('process-list-name-travelFlow')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'nothing{Enter}');
    expect(await screen.findByTestId('process-list-empty')).toHaveTextContent('没有与“nothing”匹配的流程');
  });

  it('offers to create the first process when there is none, with a loading state first', async () => {
    const api = new MemoryProcessDesignerApi();
    api.latencyMs = 50;
    mount(api);
    expect(screen.getByTestId('process-list-loading')).toBeInTheDocument();
    expect(await screen.findByTestId('process-list-empty')).toHaveTextContent('还没有流程');
    expect(screen.getByTestId('process-list-empty-create')).toBeInTheDocument();
  });

  it('pages through the list', async () => {
    const user = userEvent.setup();
    const api = new MemoryProcessDesignerApi();
    for (let i = 0; i < 25; i++) api.seed(newProcessDefinition(`flow${String(i).padStart(2, '0')}`, zh(`流程${i}`)));
    mount(api);
    expect(await screen.findByTestId('process-list-name-flow00')).toBeInTheDocument();
    expect(screen.queryByTestId('process-list-name-flow20')).toBeNull();
    expect(screen.getByText('共 25 个流程')).toBeInTheDocument();
    await user.click(screen.getByTitle('2'));
    expect(await screen.findByTestId('process-list-name-flow20')).toBeInTheDocument();
    expect(screen.queryByTestId('process-list-name-flow00')).toBeNull();
  });

  it('creates a process with the keyboard (code, name, Enter) and opens it', async () => {
    const user = userEvent.setup();
    const api = makeApi();
    const { onOpen } = mount(api);
    await screen.findByTestId('process-list-name-travelFlow');
    screen.getByTestId('process-list-create').focus();
    await user.keyboard('{Enter}');
    const code = await screen.findByTestId('process-codename-code');
    await user.click(code);
    await user.keyboard('newFlow');
    await user.tab();
    expect(screen.getByTestId('process-codename-name')).toHaveFocus();
    await user.keyboard('新流程{Enter}');
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith('newFlow'));
    const item = await api.item('newFlow');
    expect(item.summary.name['zh-CN']).toBe('新流程');
    expect(item.draft?.nodes.map((n) => n.type)).toEqual(['start', 'approve', 'end']);
  });

  it('shows the server refusal of an existing code in the dialog', async () => {
    const user = userEvent.setup();
    const { onOpen } = mount(makeApi());
    await screen.findByTestId('process-list-name-travelFlow');
    await user.click(screen.getByTestId('process-list-create'));
    await user.type(await screen.findByTestId('process-codename-code'), 'travelFlow');
    await user.type(screen.getByTestId('process-codename-name'), '重复');
    await user.click(screen.getByTestId('process-codename-ok'));
    expect(await screen.findByTestId('process-codename-error')).toHaveTextContent('travelFlow 已存在');
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('copies a process under a new code and lists the copy', async () => {
    const user = userEvent.setup();
    const api = makeApi();
    mount(api);
    await screen.findByTestId('process-list-name-expenseFlow');
    await user.click(screen.getByRole('button', { name: '复制流程 费用审批流程' }));
    const code = await screen.findByTestId('process-codename-code');
    await waitFor(() => expect(code).toHaveValue('expenseFlow_copy'));
    await user.click(screen.getByTestId('process-codename-ok'));
    expect(await screen.findByTestId('process-list-name-expenseFlow_copy')).toBeInTheDocument();
    expect((await api.item('expenseFlow_copy')).summary.formCode).toBeNull();
  });

  it('enables and disables a process; a second enabled process on a form is refused', async () => {
    const user = userEvent.setup();
    const api = makeApi();
    await api.bind('travelFlow', 'expenseApply');
    mount(api);
    await screen.findByTestId('process-list-name-travelFlow');
    await user.click(screen.getByRole('button', { name: '启用流程 差旅流程' }));
    // the form already has an enabled process: the server's message, the row unchanged
    await waitFor(() => expect(document.body).toHaveTextContent('表单已绑定启用的流程 expenseFlow'));
    expect(screen.getByTestId('process-list-status-travelFlow')).toHaveTextContent('已停用');
    await user.click(screen.getByRole('button', { name: '停用流程 费用审批流程' }));
    await waitFor(() => expect(screen.getByTestId('process-list-status-expenseFlow')).toHaveTextContent('已停用'));
    await user.click(screen.getByRole('button', { name: '启用流程 差旅流程' }));
    await waitFor(() => expect(screen.getByTestId('process-list-status-travelFlow')).toHaveTextContent('已启用'));
    expect((await api.item('travelFlow')).summary.enabled).toBe(true);
  });

  it('opens a process from its name (a real link when the host gives URLs) or its design button', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    render(
      <App>
        <ProcessList api={makeApi()} onOpen={onOpen} hrefOf={(c) => `/designer?code=${c}`} locale="zh-CN" />
      </App>,
    );
    expect(await screen.findByTestId('process-list-name-expenseFlow')).toHaveAttribute('href', '/designer?code=expenseFlow');
    await user.click(await screen.findByTestId('process-list-name-expenseFlow'));
    expect(onOpen).toHaveBeenLastCalledWith('expenseFlow');
    await act(async () => {
      screen.getByRole('button', { name: '打开流程 差旅流程 的设计器' }).focus();
    });
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenLastCalledWith('travelFlow');
  });
});
