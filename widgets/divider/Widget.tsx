import type { WidgetProps } from '../types';
import { View } from './View';

/** The divider looks the same in every mode. */
export function Widget({ field, locale, services }: WidgetProps<never>) {
  return <View field={field} value={undefined} locale={locale} services={services} />;
}
