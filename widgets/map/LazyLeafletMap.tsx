// Leaflet is loaded when a map first shows (a form without a map, or offline without tiles,
// never downloads it; issue 16 bundle budget).
import { lazy, Suspense, type ComponentProps } from 'react';
import type { LeafletMap as Eager } from './LeafletMap';

const Map = lazy(() => import('./LeafletMap').then((m) => ({ default: m.LeafletMap })));

type Props = ComponentProps<typeof Eager>;

/** The same props as LeafletMap; a box of the map's height stands in while Leaflet loads. */
export function LeafletMap(props: Props) {
  return (
    <Suspense fallback={<div className="fw-map-loading" role="img" aria-label={props.label} aria-busy="true" style={{ height: 240 }} />}>
      <Map {...props} />
    </Suspense>
  );
}
