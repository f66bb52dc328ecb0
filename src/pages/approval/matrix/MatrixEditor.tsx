// Creating and editing one approver matrix (juZhen/edit/init, juZhen/edit/save): the name in
// three languages, the key and approver columns, then the rows as an editable grid (a key cell:
// a dealer or department picker, or text; an approver cell: a multi user picker), rows added,
// copied and removed. The save is version-checked: a stale save answers 409 and the editor
// offers to reload. The logic is model.ts; this is the thin React layer over it.
import { useCallback, useEffect, useMemo, useState, type HTMLAttributes } from 'react';
import { Alert, App, Button, Card, Empty, Form, Input, Result, Select, Skeleton, Space, Table, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, CopyOutlined, DeleteOutlined, DownloadOutlined, PlusOutlined, ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PAGINATION } from '../../../../schemas/constants';
import { ApiError } from '../../../api/client';
import type { MatrixApi } from './api';
import { LookupSelect } from './LookupSelect';
import {
  addApproverColumn,
  addKeyColumn,
  addRow,
  copyRow,
  draftOf,
  emptyDraft,
  filterRows,
  LIMITS,
  placeOfField,
  problemsOf,
  removeColumn,
  removeRow,
  setCell,
  setKeyValue,
  updateApproverColumn,
  updateKeyColumn,
  toSaveBody,
  usersOf,
  type DraftProblem,
  type KeySource,
  type MatrixColumnDraft,
  type MatrixDraft,
} from './model';
import { useNames } from './useNames';
import { scrollWhenRows } from '../tasks/tableScroll';

export interface MatrixEditorProps {
  api: MatrixApi;
  /** null: a new matrix */
  code: string | null;
  onBack: () => void;
  /** after the first save of a new matrix (the page then edits it by code) */
  onCreated?: (code: string) => void;
}

interface ServerProblem {
  field: string;
  message: string;
  row?: number;
  column?: string;
}

const LANGS = [
  { locale: 'zh-CN', key: 'matrix.nameZhCN' },
  { locale: 'en-US', key: 'matrix.nameEnUS' },
  { locale: 'zh-TW', key: 'matrix.nameZhTW' },
] as const;

const errorMessage = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function MatrixEditor({ api, code, onBack, onCreated }: MatrixEditorProps) {
  const { t, i18n } = useTranslation('approval');
  const { message, modal } = App.useApp();
  const names = useNames(api);
  const { ensureKeys, learnUsers, learnKeys } = names;
  const [draft, setDraft] = useState<MatrixDraft | null>(code ? null : emptyDraft());
  const [loadError, setLoadError] = useState<string | null>(null);
  const [loading, setLoading] = useState(!!code);
  const [saving, setSaving] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [showProblems, setShowProblems] = useState(false);
  const [serverProblems, setServerProblems] = useState<ServerProblem[]>([]);
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGINATION.defaultPageSize);
  const isNew = !draft || draft.version === null;

  const load = useCallback(async () => {
    if (!code) return;
    setLoading(true);
    setLoadError(null);
    try {
      const doc = await api.load(code);
      const d = draftOf(doc);
      learnUsers(doc.users.map((u) => ({ id: u.id, name: u.name, username: '', deptName: null, postName: null, active: true })));
      setDraft(d);
      setDirty(false);
      setServerProblems([]);
      setShowProblems(false);
      // the names came with the matrix; the directory adds logins, departments and who is disabled
      void api
        .usersByIds(usersOf(d))
        .then(learnUsers)
        .catch(() => undefined);
    } catch (e) {
      setLoadError(errorMessage(e));
    } finally {
      setLoading(false);
    }
  }, [api, code, learnUsers]);

  useEffect(() => {
    void load();
  }, [load]);

  // name the values of dealer and department key columns
  useEffect(() => {
    if (!draft) return;
    for (const k of draft.keys) {
      if (k.source === 'text') continue;
      const ids = draft.rows.map((r) => r.keys[k.uid]).filter((v): v is string => !!v);
      void ensureKeys(k.source, ids).catch(() => undefined);
    }
  }, [draft, ensureKeys]);

  // leaving with unsaved changes: the browser asks
  useEffect(() => {
    if (!dirty) return;
    const h = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', h);
    return () => window.removeEventListener('beforeunload', h);
  }, [dirty]);

  const change = (next: MatrixDraft) => {
    setDraft(next);
    setDirty(true);
  };

  const problems = useMemo(() => (draft ? problemsOf(draft, isNew) : []), [draft, isNew]);
  const visible = useMemo(
    () =>
      draft
        ? filterRows(draft, filter, names.userLabel, (keyUid, v) => {
            const k = draft.keys.find((x) => x.uid === keyUid);
            return k ? names.keyLabel(k.source, v) : undefined;
          })
        : [],
    // `names` is a new object after every cache change: the filter sees new names
    [draft, filter, names],
  );

  if (loading) return <Skeleton active data-testid="matrix-editor-loading" />;
  if (loadError || !draft)
    return (
      <Result
        status="error"
        title={t('matrix.loadFailed')}
        subTitle={loadError}
        extra={
          <Space>
            <Button onClick={onBack}>{t('matrix.back')}</Button>
            <Button type="primary" onClick={() => void load()}>
              {t('matrix.retry')}
            </Button>
          </Space>
        }
      />
    );

  const problemText = (p: DraftProblem) => t(p.key, p.params);
  const cellProblem = (row: number, column: string) =>
    (showProblems && problems.some((p) => p.row === row && p.column === column)) || serverProblems.some((p) => p.row === row && p.column === column);
  const columnProblems = (uid: string) => (showProblems ? problems.filter((p) => p.where === uid).map(problemText) : []);

  const back = () => {
    if (!dirty) return onBack();
    modal.confirm({ title: t('matrix.leaveTitle'), content: t('matrix.leaveBody'), okText: t('matrix.leave'), cancelText: t('matrix.stay'), onOk: onBack });
  };

  const save = async () => {
    setShowProblems(true);
    setServerProblems([]);
    if (problems.length) {
      void message.error(t('matrix.fixProblems', { count: problems.length }));
      return;
    }
    setSaving(true);
    try {
      const r = await api.save(toSaveBody(draft));
      setDraft({ ...draft, code: r.code, version: r.version });
      setDirty(false);
      setShowProblems(false);
      void message.success(t('matrix.saved', { version: r.version }));
      if (draft.version === null) onCreated?.(r.code);
    } catch (e) {
      if (e instanceof ApiError && e.handled) return;
      if (e instanceof ApiError && e.status === 409 && draft.version !== null) {
        modal.confirm({
          title: t('matrix.conflictTitle'),
          content: t('matrix.conflictBody'),
          okText: t('matrix.reload'),
          cancelText: t('matrix.keepEditing'),
          onOk: () => load(),
        });
        return;
      }
      if (e instanceof ApiError && e.errors.length) setServerProblems(e.errors.map((f) => ({ ...f, ...placeOfField(draft, f.field) })));
      void message.error(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const exportFile = async () => {
    setExporting(true);
    try {
      await api.exportOne(draft.code);
    } catch (e) {
      if (!(e instanceof ApiError && e.handled)) void message.error(errorMessage(e));
    } finally {
      setExporting(false);
    }
  };

  const searchUsers = async (kw: string) => {
    const rows = await api.searchUsers(kw);
    learnUsers(rows);
    return rows.map((u) => ({
      value: u.id,
      label: u.name,
      hint: [u.username, u.deptName, u.postName, u.active ? null : t('directory.inactive')].filter(Boolean).join(' · '),
      disabled: !u.active,
    }));
  };
  const userLabel = (id: string) => {
    const u = names.user(id);
    if (!u) return undefined;
    return u.active ? u.name : `${u.name} (${t('directory.inactive')})`;
  };
  const searchKeys = (source: Exclude<KeySource, 'text'>) => async (kw: string) => {
    const rows = await api.searchKeys(source, kw);
    learnKeys(source, rows);
    return rows.map((k) => ({ value: k.id, label: k.name, hint: k.code }));
  };

  const rowProblems = [
    ...(showProblems ? problems.map((p) => ({ text: problemText(p), row: p.row })) : []),
    ...serverProblems.map((p) => ({ text: p.row !== undefined ? t('matrix.rowProblem', { row: p.row + 1, message: p.message }) : p.message, row: p.row })),
  ];

  const goToRow = (row: number | undefined) => {
    if (row === undefined) return;
    setFilter('');
    setPage(Math.floor(row / pageSize) + 1);
  };

  const sourceOptions: { value: KeySource; label: string }[] = [
    { value: 'dealer', label: t('matrix.source.dealer') },
    { value: 'department', label: t('matrix.source.department') },
    { value: 'text', label: t('matrix.source.text') },
  ];

  const columnEditor = (kind: 'keys' | 'columns') => {
    const list: (MatrixColumnDraft & { source?: KeySource })[] = kind === 'keys' ? draft.keys : draft.columns;
    const max = kind === 'keys' ? LIMITS.keys : LIMITS.columns;
    return (
      <div data-testid={`matrix-${kind}`}>
        <Typography.Title level={5}>{t(kind === 'keys' ? 'matrix.keyColumns' : 'matrix.approverColumns')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t(kind === 'keys' ? 'matrix.keyColumnsHelp' : 'matrix.approverColumnsHelp')}</Typography.Paragraph>
        {list.map((c, i) => {
          const errs = columnProblems(c.uid);
          const serverErrs = serverProblems.filter((p) => p.column === c.uid && p.row === undefined).map((p) => p.message);
          return (
            <div key={c.uid} style={{ marginBottom: 8 }} data-testid={`matrix-${kind}-${i}`}>
              <Space wrap align="start">
                <Input
                  value={c.key}
                  placeholder={t('matrix.columnKey')}
                  aria-label={t('matrix.columnKeyOf', { index: i + 1 })}
                  status={errs.length || serverErrs.length ? 'error' : undefined}
                  maxLength={64}
                  onChange={(e) =>
                    change(
                      kind === 'keys' ? updateKeyColumn(draft, c.uid, { key: e.target.value }) : updateApproverColumn(draft, c.uid, { key: e.target.value }),
                    )
                  }
                  style={{ width: 180 }}
                />
                <Input
                  value={c.name}
                  placeholder={t('matrix.columnName')}
                  aria-label={t('matrix.columnNameOf', { index: i + 1 })}
                  maxLength={LIMITS.columnName}
                  onChange={(e) =>
                    change(
                      kind === 'keys' ? updateKeyColumn(draft, c.uid, { name: e.target.value }) : updateApproverColumn(draft, c.uid, { name: e.target.value }),
                    )
                  }
                  style={{ width: 200 }}
                />
                {kind === 'keys' && c.source ? (
                  <Select<KeySource>
                    value={c.source}
                    options={sourceOptions}
                    aria-label={t('matrix.sourceOf', { index: i + 1 })}
                    onChange={(source) => change(updateKeyColumn(draft, c.uid, { source }))}
                    style={{ width: 160 }}
                  />
                ) : null}
                <Tooltip title={t('matrix.removeColumn')}>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('matrix.removeColumnOf', { name: c.name || c.key || i + 1 })}
                    disabled={list.length <= 1}
                    onClick={() => {
                      const filled = draft.rows.some((r) => (kind === 'keys' ? !!r.keys[c.uid] : !!r.cells[c.uid]?.length));
                      if (!filled) return change(removeColumn(draft, c.uid));
                      modal.confirm({
                        title: t('matrix.removeColumnTitle'),
                        content: t('matrix.removeColumnBody', { name: c.name || c.key }),
                        okButtonProps: { danger: true },
                        okText: t('matrix.remove'),
                        cancelText: t('matrix.cancel'),
                        onOk: () => change(removeColumn(draft, c.uid)),
                      });
                    }}
                  />
                </Tooltip>
              </Space>
              {[...errs, ...serverErrs].map((m) => (
                <div key={m} role="alert" style={{ color: '#cf1322', fontSize: 12 }}>
                  {m}
                </div>
              ))}
            </div>
          );
        })}
        <Button
          icon={<PlusOutlined />}
          disabled={list.length >= max}
          onClick={() => change(kind === 'keys' ? addKeyColumn(draft) : addApproverColumn(draft))}
          data-testid={`matrix-add-${kind === 'keys' ? 'key' : 'column'}`}
        >
          {t(kind === 'keys' ? 'matrix.addKeyColumn' : 'matrix.addApproverColumn')}
        </Button>
      </div>
    );
  };

  const nameProblem = showProblems && problems.some((p) => p.where === 'name');
  const codeProblem = showProblems && problems.some((p) => p.where === 'code');

  return (
    <div data-testid="matrix-editor">
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={back} data-testid="matrix-back">
            {t('matrix.back')}
          </Button>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {isNew
              ? t('matrix.createTitle')
              : t('matrix.editTitle', { name: draft.name[i18n.language as keyof MatrixDraft['name']] || draft.name['zh-CN'] || draft.code })}
          </Typography.Title>
          {!isNew ? <Typography.Text type="secondary">{t('matrix.versionLabel', { version: draft.version })}</Typography.Text> : null}
          {dirty ? <Typography.Text type="warning">{t('matrix.unsaved')}</Typography.Text> : null}
        </Space>
        <Space wrap>
          {!isNew ? (
            <Button
              icon={<ReloadOutlined />}
              onClick={() =>
                dirty
                  ? modal.confirm({
                      title: t('matrix.reloadTitle'),
                      content: t('matrix.reloadBody'),
                      okText: t('matrix.reload'),
                      cancelText: t('matrix.cancel'),
                      onOk: () => load(),
                    })
                  : void load()
              }
              data-testid="matrix-reload"
            >
              {t('matrix.reload')}
            </Button>
          ) : null}
          {!isNew ? (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportFile()} data-testid="matrix-export">
              {t('matrix.export')}
            </Button>
          ) : null}
          <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} data-testid="matrix-save">
            {t('matrix.save')}
          </Button>
        </Space>
      </Space>

      {rowProblems.length ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="matrix-problems"
          title={t('matrix.problemsTitle', { count: rowProblems.length })}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20, maxHeight: 160, overflow: 'auto' }}>
              {rowProblems.slice(0, 50).map((p, i) => (
                <li key={i}>{p.row !== undefined ? <Typography.Link onClick={() => goToRow(p.row)}>{p.text}</Typography.Link> : p.text}</li>
              ))}
            </ul>
          }
        />
      ) : null}

      <Card size="small" title={t('matrix.definition')} style={{ marginBottom: 12 }}>
        <Form layout="vertical" component="div">
          <Space wrap align="start">
            <Form.Item
              label={t('matrix.code')}
              htmlFor="matrix-code"
              required
              validateStatus={codeProblem ? 'error' : undefined}
              help={codeProblem ? t('matrix.problems.code') : isNew ? t('matrix.codeHelp') : undefined}
            >
              <Input
                id="matrix-code"
                value={draft.code}
                disabled={!isNew}
                maxLength={64}
                onChange={(e) => change({ ...draft, code: e.target.value })}
                style={{ width: 220 }}
                data-testid="matrix-code"
              />
            </Form.Item>
            {LANGS.map((l) => (
              <Form.Item
                key={l.locale}
                label={t(l.key)}
                htmlFor={`matrix-name-${l.locale}`}
                required={l.locale === 'zh-CN'}
                validateStatus={l.locale === 'zh-CN' && nameProblem ? 'error' : undefined}
                help={l.locale === 'zh-CN' && nameProblem ? t('matrix.problems.name') : undefined}
              >
                <Input
                  id={`matrix-name-${l.locale}`}
                  value={draft.name[l.locale] ?? ''}
                  maxLength={200}
                  onChange={(e) => change({ ...draft, name: { ...draft.name, [l.locale]: e.target.value } })}
                  style={{ width: 220 }}
                  data-testid={`matrix-name-${l.locale}`}
                />
              </Form.Item>
            ))}
          </Space>
        </Form>
        <Space wrap align="start" size={32}>
          {columnEditor('keys')}
          {columnEditor('columns')}
        </Space>
      </Card>

      <Card
        size="small"
        title={t('matrix.rowsTitle', { count: draft.rows.length })}
        extra={
          <Space wrap>
            <Input.Search
              allowClear
              value={filter}
              placeholder={t('matrix.filterRows')}
              aria-label={t('matrix.filterRows')}
              onChange={(e) => {
                setFilter(e.target.value);
                setPage(1);
              }}
              style={{ width: 220 }}
              data-testid="matrix-filter"
            />
            <Button
              icon={<PlusOutlined />}
              disabled={draft.rows.length >= LIMITS.rows}
              onClick={() => {
                change(addRow(draft));
                setFilter('');
                setPage(Math.floor(draft.rows.length / pageSize) + 1);
              }}
              data-testid="matrix-add-row"
            >
              {t('matrix.addRow')}
            </Button>
          </Space>
        }
      >
        <Table<{ index: number }>
          size="small"
          rowKey={(r) => draft.rows[r.index].uid}
          dataSource={visible.map((index) => ({ index }))}
          scroll={scrollWhenRows(visible, 'max-content')}
          onRow={(r) => ({ 'data-testid': `matrix-row-${r.index}` }) as HTMLAttributes<HTMLElement>}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filter ? t('matrix.noRowMatch') : t('matrix.noRows')} /> }}
          pagination={{
            current: page,
            pageSize,
            showSizeChanger: true,
            pageSizeOptions: PAGINATION.pageSizes.map(String),
            onChange: (p, s) => {
              setPage(p);
              setPageSize(s);
            },
          }}
          columns={[
            { title: '#', key: 'n', width: 56, render: (_, r) => r.index + 1 },
            ...draft.keys.map((k) => ({
              title: k.name || k.key || '—',
              key: `k-${k.uid}`,
              render: (_: unknown, r: { index: number }) => {
                const value = draft.rows[r.index].keys[k.uid] ?? '';
                const label = t('matrix.cellLabel', { row: r.index + 1, column: k.name || k.key });
                const status = cellProblem(r.index, k.uid) ? ('error' as const) : undefined;
                if (k.source === 'text')
                  return (
                    <Input
                      value={value}
                      maxLength={LIMITS.keyValue}
                      aria-label={label}
                      status={status}
                      onChange={(e) => change(setKeyValue(draft, r.index, k.uid, e.target.value))}
                      style={{ minWidth: 160 }}
                      data-testid={`matrix-key-${r.index}-${k.key}`}
                    />
                  );
                return (
                  <LookupSelect
                    value={value ? [value] : []}
                    onChange={(ids) => change(setKeyValue(draft, r.index, k.uid, ids[0] ?? ''))}
                    search={searchKeys(k.source)}
                    labelOf={(id) => names.keyLabel(k.source, id)}
                    ariaLabel={label}
                    placeholder={t(`matrix.pick.${k.source}`)}
                    status={status}
                    testId={`matrix-key-${r.index}-${k.key}`}
                  />
                );
              },
            })),
            ...draft.columns.map((c) => ({
              title: c.name || c.key || '—',
              key: `c-${c.uid}`,
              render: (_: unknown, r: { index: number }) => (
                <div style={{ minWidth: 220 }}>
                  <LookupSelect
                    multiple
                    value={draft.rows[r.index].cells[c.uid] ?? []}
                    onChange={(ids) => change(setCell(draft, r.index, c.uid, ids))}
                    search={searchUsers}
                    labelOf={userLabel}
                    ariaLabel={t('matrix.cellLabel', { row: r.index + 1, column: c.name || c.key })}
                    placeholder={t('directory.placeholder')}
                    status={cellProblem(r.index, c.uid) ? 'error' : undefined}
                    testId={`matrix-cell-${r.index}-${c.key}`}
                  />
                </div>
              ),
            })),
            {
              title: t('matrix.actions'),
              key: 'actions',
              fixed: 'right' as const,
              render: (_: unknown, r: { index: number }) => (
                <Space size={0}>
                  <Tooltip title={t('matrix.insertRow')}>
                    <Button
                      type="text"
                      icon={<PlusOutlined />}
                      aria-label={t('matrix.insertRowOf', { row: r.index + 1 })}
                      disabled={draft.rows.length >= LIMITS.rows}
                      onClick={() => change(addRow(draft, r.index))}
                    />
                  </Tooltip>
                  <Tooltip title={t('matrix.copyRow')}>
                    <Button
                      type="text"
                      icon={<CopyOutlined />}
                      aria-label={t('matrix.copyRowOf', { row: r.index + 1 })}
                      disabled={draft.rows.length >= LIMITS.rows}
                      onClick={() => change(copyRow(draft, r.index))}
                      data-testid={`matrix-copy-${r.index}`}
                    />
                  </Tooltip>
                  <Tooltip title={t('matrix.removeRow')}>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('matrix.removeRowOf', { row: r.index + 1 })}
                      onClick={() => change(removeRow(draft, r.index))}
                      data-testid={`matrix-remove-${r.index}`}
                    />
                  </Tooltip>
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
