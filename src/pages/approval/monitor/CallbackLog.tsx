// The callback log (/web/system/huiDiaoRiZhi/list), administrators: the process callbacks that
// failed after their last attempt (number, form, process, event, address, attempts, last error,
// when), search by document number; retry one or the selected ones (callback/failure/chongShi)
// and show what the retry answered (retried, delivered at once, still failing).
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Empty, Input, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReloadOutlined, RedoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGINATION } from '../../../../schemas/constants';
import { formatDate } from '../../../../widgets/format';
import { ApiError } from '../../../api/client';
import type { CallbackFailure, CallbackPage, MonitorApi } from './api';
import { callbacksBody, INITIAL_LIST, retrySummary, withFilter, withPage, type ListState } from './model';
import { selectionTitle } from '../tasks/selectionTitle';
import { scrollWhenRows } from '../tasks/tableScroll';
import { LoadFailed } from '../tasks/LoadFailed';
import { ResponsiveTable } from '../../../../runtime/list/ResponsiveTable';
import { useThumbPager } from '../../../../runtime/list/thumbPager';

export function CallbackLog({ api }: { api: MonitorApi }) {
  const { t } = useTranslation('approval');
  const pager = useThumbPager();
  const [state, setState] = useState<ListState>(INITIAL_LIST);
  const [keyword, setKeyword] = useState('');
  const [data, setData] = useState<CallbackPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [retrying, setRetrying] = useState<string | null>(null);
  const [result, setResult] = useState<ReturnType<typeof retrySummary> | null>(null);
  const [retryError, setRetryError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      setData(await api.callbackFailures(callbacksBody(state)));
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setError(e instanceof Error ? e.message : String(e));
      setData(null);
    } finally {
      setLoading(false);
    }
  }, [api, state]);

  useEffect(() => {
    void load();
    setSelected([]);
  }, [load]);

  const retry = async (ids: string[], key: string) => {
    setRetrying(key);
    setRetryError(null);
    setResult(null);
    try {
      setResult(retrySummary(await api.retryCallbacks(ids)));
      setSelected([]);
      await load();
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setRetryError(e instanceof Error ? e.message : String(e));
    } finally {
      setRetrying(null);
    }
  };

  const columns: ColumnsType<CallbackFailure> = [
    { title: t('callbacks.col.number'), dataIndex: 'recordNumber', width: 180 },
    { title: t('callbacks.col.form'), dataIndex: 'formCode', width: 140 },
    { title: t('callbacks.col.process'), dataIndex: 'processCode', width: 160 },
    { title: t('callbacks.col.event'), dataIndex: 'event', width: 110 },
    { title: t('callbacks.col.url'), dataIndex: 'url', ellipsis: true, width: 220 },
    { title: t('callbacks.col.attempts'), dataIndex: 'attempts', width: 90, align: 'right' },
    {
      title: t('callbacks.col.lastError'),
      dataIndex: 'lastError',
      ellipsis: { showTitle: true },
      width: 240,
      render: (v: string) => <Typography.Text type="danger">{v}</Typography.Text>,
    },
    { title: t('callbacks.col.created'), dataIndex: 'createdAt', width: 170, render: (v: string) => formatDate(v, 'general') },
    { title: t('callbacks.col.failed'), dataIndex: 'failedAt', width: 170, render: (v: string) => formatDate(v, 'general') },
    {
      title: t('callbacks.col.actions'),
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Button
          type="link"
          size="small"
          icon={<RedoOutlined />}
          loading={retrying === r.id}
          disabled={!!retrying && retrying !== r.id}
          data-testid={`callback-retry-${r.id}`}
          aria-label={t('callbacks.retryOf', { number: r.recordNumber })}
          onClick={() => void retry([r.id], r.id)}
        >
          {t('callbacks.retry')}
        </Button>
      ),
    },
  ];

  return (
    <div data-testid="callback-log-page">
      <Typography.Title level={3}>{t('callbacks.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('callbacks.intro')}</Typography.Paragraph>
      <Space wrap className="fw-list-filters" style={{ marginBottom: 12 }} role="search" aria-label={t('tasks.filters')}>
        <Input.Search
          allowClear
          data-testid="callback-keyword"
          aria-label={t('callbacks.keyword')}
          placeholder={t('callbacks.keyword')}
          value={keyword}
          maxLength={100}
          style={{ width: 240 }}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => setState((s) => withFilter(s, { keyword: v.trim() }))}
        />
        <Button
          type="primary"
          icon={<RedoOutlined />}
          disabled={!selected.length || !!retrying}
          loading={retrying === '*'}
          data-testid="callback-retry-selected"
          onClick={() => void retry(selected, '*')}
        >
          {t('callbacks.retrySelected', { count: selected.length })}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={() => void load()} aria-label={t('tasks.reload')} />
      </Space>
      {result && (
        <Alert
          style={{ marginBottom: 12 }}
          showIcon
          closable
          onClose={() => setResult(null)}
          data-testid="callback-retry-result"
          type={result.pending ? 'warning' : 'success'}
          title={t('callbacks.result', result)}
          description={result.pending ? t('callbacks.resultPending', result) : undefined}
        />
      )}
      {retryError && <Alert style={{ marginBottom: 12 }} showIcon closable type="error" title={retryError} onClose={() => setRetryError(null)} />}
      {error ? (
        <LoadFailed message={error} onRetry={() => void load()} />
      ) : (
        <ResponsiveTable<CallbackFailure>
          data-testid="callback-table"
          rowKey="id"
          size="middle"
          loading={loading}
          columns={columns}
          dataSource={data?.rows ?? []}
          scroll={scrollWhenRows(data?.rows ?? [], 1600)}
          rowSelection={{
            selectedRowKeys: selected,
            columnTitle: selectionTitle,
            onChange: (keys) => setSelected(keys.map(String)),
            getCheckboxProps: (r) => ({ 'aria-label': t('tasks.selectRow', { number: r.recordNumber }) }),
          }}
          onRow={(r) => ({ 'data-testid': `callback-row-${r.recordId}` }) as React.HTMLAttributes<HTMLElement>}
          locale={{ emptyText: loading ? ' ' : <Empty description={state.keyword ? t('tasks.emptyFiltered') : t('callbacks.empty')} /> }}
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
    </div>
  );
}
