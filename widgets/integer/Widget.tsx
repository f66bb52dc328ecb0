import { useState } from 'react';
import { Input } from 'antd';
import { FIELD_TYPES } from '../../schemas';
import type { WidgetProps } from '../types';
import { inputAria } from '../shared/aria';
import { placeholderOf } from '../shared/text';
import { useTypedText } from '../shared/useTypedText';
import { useWidgetT } from '../i18n';
import { isIntegerTyping, parseInteger } from './parse';

/** Integer (15): digits and a leading minus only; letters are rejected as they are typed. */
export function Widget(props: WidgetProps<number>) {
  const { id, field, value, onChange, onBlur, disabled, readOnly, locale } = props;
  const t = useWidgetT(locale);
  const digits = Math.min(field.length ?? FIELD_TYPES.INTEGER.defaultLength, 15);
  const [text, setText] = useTypedText(
    value,
    (v) => (v === undefined || v === null ? '' : String(v)),
    (s, v) => parseInteger(s) === v,
  );
  const [rejected, setRejected] = useState(false);
  return (
    <>
      <Input
        id={id}
        inputMode="numeric"
        value={text}
        onChange={(e) => {
          const next = e.target.value.trim();
          if (!isIntegerTyping(next, digits)) {
            setRejected(true);
            return;
          }
          setRejected(false);
          setText(next);
          onChange(parseInteger(next));
        }}
        onBlur={() => {
          if (text === '-') setText('');
          setRejected(false);
          onBlur?.();
        }}
        disabled={disabled}
        readOnly={readOnly || field.readonly}
        placeholder={placeholderOf(field, locale)}
        {...inputAria(props)}
      />
      <div role="status" aria-live="polite" className="fw-input-hint" style={{ fontSize: 12, color: '#ad4e00', minHeight: rejected ? undefined : 0 }}>
        {rejected ? t('integer.rejected', { digits }) : ''}
      </div>
    </>
  );
}
