// The expense summary approval (/web/emp/feiYong/shenQing/feiYongHuiZongShenPi): the caller's
// to-do expense applications (feiYongShenQing) with applicant, number, title, amount and the
// time they were submitted; users on the batch-approval whitelist select several and approve or
// reject them at once (the answer per application), everybody else is told why they cannot and
// opens each application's detail (ytdFeiYongXiangQing, approve mode) instead.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, DatePicker, Empty, Input, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CheckOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PAGINATION } from '../../../../schemas/constants';
import { FORM_MODES } from '../../../../schemas/typeCodes';
import { formatAmount, formatDate } from '../../../../widgets/format';
import { ApiError } from '../../../api/client';
import { PROCESS_ROUTES } from '../../../routes/routeTable';
import type { TaskAllData, TaskCenterApi, TaskListRow } from './api';
import { BatchDecisionModal } from './BatchDecisionModal';
import { batchable, parseTaskQuery, sumAmounts, taskAllBody, taskQueryParams, waitingText, type TaskQuery } from './model';
import { UserSearchSelect } from './UserSearchSelect';
import { selectionTitle } from './selectionTitle';
import { scrollWhenRows } from './tableScroll';
import { LoadFailed } from './LoadFailed';
import { ResponsiveTable } from '../../../../runtime/list/ResponsiveTable';
import { useThumbPager } from '../../../../runtime/list/thumbPager';

/** The expense application form and its amount field. */
export const SUMMARY_FORM = 'feiYongShenQing';
export const SUMMARY_AMOUNT_FIELD = 'shenQingJinE';
/** The application's detail in approve mode (the route table's ytdFeiYongXiangQing page). */
export const summaryDetailPath = (recordId: string) =>
  `${PROCESS_ROUTES.summaryApproval}/ytdFeiYongXiangQing?${new URLSearchParams({ id: recordId, mode: String(FORM_MODES.APPROVE) }).toString()}`;

export function SummaryApproval({ api }: { api: TaskCenterApi }) {
  const { t } = useTranslation('approval');
  const pager = useThumbPager();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // the same query as the task center's, pinned to the to-do tab of the expense application
  const query = useMemo<TaskQuery>(() => ({ ...parseTaskQuery(params), tab: 'todo', formCode: SUMMARY_FORM }), [params]);
  const [data, setData] = useState<TaskAllData | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [keyword, setKeyword] = useState(query.keyword);
  const [selected, setSelected] = useState<string[]>([]);
  const [decision, setDecision] = useState<'approve' | 'reject' | null>(null);

  const update = (patch: Partial<TaskQuery>) => {
    const next = { ...query, ...('page' in patch ? {} : { page: 1 }), ...patch };
    const { tab: _tab, formCode: _form, ...rest } = taskQueryParams(next);
    setParams(rest);
  };

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      setData(await api.list(taskAllBody(query, { amountField: SUMMARY_AMOUNT_FIELD })));
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setError(e instanceof Error ? e.message : String(e));
      setData(null);
    } finally {
      setLoading(false);
    }
  }, [api, query]);

  useEffect(() => {
    void load();
    setSelected([]);
  }, [load]);

  useEffect(() => setKeyword(query.keyword), [query.keyword]);

  const rows = data?.rows ?? [];
  const allowed = data?.counts.batchAllowed ?? false;
  const selectedRows = rows.filter((r) => r.taskId && selected.includes(r.taskId));
  const selectedTotal = sumAmounts(selectedRows.map((r) => r.amount));
  const filtered = !!(query.keyword || query.applicantId || query.from || query.to);
  const range: [dayjs.Dayjs, dayjs.Dayjs] | null = query.from && query.to ? [dayjs(query.from), dayjs(query.to)] : null;

  const columns: ColumnsType<TaskListRow> = [
    { title: t('summary.col.applicant'), dataIndex: 'applicantName', width: 110, render: (v: string | null) => v ?? '—' },
    { title: t('summary.col.number'), dataIndex: 'number', width: 190, render: (v: string | null) => v ?? t('tasks.noNumber') },
    { title: t('summary.col.title'), dataIndex: 'title', ellipsis: true },
    {
      title: t('summary.col.amount'),
      dataIndex: 'amount',
      width: 150,
      align: 'right',
      render: (v: string | null | undefined) => (v ? <span data-testid="summary-amount">{formatAmount(v)}</span> : '—'),
    },
    { title: t('summary.col.submitted'), dataIndex: 'startedAt', width: 170, render: (v: string) => formatDate(v, 'general') },
    { title: t('summary.col.node'), dataIndex: 'nodeName', width: 130, render: (v: string | null) => v ?? '—' },
    { title: t('summary.col.waiting'), dataIndex: 'waitingMs', width: 120, render: (v: number) => waitingText(v, t) },
    {
      title: t('summary.col.actions'),
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Button
          type="link"
          size="small"
          data-testid={`summary-detail-${r.recordId}`}
          aria-label={t('summary.detailOf', { number: r.number ?? r.recordId })}
          onClick={() => void navigate(summaryDetailPath(r.recordId))}
        >
          {t('summary.detail')}
        </Button>
      ),
    },
  ];

  return (
    <div data-testid="summary-approval">
      <Typography.Title level={3}>{t('summary.title')}</Typography.Title>
      {data && !allowed && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="summary-not-allowed"
          title={t('summary.notAllowed')}
          description={t('summary.notAllowedHow')}
        />
      )}
      <Space wrap className="fw-list-filters" style={{ marginBottom: 12 }} role="search" aria-label={t('tasks.filters')}>
        <Input.Search
          allowClear
          data-testid="summary-keyword"
          aria-label={t('tasks.keyword')}
          placeholder={t('tasks.keyword')}
          value={keyword}
          maxLength={100}
          style={{ width: 240 }}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => update({ keyword: v.trim() })}
        />
        <UserSearchSelect
          data-testid="summary-applicant"
          placeholder={t('tasks.applicant')}
          search={api.searchUsers}
          byIds={api.usersByIds}
          value={query.applicantId}
          onChange={(id) => update({ applicantId: id })}
        />
        <DatePicker.RangePicker
          aria-label={t('summary.range')}
          placeholder={[t('tasks.rangeFrom'), t('tasks.rangeTo')]}
          value={range}
          onChange={(v) => update({ from: v?.[0]?.format('YYYY-MM-DD') ?? '', to: v?.[1]?.format('YYYY-MM-DD') ?? '' })}
        />
        {filtered && <Button onClick={() => setParams({})}>{t('tasks.reset')}</Button>}
        <Button icon={<ReloadOutlined />} onClick={() => void load()} aria-label={t('tasks.reload')} />
      </Space>
      {allowed && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Button type="primary" icon={<CheckOutlined />} disabled={!selectedRows.length} data-testid="summary-approve" onClick={() => setDecision('approve')}>
            {t('tasks.batch.approveSelected', { count: selectedRows.length })}
          </Button>
          <Button danger icon={<CloseOutlined />} disabled={!selectedRows.length} data-testid="summary-reject" onClick={() => setDecision('reject')}>
            {t('tasks.batch.rejectSelected', { count: selectedRows.length })}
          </Button>
          <Typography.Text type="secondary" data-testid="summary-selected-total" aria-live="polite">
            {t('summary.selectedTotal', { count: selectedRows.length, amount: formatAmount(selectedTotal) })}
          </Typography.Text>
        </Space>
      )}
      {error ? (
        <LoadFailed message={error} onRetry={() => void load()} />
      ) : (
        <ResponsiveTable<TaskListRow>
          data-testid="summary-table"
          rowKey={(r) => r.taskId ?? r.recordId}
          size="middle"
          loading={loading}
          columns={columns}
          dataSource={rows}
          scroll={scrollWhenRows(rows, 1100)}
          rowSelection={
            allowed
              ? {
                  selectedRowKeys: selected,
                  columnTitle: selectionTitle,
                  onChange: (keys) => setSelected(keys.map(String)),
                  getCheckboxProps: (r) => ({ disabled: !batchable(r), 'aria-label': t('tasks.selectRow', { number: r.number || r.recordId }) }),
                }
              : undefined
          }
          onRow={(r) => ({ 'data-testid': `task-row-${r.recordId}` }) as React.HTMLAttributes<HTMLElement>}
          locale={{ emptyText: loading ? ' ' : <Empty description={filtered ? t('tasks.emptyFiltered') : t('summary.empty')} /> }}
          pagination={{
            current: query.page,
            pageSize: query.limit,
            total: data?.totalRecord ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGINATION.pageSizes.map(String),
            ...pager,
            showTotal: (n) => t('tasks.total', { count: n }),
            onChange: (page, pageSize) => update(pageSize !== query.limit ? { page: 1, limit: pageSize as TaskQuery['limit'] } : { page, limit: query.limit }),
          }}
        />
      )}
      <BatchDecisionModal
        decision={decision}
        rows={selectedRows}
        run={api.batch}
        onClose={(changed) => {
          setDecision(null);
          if (changed) void load();
        }}
      />
    </div>
  );
}
