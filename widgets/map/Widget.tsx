import { useState } from 'react';
import { Input } from 'antd';
import type { MapValue } from '../../schemas';
import type { WidgetProps } from '../types';
import { groupAria } from '../shared/aria';
import { useWidgetT } from '../i18n';
import { COORD_PLACES, parseCoordinate } from './coordinates';
import { LeafletMap } from './LazyLeafletMap';

const round = (n: number) => Number(n.toFixed(COORD_PLACES));

/**
 * Map (91): a point and its address. With `services.mapTileUrl` a Leaflet map lets the user
 * click or drag the marker; without it (offline) the longitude, latitude and address are typed.
 */
export function Widget(props: WidgetProps<MapValue>) {
  const { id, field, value, onChange, disabled, readOnly, locale, services } = props;
  const t = useWidgetT(locale);
  const ro = readOnly || field.readonly || disabled;
  const [lngText, setLngText] = useState(value ? String(value.lng) : '');
  const [latText, setLatText] = useState(value ? String(value.lat) : '');
  const [seen, setSeen] = useState(value);
  // the last value this widget emitted: only a value from outside rewrites the typed texts
  const [own, setOwn] = useState<MapValue | undefined>(value);
  if (seen !== value) {
    setSeen(value);
    if (value !== own) {
      setLngText(value ? String(value.lng) : '');
      setLatText(value ? String(value.lat) : '');
    }
  }
  const change = (next: MapValue | undefined) => {
    setOwn(next);
    onChange(next);
  };
  const lngBad = lngText !== '' && parseCoordinate(lngText, 'lng') === undefined;
  const latBad = latText !== '' && parseCoordinate(latText, 'lat') === undefined;

  const emit = (lng: string, lat: string, address: string | undefined) => {
    const x = parseCoordinate(lng, 'lng');
    const y = parseCoordinate(lat, 'lat');
    change(x === undefined || y === undefined ? undefined : { lng: x, lat: y, ...(address ? { address } : {}) });
  };

  return (
    <div id={`${id}-group`} {...groupAria(props)} data-testid={`map-${field.key}`}>
      {services.mapTileUrl ? (
        <LeafletMap
          tileUrl={services.mapTileUrl}
          value={value}
          readOnly={!!ro}
          label={t('map.map')}
          onPick={(lng, lat) => {
            setLngText(String(round(lng)));
            setLatText(String(round(lat)));
            change({ lng: round(lng), lat: round(lat), ...(value?.address ? { address: value.address } : {}) });
          }}
        />
      ) : (
        <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.65)', marginBottom: 4 }}>{t('map.offline')}</div>
      )}
      <div className="fw-map-coords" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <label htmlFor={id} style={{ whiteSpace: 'nowrap' }}>
          {t('map.lng')}
        </label>
        <Input
          id={id}
          inputMode="decimal"
          value={lngText}
          readOnly={!!ro}
          disabled={disabled}
          status={lngBad ? 'error' : undefined}
          aria-invalid={lngBad || undefined}
          onChange={(e) => {
            setLngText(e.target.value.trim());
            emit(e.target.value.trim(), latText, value?.address);
          }}
        />
        <label htmlFor={`${id}-lat`} style={{ whiteSpace: 'nowrap' }}>
          {t('map.lat')}
        </label>
        <Input
          id={`${id}-lat`}
          inputMode="decimal"
          value={latText}
          readOnly={!!ro}
          disabled={disabled}
          status={latBad ? 'error' : undefined}
          aria-invalid={latBad || undefined}
          onChange={(e) => {
            setLatText(e.target.value.trim());
            emit(lngText, e.target.value.trim(), value?.address);
          }}
        />
      </div>
      <Input
        id={`${id}-address`}
        aria-label={t('map.address')}
        placeholder={t('map.address')}
        style={{ marginTop: 8 }}
        maxLength={500}
        value={value?.address ?? ''}
        readOnly={!!ro}
        disabled={disabled || !value}
        onChange={(e) => value && change({ lng: value.lng, lat: value.lat, ...(e.target.value ? { address: e.target.value } : {}) })}
      />
      {lngBad || latBad ? (
        <div role="alert" style={{ color: '#cf1322', fontSize: 12 }} data-testid="map-problem">
          {t('map.invalid')}
        </div>
      ) : null}
    </div>
  );
}
