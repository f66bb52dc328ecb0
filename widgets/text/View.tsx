import type { ViewProps } from '../types';
import { EmptyValue } from '../shared/EmptyValue';

export function View({ value, locale }: ViewProps<string>) {
  return value ? <span className="fw-view">{value}</span> : <EmptyValue locale={locale} />;
}
