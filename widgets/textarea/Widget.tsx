import { Input } from 'antd';
import { FIELD_TYPES } from '../../schemas';
import type { WidgetProps } from '../types';
import { inputAria } from '../shared/aria';
import { placeholderOf } from '../shared/text';

/** Multi-line text (1) with a character counter and limit (`length`, 2000 by default). */
export function Widget(props: WidgetProps<string>) {
  const { id, field, value, onChange, onBlur, disabled, readOnly, locale } = props;
  const max = field.length ?? FIELD_TYPES.TEXTAREA.defaultLength;
  return (
    <Input.TextArea
      id={id}
      value={value ?? ''}
      maxLength={max}
      showCount
      autoSize={{ minRows: 3, maxRows: 10 }}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value.slice(0, max))}
      onBlur={onBlur}
      disabled={disabled}
      readOnly={readOnly || field.readonly}
      placeholder={placeholderOf(field, locale)}
      {...inputAria(props)}
    />
  );
}
