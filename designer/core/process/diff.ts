// A diff of two versions of a process for the version compare: nodes and edges added, removed
// and changed (with which properties), and the process's own properties that changed.
// Positions are layout, not meaning: left out unless asked for.
import type { ProcessDefinition, ProcessEdge, ProcessNode } from '../../../schemas/process/model';

export interface ChangedItem<T> {
  id: string;
  before: T;
  after: T;
  /** the top-level properties that differ, sorted */
  properties: string[];
}

export interface ProcessDiff {
  nodes: { added: ProcessNode[]; removed: ProcessNode[]; changed: ChangedItem<ProcessNode>[] };
  edges: { added: ProcessEdge[]; removed: ProcessEdge[]; changed: ChangedItem<ProcessEdge>[] };
  /** process properties that differ (name, formCode, callbackUrl), besides version */
  process: string[];
  /** nothing differs */
  same: boolean;
}

/** JSON with sorted keys: equal data, equal text. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

function changedProps(a: object, b: object, ignore: ReadonlySet<string>): string[] {
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  return [...keys].filter((k) => !ignore.has(k) && canonical(ra[k]) !== canonical(rb[k])).sort();
}

function diffList<T extends { id: string }>(a: readonly T[], b: readonly T[], ignore: ReadonlySet<string>) {
  const before = new Map(a.map((x) => [x.id, x]));
  const after = new Map(b.map((x) => [x.id, x]));
  const added = b.filter((x) => !before.has(x.id));
  const removed = a.filter((x) => !after.has(x.id));
  const changed: ChangedItem<T>[] = [];
  for (const x of b) {
    const old = before.get(x.id);
    if (!old) continue;
    const properties = changedProps(old, x, ignore);
    if (properties.length) changed.push({ id: x.id, before: old, after: x, properties });
  }
  return { added, removed, changed };
}

export function diffProcess(a: ProcessDefinition, b: ProcessDefinition, options: { positions?: boolean } = {}): ProcessDiff {
  const nodeIgnore = new Set(options.positions ? [] : ['position']);
  const nodes = diffList(a.nodes, b.nodes, nodeIgnore);
  const edges = diffList(a.edges, b.edges, new Set());
  const process = changedProps(a, b, new Set(['nodes', 'edges', 'version', 'schemaVersion']));
  const same = process.length === 0 && [nodes.added, nodes.removed, nodes.changed, edges.added, edges.removed, edges.changed].every((l) => l.length === 0);
  return { nodes, edges, process, same };
}
