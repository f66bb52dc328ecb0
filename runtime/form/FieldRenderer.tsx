// One main field: its shell (label, red asterisk, width, error) around the type's Widget when
// editable or its View when not. Subscribes to its own path only.
import { memo, useCallback } from 'react';
import { Col, Divider } from 'antd';
import type { FieldDefinition, Locale } from '../../schemas';
import { TC } from '../../schemas';
import { FieldShell } from '../../widgets/FieldShell';
import { getWidget } from '../../widgets/registry';
import type { WidgetServices } from '../../widgets/types';
import type { FormModel } from '../engine';
import { localized } from '../engine';
import { useFieldError, useFieldState, useFieldValue } from './useModel';
import { DetailTable } from './DetailTable';

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
    <Col span={24} data-testid={`section-${field.key}`}>
      <Divider titlePlacement="start" style={{ marginTop: 8 }}>
        <span role="heading" aria-level={3}>
          {localized(field.label, locale)}
        </span>
      </Divider>
    </Col>
  );
}

export const FieldRenderer = memo(function FieldRenderer({ model, field, locale, services, forceView }: FieldRendererProps) {
  if (field.type === TC.DIVIDER) return <SectionTitle field={field} locale={locale} />;
  if (field.type === TC.SUB_FORM) return <DetailTable model={model} field={field} locale={locale} services={services} forceView={forceView} />;
  return <ValueField model={model} field={field} locale={locale} services={services} forceView={forceView} />;
});

function ValueField({ model, field, locale, services, forceView }: FieldRendererProps) {
  const path = field.key;
  const state = useFieldState(model, path);
  const value = useFieldValue(model, path);
  const error = useFieldError(model, path);
  const onChange = useCallback((v: unknown) => void model.setValue(path, v), [model, path]);
  if (!state.visible) return null;
  const def = getWidget(field.type);
  if (!def) return null;
  const id = inputId(path);
  if (!state.editable || forceView) {
    const View = def.View as unknown as React.ComponentType<{ field: FieldDefinition; value: unknown; locale: Locale; services: WidgetServices }>;
    return (
      <FieldShell id={id} field={field} locale={locale} view error={error}>
        <View field={field} value={value} locale={locale} services={services} />
      </FieldShell>
    );
  }
  const Widget = def.Widget as unknown as React.ComponentType<import('../../widgets/types').WidgetProps<unknown>>;
  return (
    <FieldShell id={id} field={field} locale={locale} required={state.required} error={error}>
      <Widget id={id} field={field} value={value} onChange={onChange} required={state.required} error={error} locale={locale} services={services} />
    </FieldShell>
  );
}
