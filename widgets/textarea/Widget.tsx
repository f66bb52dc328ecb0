import { useState } from 'react';
import { Input } from 'antd';
import { FIELD_TYPES } from '../../schemas';
import type { WidgetProps } from '../types';
import { inputAria } from '../shared/aria';
import { placeholderOf } from '../shared/text';

const MIN_ROWS = 3;
const AUTO_SIZE = { minRows: MIN_ROWS, maxRows: 10 } as const;

/** More lines than a plain 3-row box shows (counting the breaks only; long lines wrap). */
const needsGrowth = (v: string | undefined) => !!v && v.split('\n', MIN_ROWS + 1).length > MIN_ROWS;

/**
 * Multi-line text (1) with a character counter and limit (`length`, 2000 by default).
 * Grows with its text up to 10 rows. antd's autoSize measures the text in a hidden copy of the
 * textarea (a forced layout per textarea), which made long forms slow to mount: a textarea
 * starts as a plain 3-row box and grows only once it is focused or holds more lines than that.
 */
export function Widget(props: WidgetProps<string>) {
  const { id, field, value, onChange, onBlur, disabled, readOnly, locale } = props;
  const max = field.length ?? FIELD_TYPES.TEXTAREA.defaultLength;
  const [grow, setGrow] = useState(false);
  const autoSize = grow || needsGrowth(value);
  return (
    <Input.TextArea
      id={id}
      value={value ?? ''}
      maxLength={max}
      showCount
      rows={MIN_ROWS}
      autoSize={autoSize ? AUTO_SIZE : false}
      onFocus={() => setGrow(true)}
      onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value.slice(0, max))}
      onBlur={onBlur}
      disabled={disabled}
      readOnly={readOnly || field.readonly}
      placeholder={placeholderOf(field, locale)}
      {...inputAria(props)}
    />
  );
}
