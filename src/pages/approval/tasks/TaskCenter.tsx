// The task center (/web/system/process/renWu-process-ui): the caller's to-do, done, copied and
// started documents in four tabs with their counts; filters (number/title, form, applicant,
// arrival days) and paging kept in the URL; a row opens the document in its mode (to-do:
// approve; a returned document the caller started: modify and resubmit; the rest: view), an
// unread copy is marked read as it opens; batch approve/reject of to-do rows for users on the
// batch-approval whitelist, with the answer per document.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, DatePicker, Empty, Grid, Input, Segmented, Select, Space, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CheckOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PAGINATION, type Locale } from '../../../../schemas/constants';
import { formatDate } from '../../../../widgets/format';
import { ApiError } from '../../../api/client';
import { recordPagePath } from '../../../routes/recordPage';
import type { FormOption, TaskAllData, TaskCenterApi, TaskCounts, TaskListRow } from './api';
import { BatchDecisionModal } from './BatchDecisionModal';
import {
  batchable,
  LONG_WAIT_MS,
  openModeOf,
  parseTaskQuery,
  TASK_TABS,
  taskAllBody,
  taskQueryParams,
  waitingText,
  type TaskQuery,
  type TaskTab,
} from './model';
import { StatusTag } from './StatusTag';
import { UserSearchSelect } from './UserSearchSelect';
import { selectionTitle } from './selectionTitle';
import { scrollWhenRows } from './tableScroll';
import { LoadFailed } from './LoadFailed';
import { ResponsiveTable } from '../../../../runtime/list/ResponsiveTable';
import { thumbPager } from '../../../../runtime/list/thumbPager';
import { usePhone } from '../../../../widgets/shared/viewport';

export interface TaskCenterProps {
  api: TaskCenterApi;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));
/** A row's key: a task, or a copy/instance of a record at a node and time. */
export const rowKey = (r: TaskListRow) => r.taskId ?? `${r.instanceId}:${r.nodeId ?? ''}:${r.arrivedAt}`;

export function formLabel(name: Record<string, string | undefined>, locale: string, code: string): string {
  return name[locale] || name['zh-CN'] || code;
}

export function TaskCenter({ api }: TaskCenterProps) {
  const { t, i18n } = useTranslation('approval');
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const phone = usePhone();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseTaskQuery(params), [params]);
  const [data, setData] = useState<TaskAllData | null>(null);
  const [counts, setCounts] = useState<TaskCounts | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [forms, setForms] = useState<FormOption[]>([]);
  const [keyword, setKeyword] = useState(query.keyword);
  const [selected, setSelected] = useState<string[]>([]);
  const [decision, setDecision] = useState<'approve' | 'reject' | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);

  const update = useCallback(
    (patch: Partial<TaskQuery>) => {
      // a filter or tab change goes back to page 1
      const resetPage = !('page' in patch);
      setParams(taskQueryParams({ ...query, ...(resetPage ? { page: 1 } : {}), ...patch }));
    },
    [query, setParams],
  );

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      const r = await api.list(taskAllBody(query));
      setData(r);
      setCounts(r.counts);
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setError(errorText(e));
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

  useEffect(() => {
    let live = true;
    api
      .forms()
      .then((f) => live && setForms(f))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api]);

  const open = async (row: TaskListRow) => {
    setOpenError(null);
    if (query.tab === 'cc' && row.status === 'unread') {
      setOpening(rowKey(row));
      try {
        await api.ccRead(row.recordId);
      } catch (e) {
        // the document still opens; the copy stays unread
        if (!(e instanceof ApiError && e.handled)) setOpenError(t('tasks.readFailed', { message: errorText(e) }));
      } finally {
        setOpening(null);
      }
    }
    void navigate(recordPagePath(row.formCode, row.recordId, openModeOf(query.tab, row)));
  };

  const rows = data?.rows ?? [];
  const batchAllowed = counts?.batchAllowed ?? false;
  const showBatch = query.tab === 'todo';
  const selectedRows = rows.filter((r) => selected.includes(rowKey(r)));
  const locale = i18n.language as Locale;

  const columns: ColumnsType<TaskListRow> = [
    {
      title: t('tasks.col.number'),
      dataIndex: 'number',
      width: 190,
      render: (_: unknown, r) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          loading={opening === rowKey(r)}
          data-testid={`task-open-${r.recordId}`}
          aria-label={t('tasks.openDocument', { number: r.number || r.title || r.recordId })}
          onClick={(e) => {
            e.stopPropagation();
            void open(r);
          }}
        >
          {query.tab === 'cc' && r.status === 'unread' && <Badge status="processing" aria-hidden style={{ marginInlineEnd: 4 }} />}
          {r.number || t('tasks.noNumber')}
        </Button>
      ),
    },
    {
      title: t('tasks.col.title'),
      dataIndex: 'title',
      ellipsis: true,
      render: (v: string | null, r) => (query.tab === 'cc' && r.status === 'unread' ? <Typography.Text strong>{v}</Typography.Text> : v),
    },
    { title: t('tasks.col.form'), dataIndex: 'formName', width: 130, render: (v: string | null, r) => v ?? r.formCode },
    {
      title: query.tab === 'started' ? t('tasks.col.currentNode') : t('tasks.col.node'),
      dataIndex: 'nodeName',
      width: 140,
      render: (v: string | null) => v ?? '—',
    },
    ...(query.tab === 'started' ? [] : [{ title: t('tasks.col.applicant'), dataIndex: 'applicantName', width: 110, render: (v: string | null) => v ?? '—' }]),
    { title: t('tasks.col.status'), dataIndex: 'status', width: 100, render: (v: string) => <StatusTag status={v} /> },
    {
      title: query.tab === 'started' ? t('tasks.col.started') : t('tasks.col.arrived'),
      dataIndex: 'arrivedAt',
      width: 170,
      render: (v: string) => formatDate(v, 'general'),
    },
    ...(query.tab === 'todo' || query.tab === 'done'
      ? [
          {
            title: t('tasks.col.waiting'),
            dataIndex: 'waitingMs',
            width: 130,
            render: (v: number) => (
              <Typography.Text type={query.tab === 'todo' && v > LONG_WAIT_MS ? 'warning' : undefined}>{waitingText(v, t)}</Typography.Text>
            ),
          },
        ]
      : []),
    ...(query.tab === 'done' || query.tab === 'started' || query.tab === 'cc'
      ? [
          {
            title: query.tab === 'cc' ? t('tasks.col.readAt') : query.tab === 'done' ? t('tasks.col.completed') : t('tasks.col.ended'),
            dataIndex: 'completedAt',
            width: 170,
            render: (v: string | null) => (v ? formatDate(v, 'general') : '—'),
          },
        ]
      : []),
  ];

  const tabLabel = (tab: TaskTab) => {
    const n = counts ? counts[tab] : null;
    return (
      <span data-testid={`task-tab-${tab}`}>
        {t(`tasks.tab.${tab}`)}{' '}
        <Badge
          data-testid={`task-count-${tab}`}
          count={n ?? 0}
          showZero
          overflowCount={9999}
          color={tab === 'todo' && n ? undefined : '#bfbfbf'}
          title={tab === 'cc' && counts ? t('tasks.ccUnread', { count: counts.ccUnread }) : undefined}
        />
      </span>
    );
  };

  const range: [dayjs.Dayjs, dayjs.Dayjs] | null = query.from && query.to ? [dayjs(query.from), dayjs(query.to)] : null;
  const filtered = !!(query.keyword || query.formCode || query.applicantId || query.from || query.to);

  return (
    <div data-testid="task-center">
      <Typography.Title level={3}>{t('tasks.title')}</Typography.Title>
      {phone ? (
        // on a phone the four tabs share the row (a tab strip would hide two behind a menu)
        <Segmented
          block
          className="fw-phone-tabs"
          data-testid="task-tabs"
          value={query.tab}
          onChange={(k) => update({ tab: k as TaskTab })}
          options={TASK_TABS.map((tab) => ({ value: tab, label: tabLabel(tab) }))}
          style={{ marginBottom: 12 }}
        />
      ) : (
        <Tabs activeKey={query.tab} onChange={(k) => update({ tab: k as TaskTab })} items={TASK_TABS.map((tab) => ({ key: tab, label: tabLabel(tab) }))} />
      )}
      <Space wrap className="fw-list-filters" style={{ marginBottom: 12 }} role="search" aria-label={t('tasks.filters')}>
        <Input.Search
          allowClear
          data-testid="task-keyword"
          aria-label={t('tasks.keyword')}
          placeholder={t('tasks.keyword')}
          value={keyword}
          maxLength={100}
          style={{ width: 240 }}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => update({ keyword: v.trim() })}
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="task-form"
          aria-label={t('tasks.form')}
          placeholder={t('tasks.form')}
          style={{ minWidth: 160 }}
          value={query.formCode || undefined}
          onChange={(v?: string) => update({ formCode: v ?? '' })}
          options={forms.map((f) => ({ value: f.code, label: formLabel(f.name as Record<string, string>, locale, f.code) }))}
        />
        {query.tab !== 'started' && (
          <UserSearchSelect
            data-testid="task-applicant"
            placeholder={t('tasks.applicant')}
            search={api.searchUsers}
            byIds={api.usersByIds}
            value={query.applicantId}
            onChange={(id) => update({ applicantId: id })}
          />
        )}
        <DatePicker.RangePicker
          data-testid="task-range"
          aria-label={t('tasks.range')}
          placeholder={[t('tasks.rangeFrom'), t('tasks.rangeTo')]}
          value={range}
          onChange={(v) => update({ from: v?.[0]?.format('YYYY-MM-DD') ?? '', to: v?.[1]?.format('YYYY-MM-DD') ?? '' })}
        />
        {filtered && (
          <Button data-testid="task-reset" onClick={() => setParams(taskQueryParams({ ...parseTaskQuery(new URLSearchParams()), tab: query.tab }))}>
            {t('tasks.reset')}
          </Button>
        )}
        <Button icon={<ReloadOutlined />} onClick={() => void load()} aria-label={t('tasks.reload')} data-testid="task-reload" />
      </Space>

      {showBatch && (
        <div className="fw-list-batch" style={{ marginBottom: 12 }} data-testid="task-batch-bar">
          {batchAllowed ? (
            <Space wrap>
              <Button
                type="primary"
                icon={<CheckOutlined />}
                disabled={!selectedRows.length}
                data-testid="batch-approve"
                onClick={() => setDecision('approve')}
              >
                {t('tasks.batch.approveSelected', { count: selectedRows.length })}
              </Button>
              <Button danger icon={<CloseOutlined />} disabled={!selectedRows.length} data-testid="batch-reject" onClick={() => setDecision('reject')}>
                {t('tasks.batch.rejectSelected', { count: selectedRows.length })}
              </Button>
              <Typography.Text type="secondary">{t('tasks.batch.selectHint')}</Typography.Text>
            </Space>
          ) : (
            counts && (
              <Typography.Text type="secondary" data-testid="batch-not-allowed">
                {t('tasks.batch.notAllowed')}
              </Typography.Text>
            )
          )}
        </div>
      )}

      {openError && <Alert type="warning" showIcon closable style={{ marginBottom: 12 }} title={openError} onClose={() => setOpenError(null)} />}
      {error ? (
        <LoadFailed message={error} onRetry={() => void load()} testId="task-error" />
      ) : (
        <ResponsiveTable<TaskListRow>
          data-testid="task-table"
          rowKey={rowKey}
          size="middle"
          loading={loading}
          columns={columns}
          dataSource={rows}
          scroll={scrollWhenRows(rows, 1000)}
          rowSelection={
            showBatch && batchAllowed
              ? {
                  selectedRowKeys: selected,
                  columnTitle: selectionTitle,
                  onChange: (keys) => setSelected(keys.map(String)),
                  getCheckboxProps: (r) => ({ disabled: !batchable(r), 'aria-label': t('tasks.selectRow', { number: r.number || r.recordId }) }),
                }
              : undefined
          }
          onRow={(r) =>
            ({
              'data-testid': `task-row-${r.recordId}`,
              onClick: () => void open(r),
              style: { cursor: 'pointer' },
            }) as React.HTMLAttributes<HTMLElement>
          }
          locale={{
            emptyText: loading ? ' ' : <Empty description={filtered ? t('tasks.emptyFiltered') : t(`tasks.empty.${query.tab}`)} />,
          }}
          pagination={{
            current: query.page,
            pageSize: query.limit,
            total: data?.totalRecord ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGINATION.pageSizes.map(String),
            ...thumbPager(phone, !screens.lg),
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
