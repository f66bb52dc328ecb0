// The table of a sub-form (99997), for editing and for viewing. Rows are virtualised
// (@tanstack/react-virtual) so hundreds of rows stay smooth; every cell is drawn by the
// registry's widget (or view) of its column type.
import { useRef, type ComponentType, type CSSProperties } from 'react';
import { Button, Tooltip } from 'antd';
import { CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { SUB_FORM_ROW_ID, type FieldDefinition, type Locale, type SubFormRow } from '../../schemas';
import type { ViewProps, WidgetProps, WidgetServices } from '../types';
import { getWidget } from '../registry';
import { useWidgetT, localText } from '../i18n';
import { columnTotal, copyRow, emptyRow, formatTotal, missingRequired, newRowId, rowKey, visibleColumns } from './rows';

export const ROW_HEIGHT = 56;
export const TABLE_MAX_HEIGHT = 440;

const srOnly: CSSProperties = { position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0,0,0,0)', whiteSpace: 'nowrap', border: 0 };
const cellStyle: CSSProperties = { padding: '4px 8px', borderBottom: '1px solid #f0f0f0', verticalAlign: 'top', minWidth: 160 };
const headStyle: CSSProperties = { ...cellStyle, position: 'sticky', top: 0, background: '#fafafa', zIndex: 1, textAlign: 'start', fontWeight: 500 };

export interface SubFormTableProps {
  id: string;
  field: FieldDefinition;
  rows: SubFormRow[];
  locale: Locale;
  services: WidgetServices;
  mode: 'edit' | 'view';
  onChange?: (rows: SubFormRow[] | undefined) => void;
  disabled?: boolean;
  readOnly?: boolean;
  /** errors by `<row _id>.<column>` or `<row _id>` */
  errors?: Record<string, string>;
  /** show required-column errors on every row (after a submit attempt) */
  showAllErrors?: boolean;
  touched?: ReadonlySet<string>;
  onTouch?: (rowKey: string) => void;
}

export function SubFormTable({ id, field, rows, locale, services, mode, onChange, disabled, readOnly, errors, showAllErrors, touched, onTouch }: SubFormTableProps) {
  const t = useWidgetT(locale);
  const scrollRef = useRef<HTMLDivElement>(null);
  const columns = visibleColumns(field);
  const editable = mode === 'edit' && !readOnly && !field.readonly && !disabled;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    initialRect: { width: 1024, height: TABLE_MAX_HEIGHT },
    // without layout (jsdom, a hidden tab) the scroller measures 0 × 0: assume its maximum height
    observeElementRect: (instance, cb) => observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width || 1024, height: TABLE_MAX_HEIGHT })),
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items.length ? items[0].start : 0;
  const padBottom = items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  const maxRows = field.maxRows ?? Infinity;
  const minRows = field.minRows ?? 0;
  const totals = (field.totals ?? []).map((k) => columns.find((c) => c.key === k)).filter((c): c is FieldDefinition => !!c);

  const emit = (next: SubFormRow[]) => onChange?.(next.length ? next : undefined);
  const setCell = (index: number, key: string, v: unknown) => {
    const next = rows.map((r, i) => {
      if (i !== index) return r;
      const row: SubFormRow = { ...r };
      if (!row[SUB_FORM_ROW_ID]) row[SUB_FORM_ROW_ID] = newRowId();
      if (v === undefined) delete row[key];
      else row[key] = v;
      return row;
    });
    onTouch?.(rowKey(next[index], index));
    emit(next);
  };
  const addRow = () => {
    emit([...rows, emptyRow(columns)]);
    requestAnimationFrame(() => virtualizer.scrollToIndex(rows.length, { align: 'end' }));
  };
  const copy = (index: number) => emit([...rows.slice(0, index + 1), copyRow(rows[index]), ...rows.slice(index + 1)]);
  const remove = (index: number) => emit(rows.filter((_, i) => i !== index));

  const cellError = (row: SubFormRow, index: number, col: FieldDefinition): string | undefined => {
    const key = rowKey(row, index);
    const given = errors?.[`${key}.${col.key}`];
    if (given) return given;
    if (mode === 'edit' && (showAllErrors || touched?.has(key)) && missingRequired(row, [col]).length) return t('subForm.required', { column: localText(col.label, locale) });
    return undefined;
  };

  return (
    <div className="fw-subform" data-testid={`subform-${field.key}`}>
      <div ref={scrollRef} style={{ maxHeight: TABLE_MAX_HEIGHT, overflow: 'auto', border: '1px solid #f0f0f0', borderRadius: 6 }} tabIndex={0} role="region" aria-label={t('subForm.tableLabel', { name: localText(field.label, locale) })}>
        <table style={{ width: '100%', borderCollapse: 'separate', borderSpacing: 0 }} aria-rowcount={rows.length + 1}>
          <thead>
            <tr>
              <th scope="col" style={{ ...headStyle, minWidth: 48, width: 48 }}>
                #
              </th>
              {columns.map((c) => (
                <th scope="col" key={c.key} style={headStyle}>
                  {c.required && mode === 'edit' ? (
                    <span aria-hidden="true" style={{ color: '#cf1322', marginInlineEnd: 4 }}>
                      *
                    </span>
                  ) : null}
                  {localText(c.label, locale)}
                </th>
              ))}
              {editable ? (
                <th scope="col" style={{ ...headStyle, minWidth: 96, width: 96 }}>
                  {t('subForm.actions')}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {padTop > 0 ? (
              <tr aria-hidden="true">
                <td style={{ height: padTop, padding: 0 }} colSpan={columns.length + 2} />
              </tr>
            ) : null}
            {items.map((item) => {
              const index = item.index;
              const row = rows[index];
              const key = rowKey(row, index);
              const rowError = errors?.[key];
              return (
                <tr key={key} data-index={index} data-testid={`subform-row-${index}`} aria-rowindex={index + 2} style={rowError ? { background: '#fff1f0' } : undefined}>
                  <td style={{ ...cellStyle, minWidth: 48 }}>
                    {index + 1}
                    {rowError ? (
                      <div role="alert" style={{ color: '#cf1322', fontSize: 12 }}>
                        {rowError}
                      </div>
                    ) : null}
                  </td>
                  {columns.map((col) => (
                    <td key={col.key} style={cellStyle}>
                      <Cell id={`${id}-${index}-${col.key}`} col={col} row={row} index={index} mode={mode} locale={locale} services={services} disabled={disabled} readOnly={readOnly || field.readonly} error={cellError(row, index, col)} onChange={(v) => setCell(index, col.key, v)} />
                    </td>
                  ))}
                  {editable ? (
                    <td style={{ ...cellStyle, minWidth: 96, whiteSpace: 'nowrap' }}>
                      <Tooltip title={t('subForm.copy')}>
                        <Button type="text" icon={<CopyOutlined aria-hidden="true" />} aria-label={t('subForm.copyRow', { row: index + 1 })} disabled={rows.length >= maxRows} onClick={() => copy(index)} />
                      </Tooltip>
                      <Tooltip title={t('subForm.delete')}>
                        <Button type="text" danger icon={<DeleteOutlined aria-hidden="true" />} aria-label={t('subForm.deleteRow', { row: index + 1 })} disabled={rows.length <= minRows} onClick={() => remove(index)} />
                      </Tooltip>
                    </td>
                  ) : null}
                </tr>
              );
            })}
            {padBottom > 0 ? (
              <tr aria-hidden="true">
                <td style={{ height: padBottom, padding: 0 }} colSpan={columns.length + 2} />
              </tr>
            ) : null}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length + 2} style={{ ...cellStyle, textAlign: 'center', color: 'rgba(0,0,0,0.65)' }}>
                  {t('subForm.empty')}
                </td>
              </tr>
            ) : null}
          </tbody>
          {totals.length && rows.length ? (
            <tfoot>
              <tr data-testid="subform-totals">
                <th scope="row" style={{ ...cellStyle, textAlign: 'start', position: 'sticky', bottom: 0, background: '#fafafa' }}>
                  {t('subForm.total')}
                </th>
                {columns.map((c) => (
                  <td key={c.key} style={{ ...cellStyle, position: 'sticky', bottom: 0, background: '#fafafa', fontVariantNumeric: 'tabular-nums' }} data-testid={totals.includes(c) ? `total-${c.key}` : undefined}>
                    {totals.includes(c) ? formatTotal(columnTotal(rows, c), c) : null}
                  </td>
                ))}
                {editable ? <td style={{ ...cellStyle, position: 'sticky', bottom: 0, background: '#fafafa' }} /> : null}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginTop: 8 }}>
        {editable ? (
          <Button type="dashed" icon={<PlusOutlined aria-hidden="true" />} onClick={addRow} disabled={rows.length >= maxRows} data-testid={`subform-add-${field.key}`}>
            {t('subForm.add')}
          </Button>
        ) : null}
        <span style={{ fontSize: 12, color: 'rgba(0,0,0,0.65)' }} role="status">
          {t('subForm.rowCount', { count: rows.length })}
        </span>
      </div>
    </div>
  );
}

interface CellProps {
  id: string;
  col: FieldDefinition;
  row: SubFormRow;
  index: number;
  mode: 'edit' | 'view';
  locale: Locale;
  services: WidgetServices;
  disabled?: boolean;
  readOnly?: boolean;
  error?: string;
  onChange: (v: unknown) => void;
}

function Cell({ id, col, row, index, mode, locale, services, disabled, readOnly, error, onChange }: CellProps) {
  const t = useWidgetT(locale);
  const def = getWidget(col.type);
  if (!def) return <span>{t('subForm.unknownType', { type: col.type })}</span>;
  const cellField: FieldDefinition = { ...col, help: undefined };
  if (mode === 'view') {
    const View = def.View as unknown as ComponentType<ViewProps<unknown>>;
    return <View field={cellField} value={row[col.key]} locale={locale} services={services} />;
  }
  const Widget = def.Widget as unknown as ComponentType<WidgetProps<unknown>>;
  return (
    <>
      <label htmlFor={id} style={srOnly}>
        {t('subForm.cellLabel', { row: index + 1, column: localText(col.label, locale) })}
      </label>
      <Widget id={id} field={cellField} value={row[col.key]} onChange={onChange} disabled={disabled} readOnly={readOnly || col.readonly} required={col.required} error={error} locale={locale} services={services} />
      {error ? (
        <div id={`${id}-error`} role="alert" style={{ color: '#cf1322', fontSize: 12 }}>
          {error}
        </div>
      ) : null}
    </>
  );
}
