// Process monitoring (/web/system/process/liuChengJianKong), administrators: every approval
// instance, newest first, with its status, current nodes and approvers, waiting time and the
// callback failure flag; filters (status, form, number/title, applicant); a row opens a drawer
// with the diagram and the history.
import { useCallback, useEffect, useState } from 'react';
import { Button, Empty, Input, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MONITOR_STATUSES } from '../../../api/paths';
import { PAGINATION } from '../../../../schemas/constants';
import { formatDate } from '../../../../widgets/format';
import { ApiError } from '../../../api/client';
import { PROCESS_ROUTES } from '../../../routes/routeTable';
import { formLabel } from '../tasks/TaskCenter';
import { StatusTag } from '../tasks/StatusTag';
import { LONG_WAIT_MS, waitingText } from '../tasks/model';
import { UserSearchSelect } from '../tasks/UserSearchSelect';
import type { FormOption, InstancePage, MonitorApi, MonitorInstanceRow } from './api';
import { InstanceDrawer } from './InstanceDrawer';
import { INITIAL_LIST, instancesBody, withFilter, withPage, type ListState } from './model';
import { scrollWhenRows } from '../tasks/tableScroll';
import { LoadFailed } from '../tasks/LoadFailed';
import { ResponsiveTable } from '../../../../runtime/list/ResponsiveTable';
import { useThumbPager } from '../../../../runtime/list/thumbPager';

export function Monitor({ api }: { api: MonitorApi }) {
  const { t, i18n } = useTranslation('approval');
  const pager = useThumbPager();
  const [state, setState] = useState<ListState>(INITIAL_LIST);
  const [keyword, setKeyword] = useState('');
  const [data, setData] = useState<InstancePage | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [forms, setForms] = useState<FormOption[]>([]);
  const [open, setOpen] = useState<MonitorInstanceRow | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      setData(await api.instances(instancesBody(state)));
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setError(e instanceof Error ? e.message : String(e));
      setData(null);
    } finally {
      setLoading(false);
    }
  }, [api, state]);

  useEffect(() => {
    void load();
  }, [load]);

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

  const columns: ColumnsType<MonitorInstanceRow> = [
    {
      title: t('monitor.col.number'),
      dataIndex: 'number',
      width: 190,
      fixed: 'left',
      render: (v: string | null, r) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          data-testid={`monitor-open-${r.recordId}`}
          aria-label={t('monitor.openInstance', { number: v ?? r.recordId })}
          onClick={(e) => {
            e.stopPropagation();
            setOpen(r);
          }}
        >
          {v ?? t('tasks.noNumber')}
        </Button>
      ),
    },
    { title: t('monitor.col.title'), dataIndex: 'title', ellipsis: true, width: 200 },
    { title: t('monitor.col.form'), dataIndex: 'formName', width: 120, render: (v: string | null, r) => v ?? r.formCode },
    { title: t('monitor.col.applicant'), dataIndex: 'applicantName', width: 100, render: (v: string | null, r) => v ?? r.applicantId },
    {
      title: t('monitor.col.status'),
      dataIndex: 'status',
      width: 150,
      render: (v: string, r) => (
        <Space size={4} wrap>
          <StatusTag status={v} />
          {r.callbackFailed && (
            <Link to={PROCESS_ROUTES.callbackLog} onClick={(e) => e.stopPropagation()}>
              <Tag color="error" data-testid={`monitor-callback-${r.recordId}`}>
                {t('monitor.callbackFailed')}
              </Tag>
            </Link>
          )}
        </Space>
      ),
    },
    { title: t('monitor.col.currentNodes'), key: 'nodes', width: 140, render: (_: unknown, r) => r.currentNodes.map((n) => n.name).join('、') || '—' },
    {
      title: t('monitor.col.approvers'),
      key: 'approvers',
      width: 140,
      render: (_: unknown, r) => r.currentApprovers.map((u) => u.name ?? u.id).join('、') || '—',
    },
    { title: t('monitor.col.started'), dataIndex: 'startedAt', width: 170, render: (v: string) => formatDate(v, 'general') },
    { title: t('monitor.col.ended'), dataIndex: 'endedAt', width: 170, render: (v: string | null) => (v ? formatDate(v, 'general') : '—') },
    {
      title: t('monitor.col.waiting'),
      dataIndex: 'waitingMs',
      width: 130,
      render: (v: number, r) =>
        r.currentNodes.length ? <Typography.Text type={v > LONG_WAIT_MS ? 'warning' : undefined}>{waitingText(v, t)}</Typography.Text> : '—',
    },
  ];

  const filtered = !!(state.keyword || state.formCode || state.userId || state.status);

  return (
    <div data-testid="monitor-page">
      <Typography.Title level={3}>{t('monitor.title')}</Typography.Title>
      <Space wrap className="fw-list-filters" style={{ marginBottom: 12 }} role="search" aria-label={t('tasks.filters')}>
        <Select
          allowClear
          data-testid="monitor-status"
          aria-label={t('monitor.status')}
          placeholder={t('monitor.status')}
          style={{ minWidth: 130 }}
          value={state.status || undefined}
          onChange={(v?: string) => setState((s) => withFilter(s, { status: v ?? '' }))}
          options={MONITOR_STATUSES.map((s) => ({ value: s, label: t(`tasks.status.${s}`) }))}
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          data-testid="monitor-form"
          aria-label={t('tasks.form')}
          placeholder={t('tasks.form')}
          style={{ minWidth: 160 }}
          value={state.formCode || undefined}
          onChange={(v?: string) => setState((s) => withFilter(s, { formCode: v ?? '' }))}
          options={forms.map((f) => ({ value: f.code, label: formLabel(f.name as Record<string, string>, i18n.language, f.code) }))}
        />
        <Input.Search
          allowClear
          data-testid="monitor-keyword"
          aria-label={t('tasks.keyword')}
          placeholder={t('tasks.keyword')}
          value={keyword}
          maxLength={100}
          style={{ width: 240 }}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => setState((s) => withFilter(s, { keyword: v.trim() }))}
        />
        <UserSearchSelect
          data-testid="monitor-applicant"
          placeholder={t('tasks.applicant')}
          search={api.searchUsers}
          byIds={api.usersByIds}
          value={state.userId}
          onChange={(id) => setState((s) => withFilter(s, { userId: id }))}
        />
        {filtered && (
          <Button
            onClick={() => {
              setKeyword('');
              setState(INITIAL_LIST);
            }}
          >
            {t('tasks.reset')}
          </Button>
        )}
        <Button icon={<ReloadOutlined />} onClick={() => void load()} aria-label={t('tasks.reload')} data-testid="monitor-reload" />
      </Space>
      {error ? (
        <LoadFailed message={error} onRetry={() => void load()} />
      ) : (
        <ResponsiveTable<MonitorInstanceRow>
          data-testid="monitor-table"
          rowKey="instanceId"
          size="middle"
          loading={loading}
          columns={columns}
          dataSource={data?.rows ?? []}
          scroll={scrollWhenRows(data?.rows ?? [], 1500)}
          onRow={(r) =>
            ({ 'data-testid': `monitor-row-${r.recordId}`, onClick: () => setOpen(r), style: { cursor: 'pointer' } }) as React.HTMLAttributes<HTMLElement>
          }
          locale={{ emptyText: loading ? ' ' : <Empty description={filtered ? t('tasks.emptyFiltered') : t('monitor.empty')} /> }}
          pagination={{
            current: state.page,
            pageSize: state.limit,
            total: data?.totalRecord ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGINATION.pageSizes.map(String),
            ...pager,
            showTotal: (n) => t('tasks.total', { count: n }),
            onChange: (page, pageSize) => setState((s) => withPage(s, page, pageSize)),
          }}
        />
      )}
      <InstanceDrawer api={api} row={open} onClose={() => setOpen(null)} />
    </div>
  );
}
