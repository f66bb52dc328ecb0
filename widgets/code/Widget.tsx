import { Input } from 'antd';
import { CODE_MAX_LENGTH } from '../../schemas';
import type { WidgetProps } from '../types';
import { inputAria } from '../shared/aria';
import { placeholderOf } from '../shared/text';
import { useWidgetT } from '../i18n';

/**
 * Number/code (92): unique, at most 30 characters (spec §3, §5). Uniqueness is the server's
 * to decide; its answer arrives as `error` and shows in the field's error slot.
 */
export function Widget(props: WidgetProps<string>) {
  const { id, field, value, onChange, onBlur, disabled, readOnly, locale } = props;
  const t = useWidgetT(locale);
  const max = Math.min(field.length ?? CODE_MAX_LENGTH, CODE_MAX_LENGTH);
  return (
    <Input
      id={id}
      value={value ?? ''}
      maxLength={max}
      showCount
      onChange={(e) => {
        const v = e.target.value.slice(0, max);
        onChange(v === '' ? undefined : v);
      }}
      onBlur={onBlur}
      disabled={disabled}
      readOnly={readOnly || field.readonly}
      placeholder={placeholderOf(field, locale) ?? t('code.placeholder')}
      spellCheck={false}
      autoComplete="off"
      {...inputAria(props)}
    />
  );
}
