import { Input } from 'antd';
import { FIELD_TYPES } from '../../schemas';
import type { WidgetProps } from '../types';
import { inputAria } from '../shared/aria';
import { placeholderOf } from '../shared/text';

/** Single-line text (0): at most `length` characters (200 by default). */
export function Widget(props: WidgetProps<string>) {
  const { id, field, value, onChange, onBlur, disabled, readOnly, locale } = props;
  const max = field.length ?? FIELD_TYPES.TEXT.defaultLength;
  return (
    <Input
      id={id}
      value={value ?? ''}
      maxLength={max}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value.slice(0, max))}
      onBlur={onBlur}
      disabled={disabled}
      readOnly={readOnly || field.readonly}
      placeholder={placeholderOf(field, locale)}
      {...inputAria(props)}
    />
  );
}
