import type { ViewProps } from '../types';
import { EmptyValue } from '../shared/EmptyValue';
import { optionLabel } from '../shared/text';

export function View({ field, value, locale }: ViewProps<string>) {
  return value ? <span className="fw-view">{optionLabel(field, value, locale)}</span> : <EmptyValue locale={locale} />;
}
