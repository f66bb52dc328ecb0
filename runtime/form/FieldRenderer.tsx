// One main field: its shell (label, red asterisk, width, error) around the type's Widget when
// editable or its View when not. Subscribes to its own path only.
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { Divider } from 'antd';
import type { FieldDefinition, Locale } from '../../schemas';
import { TC } from '../../schemas';
import { FieldShell } from '../../widgets/FieldShell';
import { getWidget } from '../../widgets/registry';
import type { WidgetServices } from '../../widgets/types';
import type { FormModel } from '../engine';
import { localized } from '../engine';
import { onFieldChange } from './onFieldChange';
import { useFieldError, useFieldState, useFieldValue } from './useModel';
import { DetailTable } from './DetailTable';
import { PendingControl, useLazyMount } from './lazy';

export const inputId = (path: string) => `fw-${path.replace(/\./g, '-')}`;

export interface FieldRendererProps {
  model: FormModel;
  field: FieldDefinition;
  locale: Locale;
  services: WidgetServices;
  /** print view: every field as its read-only View */
  forceView?: boolean;
}

/** A divider is a section title. */
function SectionTitle({ field, locale }: { field: FieldDefinition; locale: Locale }) {
  return (
    <div data-testid={`section-${field.key}`} style={{ gridColumn: 'span 24' }}>
      <Divider titlePlacement="start" style={{ marginTop: 8 }}>
        <span role="heading" aria-level={3}>
          {localized(field.label, locale)}
        </span>
      </Divider>
    </div>
  );
}

export const FieldRenderer = memo(function FieldRenderer({ model, field, locale, services, forceView }: FieldRendererProps) {
  if (field.type === TC.DIVIDER) return <SectionTitle field={field} locale={locale} />;
  if (field.type === TC.SUB_FORM) return <DetailTable model={model} field={field} locale={locale} services={services} forceView={forceView} />;
  return <ValueField model={model} field={field} locale={locale} services={services} forceView={forceView} />;
});

/** The height of a widget's box, for the stand-in of a widget not mounted yet. */
function pendingHeight(field: FieldDefinition): { height: number; bordered: boolean } {
  if (field.type === TC.TEXTAREA) return { height: 76, bordered: true };
  if (field.type === TC.RADIO) return { height: 32, bordered: false };
  return { height: 32, bordered: true };
}

/** Focus the input under `id`, or the first focusable control inside it (a radio group). */
function focusControl(id: string) {
  const el = document.getElementById(id);
  if (!el) return;
  el.focus();
  if (document.activeElement !== el) el.querySelector<HTMLElement>('input:not([disabled]), textarea, button, [tabindex]:not([tabindex="-1"])')?.focus();
}

function ValueField({ model, field, locale, services, forceView }: FieldRendererProps) {
  const path = field.key;
  const state = useFieldState(model, path);
  const value = useFieldValue(model, path);
  const error = useFieldError(model, path);
  const onChange = useCallback((v: unknown) => onFieldChange(model, path, v), [model, path]);
  const lazy = useLazyMount();
  const [mounted, setMounted] = useState(!lazy);
  const focusOnMount = useRef(false);
  const onNear = useCallback((focus: boolean) => {
    focusOnMount.current ||= focus;
    setMounted(true);
  }, []);
  const id = inputId(path);
  useEffect(() => {
    if (mounted && focusOnMount.current) {
      focusOnMount.current = false;
      focusControl(id);
    }
  }, [mounted, id]);
  if (!state.visible) return null;
  const def = getWidget(field.type);
  if (!def) return null;
  const View = def.View as unknown as React.ComponentType<{ field: FieldDefinition; value: unknown; locale: Locale; services: WidgetServices }>;
  if (!state.editable || forceView) {
    return (
      <FieldShell id={id} field={field} locale={locale} view error={error} grid="css">
        <View field={field} value={value} locale={locale} services={services} />
      </FieldShell>
    );
  }
  if (!mounted && lazy) {
    const box = pendingHeight(field);
    return (
      <FieldShell id={id} field={field} locale={locale} required={state.required} error={error} grid="css">
        <PendingControl id={id} height={box.height} bordered={box.bordered} lazy={lazy} onNear={onNear}>
          {value === undefined || value === null || value === '' ? null : <View field={field} value={value} locale={locale} services={services} />}
        </PendingControl>
      </FieldShell>
    );
  }
  const Widget = def.Widget as unknown as React.ComponentType<import('../../widgets/types').WidgetProps<unknown>>;
  return (
    <FieldShell id={id} field={field} locale={locale} required={state.required} error={error} grid="css">
      <Widget id={id} field={field} value={value} onChange={onChange} required={state.required} error={error} locale={locale} services={services} />
    </FieldShell>
  );
}
