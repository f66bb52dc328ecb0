// One field of a form, drawn through the registry by its meta's layout: an `inline` field is its
// shell (label, red asterisk, width, error) around the type's Widget when editable or its View
// when not; a `full-row` type (the divider) is its View across the row; a `block` (the
// sub-form) is the detail table. Subscribes to its own path only. This is the renderer of the
// runtime form (over the engine's field model) and of every story and widget test (over a
// local store) alike. Put it in a 24-column CSS grid (`formGridStyle`).
import { memo, useCallback, useEffect, useRef, useState, type ComponentType, type CSSProperties } from 'react';
import type { FieldDefinition, Locale } from '../../schemas';
import { getWidget, registryCells } from '../registry';
import type { ViewProps, WidgetProps, WidgetServices } from '../types';
import { useWidgetT } from '../i18n';
import { FieldShell } from '../FieldShell';
import { inputId, useFieldError, useFieldState, useFieldValue, type FieldSource } from './source';
import { DetailTable } from './DetailTable';
import { PendingControl, useLazyMount } from './lazy';
import { useParamContext } from './dependencies';
// the phone layout (issue 17): below the tablet width the grid is one column (phone.css)
import './phoneLayout';

/** antd's 24-column grid as CSS grid: a field spans its width (12 or 24). */
export const formGridStyle: CSSProperties = { display: 'grid', gridTemplateColumns: 'repeat(24, minmax(0, 1fr))', columnGap: 16 };

export interface FieldRendererProps {
  source: FieldSource;
  field: FieldDefinition;
  locale: Locale;
  services: WidgetServices;
  /** print view: every field as its read-only View */
  forceView?: boolean;
}

const fullRow: CSSProperties = { gridColumn: 'span 24' };

export const FieldRenderer = memo(function FieldRenderer({ source, field, locale, services, forceView }: FieldRendererProps) {
  const def = getWidget(field.type);
  if (!def) return <UnknownType field={field} locale={locale} />;
  switch (def.meta.layout) {
    case 'full-row': {
      // a section title: no value, no shell
      const View = def.View as unknown as ComponentType<ViewProps<unknown>>;
      return (
        <div data-testid={`section-${field.key}`} style={fullRow}>
          <View field={field} value={undefined} locale={locale} services={services} />
        </div>
      );
    }
    case 'block':
      return <DetailTable source={source} field={field} locale={locale} services={services} cells={registryCells} forceView={forceView} />;
    default:
      return <ValueField source={source} field={field} locale={locale} services={services} forceView={forceView} />;
  }
});

function UnknownType({ field, locale }: { field: FieldDefinition; locale: Locale }) {
  const t = useWidgetT(locale);
  return (
    <div data-testid={`field-${field.key}`} style={fullRow} role="alert">
      {t('field.unknownType', { type: field.type })}
    </div>
  );
}

/** Focus the input under `id`, or the first focusable control inside it (a radio group). */
function focusControl(id: string) {
  const el = document.getElementById(id);
  if (!el) return;
  el.focus();
  if (document.activeElement !== el) el.querySelector<HTMLElement>('input:not([disabled]), textarea, button, [tabindex]:not([tabindex="-1"])')?.focus();
}

function ValueField({ source, field, locale, services, forceView }: FieldRendererProps) {
  const path = field.key;
  const state = useFieldState(source, path);
  const value = useFieldValue(source, path);
  const error = useFieldError(source, path);
  const onChange = useCallback((v: unknown) => source.change(path, v), [source, path]);
  const dep = useParamContext(source, field, locale);
  const lazy = useLazyMount();
  const [mounted, setMounted] = useState(!lazy);
  const focusOnMount = useRef(false);
  // mounted through the lazy queue: the queue hears when it has committed
  const queued = useRef(false);
  const onNear = useCallback((focus: boolean) => {
    focusOnMount.current ||= focus;
    queued.current ||= !focus;
    setMounted(true);
  }, []);
  const id = inputId(path);
  useEffect(() => {
    if (mounted && queued.current) {
      queued.current = false;
      lazy?.committed();
    }
    if (mounted && focusOnMount.current) {
      focusOnMount.current = false;
      focusControl(id);
    }
  }, [mounted, id, lazy]);
  if (!state.visible) return null;
  const def = getWidget(field.type);
  if (!def) return null;
  const View = def.View as unknown as ComponentType<ViewProps<unknown>>;
  if (!state.editable || forceView) {
    return (
      <FieldShell id={id} field={field} locale={locale} view error={error} grid="css">
        <View field={field} value={value} locale={locale} services={services} />
      </FieldShell>
    );
  }
  if (!mounted && lazy) {
    const box = def.meta.placeholder;
    return (
      <FieldShell id={id} field={field} locale={locale} required={state.required} error={error} grid="css">
        <PendingControl id={id} height={box.height} phoneHeight={box.phoneHeight} bordered={box.bordered} lazy={lazy} onNear={onNear}>
          {value === undefined || value === null || value === '' ? null : <View field={field} value={value} locale={locale} services={services} />}
        </PendingControl>
      </FieldShell>
    );
  }
  const Widget = def.Widget as unknown as ComponentType<WidgetProps<unknown>>;
  return (
    <FieldShell id={id} field={field} locale={locale} required={state.required} error={error} grid="css">
      <Widget id={id} field={field} value={value} onChange={onChange} required={state.required} error={error} locale={locale} services={services} {...dep} />
    </FieldShell>
  );
}
