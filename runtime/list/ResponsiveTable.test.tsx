// A hand-made list's table on a phone (issue 17): the same columns as cards, the row's props on
// the card, the selection checkbox, the thumb-sized pager, the empty text; the Table from the
// tablet width up.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ResponsiveTable } from './ResponsiveTable';
import { stubWidth } from '../../widgets/testing/viewport';

interface Row {
  id: string;
  number: string;
  title: string;
  amount: string;
  owner: string;
  node: string;
  waited: string;
  extra: string;
}
const rows: Row[] = [1, 2].map((i) => ({
  id: `r${i}`,
  number: `FW00${i}`,
  title: `标题${i}`,
  amount: `${i}00.00`,
  owner: '张伟',
  node: '经理审批',
  waited: '2 天',
  extra: '不在卡片上',
}));

function setup(onOpen = vi.fn(), onSelect = vi.fn(), onPage = vi.fn(), onEdit = vi.fn()) {
  const columns: ColumnsType<Row> = [
    {
      title: '单号',
      dataIndex: 'number',
      render: (v: string, r) => (
        <Button
          type="link"
          data-testid={`open-${r.id}`}
          onClick={(e) => {
            e.stopPropagation();
            onOpen(r.id);
          }}
        >
          {v}
        </Button>
      ),
    },
    { title: '标题', dataIndex: 'title' },
    { title: '金额', dataIndex: 'amount' },
    { title: '申请人', dataIndex: 'owner' },
    { title: '节点', dataIndex: 'node' },
    { title: '等待', dataIndex: 'waited' },
    { title: '附加', dataIndex: 'extra' },
    {
      title: '操作',
      key: 'actions',
      render: (_: unknown, r) => (
        <Button type="link" data-testid={`edit-${r.id}`} onClick={() => onEdit(r.id)}>
          编辑
        </Button>
      ),
    },
  ];
  return render(
    <ResponsiveTable<Row>
      data-testid="the-table"
      rowKey="id"
      columns={columns}
      dataSource={rows}
      cardActionKeys={['actions']}
      onRow={(r) => ({ 'data-testid': `row-${r.id}`, onClick: () => onOpen(r.id) }) as React.HTMLAttributes<HTMLElement>}
      rowSelection={{
        selectedRowKeys: [],
        onChange: onSelect,
        getCheckboxProps: (r) => ({ disabled: r.id === 'r2', 'aria-label': `选择 ${r.number}` }),
      }}
      pagination={{ current: 1, pageSize: 2, total: 5, showTotal: (n) => `共 ${n} 条`, onChange: onPage }}
    />,
  );
}

describe('ResponsiveTable', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('on a phone: a card per row with the first column as heading and the next five as label: value', () => {
    stubWidth(360);
    const { container } = setup();
    expect(container.querySelector('.ant-table')).toBeNull();
    const card = screen.getByTestId('row-r1');
    expect(card).toHaveClass('fw-list-card');
    expect(within(card).getByTestId('open-r1')).toHaveTextContent('FW001');
    for (const label of ['标题', '金额', '申请人', '节点', '等待']) expect(within(card).getByText(label)).toBeInTheDocument();
    expect(within(card).getByText('100.00')).toBeInTheDocument();
    expect(within(card).queryByText('附加')).toBeNull();
    expect(within(card).queryByText('操作')).toBeNull();
    expect(within(card).getByTestId('edit-r1')).toBeInTheDocument();
  });

  it('on a phone: the card opens its row, the heading link and actions do not open it twice', () => {
    stubWidth(360);
    const onOpen = vi.fn();
    const onEdit = vi.fn();
    setup(onOpen, vi.fn(), vi.fn(), onEdit);
    fireEvent.click(within(screen.getByTestId('row-r2')).getByText('标题2'));
    expect(onOpen).toHaveBeenLastCalledWith('r2');
    fireEvent.click(screen.getByTestId('open-r1'));
    expect(onOpen).toHaveBeenLastCalledWith('r1');
    expect(onOpen).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByTestId('edit-r1'));
    expect(onEdit).toHaveBeenCalledWith('r1');
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('on a phone: the selection checkbox per card, disabled where the table disables it', () => {
    stubWidth(360);
    const onOpen = vi.fn();
    const onSelect = vi.fn();
    setup(onOpen, onSelect);
    fireEvent.click(screen.getByLabelText('选择 FW001'));
    expect(onSelect).toHaveBeenCalledWith(['r1'], [expect.objectContaining({ id: 'r1' })], { type: 'single' });
    expect(onOpen).not.toHaveBeenCalled();
    expect(screen.getByLabelText('选择 FW002')).toBeDisabled();
  });

  it('on a phone: a checkbox without a label of its own is named by the card heading', () => {
    stubWidth(360);
    render(
      <ResponsiveTable<Row>
        rowKey="id"
        columns={[
          { title: '单号', dataIndex: 'number' },
          { title: '标题', dataIndex: 'title' },
        ]}
        dataSource={rows}
        rowSelection={{ selectedRowKeys: [], onChange: () => {} }}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'FW001' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'FW002' })).toBeInTheDocument();
  });

  it('on a phone: the simple pager with the thumb class pages through', () => {
    stubWidth(360);
    const onPage = vi.fn();
    const { container } = setup(vi.fn(), vi.fn(), onPage);
    const pager = container.querySelector('.ant-pagination')!;
    expect(pager).toHaveClass('ant-pagination-simple');
    expect(pager).toHaveClass('fw-thumb-pager');
    expect(screen.getByText('共 5 条')).toBeInTheDocument();
    fireEvent.click(container.querySelector('.ant-pagination-next')!);
    expect(onPage).toHaveBeenCalledWith(2, 2);
  });

  it('on a phone: the empty text and the loading skeleton', () => {
    stubWidth(360);
    const { rerender, container } = render(<ResponsiveTable<Row> rowKey="id" columns={[{ title: '单号', dataIndex: 'number' }]} dataSource={[]} loading />);
    expect(container.querySelector('.fw-list-cards')).toHaveAttribute('aria-busy', 'true');
    expect(container.querySelectorAll('.ant-skeleton').length).toBeGreaterThan(0);
    rerender(<ResponsiveTable<Row> rowKey="id" columns={[{ title: '单号', dataIndex: 'number' }]} dataSource={[]} locale={{ emptyText: '没有待办' }} />);
    expect(screen.getByText('没有待办')).toBeInTheDocument();
  });

  it('from the tablet width up: the Table, unchanged', () => {
    stubWidth(1024);
    const { container } = setup();
    expect(container.querySelector('.ant-table')).not.toBeNull();
    expect(container.querySelector('.fw-list-card')).toBeNull();
    expect(screen.getByTestId('row-r1').tagName).toBe('TR');
  });
});
