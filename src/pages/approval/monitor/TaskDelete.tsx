// Process task delete (/web/system/process/liuChengRenWuDel), administrators: every open task of
// every user, the longest waiting first (filters: form, number/title, assignee); deleting one
// cancels its instance's open tasks (processAdmin task/del) after a confirmation with a reason.
import { useCallback, useEffect, useState } from 'react';
import { Alert, App, Button, Empty, Input, Modal, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGINATION } from '../../../../schemas/constants';
import { formatDate } from '../../../../widgets/format';
import { ApiError } from '../../../api/client';
import { formLabel } from '../tasks/TaskCenter';
import { LONG_WAIT_MS, waitingText } from '../tasks/model';
import { UserSearchSelect } from '../tasks/UserSearchSelect';
import type { FormOption, MonitorApi, MonitorTaskRow, OpenTaskPage } from './api';
import { INITIAL_LIST, openTasksBody, withFilter, withPage, type ListState } from './model';
import { scrollWhenRows } from '../tasks/tableScroll';
import { LoadFailed } from '../tasks/LoadFailed';
import { ResponsiveTable } from '../../../../runtime/list/ResponsiveTable';
import { useThumbPager } from '../../../../runtime/list/thumbPager';

const REASON_MAX = 500;

export function TaskDelete({ api }: { api: MonitorApi }) {
  const { t, i18n } = useTranslation('approval');
  const pager = useThumbPager();
  const { message } = App.useApp();
  const [state, setState] = useState<ListState>(INITIAL_LIST);
  const [keyword, setKeyword] = useState('');
  const [data, setData] = useState<OpenTaskPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [forms, setForms] = useState<FormOption[]>([]);
  const [target, setTarget] = useState<MonitorTaskRow | null>(null);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      setData(await api.openTasks(openTasksBody(state)));
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

  const close = () => {
    setTarget(null);
    setReason('');
    setMissing(false);
    setDeleteError(null);
  };

  const confirmDelete = async () => {
    if (!target) return;
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    setDeleting(true);
    setDeleteError(null);
    try {
      await api.deleteTask(target.instanceId, reason.trim());
      void message.success(t('taskDelete.deleted', { number: target.number ?? target.recordId }));
      close();
      void load();
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setDeleteError(e instanceof Error ? e.message : String(e));
    } finally {
      setDeleting(false);
    }
  };

  const columns: ColumnsType<MonitorTaskRow> = [
    { title: t('taskDelete.col.number'), dataIndex: 'number', width: 190, render: (v: string | null) => v ?? t('tasks.noNumber') },
    { title: t('taskDelete.col.title'), dataIndex: 'title', ellipsis: true, width: 200 },
    { title: t('taskDelete.col.form'), dataIndex: 'formName', width: 120, render: (v: string | null, r) => v ?? r.formCode },
    { title: t('taskDelete.col.node'), dataIndex: 'nodeName', width: 130 },
    { title: t('taskDelete.col.assignee'), dataIndex: 'assigneeName', width: 110, render: (v: string | null, r) => v ?? r.assigneeId },
    { title: t('taskDelete.col.applicant'), dataIndex: 'applicantName', width: 110, render: (v: string | null, r) => v ?? r.applicantId },
    { title: t('taskDelete.col.arrived'), dataIndex: 'arrivedAt', width: 170, render: (v: string) => formatDate(v, 'general') },
    {
      title: t('taskDelete.col.waiting'),
      dataIndex: 'waitingMs',
      width: 130,
      render: (v: number) => <Typography.Text type={v > LONG_WAIT_MS ? 'warning' : undefined}>{waitingText(v, t)}</Typography.Text>,
    },
    {
      title: t('taskDelete.col.actions'),
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Button
          danger
          type="link"
          size="small"
          icon={<DeleteOutlined />}
          data-testid={`task-delete-${r.taskId}`}
          aria-label={t('taskDelete.deleteOf', { number: r.number ?? r.recordId, assignee: r.assigneeName ?? r.assigneeId })}
          onClick={() => setTarget(r)}
        >
          {t('taskDelete.delete')}
        </Button>
      ),
    },
  ];

  const filtered = !!(state.keyword || state.formCode || state.userId);

  return (
    <div data-testid="task-delete-page">
      <Typography.Title level={3}>{t('taskDelete.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('taskDelete.intro')}</Typography.Paragraph>
      <Space wrap className="fw-list-filters" style={{ marginBottom: 12 }} role="search" aria-label={t('tasks.filters')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('tasks.form')}
          placeholder={t('tasks.form')}
          style={{ minWidth: 160 }}
          value={state.formCode || undefined}
          onChange={(v?: string) => setState((s) => withFilter(s, { formCode: v ?? '' }))}
          options={forms.map((f) => ({ value: f.code, label: formLabel(f.name as Record<string, string>, i18n.language, f.code) }))}
        />
        <Input.Search
          allowClear
          data-testid="task-delete-keyword"
          aria-label={t('tasks.keyword')}
          placeholder={t('tasks.keyword')}
          value={keyword}
          maxLength={100}
          style={{ width: 240 }}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => setState((s) => withFilter(s, { keyword: v.trim() }))}
        />
        <UserSearchSelect
          data-testid="task-delete-assignee"
          placeholder={t('taskDelete.assignee')}
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
        <Button icon={<ReloadOutlined />} onClick={() => void load()} aria-label={t('tasks.reload')} />
      </Space>
      {error ? (
        <LoadFailed message={error} onRetry={() => void load()} />
      ) : (
        <ResponsiveTable<MonitorTaskRow>
          data-testid="task-delete-table"
          rowKey="taskId"
          size="middle"
          loading={loading}
          columns={columns}
          dataSource={data?.rows ?? []}
          scroll={scrollWhenRows(data?.rows ?? [], 1300)}
          onRow={(r) => ({ 'data-testid': `open-task-row-${r.recordId}` }) as React.HTMLAttributes<HTMLElement>}
          locale={{ emptyText: loading ? ' ' : <Empty description={filtered ? t('tasks.emptyFiltered') : t('taskDelete.empty')} /> }}
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
      <Modal
        open={!!target}
        title={t('taskDelete.confirmTitle')}
        onCancel={close}
        onOk={() => void confirmDelete()}
        okText={t('taskDelete.confirm')}
        cancelText={t('tasks.batch.cancel')}
        okButtonProps={{ danger: true, loading: deleting, ...({ 'data-testid': 'task-delete-confirm' } as object) }}
        destroyOnHidden
      >
        {target && (
          <>
            <Typography.Paragraph>
              {t('taskDelete.confirmText', {
                number: target.number ?? target.recordId,
                node: target.nodeName,
                assignee: target.assigneeName ?? target.assigneeId,
              })}
            </Typography.Paragraph>
            <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('taskDelete.consequence')} />
            <label htmlFor="task-delete-reason">
              <span aria-hidden style={{ color: '#ff4d4f', marginInlineEnd: 4 }}>
                *
              </span>
              {t('taskDelete.reason')}
            </label>
            <Input.TextArea
              id="task-delete-reason"
              data-testid="task-delete-reason"
              rows={3}
              maxLength={REASON_MAX}
              showCount
              aria-required
              status={missing ? 'error' : undefined}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setMissing(false);
              }}
            />
            {missing && (
              <Typography.Text type="danger" role="alert">
                {t('taskDelete.reasonRequired')}
              </Typography.Text>
            )}
            {deleteError && <Alert style={{ marginTop: 12 }} type="error" showIcon title={deleteError} />}
          </>
        )}
      </Modal>
    </div>
  );
}
