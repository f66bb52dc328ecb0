import { describe, expect, it } from 'vitest';
import { N, linear } from '../../../schemas/process/testing';
import { diffProcess } from './diff';
import { insertOnEdge, moveNodes, renameNode } from './commands';

describe('diffProcess', () => {
  const a = linear(N.approve('a', { kind: 'deptLeader' }));

  it('finds nothing between equal versions, key order and version aside', () => {
    const b = { ...a, version: 9, nodes: a.nodes.map((n) => ({ ...n })).map((n) => Object.fromEntries(Object.entries(n).reverse()) as typeof n) };
    expect(diffProcess(a, b).same).toBe(true);
  });

  it('lists added, removed and changed nodes and edges with the changed properties', () => {
    let b = insertOnEdge('e1', 'approve').apply(a).definition;
    b = renameNode('a', { 'zh-CN': '经理' }).apply(b).definition;
    b = { ...b, nodes: b.nodes.map((n) => (n.id === 'a' ? { ...n, method: 'all' as const } : n)), name: { 'zh-CN': '改名' } };
    const d = diffProcess(a, b);
    expect(d.nodes.added.map((n) => n.id)).toEqual(['approver1']);
    expect(d.nodes.removed).toEqual([]);
    expect(d.nodes.changed).toEqual([expect.objectContaining({ id: 'a', properties: ['method', 'name'] })]);
    expect(d.edges.added.map((e) => e.id)).toEqual(['edge1']);
    expect(d.edges.changed).toEqual([expect.objectContaining({ id: 'e1', properties: ['target'] })]);
    expect(d.process).toEqual(['name']);
    expect(diffProcess(b, a).nodes.removed.map((n) => n.id)).toEqual(['approver1']);
  });

  it('ignores positions unless asked', () => {
    const b = moveNodes({ a: { x: 5, y: 5 } }).apply(a).definition;
    expect(diffProcess(a, b).same).toBe(true);
    expect(diffProcess(a, b, { positions: true }).nodes.changed[0].properties).toEqual(['position']);
  });
});
