import type { ViewProps } from '../types';
import { EmptyValue } from '../shared/EmptyValue';
import { formatDate, formatDateRange } from '../format';
import type { DateValue } from './Widget';

/** A date as `YYYY-MM-DD` (`YYYY-MM-DD HH:mm` with time); a range as `… 至 …（共N天）`. */
export function View({ field, value, locale }: ViewProps<DateValue>) {
  if (!value || (Array.isArray(value) && value.length < 2)) return <EmptyValue locale={locale} />;
  const text = Array.isArray(value) ? formatDateRange(value, { withTime: field.withTime, locale }) : formatDate(value, field.withTime ? 'form' : 'date');
  return <span className="fw-view">{text}</span>;
}
