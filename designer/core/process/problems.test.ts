import { describe, expect, it } from 'vitest';
import { N, graph, linear } from '../../../schemas/process/testing';
import { validateProcessDefinition } from '../../../schemas/process/validate';
import { pathSegments, problemTarget, problemsByNode } from './problems';

describe('problemsByNode', () => {
  it('reads JSON pointers and the server’s field paths', () => {
    expect(pathSegments('/nodes/3/assignee')).toEqual(['nodes', '3', 'assignee']);
    expect(pathSegments('definition.nodes.3.assignee')).toEqual(['nodes', '3', 'assignee']);
    expect(pathSegments('/by/a~1b')).toEqual(['by', 'a/b']);
  });

  it('maps the validator’s problems to node and edge ids', () => {
    const def = graph(
      [N.start(), { id: 'x', type: 'approve', name: { 'zh-CN': 'x' } }, N.condition('c'), N.end()],
      [
        ['start', 'x'],
        ['x', 'c'],
        ['c', 'end', { condition: { '==': [1, 1] } }],
        ['c', 'end', { condition: { '==': [1, 2] } }],
        ['start', 'end', { condition: true, id: 'bad' }],
      ],
    );
    const { errors } = validateProcessDefinition(def);
    const by = problemsByNode(errors, def);
    expect(Object.keys(by.nodes).sort()).toEqual(expect.arrayContaining(['x', 'c']));
    expect(by.nodes.x.some((p) => p.code === 'process.noStrategy')).toBe(true);
    expect(by.nodes.c.some((p) => p.code === 'process.noDefaultEdge')).toBe(true);
    expect(by.edges.bad?.length).toBeGreaterThan(0);
  });

  it('keeps process-wide problems apart and a server path on the right node', () => {
    const def = linear(N.approve('a', { kind: 'deptLeader' }));
    const by = problemsByNode(
      [
        { path: '/nodes', message: 'no end' },
        { path: 'definition.nodes.1.assignee', message: 'bad' },
        { path: '/nodes/99', message: 'gone' },
      ],
      def,
    );
    expect(by.general.map((p) => p.message)).toEqual(['no end', 'gone']);
    expect(by.nodes.a.map((p) => p.message)).toEqual(['bad']);
    expect(problemTarget({ path: '/edges/1/condition', message: '' }, def)).toEqual({ edgeId: 'e2', nodeId: 'a' });
    expect(problemTarget({ path: '/name', message: '' }, def)).toEqual({});
  });
});

describe('toPointer', () => {
  it('turns the server’s field paths into JSON pointers and keeps pointers', async () => {
    const { toPointer } = await import('./problems');
    expect(toPointer('definition.nodes.3.assignee')).toEqual('/nodes/3/assignee');
    expect(toPointer('/edges/1')).toEqual('/edges/1');
  });
});
