import { useState } from 'react';
import Decimal from 'decimal.js';
import { Input } from 'antd';
import { FIELD_TYPES } from '../../schemas';
import type { WidgetProps } from '../types';
import { inputAria } from '../shared/aria';
import { placeholderOf } from '../shared/text';
import { useTypedText } from '../shared/useTypedText';
import { useWidgetT } from '../i18n';
import { isDecimalTyping, normaliseDecimal } from '../format';

export const DEFAULT_PRECISION = 2;

/** The stored string of typed text, fixed to `precision` places ("12.5" → "12.50"). */
export function fixDecimal(text: string, precision: number): string | undefined {
  const n = normaliseDecimal(text);
  return n === undefined ? undefined : new Decimal(n).toFixed(precision);
}

/**
 * Decimal (16): a BigDecimal kept as a string, never a float. Letters, a second point and
 * more than `precision` places are rejected as they are typed; leaving the input fixes the
 * value to exactly `precision` places.
 */
export function Widget(props: WidgetProps<string>) {
  const { id, field, value, onChange, onBlur, disabled, readOnly, locale } = props;
  const t = useWidgetT(locale);
  const precision = field.precision ?? DEFAULT_PRECISION;
  const digits = field.length ?? FIELD_TYPES.DECIMAL.defaultLength;
  const [text, setText] = useTypedText(
    value,
    (v) => v ?? '',
    (s, v) => normaliseDecimal(s) === (v === undefined ? undefined : normaliseDecimal(v)),
  );
  const [rejected, setRejected] = useState(false);
  return (
    <>
      <Input
        id={id}
        inputMode="decimal"
        value={text}
        onChange={(e) => {
          const next = e.target.value.trim();
          if (!isDecimalTyping(next, precision) || next.replace(/[-.]/g, '').length > digits) {
            setRejected(true);
            return;
          }
          setRejected(false);
          setText(next);
          onChange(normaliseDecimal(next));
        }}
        onBlur={() => {
          const fixed = fixDecimal(text, precision);
          setText(fixed ?? '');
          setRejected(false);
          if (fixed !== value) onChange(fixed);
          onBlur?.();
        }}
        disabled={disabled}
        readOnly={readOnly || field.readonly}
        placeholder={placeholderOf(field, locale)}
        {...inputAria(props)}
      />
      <div role="status" aria-live="polite" className="fw-input-hint" style={{ fontSize: 12, color: '#ad4e00' }}>
        {rejected ? t('decimal.rejected', { precision }) : ''}
      </div>
    </>
  );
}
