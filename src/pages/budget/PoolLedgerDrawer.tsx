// A pool's ledger in a drawer: its balances, every movement newest first (kind, document number,
// the changes to budget / occupied / consumed / available, the balance after, memo, who, when),
// paged, and the Excel export of the whole ledger.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Descriptions, Drawer, Empty, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined } from '@ant-design/icons';
import { formatDate } from '../../../widgets/format';
import { ApiError } from '../../api/client';
import type { BudgetApi, LedgerPage, LedgerRow, PoolRow } from '../../api/budgetApi';
import { saveBlob } from '../approval/matrix/api';
import { LoadFailed } from '../approval/tasks/LoadFailed';
import { isNegative, messageOf, money } from './poolModel';

const KINDS = ['load', 'change', 'transferIn', 'transferOut', 'allocateIn', 'allocateOut', 'occupy', 'release', 'consume', 'unconsume'] as const;
type Kind = (typeof KINDS)[number];
const asKind = (k: string): Kind => ((KINDS as readonly string[]).includes(k) ? (k as Kind) : 'change');

export function PoolLedgerDrawer({ api, pool, onClose }: { api: BudgetApi; pool: PoolRow; onClose: () => void }) {
  const { t } = useTranslation('app');
  const { message } = App.useApp();
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const [data, setData] = useState<LedgerPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      setData(await api.ledger(pool.id, paging.page, paging.limit));
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setError(messageOf(e));
    } finally {
      setLoading(false);
    }
  }, [api, pool.id, paging]);
  useEffect(() => {
    void load();
  }, [load]);

  const exportLedger = async () => {
    setExporting(true);
    try {
      const { blob, filename } = await api.exportLedger(pool.id);
      saveBlob(blob, filename ?? `${pool.code}.xlsx`);
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) void message.error(messageOf(e));
    } finally {
      setExporting(false);
    }
  };

  const delta = (key: 'dAmount' | 'dOccupied' | 'dConsumed' | 'dAvailable') => ({
    title: t(`budget.ledgerCol.${key}`),
    dataIndex: key,
    width: 120,
    align: 'right' as const,
    render: (v: string) =>
      /^-?0(\.0+)?$/.test(v) ? (
        <span style={{ color: '#bfbfbf' }}>0.00</span>
      ) : (
        <span style={{ color: isNegative(v) ? '#cf1322' : '#389e0d' }}>{money(v)}</span>
      ),
  });
  const columns: ColumnsType<LedgerRow> = [
    { title: t('budget.ledgerCol.time'), dataIndex: 'createdAt', width: 160, render: (v: string) => formatDate(v, 'general') },
    { title: t('budget.ledgerCol.kind'), dataIndex: 'kind', width: 100, render: (v: string) => <Tag>{t(`budget.kind.${asKind(v)}`)}</Tag> },
    { title: t('budget.ledgerCol.document'), dataIndex: 'documentNumber', width: 170, render: (v: string | null) => v ?? '—' },
    delta('dAmount'),
    delta('dOccupied'),
    delta('dConsumed'),
    delta('dAvailable'),
    { title: t('budget.ledgerCol.availableAfter'), dataIndex: 'availableAfter', width: 130, align: 'right', render: (v: string) => money(v) },
    { title: t('budget.ledgerCol.memo'), dataIndex: 'memo', ellipsis: true, width: 180 },
    { title: t('budget.ledgerCol.user'), dataIndex: 'createdByName', width: 90 },
  ];
  const p = data?.pool;

  return (
    <Drawer
      open
      size={1100}
      title={t('budget.ledgerOf', { name: pool.name })}
      onClose={onClose}
      data-testid="pool-ledger-drawer"
      extra={
        <Button icon={<DownloadOutlined />} loading={exporting} data-testid="pool-ledger-export" onClick={() => void exportLedger()}>
          {t('budget.exportLedger')}
        </Button>
      }
    >
      {p && (
        <Descriptions size="small" column={4} style={{ marginBottom: 12 }} data-testid="pool-ledger-balances">
          <Descriptions.Item label={t('budget.col.amount')}>{money(p.amount)}</Descriptions.Item>
          <Descriptions.Item label={t('budget.col.occupied')}>{money(p.occupied)}</Descriptions.Item>
          <Descriptions.Item label={t('budget.col.consumed')}>{money(p.consumed)}</Descriptions.Item>
          <Descriptions.Item label={t('budget.col.available')}>
            <span data-testid="pool-ledger-available">{money(p.available)}</span>
          </Descriptions.Item>
        </Descriptions>
      )}
      {error ? (
        <LoadFailed message={error} onRetry={() => void load()} />
      ) : (
        <Table<LedgerRow>
          data-testid="pool-ledger-table"
          rowKey="id"
          size="small"
          loading={loading}
          columns={columns}
          dataSource={data?.page.rows ?? []}
          scroll={{ x: 1300 }}
          locale={{ emptyText: <Empty description={t('budget.ledgerEmpty')} /> }}
          pagination={{
            current: paging.page,
            pageSize: paging.limit,
            total: data?.page.totalRecord ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (n) => t('budget.total', { count: n }),
            onChange: (page, limit) => setPaging({ page, limit }),
          }}
        />
      )}
    </Drawer>
  );
}
