// A sub-form (99997) as a detail table: one row per record row, one column per column field,
// column totals under it. Each cell subscribes to its own path, so typing in one cell renders
// that cell (and what the store reports changed) only. Long tables are virtualised. Cells are
// drawn by the `cells` host (the registry's widgets; see cells.ts).
// Below the tablet width (usePhone) the rows are cards instead (DetailCards.tsx), over the same
// store, the same Cell (`card` layout) and the same totals.
import { memo, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Button } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { TC, columnsOf, holdsValue, type FieldDefinition, type Locale } from '../../schemas';
import { Decimal, toDecimal } from '../../schemas/logic/decimal';
import { formatAmount, formatDecimal, formatInteger } from '../format';
import { localText as localized, useWidgetT } from '../i18n';
import type { WidgetServices } from '../types';
import type { CellHost } from './cells';
import { DetailCards } from './DetailCards';
import { useParamContext } from './dependencies';
import { usePhone } from '../shared/viewport';
import { inputId as cellId, useFieldError, useFieldState, useFieldValue, useRowIds, type FieldSource } from './source';

/** From this many rows on, only the rows in view are rendered. */
export const VIRTUALIZE_FROM = 60;
const ROW_HEIGHT = 48;
const COL_WIDTH = 180;
const NO_WIDTH = 56;
const ACTION_WIDTH = 72;

const srOnly: CSSProperties = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' };
const cellStyle: CSSProperties = { width: COL_WIDTH, flex: `0 0 ${COL_WIDTH}px`, padding: '6px 8px', boxSizing: 'border-box' };
const rowStyle: CSSProperties = { display: 'flex', alignItems: 'flex-start', borderBottom: '1px solid #f0f0f0', minHeight: ROW_HEIGHT };
const headStyle: CSSProperties = { ...rowStyle, background: '#fafafa', fontWeight: 500, alignItems: 'center' };

export interface DetailTableProps {
  source: FieldSource;
  field: FieldDefinition;
  locale: Locale;
  services: WidgetServices;
  /** draws each cell's widget (the registry's `registryCells`) */
  cells: CellHost;
  /** print view: cells as Views, no row actions */
  forceView?: boolean;
}

function HeaderCell({ source, path, column, locale }: { source: FieldSource; path: string; column: FieldDefinition; locale: Locale }) {
  const state = useFieldState(source, path);
  if (!state.visible) return null;
  return (
    <div role="columnheader" style={cellStyle} data-testid={`col-${path}`}>
      {state.required ? (
        <span className="fw-required" aria-hidden="true" style={{ color: '#cf1322', marginInlineEnd: 4 }} data-testid="required-asterisk">
          *
        </span>
      ) : null}
      {localized(column.label, locale)}
    </div>
  );
}

/** One cell of a row: the column's Widget (or View) at `subForm.index.column`, the table's and the cards' alike. */
export const Cell = memo(function Cell({
  source,
  subForm,
  index,
  column,
  locale,
  services,
  cells,
  forceView,
  rowColumns,
  card,
}: {
  source: FieldSource;
  subForm: string;
  index: number;
  column: FieldDefinition;
  locale: Locale;
  services: WidgetServices;
  cells: CellHost;
  forceView: boolean;
  /** the sub-form's columns by key (a column's param references read its row first) */
  rowColumns: ReadonlyMap<string, FieldDefinition>;
  /** a phone's card (DetailCards): the label shown above the input, the field the card's width */
  card?: boolean;
}) {
  const colPath = `${subForm}.${column.key}`;
  const dep = useParamContext(source, column, locale, { path: `${subForm}.${index}`, columns: rowColumns });
  const path = `${subForm}.${index}.${column.key}`;
  const state = useFieldState(source, colPath);
  const value = useFieldValue(source, path);
  const error = useFieldError(source, path);
  const onChange = useCallback((v: unknown) => source.change(path, v), [source, path]);
  if (!state.visible) return null;
  const def = cells.widgetOf(column.type);
  if (!def) return card ? null : <div role="cell" style={cellStyle} />;
  const id = cellId(path);
  const label = `${localized(column.label, locale)} ${index + 1}`;
  if (card) {
    // label above, the row's number for screen readers only ("数量 2", as in the table)
    const name = localized(column.label, locale);
    const readOnly = !state.editable || forceView;
    const View = def.View;
    const Widget = def.Widget;
    return (
      <div className="fw-detail-card-field" data-testid={`cell-${path}`}>
        {readOnly ? (
          <div className="fw-detail-card-label" id={`${id}-label`}>
            {name}
          </div>
        ) : (
          <div className="fw-detail-card-label">
            {state.required ? (
              <span className="fw-required" aria-hidden="true" style={{ color: '#cf1322', marginInlineEnd: 4 }}>
                *
              </span>
            ) : null}
            <label htmlFor={id}>
              {name}
              <span style={srOnly}> {index + 1}</span>
            </label>
          </div>
        )}
        {readOnly ? (
          <div className="fw-detail-card-value" aria-labelledby={`${id}-label`} role="group">
            <View field={column} value={value} locale={locale} services={services} />
          </div>
        ) : (
          <Widget
            id={id}
            field={column}
            value={value}
            onChange={onChange}
            required={state.required}
            error={error}
            locale={locale}
            services={services}
            {...dep}
          />
        )}
        {error ? (
          <div id={`${id}-error`} role="alert" style={{ color: '#cf1322', fontSize: 12, marginTop: 2 }} data-testid={`error-${path}`}>
            {error}
          </div>
        ) : null}
      </div>
    );
  }
  if (!state.editable || forceView) {
    const View = def.View;
    return (
      <div role="cell" style={cellStyle} data-testid={`cell-${path}`} aria-label={label}>
        <View field={column} value={value} locale={locale} services={services} />
      </div>
    );
  }
  const Widget = def.Widget;
  return (
    <div role="cell" style={{ ...cellStyle, position: 'relative' }} data-testid={`cell-${path}`}>
      <label htmlFor={id} style={srOnly}>
        {label}
      </label>
      <Widget id={id} field={column} value={value} onChange={onChange} required={state.required} error={error} locale={locale} services={services} {...dep} />
      {error ? (
        <div id={`${id}-error`} role="alert" style={{ color: '#cf1322', fontSize: 12, marginTop: 2 }} data-testid={`error-${path}`}>
          {error}
        </div>
      ) : null}
    </div>
  );
});

const DetailRow = memo(function DetailRow({
  source,
  field,
  columns,
  index,
  editable,
  forceView,
  locale,
  services,
  cells,
  style,
  rowColumns,
}: {
  source: FieldSource;
  field: FieldDefinition;
  columns: FieldDefinition[];
  rowColumns: ReadonlyMap<string, FieldDefinition>;
  index: number;
  editable: boolean;
  forceView: boolean;
  locale: Locale;
  services: WidgetServices;
  cells: CellHost;
  style?: CSSProperties;
}) {
  const t = useWidgetT(locale);
  return (
    <div role="row" style={{ ...rowStyle, ...style }} data-testid={`row-${field.key}-${index}`}>
      <div role="cell" style={{ width: NO_WIDTH, flex: `0 0 ${NO_WIDTH}px`, padding: '10px 8px' }}>
        {index + 1}
      </div>
      {columns.map((c) => (
        <Cell
          key={c.key}
          source={source}
          subForm={field.key}
          index={index}
          column={c}
          locale={locale}
          services={services}
          cells={cells}
          forceView={forceView}
          rowColumns={rowColumns}
        />
      ))}
      {editable ? (
        <div role="cell" style={{ width: ACTION_WIDTH, flex: `0 0 ${ACTION_WIDTH}px`, padding: '6px 8px' }}>
          <Button
            type="text"
            danger
            size="small"
            icon={<DeleteOutlined />}
            aria-label={`${t('detailTable.removeRow')} ${index + 1}`}
            data-testid={`remove-row-${field.key}-${index}`}
            onClick={() => source.removeRow(field.key, index)}
          />
        </div>
      ) : null}
    </div>
  );
});

/**
 * A column's running sum: each row's cell as a Decimal (null: not a number), the sum of the
 * numbers and how many are not. A cell's change adjusts the sum by the difference — a key in a
 * 500-row table parses one cell, not 500 — and is exact (decimal arithmetic, `toDecimal` as in
 * `sum`); rows added, removed or replaced rebuild it.
 */
interface ColumnSum {
  cells: (Decimal | null)[];
  acc: Decimal;
  bad: number;
}
function columnSum(rows: readonly Record<string, unknown>[], key: string): ColumnSum {
  const s: ColumnSum = { cells: [], acc: new Decimal(0), bad: 0 };
  for (const r of rows) {
    const d = toDecimal(r[key]);
    s.cells.push(d);
    if (d) s.acc = s.acc.plus(d);
    else s.bad++;
  }
  return s;
}
function setCell(s: ColumnSum, row: number, value: unknown) {
  const old = s.cells[row];
  const next = toDecimal(value);
  if (old) s.acc = s.acc.minus(old);
  else s.bad--;
  if (next) s.acc = s.acc.plus(next);
  else s.bad++;
  s.cells[row] = next;
}

/** Column totals (`field.totals`) as formatted texts by column key, following a cell of the column or the rows when they change. */
export function useTotals(
  source: FieldSource,
  field: FieldDefinition,
  columns: FieldDefinition[],
): { totals: ReadonlySet<string>; values: Record<string, string> } {
  const totals = new Set(field.totals ?? []);
  const sums = useRef<Map<string, ColumnSum>>(new Map());
  const texts = useCallback(() => {
    const out: Record<string, string> = {};
    for (const [key, s] of sums.current) {
      const col = columns.find((c) => c.key === key);
      out[key] =
        s.bad > 0
          ? ''
          : col?.type === TC.INTEGER && !col.money
            ? formatInteger(s.acc.toFixed(0))
            : col?.money || col?.precision === undefined
              ? formatAmount(s.acc.toFixed())
              : formatDecimal(s.acc.toFixed(), col.precision);
    }
    return out;
  }, [columns]);
  const compute = useCallback(() => {
    const rows = (source.getValue(field.key) as Record<string, unknown>[] | undefined) ?? [];
    sums.current = new Map([...totals].map((key) => [key, columnSum(rows, key)]));
    return texts();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, field.key, texts]);
  const [values, setValues] = useState(compute);
  useEffect(
    () =>
      source.onChange((changed) => {
        const prefix = `${field.key}.`;
        let cells = false;
        for (const p of changed) {
          if (p !== field.key && !(p.startsWith(prefix) && totals.has(p.slice(p.lastIndexOf('.') + 1)))) continue;
          // one cell (`detail.3.amount`) of a summed column: by the difference; anything else
          // (the rows, a column's state) rebuilds
          const row = p.slice(prefix.length, p.lastIndexOf('.'));
          const s = sums.current.get(p.slice(p.lastIndexOf('.') + 1));
          if (p === field.key || !/^\d+$/.test(row) || !s || Number(row) >= s.cells.length) {
            setValues(compute());
            return;
          }
          setCell(s, Number(row), source.getValue(p));
          cells = true;
        }
        if (cells) setValues(texts());
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [source, compute, field.key],
  );
  return { totals, values };
}

/** Column totals (`field.totals`), recomputed when a cell of the column or the rows change. */
function Totals({
  source,
  field,
  columns,
  editable,
  locale,
}: {
  source: FieldSource;
  field: FieldDefinition;
  columns: FieldDefinition[];
  editable: boolean;
  locale: Locale;
}) {
  const t = useWidgetT(locale);
  const { totals, values } = useTotals(source, field, columns);
  if (totals.size === 0) return null;
  return (
    <div role="row" style={{ ...headStyle, background: '#fffbe6' }} data-testid={`totals-${field.key}`}>
      <div role="cell" style={{ width: NO_WIDTH, flex: `0 0 ${NO_WIDTH}px`, padding: '6px 8px' }}>
        {t('detailTable.total')}
      </div>
      {columns.map((c) => (
        <TotalCell key={c.key} source={source} path={`${field.key}.${c.key}`} text={values[c.key] ?? ''} />
      ))}
      {editable ? <div style={{ width: ACTION_WIDTH, flex: `0 0 ${ACTION_WIDTH}px` }} /> : null}
    </div>
  );
}
function TotalCell({ source, path, text }: { source: FieldSource; path: string; text: string }) {
  const state = useFieldState(source, path);
  if (!state.visible) return null;
  return (
    <div role="cell" style={{ ...cellStyle, textAlign: 'right' }} data-testid={`total-${path}`}>
      {text}
    </div>
  );
}

/** The detail table; below the tablet width (usePhone) its rows as cards (DetailCards) over the same cells. */
export function DetailTable(props: DetailTableProps) {
  return usePhone() ? <DetailCards {...props} /> : <DetailGrid {...props} />;
}

function DetailGrid({ source, field, locale, services, cells, forceView }: DetailTableProps) {
  const t = useWidgetT(locale);
  const state = useFieldState(source, field.key);
  const rowIds = useRowIds(source, field.key);
  const error = useFieldError(source, field.key);
  const columns = columnsOf(field).filter((c) => holdsValue(c.type));
  const rowColumns = useMemo(() => new Map(columnsOf(field).map((c) => [c.key, c] as const)), [field]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = rowIds.length >= VIRTUALIZE_FROM;
  const virtualizer = useVirtualizer({
    count: virtual ? rowIds.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 4,
    getItemKey: (i) => rowIds[i],
  });
  if (!state.visible) return null;
  const editable = state.editable && !forceView;
  const width = NO_WIDTH + columns.length * COL_WIDTH + (editable ? ACTION_WIDTH : 0);
  return (
    <div className="fw-field fw-detail" data-testid={`field-${field.key}`} style={{ gridColumn: 'span 24', minWidth: 0, marginBottom: 16 }}>
      <div className="fw-field-label" style={{ fontWeight: 500, marginBottom: 4 }} id={`fw-${field.key}-label`}>
        {state.required ? (
          <span className="fw-required" aria-hidden="true" style={{ color: '#cf1322', marginInlineEnd: 4 }}>
            *
          </span>
        ) : null}
        {localized(field.label, locale)}
      </div>
      {/* a scroller without inputs (no rows, or read-only cells) takes the focus itself, so the keyboard can scroll it */}
      <div
        style={{ overflowX: 'auto', border: '1px solid #f0f0f0', borderRadius: 6 }}
        tabIndex={rowIds.length === 0 || !editable ? 0 : undefined}
        role="region"
        aria-labelledby={`fw-${field.key}-label`}
      >
        <div role="table" aria-labelledby={`fw-${field.key}-label`} aria-rowcount={rowIds.length + 1} style={{ minWidth: width }}>
          <div role="row" style={headStyle}>
            <div role="columnheader" style={{ width: NO_WIDTH, flex: `0 0 ${NO_WIDTH}px`, padding: '6px 8px' }}>
              {t('detailTable.rowNo')}
            </div>
            {columns.map((c) => (
              <HeaderCell key={c.key} source={source} path={`${field.key}.${c.key}`} column={c} locale={locale} />
            ))}
            {editable ? (
              <div role="columnheader" style={{ width: ACTION_WIDTH, flex: `0 0 ${ACTION_WIDTH}px`, padding: '6px 8px' }}>
                {t('detailTable.actions')}
              </div>
            ) : null}
          </div>
          {rowIds.length === 0 ? (
            <div style={{ padding: 16, color: 'rgba(0,0,0,0.65)' }} data-testid={`empty-${field.key}`}>
              {t('detailTable.noRows')}
            </div>
          ) : virtual ? (
            <div ref={scrollRef} style={{ maxHeight: 480, overflowY: 'auto' }} data-testid={`scroll-${field.key}`} tabIndex={editable ? undefined : 0}>
              <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
                {virtualizer.getVirtualItems().map((v) => (
                  <DetailRow
                    key={v.key}
                    source={source}
                    field={field}
                    columns={columns}
                    index={v.index}
                    editable={editable}
                    forceView={!!forceView}
                    locale={locale}
                    services={services}
                    cells={cells}
                    rowColumns={rowColumns}
                    style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${v.start}px)`, height: ROW_HEIGHT }}
                  />
                ))}
              </div>
            </div>
          ) : (
            rowIds.map((id, i) => (
              <DetailRow
                key={id}
                source={source}
                field={field}
                columns={columns}
                index={i}
                editable={editable}
                forceView={!!forceView}
                locale={locale}
                services={services}
                cells={cells}
                rowColumns={rowColumns}
              />
            ))
          )}
          <Totals source={source} field={field} columns={columns} editable={editable} locale={locale} />
        </div>
      </div>
      {editable ? (
        <Button type="dashed" icon={<PlusOutlined />} style={{ marginTop: 8 }} data-testid={`add-row-${field.key}`} onClick={() => source.addRow(field.key)}>
          {t('detailTable.addRow')}
        </Button>
      ) : null}
      {error ? (
        <div role="alert" style={{ color: '#cf1322', fontSize: 12, marginTop: 4 }} data-testid={`error-${field.key}`}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
