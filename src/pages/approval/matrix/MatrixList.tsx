// The approver matrices (juZhen/list): code, name, key and approver columns, rows, last change;
// search by code or name, paging 10/20/30/50; create, edit, export one or all (.xlsx), and
// "update an employee" across every matrix.
import { useCallback, useEffect, useState } from 'react';
import { Alert, App, Button, Empty, Input, Space, Tag, Typography } from 'antd';
import { DownloadOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGINATION, type PageSize } from '../../../../schemas/constants';
import { ApiError } from '../../../api/client';
import type { MatrixApi, MatrixSummary } from './api';
import { ReplaceUserModal } from './ReplaceUserModal';
import { scrollWhenRows } from '../tasks/tableScroll';
import { ResponsiveTable } from '../../../../runtime/list/ResponsiveTable';
import { useThumbPager } from '../../../../runtime/list/thumbPager';

export interface MatrixListProps {
  api: MatrixApi;
  onOpen: (code: string) => void;
  onCreate: () => void;
}

const errorMessage = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function MatrixList({ api, onOpen, onCreate }: MatrixListProps) {
  const { t, i18n } = useTranslation('approval');
  const pager = useThumbPager();
  const { message } = App.useApp();
  const [rows, setRows] = useState<MatrixSummary[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<PageSize>(PAGINATION.defaultPageSize);
  const [keyword, setKeyword] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [exporting, setExporting] = useState<string | null>(null);
  const [replacing, setReplacing] = useState(false);

  const reload = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      const r = await api.list({ page, limit, keyword: keyword || undefined });
      setRows(r.rows);
      setTotal(r.totalRecord);
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setError(errorMessage(e));
    } finally {
      setLoading(false);
    }
  }, [api, page, limit, keyword]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const exportFile = async (code: string | null) => {
    setExporting(code ?? '*');
    try {
      if (code) await api.exportOne(code);
      else await api.exportAll();
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) void message.error(errorMessage(e));
    } finally {
      setExporting(null);
    }
  };

  const nameOf = (r: MatrixSummary) => (r.name as Record<string, string | undefined>)[i18n.language] || r.name['zh-CN'] || r.code;
  const tags = (list: { key: string; name: string }[], color?: string) => (
    <Space size={[0, 4]} wrap>
      {list.map((c) => (
        <Tag key={c.key} color={color} title={c.key}>
          {c.name}
        </Tag>
      ))}
    </Space>
  );

  return (
    <div data-testid="matrix-list">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('matrix.search')}
          aria-label={t('matrix.search')}
          onSearch={(v) => {
            setPage(1);
            setKeyword(v.trim());
          }}
          style={{ width: 240 }}
          data-testid="matrix-search"
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreate} data-testid="matrix-create">
          {t('matrix.create')}
        </Button>
        <Button icon={<SwapOutlined />} onClick={() => setReplacing(true)} data-testid="matrix-replace">
          {t('matrix.replace.open')}
        </Button>
        <Button icon={<DownloadOutlined />} loading={exporting === '*'} onClick={() => void exportFile(null)} data-testid="matrix-export-all">
          {t('matrix.exportAll')}
        </Button>
      </Space>
      {error ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('matrix.listFailed')}
          description={error}
          action={
            <Button size="small" onClick={() => void reload()}>
              {t('matrix.retry')}
            </Button>
          }
          data-testid="matrix-list-error"
        />
      ) : null}
      <ResponsiveTable<MatrixSummary>
        rowKey="code"
        size="small"
        loading={loading}
        dataSource={rows}
        scroll={scrollWhenRows(rows, 'max-content')}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? t('matrix.noMatch', { keyword }) : t('matrix.empty')} /> }}
        pagination={{
          current: page,
          pageSize: limit,
          total,
          showSizeChanger: true,
          pageSizeOptions: PAGINATION.pageSizes.map(String),
          showTotal: (n) => t('matrix.total', { count: n }),
          ...pager,
          onChange: (p, s) => {
            setPage(p);
            setLimit(s as PageSize);
          },
        }}
        columns={[
          { title: t('matrix.code'), dataIndex: 'code', key: 'code' },
          {
            title: t('matrix.name'),
            key: 'name',
            render: (_, r) => (
              <Typography.Link onClick={() => onOpen(r.code)} data-testid={`matrix-open-${r.code}`}>
                {nameOf(r)}
              </Typography.Link>
            ),
          },
          { title: t('matrix.keyColumns'), key: 'keys', render: (_, r) => tags(r.keys, 'blue') },
          { title: t('matrix.approverColumns'), key: 'columns', render: (_, r) => tags(r.columns, 'green') },
          { title: t('matrix.rowCount'), dataIndex: 'rowCount', key: 'rowCount', align: 'right' },
          { title: t('matrix.modifiedBy'), dataIndex: 'rowModUser', key: 'rowModUser' },
          { title: t('matrix.modifiedAt'), dataIndex: 'rowModDate', key: 'rowModDate' },
          {
            title: t('matrix.actions'),
            key: 'actions',
            render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => onOpen(r.code)} data-testid={`matrix-edit-${r.code}`}>
                  {t('matrix.edit')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  loading={exporting === r.code}
                  onClick={() => void exportFile(r.code)}
                  aria-label={t('matrix.exportOf', { name: nameOf(r) })}
                  data-testid={`matrix-export-${r.code}`}
                >
                  {t('matrix.export')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <ReplaceUserModal api={api} open={replacing} onClose={() => setReplacing(false)} onDone={() => void reload()} />
    </div>
  );
}
