import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FORMATS } from '../../schemas';
import type { WidgetProps } from '../types';
import { inputAria } from '../shared/aria';
import { placeholderOf } from '../shared/text';
import { useWidgetT } from '../i18n';
import { RANGE_SHEET_CLASSNAMES, SHEET_CLASSNAMES } from '../form/phoneLayout';

export type DateValue = string | [string, string];

/** The stored format: `YYYY-MM-DD`, or `YYYY-MM-DD HH:mm` with time (spec §9 form format). */
export const dateFormatOf = (withTime: boolean | undefined) => (withTime ? DATE_FORMATS.form : DATE_FORMATS.date);

const toDay = (s: string | undefined): Dayjs | null => {
  if (!s) return null;
  const d = dayjs(s);
  return d.isValid() ? d : null;
};

/** Date (80): one date or a range, with or without HH:mm (dayjs). */
export function Widget(props: WidgetProps<DateValue>) {
  const { id, field, value, onChange, onBlur, disabled, readOnly, locale } = props;
  const t = useWidgetT(locale);
  const format = dateFormatOf(field.withTime);
  const showTime = field.withTime ? { format: 'HH:mm' } : false;
  const ro = readOnly || field.readonly;
  const aria = inputAria(props);
  if (field.range) {
    const range = Array.isArray(value) ? value : undefined;
    return (
      <DatePicker.RangePicker
        id={{ start: id, end: `${id}-end` }}
        value={range ? [toDay(range[0]), toDay(range[1])] : null}
        format={format}
        showTime={showTime}
        disabled={disabled}
        inputReadOnly={ro}
        open={ro ? false : undefined}
        allowClear={!ro}
        placeholder={[t('date.start'), t('date.end')]}
        separator={<span aria-label={t('date.to')}>{t('date.to')}</span>}
        onChange={(dates) => {
          const [a, b] = dates ?? [];
          onChange(a && b ? [a.format(format), b.format(format)] : undefined);
        }}
        onBlur={onBlur}
        style={{ width: '100%' }}
        classNames={RANGE_SHEET_CLASSNAMES}
        {...aria}
      />
    );
  }
  return (
    <DatePicker
      id={id}
      value={toDay(typeof value === 'string' ? value : undefined)}
      format={format}
      showTime={showTime}
      disabled={disabled}
      inputReadOnly={ro}
      open={ro ? false : undefined}
      allowClear={!ro}
      placeholder={placeholderOf(field, locale) ?? t('date.placeholder')}
      onChange={(d) => onChange(d ? d.format(format) : undefined)}
      onBlur={onBlur}
      style={{ width: '100%' }}
      classNames={SHEET_CLASSNAMES}
      {...aria}
    />
  );
}
