import type { MapValue } from '../../schemas';

export const COORD_PLACES = 6;

/** A longitude/latitude from typed text, within range; undefined otherwise. */
export function parseCoordinate(text: string, axis: 'lng' | 'lat'): number | undefined {
  if (!/^-?\d{1,3}(\.\d{1,6})?$/.test(text.trim())) return undefined;
  const n = Number(text);
  const limit = axis === 'lng' ? 180 : 90;
  return n >= -limit && n <= limit ? n : undefined;
}

/** "121.473701, 31.230416" — longitude first, as the value stores it. */
export function formatCoordinates(v: MapValue): string {
  return `${v.lng.toFixed(COORD_PLACES)}, ${v.lat.toFixed(COORD_PLACES)}`;
}
