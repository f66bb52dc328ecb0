import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { expenseDefinition } from '../engine/fixtures/expense';
import { DefinitionList, type ListQuery } from './DefinitionList';

const slow = { timeout: 20_000 };
import type { ListRow } from './columns';

const me = { id: '1000000000000000001', name: '张三' };
function makeRows(n: number, offset = 0): ListRow[] {
  return Array.from({ length: n }, (_, i) => ({
    id: String(1000000000000000100n + BigInt(offset + i)),
    number: `FW2026112200${String(offset + i).padStart(2, '0')}`,
    rowCreateId: me.id,
    rowCreateDate: '2026-11-22 09:00:00',
    shenPiZhuangTai: '0',
    data: { subject: `拜访${offset + i}`, total: '1234.5' },
    rowClick: 0,
  }));
}

describe('DefinitionList', () => {
  it('asks page 1 with 20 rows, shows amounts, pages through the server and filters', { timeout: 90_000 }, async () => {
    const fetchPage = vi.fn(async (q: ListQuery) => ({
      pageSize: q.limit,
      currentPage: q.page,
      totalRecord: 45,
      rows: makeRows(Math.min(q.limit, 45 - (q.page - 1) * q.limit), (q.page - 1) * q.limit),
    }));
    const onRowAction = vi.fn();
    const { container } = render(<DefinitionList definition={expenseDefinition()} fetchPage={fetchPage} user={me} onRowAction={onRowAction} />);
    await waitFor(() => expect(fetchPage).toHaveBeenCalled(), slow);
    expect(fetchPage.mock.calls[0][0]).toEqual({ page: 1, limit: 20, filters: [] });
    await waitFor(() => expect(screen.getByTestId('definition-list').dataset.loading).toBe('false'), slow);
    await waitFor(() => expect(screen.getAllByText('1,234.50').length).toBeGreaterThan(0), slow);
    expect(screen.getByText('共 45 条')).toBeInTheDocument();

    // page 3
    fireEvent.click(container.querySelector('.ant-pagination-item-3')!);
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ page: 3, limit: 20, filters: [] }), slow);

    // filter bar: like on the subject
    fireEvent.change(screen.getByLabelText('申请事由'), { target: { value: '拜访1' } });
    fireEvent.click(screen.getByTestId('list-search'));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, limit: 20, filters: [{ key: 'subject', op: 'like', value: '拜访1' }] }), slow);
  });

  it('an empty answer shows the empty state', { timeout: 60_000 }, async () => {
    const fetchPage = vi.fn(async () => ({ pageSize: 20, currentPage: 1, totalRecord: 0, rows: [] }));
    render(<DefinitionList definition={expenseDefinition()} fetchPage={fetchPage} user={me} />);
    await waitFor(() => expect(screen.getByText('暂无数据')).toBeInTheDocument(), slow);
  });

  it('a row click toggles its highlight; a row action reports the mode', { timeout: 60_000 }, async () => {
    const fetchPage = vi.fn(async () => ({ pageSize: 20, currentPage: 1, totalRecord: 2, rows: makeRows(2) }));
    const onRowAction = vi.fn();
    const { container } = render(<DefinitionList definition={expenseDefinition()} fetchPage={fetchPage} user={me} onRowAction={onRowAction} />);
    await waitFor(() => expect(screen.getAllByText('拜访0').length).toBeGreaterThan(0), slow);
    const cell = screen.getAllByText('拜访0')[0];
    fireEvent.click(cell);
    await waitFor(() => expect(container.querySelectorAll('.fw-row-highlight').length).toBeGreaterThan(0), slow);
    fireEvent.click(screen.getAllByText('拜访0')[0]);
    await waitFor(() => expect(container.querySelectorAll('.fw-row-highlight').length).toBe(0), slow);
    fireEvent.click(screen.getAllByTestId('row-modify-1000000000000000100')[0]);
    expect(onRowAction).toHaveBeenCalledWith('modify', expect.objectContaining({ id: '1000000000000000100' }), 1);
  });

  it('a failed load shows the error with a retry that asks again', { timeout: 60_000 }, async () => {
    let fail = true;
    const fetchPage = vi.fn(async () => {
      if (fail) throw new Error('网络错误');
      return { pageSize: 20, currentPage: 1, totalRecord: 1, rows: makeRows(1) };
    });
    render(<DefinitionList definition={expenseDefinition()} fetchPage={fetchPage} user={me} />);
    await waitFor(() => expect(screen.getByTestId('list-error')).toHaveTextContent('加载失败：网络错误'), slow);
    fail = false;
    fireEvent.click(screen.getByTestId('list-retry'));
    await waitFor(() => expect(screen.getAllByText('拜访0').length).toBeGreaterThan(0), slow);
    expect(screen.queryByTestId('list-error')).toBeNull();
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('keyboard: Enter in a filter searches; Enter or Space on a focused cell toggles the highlight', { timeout: 60_000 }, async () => {
    const fetchPage = vi.fn(async () => ({ pageSize: 20, currentPage: 1, totalRecord: 2, rows: makeRows(2) }));
    const { container } = render(<DefinitionList definition={expenseDefinition()} fetchPage={fetchPage} user={me} />);
    await waitFor(() => expect(screen.getAllByText('拜访0').length).toBeGreaterThan(0), slow);
    const input = screen.getByLabelText('申请事由');
    fireEvent.change(input, { target: { value: '拜访1' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, limit: 20, filters: [{ key: 'subject', op: 'like', value: '拜访1' }] }), slow);
    await waitFor(() => expect(screen.getAllByText('拜访0').length).toBeGreaterThan(0), slow);
    const cell = screen.getAllByText('拜访0')[0].closest('[role="gridcell"]') as HTMLElement;
    fireEvent.keyDown(cell, { key: 'Enter' });
    await waitFor(() => expect(container.querySelectorAll('.fw-row-highlight').length).toBeGreaterThan(0), slow);
    fireEvent.keyDown(screen.getAllByText('拜访0')[0].closest('[role="gridcell"]') as HTMLElement, { key: ' ' });
    await waitFor(() => expect(container.querySelectorAll('.fw-row-highlight').length).toBe(0), slow);
  });
});
