// One field, drawn through the registry: the edit Widget (or the read-only View) inside its
// FieldShell. Layout-only types (the divider) draw across the full width without a label.
// Hosts put FieldRenderers in an antd <Row> (the 24-column grid).
import { Col } from 'antd';
import { holdsValue } from '../schemas';
import type { WidgetProps } from './types';
import { FieldShell } from './FieldShell';
import { widgetComponents } from './registry';
import { useWidgetT } from './i18n';

export interface FieldRendererProps extends Omit<WidgetProps<unknown>, 'id'> {
  /** DOM id of the input; `fw-<key>` by default */
  id?: string;
  /** draw the read-only View (view and approve modes) */
  view?: boolean;
}

export function FieldRenderer(props: FieldRendererProps) {
  const { field, view, locale } = props;
  const t = useWidgetT(locale);
  const id = props.id ?? `fw-${field.key}`;
  const parts = widgetComponents(field.type);
  if (!parts) {
    return (
      <Col span={24} data-testid={`field-${field.key}`}>
        <div role="alert">{t('field.unknownType', { type: field.type })}</div>
      </Col>
    );
  }
  const { Widget, View } = parts;
  if (!holdsValue(field.type)) {
    return (
      <Col span={24} data-testid={`field-${field.key}`}>
        <View field={field} value={undefined} locale={locale} services={props.services} />
      </Col>
    );
  }
  const required = props.required ?? field.required;
  const readOnly = props.readOnly || field.readonly;
  return (
    <FieldShell id={id} field={field} locale={locale} required={required} error={props.error} disabled={props.disabled} readOnly={readOnly} view={view}>
      {view ? (
        <View field={field} value={props.value} locale={locale} services={props.services} />
      ) : (
        <Widget {...props} id={id} required={required} readOnly={readOnly} />
      )}
    </FieldShell>
  );
}
