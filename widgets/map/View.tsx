import type { MapValue } from '../../schemas';
import type { ViewProps } from '../types';
import { EmptyValue } from '../shared/EmptyValue';
import { useWidgetT } from '../i18n';
import { formatCoordinates } from './coordinates';
import { LeafletMap } from './LazyLeafletMap';

export function View({ value, locale, services }: ViewProps<MapValue>) {
  const t = useWidgetT(locale);
  if (!value) return <EmptyValue locale={locale} />;
  return (
    <div className="fw-view fw-map-view">
      {services.mapTileUrl ? <LeafletMap tileUrl={services.mapTileUrl} value={value} readOnly label={t('map.map')} /> : null}
      <div>{value.address ? `${value.address}（${formatCoordinates(value)}）` : formatCoordinates(value)}</div>
    </div>
  );
}
