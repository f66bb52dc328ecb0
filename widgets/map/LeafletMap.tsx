import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { MapValue } from '../../schemas';

/** Shanghai, where a map without a value opens. */
export const DEFAULT_CENTER = { lng: 121.473701, lat: 31.230416 };

/** A Leaflet map with one marker; clicking or dragging moves it (unless read-only). */
export function LeafletMap({
  tileUrl,
  value,
  onPick,
  readOnly,
  label,
}: {
  tileUrl: string;
  value: MapValue | undefined;
  onPick?: (lng: number, lat: number) => void;
  readOnly?: boolean;
  label: string;
}) {
  const el = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    if (!el.current) return;
    const center = value ?? DEFAULT_CENTER;
    const m = L.map(el.current, { center: [center.lat, center.lng], zoom: 13, keyboard: true });
    L.tileLayer(tileUrl, { maxZoom: 19 }).addTo(m);
    const icon = L.divIcon({
      className: 'fw-map-pin',
      html: '<span style="display:block;width:16px;height:16px;border-radius:50%;background:#1677ff;border:2px solid #fff;box-shadow:0 0 2px #000"></span>',
      iconSize: [16, 16],
    });
    const mk = L.marker([center.lat, center.lng], { icon, draggable: !readOnly, keyboard: false }).addTo(m);
    if (!value) mk.setOpacity(0);
    mk.on('dragend', () => {
      const p = mk.getLatLng();
      pick.current?.(p.lng, p.lat);
    });
    if (!readOnly) m.on('click', (e: L.LeafletMouseEvent) => pick.current?.(e.latlng.lng, e.latlng.lat));
    map.current = m;
    marker.current = mk;
    return () => {
      m.remove();
      map.current = null;
      marker.current = null;
    };
    // the map is created once per tile URL / mode; the value follows below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tileUrl, readOnly]);

  useEffect(() => {
    if (!value || !marker.current || !map.current) return;
    marker.current.setLatLng([value.lat, value.lng]).setOpacity(1);
    map.current.panTo([value.lat, value.lng]);
  }, [value]);

  return <div ref={el} role="application" aria-label={label} data-testid="leaflet-map" style={{ height: 240, borderRadius: 6, marginBottom: 8 }} />;
}
