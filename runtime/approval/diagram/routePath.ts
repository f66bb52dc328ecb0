// Drawing an edge along its route (layout.ts `EdgeRoute`): the SVG path with rounded corners,
// and the route fitted to the handle positions React Flow reports for the edge's two nodes — or
// null when those nodes are no longer where the route was laid out (an admin moved one, or is
// dragging it), and the edge is drawn as a plain stepped line instead. No React.
import type { EdgeRoute, Point } from '../layout';

/** An SVG path through `points` with each corner rounded (radius capped at half the shorter segment). */
export function roundedPath(points: readonly Point[], radius = 10): string {
  if (!points.length) return '';
  let d = `M ${points[0].x},${points[0].y}`;
  for (let i = 1; i < points.length - 1; i++) {
    const a = points[i - 1];
    const b = points[i];
    const c = points[i + 1];
    const l1 = Math.hypot(b.x - a.x, b.y - a.y);
    const l2 = Math.hypot(c.x - b.x, c.y - b.y);
    const r = Math.min(radius, l1 / 2, l2 / 2);
    if (r <= 0) {
      d += ` L ${b.x},${b.y}`;
      continue;
    }
    const p1 = { x: b.x - ((b.x - a.x) / l1) * r, y: b.y - ((b.y - a.y) / l1) * r };
    const p2 = { x: b.x + ((c.x - b.x) / l2) * r, y: b.y + ((c.y - b.y) / l2) * r };
    d += ` L ${p1.x},${p1.y} Q ${b.x},${b.y} ${p2.x},${p2.y}`;
  }
  const z = points[points.length - 1];
  if (points.length > 1) d += ` L ${z.x},${z.y}`;
  return d;
}

/**
 * The route's points with its ends moved onto the live handle positions (a few pixels off the
 * node's border), or null when an end is more than `tolerance` px from where the route expects it.
 */
export function fitRoute(route: EdgeRoute | undefined | null, source: Point, target: Point, tolerance = 6): Point[] | null {
  const pts = route?.points;
  if (!pts || pts.length < 2) return null;
  const first = pts[0];
  const last = pts[pts.length - 1];
  const off = (a: Point, b: Point) => Math.abs(a.x - b.x) > tolerance || Math.abs(a.y - b.y) > tolerance;
  if (off(first, source) || off(last, target)) return null;
  const out = pts.map((p) => ({ ...p }));
  // keep the first and last runs vertical: they follow their end sideways by the few pixels
  if (out.length > 2 && out[1].x === first.x) out[1].x = source.x;
  if (out.length > 2 && out[out.length - 2].x === last.x) out[out.length - 2].x = target.x;
  out[0] = { x: source.x, y: source.y };
  out[out.length - 1] = { x: target.x, y: target.y };
  return out;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether the segment a–b (vertical or horizontal) runs through the inside of `box` (along or on its border does not count). */
export function segmentEntersBox(a: Point, b: Point, box: Box): boolean {
  const [x1, x2] = a.x <= b.x ? [a.x, b.x] : [b.x, a.x];
  const [y1, y2] = a.y <= b.y ? [a.y, b.y] : [b.y, a.y];
  return x1 < box.x + box.width && x2 > box.x && y1 < box.y + box.height && y2 > box.y;
}
