// Widget and View of a master-data picker type, from the type's registry facts (its source).
import type { FieldDefinition, FieldTypeInfo, PickerValue } from '../../schemas';
import type { ViewProps, WidgetProps } from '../types';
import { RemotePicker } from './RemotePicker';
import { inputAria } from './aria';
import { localText } from '../i18n';
import { EmptyValue } from './EmptyValue';
import { formatPicker } from '../format';

export type PickerFieldValue = PickerValue | PickerValue[];

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
    const { id, field, value, onChange, onBlur, disabled, readOnly, locale, services } = props;
    const src = pickerSource(info, field);
    return (
      <RemotePicker
        id={id}
        endpoint={src.endpoint}
        params={src.params}
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
