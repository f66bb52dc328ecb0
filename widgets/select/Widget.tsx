import { Select } from 'antd';
import type { WidgetProps } from '../types';
import { inputAria } from '../shared/aria';
import { placeholderOf } from '../shared/text';
import { localText, useWidgetT } from '../i18n';
import { SHEET_CLASSNAMES } from '../form/phoneLayout';

/** Dropdown (2): one of the field's options; the value is the option's value. */
export function Widget(props: WidgetProps<string>) {
  const { id, field, value, onChange, onBlur, disabled, readOnly, locale } = props;
  const t = useWidgetT(locale);
  const ro = readOnly || field.readonly;
  return (
    <Select<string>
      id={id}
      value={value}
      options={(field.options ?? []).map((o) => ({ value: o.value, label: localText(o.label, locale), disabled: o.disabled }))}
      onChange={(v) => onChange(v ?? undefined)}
      onBlur={onBlur}
      disabled={disabled}
      open={ro ? false : undefined}
      allowClear={!ro}
      placeholder={placeholderOf(field, locale) ?? t('select.placeholder')}
      style={{ width: '100%' }}
      classNames={SHEET_CLASSNAMES}
      {...inputAria(props)}
    />
  );
}
