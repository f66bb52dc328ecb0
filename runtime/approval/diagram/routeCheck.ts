// What can be wrong with a laid-out process's edge routes (layout.ts), as sentences — for tests
// (the layout's, the designer canvas model's): a route that does not start under its source or
// end on top of its target, a slanted segment, a segment through a node or through another
// edge's label box, a label off its route or on a node, two labels or two nodes overlapping.
import type { ProcessDefinition, ProcessEdge } from '../../../schemas/process/model';
import { NODE_SIZE, type NodeBox, type ProcessLayout } from '../layout';
import { segmentEntersBox, type Box } from './routePath';

const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

export function routeProblems(
  d: Pick<ProcessDefinition, 'nodes' | 'edges'>,
  { positions, routes }: ProcessLayout,
  labelSize?: (edge: ProcessEdge) => NodeBox | null | undefined,
): string[] {
  const types = new Map(d.nodes.map((n) => [n.id, n.type]));
  const box = (id: string): Box => ({ ...positions[id], ...(NODE_SIZE[types.get(id)!] ?? NODE_SIZE.approve) });
  const labels = d.edges.flatMap((e) => {
    const size = labelSize?.(e);
    const r = routes[e.id];
    return size && r ? [{ id: e.id, box: { x: r.label.x - size.width / 2, y: r.label.y - size.height / 2, ...size } }] : [];
  });
  const out: string[] = [];
  for (const e of d.edges) {
    const r = routes[e.id];
    if (!r) {
      out.push(`${e.id}: no route`);
      continue;
    }
    const s = box(e.source);
    const t = box(e.target);
    const [first, last] = [r.points[0], r.points[r.points.length - 1]];
    if (first.x !== s.x + s.width / 2 || first.y !== s.y + s.height) out.push(`${e.id}: starts at ${JSON.stringify(first)}, not under ${e.source}`);
    if (last.x !== t.x + t.width / 2 || last.y !== t.y) out.push(`${e.id}: ends at ${JSON.stringify(last)}, not on top of ${e.target}`);
    let onRoute = false;
    for (let i = 1; i < r.points.length; i++) {
      const [a, b] = [r.points[i - 1], r.points[i]];
      if (a.x !== b.x && a.y !== b.y) out.push(`${e.id}: slanted segment ${i}`);
      for (const n of d.nodes) if (segmentEntersBox(a, b, box(n.id))) out.push(`${e.id}: segment ${i} crosses node ${n.id}`);
      for (const l of labels) if (l.id !== e.id && segmentEntersBox(a, b, l.box)) out.push(`${e.id}: segment ${i} crosses the label of ${l.id}`);
      const [x1, x2] = [Math.min(a.x, b.x), Math.max(a.x, b.x)];
      const [y1, y2] = [Math.min(a.y, b.y), Math.max(a.y, b.y)];
      if (x1 <= r.label.x && r.label.x <= x2 && y1 <= r.label.y && r.label.y <= y2) onRoute = true;
    }
    if (!onRoute) out.push(`${e.id}: label ${JSON.stringify(r.label)} off its route`);
  }
  for (const l of labels) {
    for (const n of d.nodes) if (overlap(l.box, box(n.id))) out.push(`label of ${l.id} on node ${n.id}`);
    for (const m of labels) if (m.id < l.id && overlap(l.box, m.box)) out.push(`labels of ${l.id} and ${m.id} overlap`);
  }
  for (const a of d.nodes) for (const b of d.nodes) if (a.id < b.id && overlap(box(a.id), box(b.id))) out.push(`nodes ${a.id} and ${b.id} overlap`);
  return out;
}
