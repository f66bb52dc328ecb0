// <DefinitionList>: a definition's list page. Columns and filters come from the list settings;
// paging, sorting and filtering happen on the server through `fetchPage` (spec §3 paged result),
// with antd's Pagination under the rows: page 1 and 20 rows by default, 10/20/30/50, 5 pager
// buttons below 992 px and 7 from there (antd's `showLessItems`).
// From the tablet width up (VIEWPORT.tabletMinPx, usePhone) the rows are an ag-grid (ListGrid,
// loaded on demand) with the filter bar above it; below it (issue 17) they are cards (ListCards:
// the first columns, the status tag, the row's actions, a tap opens the row), the filters sit in
// a drawer behind a 筛选 button that counts the active ones, the toolbar wraps and the pager is
// antd's simple one with thumb-sized targets (thumbPager). A phone never downloads the grid.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Button, DatePicker, Drawer, Input, Pagination, Select, Space, Spin } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { APPROVAL_STATUS, PAGINATION, TC, isTypeCode, typeInfo, type FormDefinition, type ListSettings, type Locale } from '../../schemas';
import { localized, type SessionUser } from '../engine';
import { getWidget } from '../../widgets/registry';
import type { WidgetProps, WidgetServices } from '../../widgets/types';
import { usePhone } from '../../widgets/shared/viewport';
import { useRuntimeT } from '../i18n';
import { defaultListSettings, filterField, listColumns, type ListRow } from './columns';
import { toFilters, type ListFilter } from './filters';
import { buildExportTable, downloadBytes, exportTableToXlsx } from './excel';
import { modeOfAction, type RowAction } from './rowActions';
import ListCards from './ListCards';
import { thumbPager, useNarrow } from './thumbPager';
import type { FormMode } from '../../schemas';
import './list.css';

const ListGrid = lazy(() => import('./ListGrid'));

export interface ListQuery {
  page: number;
  limit: number;
  sort?: string;
  order?: 'asc' | 'desc';
  filters: ListFilter[];
}
export interface ListPage {
  pageSize: number;
  rows: ListRow[];
  totalRecord: number;
  currentPage: number;
  totalIsEstimate?: boolean;
}

export interface DefinitionListProps {
  definition: FormDefinition;
  /** defaults to the definition's `list` settings (or number/first fields/creator/date) */
  settings?: ListSettings;
  fetchPage: (query: ListQuery) => Promise<ListPage>;
  user: SessionUser;
  locale?: Locale;
  /** the row actions the page offers (view, modify, delete); each row shows those it allows */
  actions?: readonly RowAction[];
  /** a row action: `mode` is the form mode to open (1 or 4 for modify, 2 for view) */
  onRowAction?: (action: RowAction, row: ListRow, mode: FormMode) => unknown;
  /** change it to reload the current page */
  reloadKey?: unknown;
  /** file name of the Excel export (without extension); defaults to the definition's name */
  exportName?: string;
  /** rows of one Excel export at most */
  exportLimit?: number;
  /** master-data search for picker filters (the same services the form gets) */
  services?: WidgetServices;
}

const DATE_KEYS = new Set(['rowCreateDate', 'rowModDate', 'tiJiaoLiuChengTime', 'liuChengGuiDangTime']);
const EXPORT_PAGE = 50;

export { useNarrow };

const NO_SERVICES: WidgetServices = {};

function FilterControl({
  def,
  filter,
  value,
  onChange,
  locale,
  services,
}: {
  def: FormDefinition;
  filter: NonNullable<ListSettings['filters']>[number];
  value: unknown;
  onChange: (v: unknown) => void;
  locale: Locale;
  services: WidgetServices;
}) {
  const t = useRuntimeT(locale);
  const field = filterField(def, filter.key);
  const id = `fw-filter-${filter.key}`;
  const isDate = DATE_KEYS.has(filter.key) || field?.type === TC.DATE;
  const options =
    filter.key === 'shenPiZhuangTai'
      ? Object.values(APPROVAL_STATUS).map((s) => ({ value: s.code, label: s.name[locale] }))
      : field?.options?.map((o) => ({ value: o.value, label: localized(o.label, locale) }));
  const picker = field && isTypeCode(field.type) && typeInfo(field.type).source !== null;
  if (picker && field && (filter.op === 'eq' || filter.op === 'in')) {
    const Widget = getWidget(field.type)?.Widget as unknown as React.ComponentType<WidgetProps<unknown>> | undefined;
    if (Widget) {
      const f = filter.op === 'in' ? { ...field, dataSource: { ...field.dataSource, multiple: true } } : field;
      return (
        <span style={{ display: 'inline-block', minWidth: 200 }}>
          <Widget id={id} field={f} value={value} onChange={onChange} locale={locale} services={services} />
        </span>
      );
    }
  }
  if (isDate && filter.op === 'range') {
    const v = (value as [string, string] | undefined) ?? undefined;
    return (
      <DatePicker.RangePicker
        id={id}
        value={v ? [v[0] ? dayjs(v[0]) : null, v[1] ? dayjs(v[1]) : null] : null}
        placeholder={[t('list.from'), t('list.to')]}
        onChange={(d: [Dayjs | null, Dayjs | null] | null) => onChange(d ? [d[0]?.format('YYYY-MM-DD') ?? '', d[1]?.format('YYYY-MM-DD') ?? ''] : undefined)}
      />
    );
  }
  if (isDate) {
    return (
      <DatePicker id={id} value={value ? dayjs(value as string) : null} onChange={(d: Dayjs | null) => onChange(d ? d.format('YYYY-MM-DD') : undefined)} />
    );
  }
  if (options) {
    return (
      <Select
        id={id}
        allowClear
        style={{ minWidth: 160 }}
        mode={filter.op === 'in' ? 'multiple' : undefined}
        options={options}
        value={value as string | string[] | undefined}
        onChange={(v) => onChange(v)}
      />
    );
  }
  if (filter.op === 'range') {
    const v = (value as [string, string] | undefined) ?? ['', ''];
    return (
      <Space.Compact>
        <Input id={id} style={{ width: 110 }} placeholder={t('list.from')} value={v[0]} onChange={(e) => onChange([e.target.value, v[1]])} />
        <Input
          style={{ width: 110 }}
          placeholder={t('list.to')}
          aria-label={`${t('list.to')}`}
          value={v[1]}
          onChange={(e) => onChange([v[0], e.target.value])}
        />
      </Space.Compact>
    );
  }
  return (
    <Input id={id} allowClear style={{ width: 180 }} value={(value as string | undefined) ?? ''} onChange={(e) => onChange(e.target.value || undefined)} />
  );
}

export function DefinitionList(props: DefinitionListProps) {
  const {
    definition,
    fetchPage,
    user,
    locale = 'zh-CN',
    actions = ['view', 'modify', 'delete'],
    onRowAction,
    reloadKey,
    exportLimit = 10_000,
    services = NO_SERVICES,
  } = props;
  const t = useRuntimeT(locale);
  const settings = useMemo(() => props.settings ?? definition.list ?? defaultListSettings(definition), [props.settings, definition]);
  const columns = useMemo(() => listColumns(definition, settings, locale), [definition, settings, locale]);
  const narrow = useNarrow();
  const phone = usePhone();

  const [page, setPage] = useState<number>(PAGINATION.defaultPage);
  const [pageSize, setPageSize] = useState<number>(settings.pageSize ?? PAGINATION.defaultPageSize);
  const [sort, setSort] = useState<{ key: string; order: 'asc' | 'desc' } | null>(settings.defaultSort ?? null);
  const [draftFilters, setDraftFilters] = useState<Record<string, unknown>>({});
  const [filters, setFilters] = useState<ListFilter[]>([]);
  const [filterOpen, setFilterOpen] = useState(false);
  const [rows, setRows] = useState<ListRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [reloads, setReloads] = useState(0);
  const requestNo = useRef(0);

  useEffect(() => {
    const no = ++requestNo.current;
    setLoading(true);
    setError(null);
    const query: ListQuery = { page, limit: pageSize, filters, ...(sort ? { sort: sort.key, order: sort.order } : {}) };
    fetchPage(query).then(
      (res) => {
        if (no !== requestNo.current) return;
        setRows(res.rows.map((r) => ({ ...r, rowClick: r.rowClick === 1 ? 1 : 0 })));
        setTotal(res.totalRecord);
        setLoading(false);
      },
      (e: unknown) => {
        if (no !== requestNo.current) return;
        setRows([]);
        setLoading(false);
        if (!(e as { handled?: boolean })?.handled) setError(t('list.loadFailed', { msg: (e as Error)?.message ?? '' }));
      },
    );
  }, [fetchPage, page, pageSize, sort, filters, reloadKey, reloads, t]);

  const onAction = useCallback(
    async (a: RowAction, row: ListRow) => {
      await onRowAction?.(a, row, modeOfAction(a, row));
      if (a === 'delete' || a === 'void') setReloads((n) => n + 1);
    },
    [onRowAction],
  );
  const rowAction = useCallback((a: RowAction, row: ListRow) => void onAction(a, row), [onAction]);

  const onSort = useCallback((s: { key: string; order: 'asc' | 'desc' } | null) => {
    setSort(s);
    setPage(1);
  }, []);

  const toggleRow = useCallback((id: string | undefined) => {
    setRows((rs) => rs.map((r) => (r.id === id ? { ...r, rowClick: r.rowClick === 1 ? 0 : 1 } : r)));
  }, []);

  const search = () => {
    setFilters(toFilters(settings, draftFilters));
    setPage(1);
    setFilterOpen(false);
  };
  const reset = () => {
    setDraftFilters({});
    setFilters([]);
    setPage(1);
    setFilterOpen(false);
  };
  // Enter in a filter's text input runs the search (a select or picker keeps Enter for itself)
  const onFilterKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (
      e.key !== 'Enter' ||
      e.nativeEvent.isComposing ||
      !(target instanceof HTMLInputElement) ||
      target.getAttribute('role') === 'combobox' ||
      target.closest('.ant-picker')
    )
      return;
    e.preventDefault();
    search();
  };

  const exportExcel = async () => {
    setExporting(true);
    try {
      const all: ListRow[] = [];
      for (let p = 1; all.length < exportLimit; p++) {
        const res = await fetchPage({ page: p, limit: EXPORT_PAGE, filters, ...(sort ? { sort: sort.key, order: sort.order } : {}) });
        all.push(...res.rows);
        if (res.rows.length < EXPORT_PAGE || all.length >= res.totalRecord) break;
      }
      const name = props.exportName ?? localized(definition.name, locale);
      const bytes = await exportTableToXlsx(buildExportTable(columns, all.slice(0, exportLimit), locale), name);
      downloadBytes(bytes, `${name}-${dayjs().format('YYYYMMDDHHmmss')}.xlsx`);
    } catch (e) {
      if (!(e as { handled?: boolean })?.handled) setError(t('list.loadFailed', { msg: (e as Error)?.message ?? '' }));
    } finally {
      setExporting(false);
    }
  };

  const filterDefs = settings.filters ?? [];
  const filterItems = filterDefs.map((f) => {
    const field = filterField(definition, f.key);
    const label = f.label
      ? localized(f.label, locale)
      : field
        ? localized(field.label, locale)
        : (listColumns(definition, { columns: [{ key: f.key }] }, locale)[0]?.label ?? f.key);
    return (
      <span key={f.key} className="fw-filter-item" style={phone ? undefined : { display: 'inline-flex', alignItems: 'center', gap: 6 }}>
        <label htmlFor={`fw-filter-${f.key}`}>{label}</label>
        <FilterControl
          def={definition}
          filter={f}
          value={draftFilters[f.key]}
          locale={locale}
          services={services}
          onChange={(v) => setDraftFilters((d) => ({ ...d, [f.key]: v }))}
        />
      </span>
    );
  });
  const searchButton = (
    <Button type="primary" onClick={search} data-testid="list-search">
      {t('list.search')}
    </Button>
  );
  const resetButton = (
    <Button onClick={reset} data-testid="list-reset">
      {t('list.reset')}
    </Button>
  );
  const exportButton = (
    <Button onClick={() => void exportExcel()} loading={exporting} data-testid="list-export">
      {t('list.exportExcel')}
    </Button>
  );
  const rowActionsOffered = actions.length && onRowAction ? actions : undefined;

  return (
    <div className={`fw-definition-list${phone ? ' fw-definition-list-phone' : ''}`} data-testid="definition-list" data-loading={loading ? 'true' : 'false'}>
      {phone ? (
        <div className="fw-list-toolbar" data-testid="list-toolbar">
          {filterDefs.length ? (
            <Button icon={<FilterOutlined />} onClick={() => setFilterOpen(true)} data-testid="list-filter-open" aria-haspopup="dialog">
              {t('list.filter')}
              {filters.length ? (
                <Badge
                  count={filters.length}
                  size="small"
                  color="#1677ff"
                  data-testid="list-filter-count"
                  aria-label={t('list.activeFilters', { count: filters.length })}
                />
              ) : null}
            </Button>
          ) : null}
          {exportButton}
        </div>
      ) : (
        <>
          {filterDefs.length ? (
            <div
              className="fw-filter-bar"
              data-testid="filter-bar"
              onKeyDown={onFilterKeyDown}
              style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', marginBottom: 12 }}
            >
              {filterItems}
              <Space>
                {searchButton}
                {resetButton}
              </Space>
            </div>
          ) : null}
          <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>{exportButton}</div>
        </>
      )}
      {phone && filterDefs.length ? (
        <Drawer
          open={filterOpen}
          onClose={() => setFilterOpen(false)}
          placement="bottom"
          size="auto"
          title={t('list.filter')}
          rootClassName="fw-filter-drawer"
          styles={{ body: { maxHeight: '70vh', overflowY: 'auto' } }}
          footer={
            <div className="fw-filter-drawer-foot">
              {resetButton}
              {searchButton}
            </div>
          }
        >
          <div data-testid="list-filter-drawer" onKeyDown={onFilterKeyDown}>
            {filterItems}
          </div>
        </Drawer>
      ) : null}
      {error ? (
        <Alert
          type="error"
          showIcon
          title={error}
          style={{ marginBottom: 8 }}
          data-testid="list-error"
          action={
            <Button size="small" onClick={() => setReloads((n) => n + 1)} data-testid="list-retry">
              {t('list.retry')}
            </Button>
          }
        />
      ) : null}
      {phone ? (
        <ListCards
          rows={rows}
          columns={columns}
          locale={locale}
          user={user}
          loading={loading}
          actions={rowActionsOffered}
          onAction={rowAction}
          onToggle={toggleRow}
        />
      ) : (
        <Suspense fallback={<Spin data-testid="list-grid-loading" style={{ display: 'block', margin: '48px auto' }} />}>
          <ListGrid
            rows={rows}
            columns={columns}
            locale={locale}
            user={user}
            loading={loading}
            pageSize={pageSize}
            initialSort={sort}
            onSort={onSort}
            actions={rowActionsOffered}
            onAction={rowAction}
            onToggle={toggleRow}
          />
        </Suspense>
      )}
      <div style={{ display: 'flex', justifyContent: phone ? 'center' : 'flex-end', marginTop: 12 }}>
        <Pagination
          data-testid="list-pagination"
          current={page}
          pageSize={pageSize}
          total={total}
          showSizeChanger
          {...thumbPager(phone, narrow)}
          pageSizeOptions={[...PAGINATION.pageSizes]}
          showTotal={(n) => t('list.total', { total: n })}
          onChange={(p, size) => {
            if (size !== pageSize) {
              setPageSize(size);
              setPage(1);
            } else setPage(p);
          }}
        />
      </div>
    </div>
  );
}
