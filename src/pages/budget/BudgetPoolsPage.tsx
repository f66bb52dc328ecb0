// Budget pools (/web/emp/feiYong/yuSuan/yuSuanChi): the pools by fiscal year, region, channel
// and subject with their balances (budget, occupied, consumed, available), enable switch, the
// Excel export; a pool's ledger in a drawer (paged, with its Excel export); the create/edit
// modal and the change / transfer / allocation dialogs. A thin layer over the API: every rule
// (control, versions, roles) is the server's, its messages are shown as they come.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Empty, Input, Popconfirm, Select, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { ApiError } from '../../api/client';
import { createBudgetApi, type BudgetApi, type Option, type PoolFilter, type PoolPage, type PoolRow } from '../../api/budgetApi';
import { saveBlob } from '../approval/matrix/api';
import { LoadFailed } from '../approval/tasks/LoadFailed';
import { isNegative, messageOf, money } from './poolModel';
import { PoolLedgerDrawer } from './PoolLedgerDrawer';
import { MoveDialog, PoolEditModal, type MoveKind } from './PoolDialogs';
import { ResponsiveTable } from '../../../runtime/list/ResponsiveTable';
import { useThumbPager } from '../../../runtime/list/thumbPager';

const FILTERS = [
  { key: 'fiscalYearId', source: 'caiwunian-all' },
  { key: 'departmentId', source: 'department' },
  { key: 'channelId', source: 'qudao-all' },
  { key: 'subjectId', source: 'sanJiKeMu' },
] as const;
type FilterKey = (typeof FILTERS)[number]['key'];

export function BudgetPoolsPage({ api: given }: { api?: BudgetApi } = {}) {
  const { t } = useTranslation('app');
  const pager = useThumbPager();
  const { message } = App.useApp();
  const api = useMemo(() => given ?? createBudgetApi(), [given]);
  const [filter, setFilter] = useState<PoolFilter>({ enabled: 'all' });
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const [data, setData] = useState<PoolPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [options, setOptions] = useState<Partial<Record<FilterKey, Option[]>>>({});
  const [ledgerOf, setLedgerOf] = useState<PoolRow | null>(null);
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  const [moving, setMoving] = useState<{ kind: MoveKind; pool: PoolRow } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      setData(await api.list(filter, paging.page, paging.limit));
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setError(messageOf(e));
      setData(null);
    } finally {
      setLoading(false);
    }
  }, [api, filter, paging]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    for (const f of FILTERS) {
      api.options(f.source).then(
        (list) => setOptions((o) => ({ ...o, [f.key]: list })),
        () => setOptions((o) => ({ ...o, [f.key]: [] })),
      );
    }
  }, [api]);

  const failed = (e: unknown) => {
    if (!(e instanceof ApiError && e.handled)) void message.error(messageOf(e));
  };
  const setFilterValue = (patch: PoolFilter) => {
    setFilter((f) => ({ ...f, ...patch }));
    setPaging((p) => ({ ...p, page: 1 }));
  };

  const toggle = async (r: PoolRow, enabled: boolean) => {
    setBusy(`enable-${r.id}`);
    try {
      await api.setEnabled(r.id, enabled, r.version);
      void message.success(t(enabled ? 'budget.enabledDone' : 'budget.disabledDone', { name: r.name }));
      await load();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(null);
    }
  };
  const remove = async (r: PoolRow) => {
    try {
      await api.remove(r.id);
      void message.success(t('budget.deleted', { name: r.name }));
      await load();
    } catch (e) {
      failed(e);
    }
  };
  const exportPools = async () => {
    setBusy('export');
    try {
      const { blob, filename } = await api.exportPools(filter);
      saveBlob(blob, filename ?? t('budget.exportName'));
    } catch (e) {
      failed(e);
    } finally {
      setBusy(null);
    }
  };

  const amountCol = (key: 'amount' | 'occupied' | 'consumed' | 'available', width = 140) => ({
    title: t(`budget.col.${key}`),
    dataIndex: key,
    width,
    align: 'right' as const,
    render: (v: string) => (
      <span data-testid={`pool-${key}`} style={{ fontVariantNumeric: 'tabular-nums', color: key === 'available' && isNegative(v) ? '#cf1322' : undefined }}>
        {money(v)}
      </span>
    ),
  });

  const columns: ColumnsType<PoolRow> = [
    { title: t('budget.col.code'), dataIndex: 'code', width: 170 },
    { title: t('budget.col.name'), dataIndex: 'name', width: 220, ellipsis: { showTitle: true } },
    { title: t('budget.col.fiscalYear'), dataIndex: 'fiscalYearName', width: 90 },
    { title: t('budget.col.department'), dataIndex: 'departmentName', width: 110 },
    { title: t('budget.col.channel'), dataIndex: 'channelName', width: 110 },
    { title: t('budget.col.subject'), dataIndex: 'subjectName', width: 130, ellipsis: true },
    {
      title: t('budget.col.control'),
      dataIndex: 'controlMode',
      width: 100,
      render: (v: string, r) => (
        <Tag color={v === 'hard' ? 'red' : v === 'soft' ? 'orange' : 'default'}>
          {t(`budget.control.${v === 'soft' ? 'soft' : v === 'none' ? 'none' : 'hard'}`)}
          {v === 'soft' && r.tolerancePct ? ` ${r.tolerancePct}%` : ''}
        </Tag>
      ),
    },
    amountCol('amount'),
    amountCol('occupied'),
    amountCol('consumed'),
    amountCol('available'),
    {
      title: t('budget.col.enabled'),
      dataIndex: 'isEnabled',
      width: 80,
      render: (v: boolean, r) => (
        <Switch
          size="small"
          checked={v}
          loading={busy === `enable-${r.id}`}
          aria-label={t('budget.enableOf', { name: r.name })}
          data-testid={`pool-enable-${r.code}`}
          onChange={(on) => void toggle(r, on)}
        />
      ),
    },
    {
      title: t('budget.col.actions'),
      key: 'actions',
      fixed: 'right',
      width: 300,
      render: (_: unknown, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" data-testid={`pool-ledger-${r.code}`} onClick={() => setLedgerOf(r)}>
            {t('budget.ledger')}
          </Button>
          <Button type="link" size="small" data-testid={`pool-edit-${r.code}`} onClick={() => setEditing({ id: r.id })}>
            {t('budget.edit')}
          </Button>
          <Button type="link" size="small" data-testid={`pool-change-${r.code}`} onClick={() => setMoving({ kind: 'change', pool: r })}>
            {t('budget.change')}
          </Button>
          <Button type="link" size="small" data-testid={`pool-transfer-${r.code}`} onClick={() => setMoving({ kind: 'transfer', pool: r })}>
            {t('budget.transfer')}
          </Button>
          <Button type="link" size="small" data-testid={`pool-allocate-${r.code}`} onClick={() => setMoving({ kind: 'allocate', pool: r })}>
            {t('budget.allocate')}
          </Button>
          <Popconfirm
            title={t('budget.deleteConfirm', { name: r.name })}
            onConfirm={() => remove(r)}
            okText={t('budget.delete')}
            cancelText={t('budget.cancel')}
          >
            <Button type="link" size="small" danger data-testid={`pool-delete-${r.code}`}>
              {t('budget.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="budget-pools-page">
      <Typography.Title level={3}>{t('budget.title')}</Typography.Title>
      <Space wrap className="fw-list-filters" style={{ marginBottom: 12 }} role="search" aria-label={t('budget.filters')}>
        {FILTERS.map((f) => (
          <Select
            key={f.key}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 170 }}
            data-testid={`pool-filter-${f.key}`}
            aria-label={t(`budget.filter.${f.key}`)}
            placeholder={t(`budget.filter.${f.key}`)}
            loading={!options[f.key]}
            options={options[f.key] ?? []}
            value={filter[f.key]}
            onChange={(v: string | undefined) => setFilterValue({ [f.key]: v })}
          />
        ))}
        <Select
          style={{ width: 110 }}
          aria-label={t('budget.filter.enabled')}
          value={filter.enabled ?? 'all'}
          options={[
            { value: 'all', label: t('budget.status.all') },
            { value: '1', label: t('budget.status.enabled') },
            { value: '0', label: t('budget.status.disabled') },
          ]}
          onChange={(v: '1' | '0' | 'all') => setFilterValue({ enabled: v })}
        />
        <Input.Search
          allowClear
          style={{ width: 220 }}
          data-testid="pool-keyword"
          aria-label={t('budget.keyword')}
          placeholder={t('budget.keyword')}
          value={keyword}
          maxLength={100}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => setFilterValue({ keyword: v.trim() || undefined })}
        />
        <Button type="primary" icon={<PlusOutlined />} data-testid="pool-create" onClick={() => setEditing({})}>
          {t('budget.create')}
        </Button>
        <Button icon={<DownloadOutlined />} loading={busy === 'export'} data-testid="pool-export" onClick={() => void exportPools()}>
          {t('budget.export')}
        </Button>
        <Tooltip title={t('budget.reload')}>
          <Button icon={<ReloadOutlined />} aria-label={t('budget.reload')} onClick={() => void load()} />
        </Tooltip>
      </Space>
      {error ? (
        <LoadFailed message={error} onRetry={() => void load()} testId="pool-load-failed" />
      ) : (
        <ResponsiveTable<PoolRow>
          cardActionKeys={['actions']}
          data-testid="pool-table"
          rowKey="id"
          size="middle"
          loading={loading}
          columns={columns}
          dataSource={data?.rows ?? []}
          scroll={{ x: 1800 }}
          locale={{ emptyText: <Empty description={t('budget.empty')} /> }}
          onRow={(r) => ({ 'data-testid': `pool-row-${r.code}` }) as React.HTMLAttributes<HTMLElement>}
          pagination={{
            current: paging.page,
            pageSize: paging.limit,
            total: data?.totalRecord ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (n) => t('budget.total', { count: n }),
            ...pager,
            onChange: (page, limit) => setPaging({ page, limit }),
          }}
        />
      )}
      {ledgerOf && <PoolLedgerDrawer api={api} pool={ledgerOf} onClose={() => setLedgerOf(null)} />}
      {editing && (
        <PoolEditModal
          api={api}
          id={editing.id}
          options={options}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      )}
      {moving && (
        <MoveDialog
          api={api}
          kind={moving.kind}
          pool={moving.pool}
          onClose={() => setMoving(null)}
          onDone={() => {
            setMoving(null);
            void load();
          }}
        />
      )}
    </div>
  );
}
