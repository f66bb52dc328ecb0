import type { ViewProps } from '../types';
import { EmptyValue } from '../shared/EmptyValue';
import { formatInteger } from '../format';

export function View({ value, locale }: ViewProps<number>) {
  return value === undefined || value === null ? <EmptyValue locale={locale} /> : <span className="fw-view">{formatInteger(value)}</span>;
}
