// The 24-column canvas. Each field is a memoised sortable item that subscribes to its own
// "selected" flag, so selecting one of 300 fields re-renders two items, not 300; its card is
// memoised apart from the sortable hooks, so a drag passing over 300 fields draws no card again.
import { memo, useCallback, useMemo, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { useDndMonitor, useDroppable } from '@dnd-kit/core';
import { SortableContext, rectSortingStrategy, useSortable } from '@dnd-kit/sortable';
import { Button, Tooltip } from 'antd';
import { CopyOutlined, DeleteOutlined, ColumnWidthOutlined } from '@ant-design/icons';
import { isTypeCode, typeInfo, type FieldDefinition } from '../../schemas';
import { columnsOf, removeFields, setWidth } from '../core';
import { ROOT_ZONE, zoneId } from './dnd';
import { canObserveNear, holdNear, observeNear } from './nearViewport';
import { textOf, useDesignerLocale, useDesignerT } from './i18n';
import { useDesignerState, useDesignerStore, useIsSelected } from './useDesigner';
import { metaOf } from './widgetMetas';

export type ErrorsByPath = ReadonlyMap<string, string[]>;

/** How the form lays a field's type out (its widget meta): `inline`, `full-row` (divider), `block` (sub-form). */
const layoutOf = (field: FieldDefinition) => (isTypeCode(field.type) ? metaOf(field.type).layout : 'inline');

const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();

/**
 * A sortable's shift as a 2D translate, none when it does not move. (dnd-kit's CSS.Translate
 * gives every item of the list `translate3d(0px, 0px, 0)` while dragging, which makes each of
 * 300 fields a compositor layer of its own and costs a long frame at the start of every drag.)
 */
function translate(t: { x: number; y: number } | null): string | undefined {
  if (!t || (Math.abs(t.x) < 0.5 && Math.abs(t.y) < 0.5)) return undefined;
  return `translate(${Math.round(t.x)}px, ${Math.round(t.y)}px)`;
}

interface ItemProps {
  field: FieldDefinition;
  path: string;
  errors?: string[];
  /** only sub-form items: their columns' errors */
  columnErrors?: ErrorsByPath;
}

/**
 * A field on the canvas. Near the screen it is a sortable (SortableItem), further away a plain
 * element that looks and behaves the same except that it cannot be dragged (StaticItem) — see
 * nearViewport.ts. A plain item that gets the focus becomes sortable and keeps the focus.
 */
const CanvasItem = memo(function CanvasItem(props: ItemProps) {
  const [near, setNear] = useState(() => !canObserveNear());
  return near ? <SortableItem {...props} onNear={setNear} /> : <StaticItem {...props} onNear={setNear} />;
});

interface ShellProps extends ItemProps {
  onNear: (near: boolean) => void;
}

/** Paths whose plain item had the focus when it became sortable: the sortable takes it over. */
const focusOnMount = new Set<string>();

/** The element's ref: watched for nearness; a pending focus is taken. */
function useNearRef(path: string, onNear: (near: boolean) => void, setNodeRef?: (el: HTMLElement | null) => void) {
  return useCallback(
    (el: HTMLDivElement | null) => {
      setNodeRef?.(el);
      if (!el) return;
      if (focusOnMount.delete(path)) el.focus({ preventScroll: true });
      const off = observeNear(el, onNear);
      return () => {
        off();
        setNodeRef?.(null);
      };
    },
    [path, onNear, setNodeRef],
  );
}

/**
 * The sortable shell of a field. dnd-kit re-renders every sortable item when the drag's target
 * changes (its contexts change), so the shell holds only the sortable hooks and one element;
 * the card inside is memoised on the field, its selected flag and its errors and is not drawn
 * again while a drag passes over it.
 */
function SortableItem({ onNear, ...props }: ShellProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: props.path, data: { kind: 'field', path: props.path } });
  const ref = useNearRef(props.path, onNear, setNodeRef);
  return (
    <ItemShell
      {...props}
      nodeRef={ref}
      dnd={{ ...attributes, ...listeners }}
      onDndKeyDown={listeners?.onKeyDown as ((e: KeyboardEvent) => void) | undefined}
      transform={translate(transform)}
      transition={transition}
      isDragging={isDragging}
    />
  );
}

/** A field far from the screen: the same element without the drag-and-drop hooks. */
function StaticItem({ onNear, ...props }: ShellProps) {
  const ref = useNearRef(props.path, onNear);
  const onFocus = useCallback(
    (e: FocusEvent) => {
      if (e.target !== e.currentTarget) return;
      focusOnMount.add(props.path);
      onNear(true);
    },
    [props.path, onNear],
  );
  return <ItemShell {...props} nodeRef={ref} dnd={STATIC_DND} onFocus={onFocus} isDragging={false} />;
}

const STATIC_DND = { role: 'button', tabIndex: 0, 'aria-roledescription': 'sortable' } as const;

interface ItemShellProps extends ItemProps {
  nodeRef: (el: HTMLDivElement | null) => void;
  dnd: object;
  onDndKeyDown?: (e: KeyboardEvent) => void;
  onFocus?: (e: FocusEvent) => void;
  transform?: string;
  transition?: string;
  isDragging: boolean;
}

function ItemShell({ field, path, errors, columnErrors, nodeRef, dnd, onDndKeyDown, onFocus, transform, transition, isDragging }: ItemShellProps) {
  const store = useDesignerStore();
  const locale = useDesignerLocale();
  const selected = useIsSelected(path);
  const isColumn = path.includes('.');
  const label = textOf(field.label, locale) || field.key;
  const typeName = isTypeCode(field.type) ? typeInfo(field.type).name[locale] : String(field.type);
  const width = field.width ?? 24;

  const onClick = useCallback(
    (e: MouseEvent) => {
      e.stopPropagation();
      if (e.ctrlKey || e.metaKey) store.toggleSelect(path);
      else if (e.shiftKey) store.selectRange(path);
      else store.select([path]);
    },
    [store, path],
  );
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.target === e.currentTarget && e.key === 'Enter') {
      e.preventDefault();
      if (e.ctrlKey || e.metaKey) store.toggleSelect(path);
      else store.select([path]);
      return;
    }
    onDndKeyDown?.(e);
  };

  const style = {
    transform,
    transition,
    gridColumn: isColumn ? undefined : `span ${width}`,
  };
  return (
    <div
      ref={nodeRef}
      style={style}
      className="fw-designer-item"
      data-testid={`canvas-field-${path}`}
      data-selected={selected}
      data-error={errors && errors.length > 0}
      data-dragging={isDragging}
      data-width={width}
      {...dnd}
      aria-label={`${label} ${typeName}`}
      aria-pressed={selected}
      onClick={onClick}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
    >
      <FieldCard field={field} path={path} selected={selected} label={label} typeName={typeName} errors={errors} columnErrors={columnErrors} />
    </div>
  );
}

interface CardProps {
  field: FieldDefinition;
  path: string;
  selected: boolean;
  label: string;
  typeName: string;
  errors?: string[];
  columnErrors?: ErrorsByPath;
}

/** What a field shows on the canvas: label, type and key, its actions when selected, a sub-form's columns, its errors. */
const FieldCard = memo(function FieldCard({ field, path, selected, label, typeName, errors, columnErrors }: CardProps) {
  const store = useDesignerStore();
  const { t } = useDesignerT();
  const isColumn = path.includes('.');
  const width = field.width ?? 24;
  return (
    <>
      <div className="fw-designer-item-head">
        <span className="fw-designer-item-label">
          {field.required && <span className="fw-designer-required">*</span>}
          {label}
        </span>
        <span className="fw-designer-item-meta">
          {typeName} · {field.key}
        </span>
        {selected && (
          <span className="fw-designer-item-actions" onPointerDown={stop} onKeyDown={stop}>
            {!isColumn && layoutOf(field) === 'inline' && (
              <Tooltip title={t('canvas.toggleWidth')}>
                <Button
                  size="small"
                  type="text"
                  icon={<ColumnWidthOutlined />}
                  aria-label={t('canvas.toggleWidth')}
                  data-testid="toggle-width"
                  onClick={(e) => {
                    e.stopPropagation();
                    store.dispatch(setWidth([path], width === 24 ? 12 : 24));
                  }}
                />
              </Tooltip>
            )}
            <Tooltip title={t('toolbar.copy')}>
              <Button
                size="small"
                type="text"
                icon={<CopyOutlined />}
                aria-label={t('toolbar.copy')}
                onClick={(e) => {
                  e.stopPropagation();
                  store.copy([path]);
                }}
              />
            </Tooltip>
            <Tooltip title={t('toolbar.delete')}>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('toolbar.delete')}
                data-testid="delete-field"
                onClick={(e) => {
                  e.stopPropagation();
                  store.dispatch(removeFields([path]));
                }}
              />
            </Tooltip>
          </span>
        )}
      </div>
      {layoutOf(field) === 'full-row' && <div className="fw-designer-divider" />}
      {layoutOf(field) === 'block' && <SubFormZone field={field} errors={columnErrors} />}
      {errors?.map((m) => (
        <div key={m} className="fw-designer-item-error" role="alert">
          {m}
        </div>
      ))}
    </>
  );
});

function SubFormZone({ field, errors }: { field: FieldDefinition; errors?: ErrorsByPath }) {
  const { t } = useDesignerT();
  const { setNodeRef, isOver } = useDroppable({ id: zoneId(field.key), data: { kind: 'zone', parent: field.key } });
  const columns = columnsOf(field);
  const ids = columns.map((c) => `${field.key}.${c.key}`);
  return (
    <div className="fw-designer-subform">
      <SortableContext id={zoneId(field.key)} items={ids} strategy={rectSortingStrategy}>
        <div ref={setNodeRef} className="fw-designer-zone" data-over={isOver} data-testid={`subform-zone-${field.key}`} aria-label={t('canvas.subFormZone')}>
          {columns.length === 0 && <span className="fw-designer-item-meta">{t('canvas.subFormEmpty')}</span>}
          {columns.map((c, i) => (
            <CanvasItem key={c.key} field={c} path={ids[i]} errors={errors?.get(ids[i])} />
          ))}
        </div>
      </SortableContext>
    </div>
  );
}

function RootZone() {
  const { t } = useDesignerT();
  const { setNodeRef, isOver } = useDroppable({ id: ROOT_ZONE, data: { kind: 'zone', parent: null } });
  return (
    <div ref={setNodeRef} className="fw-designer-rootzone" data-over={isOver} data-testid="canvas-end">
      {t('canvas.dropHere')}
    </div>
  );
}

/** No item stops being sortable while a drag is on. */
const HOLD_NEAR = { onDragStart: () => holdNear(true), onDragEnd: () => holdNear(false), onDragCancel: () => holdNear(false) };

const selectFields = (s: { definition: { fields: FieldDefinition[] } }) => s.definition.fields;

/** Memoised: a drag's start, end and overlay never draw the canvas again, only a change of its fields does. */
export const Canvas = memo(function Canvas({ errors }: { errors: ErrorsByPath }) {
  const store = useDesignerStore();
  const { t } = useDesignerT();
  const fields = useDesignerState(selectFields);
  const ids = useMemo(() => fields.map((f) => f.key), [fields]);
  useDndMonitor(HOLD_NEAR);
  return (
    <section className="fw-designer-canvas" aria-label={t('canvas.title')} data-testid="designer-canvas" onClick={() => store.clearSelection()}>
      <SortableContext id={ROOT_ZONE} items={ids} strategy={rectSortingStrategy}>
        <div className="fw-designer-grid">
          {fields.map((f) => (
            <CanvasItem
              key={f.key}
              field={f}
              path={f.key}
              errors={errors.get(f.key)}
              columnErrors={layoutOf(f) === 'block' ? subErrors(errors, f.key) : undefined}
            />
          ))}
        </div>
      </SortableContext>
      {fields.length === 0 && <p className="fw-designer-item-meta">{t('canvas.empty')}</p>}
      <RootZone />
    </section>
  );
});

/** The errors of a sub-form's columns; the same (empty) map object when there are none, so memo holds. */
const NO_ERRORS: ErrorsByPath = new Map();
function subErrors(errors: ErrorsByPath, key: string): ErrorsByPath {
  let out: Map<string, string[]> | null = null;
  for (const [p, m] of errors) {
    if (p.startsWith(`${key}.`)) (out ??= new Map()).set(p, m);
  }
  return out ?? NO_ERRORS;
}
