import { describe, expect, it } from 'vitest';
import { diagramState, nodeStateOf } from './diagramState';
import { SAMPLE_PROCESS } from './testing/sampleProcess';
import type { HistoryRow, InstanceDetail } from './services';

// SAMPLE_PROCESS: start → leader → amount (condition) → director (> 10,000) | finance (cc) → end
type Inst = NonNullable<InstanceDetail['instance']>;
let seq = 0;
const h = (action: string, nodeId: string | null): HistoryRow => ({
  seq: ++seq,
  action,
  actorId: null,
  actorName: null,
  nodeId,
  nodeName: null,
  taskId: null,
  comment: null,
  attachments: [],
  detail: null,
  at: '2026-11-25T08:00:00.000Z',
});
const inst = (status: string, current: string[] = [], returnedFrom: string | null = null): Inst => ({
  id: 'i1',
  status,
  processCode: 'feiYongShenQingLiuCheng',
  processVersion: 2,
  formCode: 'feiYongShenQing',
  formVersion: 1,
  applicantId: 'u1',
  applicantName: '张伟',
  revision: 1,
  startedAt: '2026-11-25T08:00:00.000Z',
  endedAt: null,
  currentNodes: current.map((id) => ({ id, name: id })),
  returnedFrom: returnedFrom ? { id: returnedFrom, name: returnedFrom } : null,
});
const sorted = (a: string[]) => [...a].sort();

describe('diagramState', () => {
  it('running at the director: leader and the condition passed, the director current', () => {
    const s = diagramState(SAMPLE_PROCESS, {
      instance: inst('running', ['director']),
      history: [h('start', null), h('nodeEnter', 'leader'), h('approve', 'leader'), h('nodeEnter', 'director')],
    });
    expect(s.currentNodeIds).toEqual(['director']);
    expect(sorted(s.doneNodeIds)).toEqual(['amount', 'leader', 'start']);
    expect(sorted(s.path.nodeIds)).toEqual(['amount', 'director', 'leader', 'start']);
    expect(sorted(s.path.edgeIds)).toEqual(['e1', 'e2', 'e3']);
    expect(s.rejectedNodeIds).toEqual([]);
    expect(s.returnedNodeIds).toEqual([]);
    expect(nodeStateOf('director', { ...s, pathNodeIds: s.path.nodeIds })).toBe('current');
    expect(nodeStateOf('leader', { ...s, pathNodeIds: s.path.nodeIds })).toBe('done');
    expect(nodeStateOf('finance', { ...s, pathNodeIds: s.path.nodeIds })).toBe('idle');
  });

  it('running at the first node: only the start is done, no gateway reached', () => {
    const s = diagramState(SAMPLE_PROCESS, { instance: inst('running', ['leader']), history: [h('start', null), h('nodeEnter', 'leader')] });
    expect(s.currentNodeIds).toEqual(['leader']);
    expect(s.doneNodeIds).toEqual(['start']);
    expect(s.path.edgeIds).toEqual(['e1']);
  });

  it('returned by the director: that node is marked returned, nothing is current', () => {
    const s = diagramState(SAMPLE_PROCESS, {
      instance: inst('returned', [], 'director'),
      history: [h('start', null), h('approve', 'leader'), h('nodeEnter', 'director'), h('return', 'director')],
    });
    expect(s.currentNodeIds).toEqual([]);
    expect(s.returnedNodeIds).toEqual(['director']);
    expect(s.doneNodeIds).not.toContain('director');
    expect(sorted(s.doneNodeIds)).toEqual(['amount', 'leader', 'start']);
    expect(nodeStateOf('director', { ...s })).toBe('returned');
  });

  it('rejected by the leader: the leader is marked rejected, the rest never reached', () => {
    const s = diagramState(SAMPLE_PROCESS, {
      instance: inst('rejected', ['leader']),
      history: [h('start', null), h('nodeEnter', 'leader'), h('reject', 'leader')],
    });
    // a finished instance has no current node, whatever the row says
    expect(s.currentNodeIds).toEqual([]);
    expect(s.rejectedNodeIds).toEqual(['leader']);
    expect(s.doneNodeIds).toEqual(['start']);
    expect(s.path.nodeIds).not.toContain('amount');
    expect(nodeStateOf('leader', s)).toBe('rejected');
  });

  it('rejected automatically (nobody found) marks that node', () => {
    const s = diagramState(SAMPLE_PROCESS, { instance: inst('rejected'), history: [h('start', null), h('approve', 'leader'), h('autoReject', 'director')] });
    expect(s.rejectedNodeIds).toEqual(['director']);
  });

  it('approved under 10,000: the default branch to finance and the end, the director never', () => {
    const s = diagramState(SAMPLE_PROCESS, {
      instance: inst('approved'),
      history: [h('start', null), h('approve', 'leader'), h('cc', 'finance'), h('archive', 'end')],
    });
    expect(s.currentNodeIds).toEqual([]);
    expect(sorted(s.doneNodeIds)).toEqual(['amount', 'end', 'finance', 'leader', 'start']);
    expect(sorted(s.path.edgeIds)).toEqual(['e1', 'e2', 'e4', 'e6']);
    expect(s.path.nodeIds).not.toContain('director');
  });

  it('no history: nothing on the path', () => {
    const s = diagramState(SAMPLE_PROCESS, { instance: null, history: [] });
    expect(s).toEqual({ currentNodeIds: [], doneNodeIds: [], path: { nodeIds: [], edgeIds: [] }, rejectedNodeIds: [], returnedNodeIds: [] });
  });
});
