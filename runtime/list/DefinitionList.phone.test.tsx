// The generic list below the tablet width (issue 17): rows as cards with the list's first
// columns, filters in a drawer behind a 筛选 button with the count of active filters, a pager a
// thumb can hit, and no grid. From the tablet width up the grid, unchanged.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { expenseDefinition } from '../engine/fixtures/expense';
import { DefinitionList, type ListQuery } from './DefinitionList';
import type { ListRow } from './columns';
import type { ListSettings } from '../../schemas';
import { stubWidth } from '../../widgets/testing/viewport';

const slow = { timeout: 20_000 };
const me = { id: '1000000000000000001', name: '张三' };

function makeRows(n: number, offset = 0, creator = me.id): ListRow[] {
  return Array.from({ length: n }, (_, i) => ({
    id: String(1000000000000000100n + BigInt(offset + i)),
    number: `FW2026112200${String(offset + i).padStart(2, '0')}`,
    rowCreateId: creator,
    rowCreateName: '张三',
    rowCreateDate: '2026-11-22 09:00:00',
    shenPiZhuangTai: '0',
    data: { subject: `拜访${offset + i}`, total: '1234.5' },
    rowClick: 0,
  }));
}

// six columns: the card shows the number as its heading, the status as a tag and the first
// four other columns (subject, total, creator, created); the sixth (modified) stays off the card
const SETTINGS: ListSettings = {
  columns: [
    { key: 'number' },
    { key: 'subject' },
    { key: 'shenPiZhuangTai' },
    { key: 'total' },
    { key: 'rowCreateId' },
    { key: 'rowCreateDate' },
    { key: 'rowModDate' },
  ],
  filters: [
    { key: 'subject', op: 'like' },
    { key: 'shenPiZhuangTai', op: 'eq' },
  ],
};

function paged(total: number) {
  return vi.fn(async (q: ListQuery) => ({
    pageSize: q.limit,
    currentPage: q.page,
    totalRecord: total,
    rows: makeRows(Math.max(0, Math.min(q.limit, total - (q.page - 1) * q.limit)), (q.page - 1) * q.limit),
  }));
}

describe('DefinitionList on a phone (360 px)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows rows as cards with the first columns, the status as a tag, and no grid', { timeout: 60_000 }, async () => {
    stubWidth(360);
    const fetchPage = paged(2);
    const { container } = render(<DefinitionList definition={expenseDefinition()} settings={SETTINGS} fetchPage={fetchPage} user={me} onRowAction={vi.fn()} />);
    const card = await screen.findByTestId('list-card-1000000000000000100', {}, slow);
    expect(screen.getByTestId('list-cards')).toBeInTheDocument();
    expect(within(card).getByTestId('list-card-title')).toHaveTextContent('FW202611220000');
    expect(within(card).getByTestId('list-card-status')).toHaveTextContent('草稿');
    expect(within(card).getByText('申请事由')).toBeInTheDocument();
    expect(within(card).getByText('拜访0')).toBeInTheDocument();
    expect(within(card).getByText('1,234.50')).toBeInTheDocument();
    expect(within(card).getByText('申请人')).toBeInTheDocument();
    expect(within(card).getByText('张三')).toBeInTheDocument();
    expect(within(card).getByText('创建日期')).toBeInTheDocument();
    // the fifth field column is left to the desktop grid
    expect(within(card).queryByText('修改日期')).toBeNull();
    // the row's actions on the card
    expect(within(card).getByTestId('row-view-1000000000000000100')).toBeInTheDocument();
    expect(within(card).getByTestId('row-modify-1000000000000000100')).toBeInTheDocument();
    // no grid at all
    expect(screen.queryByTestId('list-grid')).toBeNull();
    expect(container.querySelector('.ag-root-wrapper')).toBeNull();
  });

  it('a tap on a card opens the row (view, mode 2); an action opens its own mode', { timeout: 60_000 }, async () => {
    stubWidth(360);
    const onRowAction = vi.fn();
    render(<DefinitionList definition={expenseDefinition()} settings={SETTINGS} fetchPage={paged(2)} user={me} onRowAction={onRowAction} />);
    const card = await screen.findByTestId('list-card-1000000000000000101', {}, slow);
    fireEvent.click(within(card).getByText('拜访1'));
    expect(onRowAction).toHaveBeenLastCalledWith('view', expect.objectContaining({ id: '1000000000000000101' }), 2);
    fireEvent.click(within(card).getByTestId('row-modify-1000000000000000101'));
    expect(onRowAction).toHaveBeenLastCalledWith('modify', expect.objectContaining({ id: '1000000000000000101' }), 1);
    expect(onRowAction).toHaveBeenCalledTimes(2);
  });

  it('without row actions a tap toggles the highlight', { timeout: 60_000 }, async () => {
    stubWidth(360);
    render(<DefinitionList definition={expenseDefinition()} settings={SETTINGS} fetchPage={paged(1)} user={me} />);
    const card = await screen.findByTestId('list-card-1000000000000000100', {}, slow);
    fireEvent.click(within(card).getByText('拜访0'));
    await waitFor(() => expect(screen.getByTestId('list-card-1000000000000000100')).toHaveClass('fw-row-highlight'));
    fireEvent.click(within(screen.getByTestId('list-card-1000000000000000100')).getByText('拜访0'));
    await waitFor(() => expect(screen.getByTestId('list-card-1000000000000000100')).not.toHaveClass('fw-row-highlight'));
  });

  it('filters sit in a drawer behind 筛选, which counts the active filters', { timeout: 60_000 }, async () => {
    stubWidth(360);
    const fetchPage = paged(45);
    render(<DefinitionList definition={expenseDefinition()} settings={SETTINGS} fetchPage={fetchPage} user={me} />);
    await screen.findByTestId('list-card-1000000000000000100', {}, slow);
    // the filter bar is not on the page; the button is
    expect(screen.queryByTestId('filter-bar')).toBeNull();
    const open = screen.getByTestId('list-filter-open');
    expect(open).toHaveTextContent('筛选');
    fireEvent.click(open);
    const drawer = (await screen.findByTestId('list-filter-drawer', {}, slow)).closest('[role="dialog"]') as HTMLElement;
    expect(drawer).toHaveTextContent('筛选');
    fireEvent.change(within(drawer).getByLabelText('申请事由'), { target: { value: '拜访1' } });
    fireEvent.click(within(drawer).getByTestId('list-search'));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, limit: 20, filters: [{ key: 'subject', op: 'like', value: '拜访1' }] }), slow);
    await waitFor(() => expect(screen.getByTestId('list-filter-count')).toHaveTextContent('1'), slow);
    // reset inside the drawer clears them
    fireEvent.click(screen.getByTestId('list-filter-open'));
    fireEvent.click(within((await screen.findByTestId('list-filter-drawer')).closest('[role="dialog"]') as HTMLElement).getByTestId('list-reset'));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, limit: 20, filters: [] }), slow);
    await waitFor(() => expect(screen.queryByTestId('list-filter-count')).toBeNull(), slow);
  });

  it('pages with a thumb-sized simple pager', { timeout: 60_000 }, async () => {
    stubWidth(360);
    const fetchPage = paged(45);
    const { container } = render(<DefinitionList definition={expenseDefinition()} settings={SETTINGS} fetchPage={fetchPage} user={me} />);
    await screen.findByTestId('list-card-1000000000000000100', {}, slow);
    const pager = screen.getByTestId('list-pagination');
    expect(pager).toHaveClass('ant-pagination-simple');
    expect(pager).toHaveClass('fw-thumb-pager');
    expect(screen.getByText('共 45 条')).toBeInTheDocument();
    fireEvent.click(container.querySelector('.ant-pagination-next')!);
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ page: 2, limit: 20, filters: [] }), slow);
    await screen.findByTestId('list-card-1000000000000000120', {}, slow);
  });

  it('loading and empty states on the cards', { timeout: 60_000 }, async () => {
    stubWidth(360);
    let answer: (v: { pageSize: number; currentPage: number; totalRecord: number; rows: ListRow[] }) => void = () => {};
    const fetchPage = vi.fn(() => new Promise<{ pageSize: number; currentPage: number; totalRecord: number; rows: ListRow[] }>((r) => (answer = r)));
    render(<DefinitionList definition={expenseDefinition()} settings={SETTINGS} fetchPage={fetchPage} user={me} />);
    expect(await screen.findByTestId('list-loading', {}, slow)).toBeInTheDocument();
    expect(screen.getByTestId('list-cards')).toHaveAttribute('aria-busy', 'true');
    answer({ pageSize: 20, currentPage: 1, totalRecord: 0, rows: [] });
    expect(await screen.findByTestId('list-empty', {}, slow)).toHaveTextContent('暂无数据');
    expect(screen.queryByTestId('list-loading')).toBeNull();
  });

  it('from the tablet width up the grid, no cards and the filter bar in place', { timeout: 60_000 }, async () => {
    stubWidth(1280);
    render(<DefinitionList definition={expenseDefinition()} settings={SETTINGS} fetchPage={paged(2)} user={me} />);
    await waitFor(() => expect(screen.getAllByText('拜访0').length).toBeGreaterThan(0), slow);
    expect(screen.getByTestId('list-grid')).toBeInTheDocument();
    expect(screen.getByTestId('filter-bar')).toBeInTheDocument();
    expect(screen.queryByTestId('list-cards')).toBeNull();
    expect(screen.queryByTestId('list-filter-open')).toBeNull();
    expect(screen.getByTestId('list-pagination')).not.toHaveClass('ant-pagination-simple');
  });
});
