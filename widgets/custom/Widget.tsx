// Custom component (77) — the extension point for what no other type covers.
//
// To add one, the host registers a React component under a name and a definition field names
// it in `component`:
//
//   const services: WidgetServices = { ...appServices, customComponents: { 'vehicle-plate': PlateInput } };
//   // field: { key: 'plate', type: TC.CUSTOM, label: {...}, component: 'vehicle-plate' }
//
// The component receives the ordinary WidgetProps (id for the label, value, onChange, error,
// disabled, readOnly, locale, services); its value may be any JSON value. Read-only modes
// render it with `readOnly` and `disabled` set and onChange ignored. A name nobody registered
// shows a clear message instead of failing the form.
import { Alert } from 'antd';
import type { WidgetProps } from '../types';
import { useWidgetT } from '../i18n';

export function Widget(props: WidgetProps<unknown>) {
  const t = useWidgetT(props.locale);
  const name = props.field.component;
  const Registered = name ? props.services.customComponents?.[name] : undefined;
  if (!Registered) {
    return <Alert id={props.id} type="warning" showIcon title={name ? t('custom.missing', { name }) : t('custom.noName')} data-testid="custom-missing" />;
  }
  return <Registered {...props} />;
}
