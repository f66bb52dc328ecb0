// The budget pool page in jsdom against a fake of its calls: balances formatted 12,000.00 (exact
// decimal text), the empty and error states (with a retry), a filter reaching the list call, and
// the change dialog — a 3-decimal amount refused on the page, the server's field error shown on
// its field, a valid change sent as text and the list reloaded.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n';
import { ApiError } from '../../api/client';
import type { BudgetApi, PoolPage, PoolRow } from '../../api/budgetApi';
import { BudgetPoolsPage } from './BudgetPoolsPage';
import { isAmountText, money } from './poolModel';

const slow = { timeout: 20_000 };

const pool = (over: Partial<PoolRow> = {}): PoolRow => ({
  id: '1000000000000000601',
  code: 'YSC-T-1',
  name: '测试陈列费',
  amount: '12000.00',
  occupied: '1000.10',
  consumed: '0.20',
  remaining: '10999.70',
  available: '10999.70',
  controlMode: 'hard',
  tolerancePct: null,
  isEnabled: true,
  version: 3,
  departmentId: '1',
  departmentName: '华东大区',
  fiscalYearId: '2',
  fiscalYearName: '2026财年',
  channelId: '3',
  channelName: '现代渠道',
  subjectId: '4',
  subjectName: '陈列费',
  brandId: null,
  brandName: null,
  productId: null,
  productName: null,
  parentId: null,
  ...over,
});

function fake(pages: (PoolPage | Error)[]) {
  let i = 0;
  const api: BudgetApi = {
    list: vi.fn(async () => {
      const p = pages[Math.min(i++, pages.length - 1)];
      if (p instanceof Error) throw p;
      return p;
    }),
    options: vi.fn(async (source: string) => [{ value: `${source}-1`, label: `${source} 选项` }]),
    editInit: vi.fn(),
    save: vi.fn(),
    setEnabled: vi.fn(async () => null),
    remove: vi.fn(async () => undefined),
    ledger: vi.fn(),
    exportLedger: vi.fn(),
    exportPools: vi.fn(),
    change: vi.fn(async () => null),
    transfer: vi.fn(),
    allocate: vi.fn(),
  };
  return api;
}
const page1 = (rows: PoolRow[]): PoolPage => ({ pageSize: 20, currentPage: 1, totalRecord: rows.length, rows });

const renderPage = (api: BudgetApi) =>
  render(
    <AntApp>
      <BudgetPoolsPage api={api} />
    </AntApp>,
  );

describe('budget pool page', () => {
  it('formats money exactly and checks amounts as text', () => {
    expect(money('12000')).toBe('12,000.00');
    expect(money('-5.5')).toBe('-5.50');
    expect(money('123456789012345.67')).toBe('123,456,789,012,345.67');
    expect(isAmountText('0.10')).toBe(true);
    expect(isAmountText('1.234')).toBe(false);
    expect(isAmountText('-3')).toBe(false);
    expect(isAmountText('-3', true)).toBe(true);
  });

  it('lists pools with their balances as 12,000.00', slow, async () => {
    renderPage(fake([page1([pool()])]));
    const row = await screen.findByTestId('pool-row-YSC-T-1');
    expect(within(row).getByTestId('pool-amount').textContent).toBe('12,000.00');
    expect(within(row).getByTestId('pool-occupied').textContent).toBe('1,000.10');
    expect(within(row).getByTestId('pool-available').textContent).toBe('10,999.70');
    expect(row.textContent).toContain('华东大区');
    expect(row.textContent).toContain('硬控制');
  });

  it('shows the empty state, and the error state with a retry that loads again', slow, async () => {
    const api = fake([new ApiError('network', '服务器不可用'), page1([])]);
    renderPage(api);
    const failed = await screen.findByTestId('pool-load-failed');
    expect(failed.textContent).toContain('服务器不可用');
    fireEvent.click(within(failed).getByRole('button'));
    expect(await screen.findByText('暂无预算池')).toBeTruthy();
    expect(api.list).toHaveBeenCalledTimes(2);
  });

  it('sends the keyword filter to the list call', slow, async () => {
    const api = fake([page1([pool()])]);
    renderPage(api);
    await screen.findByTestId('pool-row-YSC-T-1');
    const box = screen.getByTestId('pool-keyword').querySelector('input') ?? screen.getByTestId('pool-keyword');
    fireEvent.change(box, { target: { value: '华东' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ keyword: '华东' }), 1, 20));
  });

  it('changes a budget: a 3-decimal amount refused on the page, the server field error on its field, then sent as text', slow, async () => {
    const api = fake([page1([pool()])]);
    (api.change as ReturnType<typeof vi.fn>)
      .mockRejectedValueOnce(new ApiError('business', '数据校验未通过', { code: 422, status: 422, errors: [{ field: 'memo', message: '备注不能为空' }] }))
      .mockResolvedValueOnce(null);
    renderPage(api);
    fireEvent.click(await screen.findByTestId('pool-change-YSC-T-1'));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByTestId('pool-move-amount');
    fireEvent.change(amount, { target: { value: '1.234' } });
    fireEvent.change(within(dialog).getByTestId('pool-move-memo'), { target: { value: '追加' } });
    fireEvent.click(screen.getByTestId('pool-move-ok'));
    expect(await within(dialog).findByText('请输入金额，最多两位小数')).toBeTruthy();
    expect(api.change).not.toHaveBeenCalled();
    fireEvent.change(amount, { target: { value: '-1200.50' } });
    fireEvent.click(screen.getByTestId('pool-move-ok'));
    expect(await within(dialog).findByText('备注不能为空')).toBeTruthy();
    fireEvent.click(screen.getByTestId('pool-move-ok'));
    await waitFor(() => expect(api.change).toHaveBeenLastCalledWith('1000000000000000601', '-1200.50', '追加'));
    await waitFor(() => expect(api.list).toHaveBeenCalledTimes(2));
  });
});
