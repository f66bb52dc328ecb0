import type { ViewProps } from '../types';
import { useWidgetT } from '../i18n';
import { EmptyValue } from '../shared/EmptyValue';

const noop = () => {};

/** The registered component, read-only; without one, the value as text. */
export function View({ field, value, locale, services }: ViewProps<unknown>) {
  const t = useWidgetT(locale);
  const Registered = field.component ? services.customComponents?.[field.component] : undefined;
  if (Registered)
    return <Registered id={`view-${field.key}`} field={field} value={value} onChange={noop} readOnly disabled locale={locale} services={services} />;
  if (value === undefined || value === null || value === '') return <EmptyValue locale={locale} />;
  return (
    <span className="fw-view" title={t('custom.raw')}>
      {typeof value === 'string' ? value : JSON.stringify(value)}
    </span>
  );
}
