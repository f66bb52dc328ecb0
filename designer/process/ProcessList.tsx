// The process list (/web/system/process/liuChengSheZhi): every process definition with its name
// in the UI locale, the form it is bound to, enabled or not, its latest published version, whether
// a draft is pending, and who changed it when; search by code or name, paging, empty and loading
// states. Per row: open in the designer, copy under a new code (CodeNameDialog), enable or
// disable. The toolbar's "新建流程" creates one (code, name, optional form) and opens it.
// Everything is a real button, link or input: Tab reaches it, Enter or Space acts.
import { useCallback, useEffect, useState } from 'react';
import { Alert, App, Button, Empty, Input, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { PAGINATION, type Locale } from '../../schemas/constants';
import type { LocalizedText } from '../../schemas/definition';
import type { ProcessDesignerApi, ProcessSummary } from './api';
import { CodeNameDialog } from './dialogs';
import { textOf, useProcessLocale, useProcessT } from './i18n';

export interface ProcessListProps {
  api: ProcessDesignerApi;
  /** open a process in the designer */
  onOpen: (code: string) => void;
  /** the designer's URL of a process: the name becomes a real link (focusable, opens in a new tab) */
  hrefOf?: (code: string) => string;
  /** the UI locale (default: the host's i18next language) */
  locale?: Locale;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));
/** an ISO time as `YYYY-MM-DD HH:mm:ss` (what the server stores, without the zone mark) */
const timeText = (iso: string) => iso.replace('T', ' ').slice(0, 19);

export function ProcessList({ api, onOpen, hrefOf, locale: forced }: ProcessListProps) {
  const hostLocale = useProcessLocale();
  const locale = forced ?? hostLocale;
  const t = useProcessT(locale);
  const { message } = App.useApp();
  const [rows, setRows] = useState<ProcessSummary[] | null>(null);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState<number>(PAGINATION.defaultPage);
  const [limit, setLimit] = useState<number>(PAGINATION.defaultPageSize);
  const [keyword, setKeyword] = useState('');
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [copying, setCopying] = useState<{ code: string; name: LocalizedText } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    api
      .list({ page, limit, keyword: keyword || undefined })
      .then((res) => {
        if (!live) return;
        setRows(res.rows);
        setTotal(res.totalRecord);
      })
      .catch((e: unknown) => live && setError(errorText(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [api, page, limit, keyword, generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  const setEnabled = async (row: ProcessSummary, enabled: boolean) => {
    setBusy(row.code);
    try {
      const next = await api.setEnabled(row.code, enabled);
      setRows((rs) => (rs ? rs.map((r) => (r.code === next.code ? next : r)) : rs));
      void message.success(t(enabled ? 'listPage.enabledDone' : 'listPage.disabledDone', { code: row.code }));
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setBusy(null);
    }
  };

  const nameOf = (r: ProcessSummary) => textOf(r.name, locale) || r.code;
  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={keyword ? t('listPage.noMatch', { keyword }) : t('listPage.empty')}
      data-testid="process-list-empty"
    >
      {keyword ? null : (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="process-list-empty-create">
          {t('listPage.create')}
        </Button>
      )}
    </Empty>
  );

  return (
    <div className="fw-pd-list" data-testid="process-list">
      <Space wrap style={{ marginBottom: 12 }} role="toolbar" aria-label={t('listPage.toolbar')}>
        <Input.Search
          allowClear
          placeholder={t('listPage.search')}
          aria-label={t('listPage.search')}
          onSearch={(v) => {
            setPage(1);
            setKeyword(v.trim());
          }}
          style={{ width: 260 }}
          data-testid="process-list-search"
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="process-list-create">
          {t('listPage.create')}
        </Button>
        <Tooltip title={t('listPage.reload')}>
          <Button icon={<ReloadOutlined />} onClick={reload} aria-label={t('listPage.reload')} data-testid="process-list-reload" />
        </Tooltip>
      </Space>
      {error ? (
        <Alert
          type="error"
          showIcon
          title={t('listPage.loadFailed')}
          description={error}
          action={
            <Button size="small" onClick={reload} data-testid="process-list-retry">
              {t('listPage.retry')}
            </Button>
          }
          style={{ marginBottom: 12 }}
          data-testid="process-list-error"
        />
      ) : null}
      <Table<ProcessSummary>
        rowKey="code"
        size="small"
        loading={loading}
        dataSource={rows ?? []}
        locale={{ emptyText: loading && rows === null ? <div style={{ height: 80 }} data-testid="process-list-loading" /> : empty }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: limit,
          total,
          showSizeChanger: true,
          pageSizeOptions: PAGINATION.pageSizes.map(String),
          showTotal: (n) => t('listPage.total', { count: n }),
          onChange: (p, s) => {
            setPage(s !== limit ? 1 : p);
            setLimit(s);
          },
        }}
        columns={[
          {
            title: t('listPage.columns.name'),
            key: 'name',
            render: (_, r) => (
              <Typography.Link
                href={hrefOf?.(r.code)}
                onClick={(e) => {
                  // a plain click opens in place; Ctrl/Shift/middle click is the browser's
                  if (e.ctrlKey || e.metaKey || e.shiftKey) return;
                  e.preventDefault();
                  onOpen(r.code);
                }}
                data-testid={`process-list-name-${r.code}`}
              >
                {nameOf(r)}
              </Typography.Link>
            ),
          },
          { title: t('listPage.columns.code'), dataIndex: 'code', key: 'code' },
          {
            title: t('listPage.columns.form'),
            key: 'form',
            render: (_, r) =>
              r.formCode ? (
                <span>
                  {r.formName ? textOf(r.formName, locale) : r.formCode} <Typography.Text type="secondary">({r.formCode})</Typography.Text>
                </span>
              ) : (
                <Typography.Text type="secondary">{t('listPage.unbound')}</Typography.Text>
              ),
          },
          {
            title: t('listPage.columns.status'),
            key: 'status',
            render: (_, r) => (
              <Tag color={r.enabled ? 'green' : 'default'} data-testid={`process-list-status-${r.code}`}>
                {t(r.enabled ? 'listPage.enabled' : 'listPage.disabled')}
              </Tag>
            ),
          },
          {
            title: t('listPage.columns.version'),
            key: 'version',
            render: (_, r) => (r.latestVersion ? t('listPage.version', { version: r.latestVersion }) : t('listPage.neverPublished')),
          },
          {
            title: t('listPage.columns.draft'),
            key: 'draft',
            render: (_, r) =>
              r.hasDraft ? (
                <Tag color="gold" data-testid={`process-list-draft-${r.code}`}>
                  {t('listPage.draft')}
                </Tag>
              ) : (
                <Typography.Text type="secondary">{t('listPage.noDraft')}</Typography.Text>
              ),
          },
          {
            title: t('listPage.columns.updated'),
            key: 'updated',
            render: (_, r) => {
              const at = r.rowModDate ? timeText(r.rowModDate) : '';
              if (at && r.rowModUser) return t('listPage.updatedBy', { at, by: r.rowModUser });
              return at || r.rowModUser || t('listPage.noDraft');
            },
          },
          {
            title: t('listPage.columns.actions'),
            key: 'actions',
            render: (_, r) => (
              <Space size={0} wrap>
                <Button
                  type="link"
                  size="small"
                  onClick={() => onOpen(r.code)}
                  aria-label={t('listPage.openTitle', { name: nameOf(r) })}
                  data-testid={`process-list-open-${r.code}`}
                >
                  {t('listPage.open')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setCopying({ code: r.code, name: r.name })}
                  aria-label={t('listPage.copyTitle', { name: nameOf(r) })}
                  data-testid={`process-list-copy-${r.code}`}
                >
                  {t('listPage.copy')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger={r.enabled}
                  loading={busy === r.code}
                  onClick={() => void setEnabled(r, !r.enabled)}
                  aria-label={t(r.enabled ? 'listPage.disableTitle' : 'listPage.enableTitle', { name: nameOf(r) })}
                  data-testid={`process-list-toggle-${r.code}`}
                >
                  {t(r.enabled ? 'listPage.disable' : 'listPage.enable')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <CodeNameDialog
        api={api}
        locale={locale}
        open={creating}
        onClose={() => setCreating(false)}
        onDone={(s) => {
          void message.success(t('listPage.created', { code: s.code }));
          onOpen(s.code);
        }}
      />
      <CodeNameDialog
        api={api}
        locale={locale}
        open={copying !== null}
        from={copying ?? undefined}
        onClose={() => setCopying(null)}
        onDone={(s) => {
          void message.success(t('listPage.copied', { code: s.code }));
          reload();
        }}
      />
    </div>
  );
}
