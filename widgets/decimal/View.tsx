import { AMOUNT_DECIMALS } from '../../schemas';
import type { ViewProps } from '../types';
import { EmptyValue } from '../shared/EmptyValue';
import { formatDecimal } from '../format';
import { DEFAULT_PRECISION } from './Widget';

/** Fixed places with thousands separators; amounts (`money`) with two decimals. */
export function View({ field, value, locale }: ViewProps<string>) {
  if (value === undefined || value === null || value === '') return <EmptyValue locale={locale} />;
  const places = field.money ? AMOUNT_DECIMALS : (field.precision ?? DEFAULT_PRECISION);
  return (
    <span className="fw-view" style={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatDecimal(value, places)}
    </span>
  );
}
