// A sub-form (99997) below the tablet width (issue 17; usePhone, VIEWPORT.tabletMinPx): each row
// a card with its fields stacked — label above the input, the card's full width — with the row's
// number as the card's heading and copy / delete on the card, the column totals in a bar kept at
// the bottom of the screen while the cards are on it, and "add" under them. The same store and
// the same cells as the table (DetailTable's Cell, `card` layout; the column totals hook), so the
// rules, formulas, errors (`mingXi.1.danPin`) and per-path subscriptions are the table's. Long
// tables are virtualised like the table's rows (cards of varying height are measured).
import { memo, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties, type RefObject, type Ref } from 'react';
import { Button } from 'antd';
import { CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { columnsOf, holdsValue, type FieldDefinition, type Locale, type SubFormRow } from '../../schemas';
import { VIEWPORT } from '../../schemas/constants';
import { localText as localized, useWidgetT } from '../i18n';
import type { WidgetServices } from '../types';
import type { CellHost } from './cells';
import { Cell, VIRTUALIZE_FROM, useTotals, type DetailTableProps } from './DetailTable';
import { useFieldError, useFieldState, useRowIds, type FieldSource } from './source';
import './DetailCards.css';

/** estimated heights for the virtualiser (cards are measured once drawn) */
const CARD_FIELD_HEIGHT = 72;
const CARD_CHROME_HEIGHT = 124;
/** the space between two cards */
const CARD_GAP = 12;

const touch: CSSProperties = { minWidth: VIEWPORT.touchTargetPx, minHeight: VIEWPORT.touchTargetPx };

/** what takes the focus once the rows have changed: a card's first field, its heading, or the add button */
type FocusTarget = { index: number; to: 'field' | 'heading' } | { index: -1; to: 'add' };

const FOCUSABLE = 'input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"]), button:not([disabled])';

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * Copy row `index` to a new row at the end through the store's own operations (add a row, then
 * type each editable column's value), so the rules, formulas and checks run as when a user types.
 * A column whose picker reads another (brand → product) is cleared when the one it reads is
 * written after it; it is written again until the new row holds the copy.
 */
export function copyRow(source: FieldSource, subForm: string, index: number, columns: readonly FieldDefinition[]): number | null {
  const from = ((source.getValue(subForm) as SubFormRow[] | undefined) ?? [])[index];
  if (!from) return null;
  const before = source.getRowIds(subForm).length;
  source.addRow(subForm);
  if (source.getRowIds(subForm).length !== before + 1) return null;
  for (let pass = 0; pass <= columns.length; pass++) {
    let wrote = false;
    for (const c of columns) {
      const want = from[c.key];
      const path = `${subForm}.${before}.${c.key}`;
      if (want === undefined || !source.getState(`${subForm}.${c.key}`).editable || same(source.getValue(path), want)) continue;
      source.change(path, JSON.parse(JSON.stringify(want)));
      wrote = true;
    }
    if (!wrote) break;
  }
  return before;
}

const Card = memo(function Card({
  source,
  field,
  columns,
  rowColumns,
  index,
  count,
  editable,
  forceView,
  locale,
  services,
  cells,
  onCopy,
  onRemove,
  style,
  measure,
}: {
  source: FieldSource;
  field: FieldDefinition;
  columns: FieldDefinition[];
  rowColumns: ReadonlyMap<string, FieldDefinition>;
  index: number;
  count: number;
  editable: boolean;
  forceView: boolean;
  locale: Locale;
  services: WidgetServices;
  cells: CellHost;
  onCopy: (index: number) => void;
  onRemove: (index: number) => void;
  style?: CSSProperties;
  measure?: Ref<HTMLDivElement>;
}) {
  const t = useWidgetT(locale);
  const titleId = `fw-${field.key}-card-${index}`;
  const row = index + 1;
  return (
    <div
      role="listitem"
      className="fw-detail-card-slot"
      data-testid={`row-${field.key}-${index}`}
      data-index={index}
      aria-posinset={row}
      aria-setsize={count}
      aria-labelledby={titleId}
      style={style}
      ref={measure}
    >
      <div className="fw-detail-card">
        <h3 className="fw-detail-card-title" id={titleId} tabIndex={-1}>
          {t('detailTable.rowTitle', { row })}
        </h3>
        <div className="fw-detail-card-fields">
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
              card
            />
          ))}
        </div>
        {editable ? (
          <div className="fw-detail-card-actions">
            <Button
              icon={<CopyOutlined />}
              style={touch}
              aria-label={t('detailTable.copyRowOf', { row })}
              data-testid={`copy-row-${field.key}-${index}`}
              onClick={() => onCopy(index)}
            >
              {t('detailTable.copyRow')}
            </Button>
            <Button
              danger
              icon={<DeleteOutlined />}
              style={touch}
              aria-label={t('detailTable.removeRowOf', { row })}
              data-testid={`remove-row-${field.key}-${index}`}
              onClick={() => onRemove(index)}
            >
              {t('detailTable.removeRow')}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
});

/**
 * True while the cards are on the screen but the totals bar's own place (`anchor`) is below it:
 * the bar is then also shown fixed at the bottom of the screen. (The bar is `position: sticky`
 * too, which does this alone unless an ancestor clips overflow, e.g. antd's Watermark.)
 */
function useTotalsFloat(list: RefObject<HTMLElement | null>, anchor: RefObject<HTMLElement | null>, rows: number): boolean {
  const [float, setFloat] = useState(false);
  const hasRows = rows > 0;
  useEffect(() => {
    const l = list.current;
    const a = anchor.current;
    if (!hasRows || !l || !a || typeof IntersectionObserver === 'undefined') return;
    let listIn = false;
    let anchorBelow = false;
    const io = new IntersectionObserver((entries) => {
      for (const e of entries) {
        if (e.target === l) listIn = e.isIntersecting;
        else anchorBelow = !e.isIntersecting && e.boundingClientRect.top >= (e.rootBounds?.bottom ?? window.innerHeight);
      }
      setFloat(listIn && anchorBelow);
    });
    io.observe(l);
    io.observe(a);
    return () => {
      io.disconnect();
      setFloat(false);
    };
  }, [list, anchor, hasRows]);
  return float;
}

/**
 * The column totals as a bar under the cards, kept on the screen while the cards are: sticky at
 * the bottom, or a fixed copy there (aria-hidden: the bar in its place is the one read out).
 */
function TotalsBar({
  source,
  field,
  columns,
  locale,
  list,
  rows,
}: {
  source: FieldSource;
  field: FieldDefinition;
  columns: FieldDefinition[];
  locale: Locale;
  list: RefObject<HTMLElement | null>;
  rows: number;
}) {
  const t = useWidgetT(locale);
  const { totals, values } = useTotals(source, field, columns);
  const anchor = useRef<HTMLDivElement>(null);
  const float = useTotalsFloat(list, anchor, totals.size ? rows : 0);
  if (totals.size === 0) return null;
  const items = (testIds: boolean) =>
    columns
      .filter((c) => totals.has(c.key))
      .map((c) => (
        <TotalItem key={c.key} source={source} path={`${field.key}.${c.key}`} label={localized(c.label, locale)} text={values[c.key] ?? ''} testId={testIds} />
      ));
  return (
    <>
      <div ref={anchor} className="fw-detail-cards-totals" data-testid={`totals-${field.key}`} style={{ position: 'sticky', bottom: 0 }}>
        <span className="fw-detail-cards-totals-title">{t('detailTable.total')}</span>
        {items(true)}
      </div>
      {float ? (
        <div className="fw-detail-cards-totals fw-detail-cards-totals-float" data-testid={`totals-float-${field.key}`} aria-hidden="true">
          <span className="fw-detail-cards-totals-title">{t('detailTable.total')}</span>
          {items(false)}
        </div>
      ) : null}
    </>
  );
}
function TotalItem({ source, path, label, text, testId }: { source: FieldSource; path: string; label: string; text: string; testId: boolean }) {
  const state = useFieldState(source, path);
  if (!state.visible) return null;
  return (
    <span className="fw-detail-cards-total">
      <span className="fw-detail-cards-total-label">{label}</span> <span data-testid={testId ? `total-${path}` : undefined}>{text}</span>
    </span>
  );
}

export function DetailCards({ source, field, locale, services, cells, forceView }: DetailTableProps) {
  const t = useWidgetT(locale);
  const state = useFieldState(source, field.key);
  const rowIds = useRowIds(source, field.key);
  const error = useFieldError(source, field.key);
  const columns = useMemo(() => columnsOf(field).filter((c) => holdsValue(c.type)), [field]);
  const rowColumns = useMemo(() => new Map(columnsOf(field).map((c) => [c.key, c] as const)), [field]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const pendingFocus = useRef<FocusTarget | null>(null);
  const virtual = rowIds.length >= VIRTUALIZE_FROM;
  const virtualizer = useVirtualizer({
    count: virtual ? rowIds.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CARD_CHROME_HEIGHT + columns.length * CARD_FIELD_HEIGHT + CARD_GAP,
    overscan: 2,
    getItemKey: (i) => rowIds[i],
  });

  // once the rows have changed (added, copied, removed): bring the card in and focus what was asked
  useEffect(() => {
    const want = pendingFocus.current;
    if (!want) return;
    if (want.to === 'add') {
      pendingFocus.current = null;
      addRef.current?.focus();
      return;
    }
    if (want.index >= rowIds.length) return;
    if (virtual) virtualizer.scrollToIndex(want.index, { align: 'start' });
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      const card = listRef.current?.querySelector<HTMLElement>(`[data-index="${want.index}"]`);
      const target =
        want.to === 'heading'
          ? card?.querySelector<HTMLElement>('.fw-detail-card-title')
          : card?.querySelector<HTMLElement>(`.fw-detail-card-fields :is(${FOCUSABLE})`);
      if (target) {
        pendingFocus.current = null;
        target.focus();
      } else if (++tries < 20) frame = requestAnimationFrame(attempt);
      else pendingFocus.current = null;
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [rowIds, virtual, virtualizer]);

  const onCopy = useCallback(
    (index: number) => {
      const at = copyRow(source, field.key, index, columns);
      if (at !== null) pendingFocus.current = { index: at, to: 'heading' };
    },
    [source, field.key, columns],
  );
  const onRemove = useCallback(
    (index: number) => {
      const left = source.getRowIds(field.key).length - 1;
      pendingFocus.current = left > 0 ? { index: Math.min(index, left - 1), to: 'heading' } : { index: -1, to: 'add' };
      source.removeRow(field.key, index);
    },
    [source, field.key],
  );
  const onAdd = useCallback(() => {
    const before = source.getRowIds(field.key).length;
    source.addRow(field.key);
    if (source.getRowIds(field.key).length > before) pendingFocus.current = { index: before, to: 'field' };
  }, [source, field.key]);

  if (!state.visible) return null;
  const editable = state.editable && !forceView;
  const labelId = `fw-${field.key}-label`;
  const card = (index: number, style?: CSSProperties, measure?: Ref<HTMLDivElement>) => (
    <Card
      key={rowIds[index]}
      source={source}
      field={field}
      columns={columns}
      rowColumns={rowColumns}
      index={index}
      count={rowIds.length}
      editable={editable}
      forceView={!!forceView}
      locale={locale}
      services={services}
      cells={cells}
      onCopy={onCopy}
      onRemove={onRemove}
      style={style}
      measure={measure}
    />
  );
  return (
    <div
      className="fw-field fw-detail fw-detail-cards"
      data-testid={`field-${field.key}`}
      style={{ gridColumn: 'span 24', minWidth: 0, marginBottom: 16, ['--fw-phone-input-font' as string]: `${VIEWPORT.phoneInputFontPx}px` }}
    >
      <div className="fw-field-label" style={{ fontWeight: 500, marginBottom: 8 }} id={labelId}>
        {state.required ? (
          <span className="fw-required" aria-hidden="true" style={{ color: '#cf1322', marginInlineEnd: 4 }}>
            *
          </span>
        ) : null}
        {localized(field.label, locale)}
      </div>
      {rowIds.length === 0 ? (
        <div className="fw-detail-cards-empty" data-testid={`empty-${field.key}`}>
          {t('detailTable.noRows')}
        </div>
      ) : virtual ? (
        // a scroller without inputs (read-only cards) takes the focus itself, so the keyboard can scroll it
        <div
          ref={scrollRef}
          className="fw-detail-cards-scroll"
          data-testid={`scroll-${field.key}`}
          tabIndex={editable ? undefined : 0}
          role={editable ? undefined : 'region'}
          aria-labelledby={editable ? undefined : labelId}
        >
          <div
            ref={listRef}
            role="list"
            aria-labelledby={labelId}
            data-testid={`cards-${field.key}`}
            style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
          >
            {virtualizer
              .getVirtualItems()
              .map((v) =>
                card(v.index, { position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${v.start}px)` }, virtualizer.measureElement),
              )}
          </div>
        </div>
      ) : (
        <div ref={listRef} role="list" aria-labelledby={labelId} data-testid={`cards-${field.key}`}>
          {rowIds.map((_, i) => card(i))}
        </div>
      )}
      <TotalsBar source={source} field={field} columns={columns} locale={locale} list={virtual ? scrollRef : listRef} rows={rowIds.length} />
      {editable ? (
        <Button
          ref={addRef}
          block
          type="dashed"
          icon={<PlusOutlined />}
          style={{ ...touch, marginTop: 8 }}
          data-testid={`add-row-${field.key}`}
          onClick={onAdd}
        >
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
