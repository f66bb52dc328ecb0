// Widget and View of a master-data picker type, from the type's registry facts (its source).
import { resolveParams, type FieldDefinition, type FieldTypeInfo, type PickerValue } from '../../schemas';
import type { ViewProps, WidgetProps } from '../types';
import { RemotePicker } from './RemotePicker';
import { inputAria } from './aria';
import { localText, useWidgetT } from '../i18n';
import { EmptyValue } from './EmptyValue';
import { formatPicker } from '../format';

export type PickerFieldValue = PickerValue | PickerValue[];

/**
 * The params of a picker with the definition's `{key}` references filled in from the fields it
 * depends on, and the labels of those that are still empty (the picker waits for them). A host
 * that gives no values at all (`values` undefined: it does not follow dependencies, e.g. the
 * interop theme) gets the params without the references and no waiting.
 */
export function dependentParams(
  params: Record<string, string> | undefined,
  values: Record<string, unknown> | undefined,
  labels: Record<string, string> | undefined,
): { params?: Record<string, string>; waitingFor: string[] } {
  if (!params) return { waitingFor: [] };
  const r = resolveParams(params, (k) => values?.[k]);
  if (values === undefined) return { ...(Object.keys(r.params).length ? { params: r.params } : {}), waitingFor: [] };
  // in the order of the labels (the form's order), not of the params (a stored definition's
  // JSON may have its keys reordered)
  const order = Object.keys(labels ?? {});
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  const missing = [...r.missing].sort((a, b) => rank(a) - rank(b));
  return { ...(Object.keys(r.params).length ? { params: r.params } : {}), waitingFor: missing.map((k) => labels?.[k] ?? k) };
}

/** The endpoint, params and multiplicity of a picker field: the definition overrides the type. */
export function pickerSource(info: FieldTypeInfo, field: FieldDefinition): { endpoint: string; params?: Record<string, string>; multiple: boolean } {
  const endpoint = field.dataSource?.endpoint ?? info.source?.endpoint ?? '';
  const params = { ...(info.source?.params ?? {}), ...(field.dataSource?.params ?? {}) };
  return { endpoint, ...(Object.keys(params).length ? { params } : {}), multiple: field.dataSource?.multiple ?? false };
}

export function PickerView({ value, locale }: ViewProps<PickerFieldValue>) {
  const text = formatPicker(value, locale);
  return text ? <span className="fw-view">{text}</span> : <EmptyValue locale={locale} />;
}

export function makePickerWidget(info: FieldTypeInfo) {
  function Widget(props: WidgetProps<PickerFieldValue>) {
    const { id, field, value, onChange, onBlur, disabled, readOnly, locale, services, paramValues, paramLabels } = props;
    const t = useWidgetT(locale);
    const src = pickerSource(info, field);
    const dep = dependentParams(src.params, paramValues, paramLabels);
    return (
      <RemotePicker
        id={id}
        endpoint={src.endpoint}
        params={dep.params}
        waiting={dep.waitingFor.length ? t('picker.waitFor', { label: dep.waitingFor.join(t('picker.labelSeparator')) }) : undefined}
        autoPickSingle={field.dataSource?.autoPickSingle}
        multiple={src.multiple}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        services={services}
        locale={locale}
        disabled={disabled}
        readOnly={readOnly || field.readonly}
        placeholder={field.placeholder ? localText(field.placeholder, locale) : undefined}
        ariaProps={inputAria(props)}
      />
    );
  }
  Widget.displayName = `PickerWidget(${info.id})`;
  return { Widget, View: PickerView };
}
