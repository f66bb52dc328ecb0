import { describe, expect, it } from 'vitest';
import { N, linear } from '../../../schemas/process/testing';
import { ProcessDesignerStore } from './store';
import { deleteNodes, insertOnEdge, moveNodes, renameNode } from './commands';

const def = () => linear(N.approve('a', { kind: 'deptLeader' }));

describe('ProcessDesignerStore', () => {
  it('applies, undoes and redoes, tracking dirty and the selection', () => {
    const store = new ProcessDesignerStore(def());
    const calls: number[] = [];
    store.subscribe(() => calls.push(1));
    expect(store.getState()).toMatchObject({ canUndo: false, canRedo: false, dirty: false });
    expect(store.dispatch(insertOnEdge('e1', 'approve')).ok).toBe(true);
    expect(store.getState()).toMatchObject({ canUndo: true, dirty: true, selection: { nodes: ['approver1'], edges: [] } });
    store.undo();
    expect(store.getState()).toMatchObject({ canUndo: false, canRedo: true, dirty: false, selection: { nodes: [], edges: [] } });
    store.redo();
    expect(store.getState().selection.nodes).toEqual(['approver1']);
    expect(calls.length).toBe(3);
    expect(store.undoType()).toBe('insert.approve');
  });

  it('answers a refusal without changing anything', () => {
    const store = new ProcessDesignerStore(def());
    const before = store.getState();
    const r = store.dispatch(deleteNodes(['start']));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).toBe('notDeletable');
    expect(store.getState()).toBe(before);
  });

  it('coalesces a quick series of arrow moves into one step, and not after a pause', () => {
    let t = 0;
    const store = new ProcessDesignerStore(def(), { now: () => t });
    store.dispatch(moveNodes({ a: { x: 1, y: 0 } }, true));
    t = 100;
    store.dispatch(moveNodes({ a: { x: 2, y: 0 } }, true));
    t = 5000;
    store.dispatch(moveNodes({ a: { x: 3, y: 0 } }, true));
    store.undo();
    expect(store.getState().definition.nodes[1].position).toEqual({ x: 2, y: 0 });
    store.undo();
    expect(store.getState().definition.nodes[1].position).toBeUndefined();
    expect(store.getState().canUndo).toBe(false);
  });

  it('breaks coalescing on demand and never coalesces different nodes', () => {
    const store = new ProcessDesignerStore(def(), { now: () => 0 });
    store.dispatch(renameNode('a', { 'zh-CN': 'x' }));
    store.breakCoalescing();
    store.dispatch(renameNode('a', { 'zh-CN': 'xy' }));
    store.dispatch(moveNodes({ a: { x: 1, y: 1 } }, true));
    store.dispatch(moveNodes({ end: { x: 1, y: 1 } }, true));
    let steps = 0;
    while (store.undo()) steps++;
    expect(steps).toBe(4);
  });

  it('drops selected ids that no longer exist; markSaved makes the state clean', () => {
    const store = new ProcessDesignerStore(def());
    store.select({ nodes: ['a', 'ghost'], edges: ['e1'] });
    expect(store.getState().selection).toEqual({ nodes: ['a'], edges: ['e1'] });
    store.dispatch(deleteNodes(['a']));
    expect(store.getState().selection).toEqual({ nodes: [], edges: [] });
    store.markSaved();
    expect(store.getState().dirty).toBe(false);
    store.undo();
    expect(store.getState().dirty).toBe(true);
  });

  it('rebases the history onto a published copy that differs only in its version', () => {
    const store = new ProcessDesignerStore(def());
    store.dispatch(insertOnEdge('e1', 'approve'));
    const published = { ...store.getState().definition, version: 7 };
    expect(store.rebase(published)).toBe(true);
    expect(store.getState()).toMatchObject({ dirty: false, canUndo: true });
    store.undo();
    expect(store.getState().definition.version).toBe(7);
    expect(store.getState().definition.nodes.map((n) => n.id)).toEqual(['start', 'a', 'end']);
    // a copy with other content resets
    expect(store.rebase({ ...def(), version: 8, nodes: def().nodes.slice(0, 1) })).toBe(false);
    expect(store.getState().canUndo).toBe(false);
  });
});
