// The desktop body of a definition's list (from the tablet width up): ag-grid (community; only
// the modules used are registered). Loaded on demand by DefinitionList, so a phone, which shows
// cards (ListCards.tsx), never downloads the grid. The server sorts; a row click, or Enter or
// Space on a focused cell, toggles the row's highlight (`rowClick` 0/1).
import { useCallback, useMemo } from 'react';
import { AgGridReact } from 'ag-grid-react';
import {
  CellStyleModule,
  ClientSideRowModelModule,
  RowStyleModule,
  themeQuartz,
  type CellKeyDownEvent,
  type ColDef,
  type ICellRendererParams,
  type RowClickedEvent,
  type SortChangedEvent,
} from 'ag-grid-community';
import { Empty } from 'antd';
import type { Locale } from '../../schemas';
import type { SessionUser } from '../engine';
import { useRuntimeT } from '../i18n';
import { cellText, type ListColumn, type ListRow } from './columns';
import { RowActionButtons } from './RowActionButtons';
import type { RowAction } from './rowActions';

const GRID_MODULES = [ClientSideRowModelModule, RowStyleModule, CellStyleModule];

export interface ListGridProps {
  rows: ListRow[];
  columns: ListColumn[];
  locale: Locale;
  user: SessionUser;
  loading: boolean;
  pageSize: number;
  /** the sort the grid shows first */
  initialSort: { key: string; order: 'asc' | 'desc' } | null;
  onSort: (sort: { key: string; order: 'asc' | 'desc' } | null) => void;
  /** the actions column, when the page offers actions */
  actions?: readonly RowAction[];
  onAction?: (a: RowAction, row: ListRow) => void;
  onToggle: (id: string | undefined) => void;
}

export default function ListGrid({ rows, columns, locale, user, loading, pageSize, initialSort, onSort, actions, onAction, onToggle }: ListGridProps) {
  const t = useRuntimeT(locale);
  const colDefs = useMemo<ColDef<ListRow>[]>(() => {
    const defs: ColDef<ListRow>[] = columns.map((c: ListColumn) => ({
      colId: c.key,
      headerName: c.label,
      valueGetter: (p) => (p.data ? cellText(p.data, c, locale) : ''),
      sortable: c.sortable,
      // the server sorts; the grid keeps the server's order
      comparator: () => 0,
      width: c.width,
      flex: c.width ? undefined : 1,
      minWidth: 100,
      cellStyle: c.numeric ? { textAlign: 'right' } : undefined,
      headerClass: c.numeric ? 'fw-num' : undefined,
      sort: initialSort?.key === c.key ? initialSort.order : undefined,
    }));
    if (actions?.length && onAction) {
      defs.push({
        colId: '__actions',
        headerName: t('list.actions'),
        sortable: false,
        width: 180,
        pinned: 'right',
        cellRenderer: (p: ICellRendererParams<ListRow>) =>
          p.data ? <RowActionButtons row={p.data} user={user} offered={actions} locale={locale} onAction={onAction} /> : null,
      });
    }
    return defs;
    // `initialSort` only seeds the initial sort indicator
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [columns, locale, actions, user, onAction, t]);

  const onSortChanged = useCallback(
    (e: SortChangedEvent<ListRow>) => {
      const s = e.api.getColumnState().find((c) => c.sort);
      onSort(s ? { key: s.colId, order: s.sort as 'asc' | 'desc' } : null);
    },
    [onSort],
  );
  const onRowClicked = useCallback(
    (e: RowClickedEvent<ListRow>) => {
      const target = e.event?.target as HTMLElement | null;
      if (target?.closest?.('[data-fw-actions]')) return;
      onToggle(e.data?.id);
    },
    [onToggle],
  );
  // keyboard: Enter or Space on a focused cell toggles the row's highlight like a click
  const onCellKeyDown = useCallback(
    (e: CellKeyDownEvent<ListRow>) => {
      const ev = e.event as KeyboardEvent | null | undefined;
      if (!ev || (ev.key !== 'Enter' && ev.key !== ' ')) return;
      if ((ev.target as HTMLElement | null)?.closest?.('[data-fw-actions]') || e.column.getColId() === '__actions') return;
      ev.preventDefault();
      onToggle(e.data?.id);
    },
    [onToggle],
  );

  const gridHeight = Math.min(Math.max(rows.length, 3), pageSize) * 42 + 50;
  return (
    <div style={{ height: gridHeight, width: '100%' }} data-testid="list-grid">
      <AgGridReact<ListRow>
        modules={GRID_MODULES}
        theme={themeQuartz}
        rowData={rows}
        columnDefs={colDefs}
        getRowId={(p) => String(p.data.id)}
        rowClassRules={{ 'fw-row-highlight': (p) => p.data?.rowClick === 1 }}
        onRowClicked={onRowClicked}
        onCellKeyDown={onCellKeyDown}
        onSortChanged={onSortChanged}
        loading={loading}
        suppressMultiSort
        rowHeight={42}
        noRowsOverlayComponent={() => <Empty description={t('list.empty')} data-testid="list-empty" />}
        loadingOverlayComponent={() => (
          <span role="status" aria-live="polite" data-testid="list-loading">
            {t('list.loading')}
          </span>
        )}
      />
    </div>
  );
}
