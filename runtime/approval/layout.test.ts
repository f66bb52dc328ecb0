import { describe, expect, it } from 'vitest';
import { layoutProcess, NODE_SIZE } from './layout';
import type { ProcessDefinition } from '../../schemas/process/model';

const name = { 'zh-CN': 'x' };
function def(): Pick<ProcessDefinition, 'nodes' | 'edges'> {
  return {
    nodes: [
      { id: 'start', type: 'start', name },
      { id: 'c', type: 'condition', name },
      { id: 'a1', type: 'approve', name, assignee: { kind: 'deptLeader' } },
      { id: 'a2', type: 'approve', name, assignee: { kind: 'deptLeader' } },
      { id: 'end', type: 'end', name },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'c' },
      { id: 'e2', source: 'c', target: 'a2', condition: { '>': [{ var: 'amount' }, 1] }, priority: 1 },
      { id: 'e3', source: 'c', target: 'a1' },
      { id: 'e4', source: 'a1', target: 'end' },
      { id: 'e5', source: 'a2', target: 'end' },
    ],
  };
}

describe('layoutProcess', () => {
  it('ranks top-down: every edge goes downwards, branches side by side', () => {
    const d = def();
    const p = layoutProcess(d);
    for (const e of d.edges) expect(p[e.target].y, `${e.source}→${e.target}`).toBeGreaterThan(p[e.source].y);
    expect(p.a1.y).toBe(p.a2.y);
    expect(Math.abs(p.a1.x - p.a2.x)).toBeGreaterThanOrEqual(NODE_SIZE.approve.width);
  });

  it('keeps stored positions unless told not to', () => {
    const d = def();
    d.nodes[2] = { ...d.nodes[2], position: { x: 999, y: 7 } };
    expect(layoutProcess(d).a1).toEqual({ x: 999, y: 7 });
    expect(layoutProcess(d, { keepPositions: false }).a1).not.toEqual({ x: 999, y: 7 });
  });

  it('ignores edges to unknown nodes and self-loops', () => {
    const d = def();
    d.edges.push({ id: 'bad', source: 'a1', target: 'ghost' }, { id: 'loop', source: 'a2', target: 'a2' });
    const p = layoutProcess(d);
    expect(Object.keys(p).sort()).toEqual(['a1', 'a2', 'c', 'end', 'start']);
  });
});
