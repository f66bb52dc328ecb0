// Problems of a process definition (validateProcessDefinition's, or the server's on save and
// publish) placed on the canvas: each problem's path — a JSON pointer `/nodes/3/assignee` or the
// server's field path `definition.nodes.3.assignee` — names a node or an edge by index, which
// is turned into its id so the canvas can badge it.
import type { ProcessDefinition } from '../../../schemas/process/model';

export interface ProcessProblem {
  path: string;
  message: string;
  code?: string;
}

export interface ProblemsByNode {
  nodes: Record<string, ProcessProblem[]>;
  edges: Record<string, ProcessProblem[]>;
  /** problems of the process as a whole (no start, no end, its name…) */
  general: ProcessProblem[];
}

/** The path's segments: `/nodes/3/x` and `definition.nodes.3.x` both answer ['nodes', '3', 'x']. */
export function pathSegments(path: string): string[] {
  if (path.startsWith('/'))
    return path
      .slice(1)
      .split('/')
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const parts = path.split('.').filter((s) => s !== '');
  return parts[0] === 'definition' ? parts.slice(1) : parts;
}

export function problemsByNode(problems: readonly ProcessProblem[], definition: Pick<ProcessDefinition, 'nodes' | 'edges'>): ProblemsByNode {
  const out: ProblemsByNode = { nodes: {}, edges: {}, general: [] };
  for (const p of problems) {
    const [kind, index] = pathSegments(p.path);
    const i = index !== undefined && /^\d+$/.test(index) ? Number(index) : -1;
    if (kind === 'nodes' && definition.nodes[i]) (out.nodes[definition.nodes[i].id] ??= []).push(p);
    else if (kind === 'edges' && definition.edges[i]) (out.edges[definition.edges[i].id] ??= []).push(p);
    else out.general.push(p);
  }
  return out;
}

/** The node a problem concerns (an edge's problem: the edge's source node), for "select on click". */
export function problemTarget(problem: ProcessProblem, definition: Pick<ProcessDefinition, 'nodes' | 'edges'>): { nodeId?: string; edgeId?: string } {
  const [kind, index] = pathSegments(problem.path);
  const i = index !== undefined && /^\d+$/.test(index) ? Number(index) : -1;
  if (kind === 'nodes' && definition.nodes[i]) return { nodeId: definition.nodes[i].id };
  if (kind === 'edges' && definition.edges[i]) return { edgeId: definition.edges[i].id, nodeId: definition.edges[i].source };
  return {};
}

/** A problem's path as a JSON pointer (`definition.nodes.3.assignee` → `/nodes/3/assignee`). */
export function toPointer(path: string): string {
  if (path.startsWith('/')) return path;
  return `/${pathSegments(path)
    .map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1'))
    .join('/')}`;
}
