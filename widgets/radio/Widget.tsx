import { Radio } from 'antd';
import type { WidgetProps } from '../types';
import { inputAria, labelId } from '../shared/aria';
import { localText } from '../i18n';

/** Radio (19): one of the field's options, as a labelled radio group (arrow keys move). */
export function Widget(props: WidgetProps<string>) {
  const { id, field, value, onChange, disabled, readOnly } = props;
  const ro = readOnly || field.readonly;
  return (
    <Radio.Group
      id={id}
      role="radiogroup"
      aria-labelledby={labelId(id)}
      value={value}
      disabled={disabled}
      onChange={(e) => {
        if (!ro) onChange(e.target.value as string);
      }}
      {...inputAria(props)}
    >
      {(field.options ?? []).map((o) => (
        <Radio key={o.value} value={o.value} disabled={o.disabled || (ro && o.value !== value)}>
          {localText(o.label, props.locale)}
        </Radio>
      ))}
    </Radio.Group>
  );
}
