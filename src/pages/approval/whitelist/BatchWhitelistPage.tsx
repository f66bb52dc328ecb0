// The batch-approval whitelist (PROCESS_ROUTES.batchWhitelist; spec §2 "batch approval
// whitelist", "expense summary approval whitelist": one list serves both): the employees who
// may approve or reject several tasks at once and use the expense summary approval. Search,
// paging 10/20/30/50, add employees through the user picker, remove one or the selected ones.
import { useCallback, useEffect, useMemo, useState, type HTMLAttributes } from 'react';
import dayjs from 'dayjs';
import { Alert, App, Button, Empty, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../../api/paths';
import type { DataOf } from '../../../api/paths';
import type { WhitelistEntry } from '../../../../schemas/api/processWhitelist';
import { DATE_FORMATS, PAGINATION, type PageSize } from '../../../../schemas/constants';
import { call as appCall, type ContractCalls } from '../../../api/call';
import { ApiError } from '../../../api/client';
import { LookupSelect } from '../matrix/LookupSelect';
import type { DirectoryUser } from '../matrix/api';
import { ResponsiveTable } from '../../../../runtime/list/ResponsiveTable';
import { useThumbPager } from '../../../../runtime/list/thumbPager';

const W = endpoints.processWhitelist;

export interface WhitelistApi {
  list(q: { page: number; limit: PageSize; keyword?: string }): Promise<DataOf<typeof W.list>>;
  add(userIds: string[]): Promise<{ added: number }>;
  remove(userIds: string[]): Promise<{ removed: number }>;
  searchUsers(keyword: string): Promise<DirectoryUser[]>;
}

export function createWhitelistApi(call: ContractCalls['call'] = appCall): WhitelistApi {
  return {
    list: (q) => call(W.list, { page: q.page, limit: q.limit, ...(q.keyword ? { keyword: q.keyword } : {}) }),
    add: (userIds) => call(W.add, { userIds }),
    remove: (userIds) => call(W.remove, { userIds }),
    searchUsers: async (keyword) => (await call(endpoints.processDirectory.users, { keyword, limit: 20 }, { silent: true })).rows,
  };
}

const errorText = (e: unknown) => {
  if (!(e instanceof Error)) return String(e);
  const fields = e instanceof ApiError ? e.errors.map((f) => f.message) : [];
  return [e.message, ...fields].filter(Boolean).join(' ');
};

export function BatchWhitelistPage({ api: given }: { api?: WhitelistApi } = {}) {
  const api = useMemo(() => given ?? createWhitelistApi(), [given]);
  const { t } = useTranslation('approval');
  const pager = useThumbPager();
  const { message } = App.useApp();
  const [rows, setRows] = useState<WhitelistEntry[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<PageSize>(PAGINATION.defaultPageSize);
  const [keyword, setKeyword] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [picked, setPicked] = useState<string[]>([]);
  const [known, setKnown] = useState<Map<string, DirectoryUser>>(new Map());
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      const r = await api.list({ page, limit, keyword: keyword || undefined });
      setRows(r.rows);
      setTotal(r.totalRecord);
      setSelected((s) => s.filter((id) => r.rows.some((x) => x.userId === id)));
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) setError(errorText(e));
    } finally {
      setLoading(false);
    }
  }, [api, page, limit, keyword]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    try {
      void message.success(await work());
      await reload();
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) void message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const add = () =>
    run(async () => {
      const r = await api.add(picked);
      setPicked([]);
      return t('directory.whitelist.added', { count: r.added });
    });
  const remove = (ids: string[]) =>
    run(async () => {
      const r = await api.remove(ids);
      setSelected([]);
      return t('directory.whitelist.removed', { count: r.removed });
    });

  const search = async (kw: string) => {
    const users = await api.searchUsers(kw);
    setKnown((m) => new Map([...m, ...users.map((u) => [u.id, u] as const)]));
    const listed = new Set(rows.map((r) => r.userId));
    return users.map((u) => ({
      value: u.id,
      label: u.name,
      hint: [u.username, u.deptName, u.postName, !u.active ? t('directory.inactive') : listed.has(u.id) ? t('directory.whitelist.listed') : null]
        .filter(Boolean)
        .join(' · '),
      disabled: !u.active,
    }));
  };

  return (
    <div data-testid="whitelist-page">
      <Typography.Title level={4}>{t('directory.whitelist.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('directory.whitelist.help')}</Typography.Paragraph>
      {/* a row that wraps: the lookup is 360 px wide and shrinks on a narrow screen */}
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 8, marginBottom: 12 }}>
        <div style={{ flex: '0 1 360px', minWidth: 0 }}>
          <LookupSelect
            multiple
            value={picked}
            onChange={setPicked}
            search={search}
            labelOf={(id) => known.get(id)?.name}
            ariaLabel={t('directory.whitelist.pick')}
            placeholder={t('directory.whitelist.pick')}
            testId="whitelist-pick"
          />
        </div>
        <Button type="primary" icon={<PlusOutlined />} disabled={!picked.length} loading={busy} onClick={() => void add()} data-testid="whitelist-add">
          {t('directory.whitelist.add')}
        </Button>
      </div>
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Input.Search
          allowClear
          placeholder={t('directory.whitelist.search')}
          aria-label={t('directory.whitelist.search')}
          onSearch={(v) => {
            setPage(1);
            setKeyword(v.trim());
          }}
          style={{ width: 240 }}
          data-testid="whitelist-search"
        />
        <Popconfirm
          title={t('directory.whitelist.removeSelectedConfirm', { count: selected.length })}
          okText={t('directory.whitelist.remove')}
          cancelText={t('matrix.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove(selected)}
          disabled={!selected.length}
        >
          <Button danger icon={<DeleteOutlined />} disabled={!selected.length} loading={busy} data-testid="whitelist-remove-selected">
            {t('directory.whitelist.removeSelected', { count: selected.length })}
          </Button>
        </Popconfirm>
      </Space>
      {error ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('directory.whitelist.loadFailed')}
          description={error}
          action={
            <Button size="small" onClick={() => void reload()}>
              {t('matrix.retry')}
            </Button>
          }
          data-testid="whitelist-error"
        />
      ) : null}
      <ResponsiveTable<WhitelistEntry>
        rowKey="userId"
        size="small"
        loading={loading}
        dataSource={rows}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          getCheckboxProps: (r) => ({ 'aria-label': r.name ?? r.username }),
        }}
        onRow={(r) => ({ 'data-testid': `whitelist-row-${r.username}` }) as HTMLAttributes<HTMLElement>}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? t('directory.noMatch', { keyword }) : t('directory.whitelist.empty')} />
          ),
        }}
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
          {
            title: t('directory.whitelist.name'),
            key: 'name',
            render: (_, r) => (
              <Space>
                {r.name}
                {!r.active ? <Tag color="default">{t('directory.inactive')}</Tag> : null}
              </Space>
            ),
          },
          { title: t('directory.whitelist.login'), dataIndex: 'username', key: 'username' },
          { title: t('directory.whitelist.department'), dataIndex: 'deptName', key: 'deptName' },
          { title: t('directory.whitelist.post'), dataIndex: 'postName', key: 'postName' },
          { title: t('directory.whitelist.addedBy'), dataIndex: 'addedBy', key: 'addedBy' },
          { title: t('directory.whitelist.addedAt'), key: 'addedAt', render: (_, r) => dayjs(r.addedAt).format(DATE_FORMATS.general) },
          {
            title: t('matrix.actions'),
            key: 'actions',
            render: (_, r) => (
              <Popconfirm
                title={t('directory.whitelist.removeConfirm', { name: r.name })}
                okText={t('directory.whitelist.remove')}
                cancelText={t('matrix.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove([r.userId])}
              >
                <Button
                  type="link"
                  size="small"
                  danger
                  aria-label={t('directory.whitelist.removeOf', { name: r.name })}
                  data-testid={`whitelist-remove-${r.username}`}
                >
                  {t('directory.whitelist.remove')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </div>
  );
}
