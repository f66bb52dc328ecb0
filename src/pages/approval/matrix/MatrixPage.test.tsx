// The approver matrix pages in jsdom against an in-memory fake of their calls: the list, the
// editor (names of users and dealers, add/copy/remove rows, the problems a save refuses, the
// save body, a stale save's 409 → reload), the employee replacement with its counted confirmation.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n';
import { ApiError } from '../../../api/client';
import { MatrixPage } from '../MatrixPage';
import type { DirectoryUser, KeyOption, MatrixApi, MatrixDoc } from './api';
import { countReplacements, type MatrixSaveBody } from './model';

const XU = '1000000000000000011';
const LI = '1000000000000000002';
const SUN = '1000000000000000012';
const OFF = '1000000000000000099';
const USERS: DirectoryUser[] = [
  { id: XU, username: 'xuqiang', name: '徐强', deptName: '华东大区', postName: '大区总监', active: true },
  { id: LI, username: 'lina', name: '李娜', deptName: '华东销售部', postName: '经理', active: true },
  { id: SUN, username: 'sunli', name: '孙丽', deptName: '财务部', postName: '财务主管', active: true },
  { id: OFF, username: 'gone', name: '离职者', deptName: null, postName: null, active: false },
];
const DEALERS: KeyOption[] = [
  { id: 'D1', name: '上海百联贸易', code: 'JXS0001' },
  { id: 'D2', name: '杭州联华商贸', code: 'JXS0002' },
];

function fakeApi() {
  const store = new Map<string, MatrixDoc>();
  store.set('quYuShenPiJuZhen', {
    code: 'quYuShenPiJuZhen',
    name: { 'zh-CN': '区域审批矩阵', 'en-US': 'Regional approval matrix' },
    keys: [{ key: 'jingXiaoShang', name: '经销商' }],
    columns: [{ key: 'quYuZongJian', name: '大区总监' }],
    rows: [
      { keys: { jingXiaoShang: 'D1' }, cells: { quYuZongJian: [XU] } },
      { keys: { jingXiaoShang: 'D2' }, cells: { quYuZongJian: [XU, SUN] } },
    ],
    version: 3,
    users: [
      { id: XU, name: '徐强' },
      { id: SUN, name: '孙丽' },
    ],
  });
  const saves: MatrixSaveBody[] = [];
  const api: MatrixApi = {
    list: vi.fn(async ({ keyword }) => {
      const rows = [...store.values()]
        .filter((m) => !keyword || m.code.includes(keyword))
        .map((m) => ({
          code: m.code,
          name: m.name,
          keys: m.keys,
          columns: m.columns,
          rowCount: m.rows.length,
          version: m.version,
          rowModUser: 'admin',
          rowModDate: '2026-11-25 08:00:00',
        }));
      return { pageSize: 20, currentPage: 1, totalRecord: rows.length, rows };
    }),
    load: vi.fn(async (code: string) => {
      const m = store.get(code);
      if (!m) throw new ApiError('business', 'not found', { status: 404, code: 404 });
      return structuredClone(m);
    }),
    save: vi.fn(async (body: MatrixSaveBody) => {
      saves.push(body);
      const cur = store.get(body.code);
      if (body.version === undefined && cur) throw new ApiError('business', '编码已存在', { status: 409, code: 409 });
      if (body.version !== undefined && cur?.version !== body.version) throw new ApiError('business', '数据已被修改', { status: 409, code: 409 });
      const version = (cur?.version ?? 0) + 1;
      store.set(body.code, { ...body, version, users: [] });
      return { code: body.code, version };
    }),
    replaceUser: vi.fn(async (from: string, to: string) => {
      const count = countReplacements([...store.values()], from);
      for (const m of store.values())
        for (const r of m.rows) for (const k of Object.keys(r.cells)) r.cells[k] = [...new Set(r.cells[k].map((id) => (id === from ? to : id)))];
      return count;
    }),
    loadAll: vi.fn(async () => [...store.values()].map((m) => structuredClone(m))),
    exportOne: vi.fn(async () => undefined),
    exportAll: vi.fn(async () => undefined),
    searchUsers: vi.fn(async (kw: string) => USERS.filter((u) => !kw || u.name.includes(kw) || u.username.includes(kw.toLowerCase()))),
    usersByIds: vi.fn(async (ids: readonly string[]) => USERS.filter((u) => ids.includes(u.id))),
    searchKeys: vi.fn(async (_source, kw: string) => DEALERS.filter((d) => !kw || d.name.includes(kw))),
    keyNames: vi.fn(async (_source, ids: readonly string[]) => DEALERS.filter((d) => ids.includes(d.id))),
  };
  return { api, store, saves };
}

function renderPage(api: MatrixApi, url = '/web/system/juZhen/juZhenList') {
  const router = createMemoryRouter([{ path: '/web/system/juZhen/juZhenList', element: <MatrixPage api={api} /> }], { initialEntries: [url] });
  render(
    <AntApp>
      <RouterProvider router={router} />
    </AntApp>,
  );
  return router;
}

/**
 * The options of the open dropdown: the newest one neither hidden nor leaving (closed ones
 * linger in jsdom, and antd's test ids make every listbox id the same).
 */
function optionsOf(input: HTMLElement): HTMLElement[] {
  if (input.getAttribute('aria-expanded') !== 'true') return [];
  const open = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden):not(.ant-slide-up-leave)')];
  const dropdown = open.at(-1);
  return dropdown ? [...dropdown.querySelectorAll<HTMLElement>('.ant-select-item-option')] : [];
}

/** Opens an antd select, types, and picks the option whose text contains `text`. */
async function pick(select: HTMLElement, typed: string, text: string) {
  const input = within(select).getByRole('combobox');
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: typed } });
  await waitFor(() => expect(optionsOf(input).some((o) => o.textContent?.includes(text))).toBe(true));
  const option = optionsOf(input).find((o) => o.textContent?.includes(text))!;
  fireEvent.click(option);
}

describe('approver matrix pages', () => {
  let f: ReturnType<typeof fakeApi>;
  beforeEach(() => {
    f = fakeApi();
  });

  it('labels the code and name inputs of the editor (a screen reader names them; axe: label)', async () => {
    renderPage(f.api, '/web/system/juZhen/juZhenList?code=quYuShenPiJuZhen');
    expect(await screen.findByLabelText('编码')).toHaveValue('quYuShenPiJuZhen');
    expect(screen.getByLabelText('名称（简体中文）')).toHaveValue('区域审批矩阵');
    expect(screen.getByLabelText('名称（English）')).toHaveValue('Regional approval matrix');
    expect(screen.getByLabelText('名称（繁體中文）')).toHaveValue('');
  });

  it('lists matrices and opens one with the names of its dealers and users', async () => {
    const router = renderPage(f.api);
    const link = await screen.findByTestId('matrix-open-quYuShenPiJuZhen');
    expect(link).toHaveTextContent('区域审批矩阵');
    expect(screen.getByText('经销商')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('matrix-export-quYuShenPiJuZhen'));
    await waitFor(() => expect(f.api.exportOne).toHaveBeenCalledWith('quYuShenPiJuZhen'));
    fireEvent.click(link);
    expect(router.state.location.search).toBe('?code=quYuShenPiJuZhen');
    const row1 = await screen.findByTestId('matrix-row-1');
    await waitFor(() => expect(within(row1).getByText('杭州联华商贸')).toBeInTheDocument());
    expect(within(row1).getByText('徐强')).toBeInTheDocument();
    expect(within(row1).getByText('孙丽')).toBeInTheDocument();
  });

  it('adds, copies and removes rows; refuses duplicate keys; saves the body with the version', async () => {
    renderPage(f.api, '/web/system/juZhen/juZhenList?code=quYuShenPiJuZhen');
    await screen.findByTestId('matrix-row-1');
    fireEvent.click(screen.getByTestId('matrix-copy-0'));
    expect(screen.getByTestId('matrix-row-2')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('matrix-save'));
    const problems = await screen.findByTestId('matrix-problems');
    expect(problems).toHaveTextContent('第 2 行与第 1 行的条件值相同');
    expect(f.api.save).not.toHaveBeenCalled();

    // the copy (row index 1) gets another dealer and another approver
    await pick(screen.getByTestId('matrix-key-1-jingXiaoShang'), '杭州', '杭州联华商贸');
    // row 2 (the old D2) now duplicates it: remove the old row
    fireEvent.click(screen.getByTestId('matrix-remove-2'));
    await pick(screen.getByTestId('matrix-cell-1-quYuZongJian'), '李', '李娜');
    fireEvent.click(screen.getByTestId('matrix-add-row'));
    expect(screen.getByTestId('matrix-row-2')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('matrix-remove-2'));

    fireEvent.click(screen.getByTestId('matrix-save'));
    await waitFor(() => expect(f.api.save).toHaveBeenCalledTimes(1));
    expect(f.saves[0]).toEqual({
      code: 'quYuShenPiJuZhen',
      name: { 'zh-CN': '区域审批矩阵', 'en-US': 'Regional approval matrix' },
      keys: [{ key: 'jingXiaoShang', name: '经销商' }],
      columns: [{ key: 'quYuZongJian', name: '大区总监' }],
      rows: [
        { keys: { jingXiaoShang: 'D1' }, cells: { quYuZongJian: [XU] } },
        { keys: { jingXiaoShang: 'D2' }, cells: { quYuZongJian: [XU, LI] } },
      ],
      version: 3,
    });
    expect(await screen.findByText('已保存（版本 4）')).toBeInTheDocument();
  });

  it('a disabled user is listed but cannot be picked', async () => {
    renderPage(f.api, '/web/system/juZhen/juZhenList?code=quYuShenPiJuZhen');
    await screen.findByTestId('matrix-row-0');
    const input = within(screen.getByTestId('matrix-cell-0-quYuZongJian')).getByRole('combobox');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '离职' } });
    await waitFor(() => expect(optionsOf(input).some((o) => o.textContent?.includes('离职者'))).toBe(true));
    const off = optionsOf(input).find((o) => o.textContent?.includes('离职者'))!;
    expect(off).toHaveClass('ant-select-item-option-disabled');
    fireEvent.click(off);
    expect(within(screen.getByTestId('matrix-cell-0-quYuZongJian')).queryByText('离职者')).toBeNull();
  });

  it('a stale save answers 409 and the editor offers to reload', async () => {
    renderPage(f.api, '/web/system/juZhen/juZhenList?code=quYuShenPiJuZhen');
    await screen.findByTestId('matrix-row-1');
    // someone else saves meanwhile
    f.store.get('quYuShenPiJuZhen')!.version = 4;
    f.store.get('quYuShenPiJuZhen')!.rows.pop();
    fireEvent.click(screen.getByTestId('matrix-remove-0'));
    fireEvent.click(screen.getByTestId('matrix-save'));
    expect((await screen.findAllByText('矩阵已被他人修改')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    await waitFor(() => expect(f.api.load).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByTestId('matrix-row-1')).toBeNull());
    expect(screen.getByText('版本 4')).toBeInTheDocument();
  });

  it('creates a matrix: the code, the name and the columns are required first', async () => {
    const router = renderPage(f.api);
    fireEvent.click(await screen.findByTestId('matrix-create'));
    await screen.findByTestId('matrix-editor');
    fireEvent.click(screen.getByTestId('matrix-save'));
    expect(await screen.findByTestId('matrix-problems')).toHaveTextContent('请填写简体中文名称');
    fireEvent.change(screen.getByTestId('matrix-code'), { target: { value: 'buMenJuZhen' } });
    fireEvent.change(screen.getByTestId('matrix-name-zh-CN'), { target: { value: '部门矩阵' } });
    fireEvent.change(screen.getByLabelText('第 1 列的标识', { selector: '[data-testid="matrix-keys-0"] input' }), { target: { value: 'quYu' } });
    fireEvent.change(screen.getByLabelText('第 1 列的名称', { selector: '[data-testid="matrix-keys-0"] input' }), { target: { value: '区域' } });
    fireEvent.change(screen.getByLabelText('第 1 列的标识', { selector: '[data-testid="matrix-columns-0"] input' }), { target: { value: 'fuZeRen' } });
    fireEvent.change(screen.getByLabelText('第 1 列的名称', { selector: '[data-testid="matrix-columns-0"] input' }), { target: { value: '负责人' } });
    fireEvent.click(screen.getByTestId('matrix-add-row'));
    fireEvent.change(screen.getByTestId('matrix-key-0-quYu'), { target: { value: 'EAST' } });
    fireEvent.click(screen.getByTestId('matrix-save'));
    await waitFor(() => expect(f.api.save).toHaveBeenCalledTimes(1));
    expect(f.saves[0]).toEqual({
      code: 'buMenJuZhen',
      name: { 'zh-CN': '部门矩阵' },
      keys: [{ key: 'quYu', name: '区域' }],
      columns: [{ key: 'fuZeRen', name: '负责人' }],
      rows: [{ keys: { quYu: 'EAST' }, cells: { fuZeRen: [] } }],
    });
    await waitFor(() => expect(router.state.location.search).toBe('?code=buMenJuZhen'));
  });

  it('replacing an employee says how many cells change before it changes them', async () => {
    renderPage(f.api);
    fireEvent.click(await screen.findByTestId('matrix-replace'));
    await pick(await screen.findByTestId('matrix-replace-from'), '徐', '徐强');
    await pick(screen.getByTestId('matrix-replace-to'), '李', '李娜');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '统计影响范围' }));
    });
    const count = await screen.findByTestId('matrix-replace-count');
    expect(count).toHaveTextContent('将在 1 个矩阵中修改 2 个单元格');
    expect(f.api.replaceUser).not.toHaveBeenCalled();
    expect(screen.getByTestId('matrix-replace-ok')).toHaveTextContent('确认替换');
    fireEvent.click(screen.getByTestId('matrix-replace-ok'));
    await waitFor(() => expect(f.api.replaceUser).toHaveBeenCalledWith(XU, LI));
    expect(await screen.findByText('已替换 2 个单元格（1 个矩阵）')).toBeInTheDocument();
    expect(f.store.get('quYuShenPiJuZhen')!.rows.map((r) => r.cells.quYuZongJian)).toEqual([[LI], [LI, SUN]]);
  });
});
