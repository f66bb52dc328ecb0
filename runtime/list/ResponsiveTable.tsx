// An antd Table that becomes cards on a phone (issue 17), from the same columns: for the list
// pages made by hand (task center, summary approval, monitor, budget pools …). From the tablet
// width up (VIEWPORT.tabletMinPx, usePhone) it is the Table, unchanged. Below it each row is a
// card: the first column (the number, usually a link that opens the row) as its heading, the
// row's checkbox when the table selects, the next `cardFields` columns as label: value, the
// `cardActionKeys` columns (actions) at its foot with 44 px targets; the row's onRow props
// (click, data-testid) go to the card; the table's pagination becomes the thumb-sized pager
// (thumbPager); loading and empty states are kept. Nothing on the card is wider than the screen.
import { isValidElement, useId, type HTMLAttributes, type Key, type ReactNode } from 'react';
import { Checkbox, Empty, Pagination, Skeleton, Table, type TableProps } from 'antd';
import type { ColumnGroupType, ColumnType } from 'antd/es/table';
import { usePhone } from '../../widgets/shared/viewport';
import { thumbPager } from './thumbPager';
import './list.css';

export interface ResponsiveTableProps<T> extends TableProps<T> {
  /** how many columns a card shows after its heading (default 5) */
  cardFields?: number;
  /** columns (by key or dataIndex) shown at the card's foot, e.g. the actions */
  cardActionKeys?: readonly string[];
  'data-testid'?: string;
}

type Row = object;
type Col = ColumnType<Row>;

function flatColumns(cols: TableProps<Row>['columns']): Col[] {
  const out: Col[] = [];
  for (const c of cols ?? []) {
    if ((c as ColumnGroupType<Row>).children) out.push(...flatColumns((c as ColumnGroupType<Row>).children));
    else out.push(c as Col);
  }
  return out;
}

function colId(c: Col, i: number): string {
  if (c.key !== undefined && c.key !== null) return String(c.key);
  if (Array.isArray(c.dataIndex)) return c.dataIndex.join('.');
  if (c.dataIndex !== undefined) return String(c.dataIndex);
  return String(i);
}

function valueOf(row: Row, c: Col): unknown {
  const path = Array.isArray(c.dataIndex) ? c.dataIndex : c.dataIndex === undefined ? [] : [c.dataIndex];
  let v: unknown = row;
  for (const k of path) v = v === null || v === undefined ? undefined : (v as Record<string | number, unknown>)[k as string | number];
  return path.length ? v : undefined;
}

function cellOf(row: Row, c: Col, index: number): ReactNode {
  const v = valueOf(row, c);
  if (c.render) {
    const out = c.render(v, row, index) as unknown;
    // a render may answer { children, props } (cell spans): the card takes the children
    if (out && typeof out === 'object' && !isValidElement(out) && 'children' in (out as object)) return (out as { children: ReactNode }).children;
    return out as ReactNode;
  }
  if (v === null || v === undefined || v === '') return '—';
  return typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | boolean);
}

function titleOf(c: Col): ReactNode {
  return typeof c.title === 'function' ? null : (c.title as ReactNode);
}

type AnyProps = ResponsiveTableProps<Row>;
// antd's Table typed once for any row: spreading a generic TableProps<T> makes TypeScript expand
// the whole props type per row type (the checker runs out of memory)
const AnyTable = Table as unknown as (p: TableProps<Row>) => ReactNode;

export function ResponsiveTable<T extends object>(props: ResponsiveTableProps<T>): ReactNode {
  const phone = usePhone();
  const p = props as unknown as AnyProps;
  if (!phone) {
    const tableProps: Record<string, unknown> = { ...p };
    delete tableProps.cardFields;
    delete tableProps.cardActionKeys;
    return <AnyTable {...(tableProps as TableProps<Row>)} />;
  }
  return <TableCards {...p} />;
}

function TableCards({
  columns,
  dataSource,
  rowKey,
  onRow,
  rowSelection,
  pagination,
  loading,
  locale,
  cardFields = 5,
  cardActionKeys = [],
  'data-testid': testId,
}: AnyProps) {
  const idBase = useId();
  const cols = flatColumns(columns).filter((c) => !c.hidden);
  const [heading, ...rest] = cols;
  const actionCols = rest.filter((c, i) => cardActionKeys.includes(colId(c, i + 1)));
  const fieldCols = rest.filter((c) => !actionCols.includes(c)).slice(0, cardFields);
  const rows = (dataSource ?? []) as readonly Row[];
  const keyOf = (r: Row, i: number): Key =>
    typeof rowKey === 'function' ? rowKey(r, i) : ((r as Record<string, unknown>)[(rowKey as string | undefined) ?? 'key'] as Key);
  const busy = typeof loading === 'object' ? !!loading?.spinning : !!loading;
  const selected = new Set((rowSelection?.selectedRowKeys ?? []).map(String));
  const toggle = (key: Key, on: boolean) => {
    if (!rowSelection?.onChange) return;
    const keys = on ? [...(rowSelection.selectedRowKeys ?? []), key] : (rowSelection.selectedRowKeys ?? []).filter((k) => String(k) !== String(key));
    const chosen = rows.filter((r, i) => keys.map(String).includes(String(keyOf(r, i))));
    rowSelection.onChange(keys, chosen, { type: 'single' });
  };
  const emptyText = typeof locale?.emptyText === 'function' ? locale.emptyText() : (locale?.emptyText ?? <Empty />);

  return (
    <div className="fw-table-cards" data-testid={testId}>
      <ul className="fw-list-cards" aria-busy={busy ? 'true' : 'false'}>
        {busy && !rows.length
          ? [0, 1, 2].map((i) => (
              <li key={i} className="fw-list-card" aria-hidden="true">
                <Skeleton active title paragraph={{ rows: 2 }} />
              </li>
            ))
          : rows.map((row, index) => {
              const key = keyOf(row, index);
              const rowProps = (onRow?.(row, index) ?? {}) as HTMLAttributes<HTMLLIElement> & { 'data-testid'?: string };
              const { className, style: _style, ...liProps } = rowProps;
              const check = rowSelection ? (rowSelection.getCheckboxProps?.(row) ?? {}) : null;
              return (
                <li key={String(key)} {...liProps} className={`fw-list-card${className ? ` ${className}` : ''}`}>
                  <div className="fw-list-card-head fw-table-card-head">
                    {check ? (
                      <label className="fw-table-card-check" onClick={(e) => e.stopPropagation()}>
                        <Checkbox
                          checked={selected.has(String(key))}
                          disabled={check.disabled}
                          aria-label={(check as { 'aria-label'?: string })['aria-label']}
                          // without a label of its own, the checkbox is named by the card's heading
                          aria-labelledby={(check as { 'aria-label'?: string })['aria-label'] ? undefined : `${idBase}-${index}-title`}
                          onChange={(e) => toggle(key, e.target.checked)}
                        />
                      </label>
                    ) : null}
                    <div className="fw-table-card-title" id={`${idBase}-${index}-title`}>
                      {heading ? cellOf(row, heading, index) : null}
                    </div>
                  </div>
                  {fieldCols.length ? (
                    <dl className="fw-list-card-fields">
                      {fieldCols.map((c, i) => (
                        <div key={colId(c, i)} className="fw-list-card-field">
                          <dt>{titleOf(c)}</dt>
                          <dd>{cellOf(row, c, index)}</dd>
                        </div>
                      ))}
                    </dl>
                  ) : null}
                  {actionCols.length ? (
                    <div className="fw-list-card-foot fw-list-card-actions" data-fw-actions="true" onClick={(e) => e.stopPropagation()}>
                      {actionCols.map((c, i) => (
                        <span key={colId(c, i)}>{cellOf(row, c, index)}</span>
                      ))}
                    </div>
                  ) : null}
                </li>
              );
            })}
      </ul>
      {!busy && !rows.length ? <div className="fw-list-cards-empty">{emptyText}</div> : null}
      {pagination ? (
        <div className="fw-table-cards-pager">
          <Pagination {...pagination} {...thumbPager(true, true)} className={`${pagination.className ?? ''} fw-thumb-pager`} />
        </div>
      ) : null}
    </div>
  );
}
