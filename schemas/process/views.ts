// Read helpers over an instance state: the record's approval fields (spec §3), the tasks people
// see, what the return dialog offers and which actions a user may take now (the approval
// screen, mode 3, shows these). Pure; the server and the client use the same answers.
import { decide, returnNodeTargets } from './engine';
import type { LocalizedText } from '../definition';
import type { ProcessDefinition } from './model';
import type { DecideEnv, Directory, InstanceState, ProcessAction, Task } from './state';

/** The approval fields of spec §3 the engine owns (shenPiZhuangTai and the times follow the records lifecycle). */
export interface ApprovalFields {
  /** the active nodes' zh-CN names joined by '、' (≤ 100 characters); the end node's name when approved; '' otherwise */
  stateName: string;
  /** the first pending assignee's user id */
  shenPiRen: string | null;
  /** the role code when the first active node's strategy is roles */
  shiYongJueSeId: string | null;
  /** the instance id */
  liuChengId: string;
}

const STATE_NAME_MAX = 100;

/** Node ids with an active run, in the order they were entered (no duplicates). */
export function currentNodeIds(state: InstanceState): string[] {
  return [...new Set(state.runs.filter((r) => r.status === 'active').map((r) => r.nodeId))];
}

/** Every pending task (waiting ones are not yet anybody's turn). */
export function pendingTasks(state: InstanceState): Task[] {
  return state.tasks.filter((t) => t.status === 'pending');
}

/** The user's tasks they can act on now (pending), oldest first. */
export function openTasksOf(state: InstanceState, userId: string): Task[] {
  return state.tasks.filter((t) => t.status === 'pending' && t.assigneeId === userId);
}

export function approvalFields(def: ProcessDefinition, state: InstanceState, instanceId: string): ApprovalFields {
  const nodes = new Map(def.nodes.map((n) => [n.id, n]));
  let stateName = '';
  if (state.status === 'running') {
    stateName = currentNodeIds(state)
      .map((id) => nodes.get(id)?.name['zh-CN'] ?? id)
      .join('、');
  } else if (state.status === 'approved') {
    const end = [...state.runs].reverse().find((r) => nodes.get(r.nodeId)?.type === 'end');
    stateName = (end && nodes.get(end.nodeId)?.name['zh-CN']) ?? '';
  }
  const chars = Array.from(stateName);
  if (chars.length > STATE_NAME_MAX) stateName = chars.slice(0, STATE_NAME_MAX).join('');
  const first = state.status === 'running' ? pendingTasks(state)[0] : undefined;
  const activeId = state.status === 'running' ? currentNodeIds(state)[0] : undefined;
  const strategy = activeId ? nodes.get(activeId)?.assignee : undefined;
  return {
    stateName,
    shenPiRen: first?.assigneeId ?? null,
    shiYongJueSeId: strategy?.kind === 'roles' ? strategy.roleCodes[0] : null,
    liuChengId: instanceId,
  };
}

export type ReturnTargetOption = { kind: 'applicant'; to: 'applicant' } | { kind: 'node'; to: string; name: LocalizedText };

/** What the return dialog offers for a task: the applicant and/or earlier approve nodes. */
export function returnTargets(def: ProcessDefinition, state: InstanceState, taskId: string): ReturnTargetOption[] {
  const task = state.tasks.find((t) => t.id === taskId);
  if (!task || task.status !== 'pending' || task.origin === 'delegate' || state.status !== 'running') return [];
  const node = def.nodes.find((n) => n.id === task.nodeId);
  const out: ReturnTargetOption[] = [];
  if (node?.returnRule?.targets.includes('applicant')) out.push({ kind: 'applicant', to: 'applicant' });
  for (const id of returnNodeTargets(def, state, task)) {
    const target = def.nodes.find((n) => n.id === id);
    if (target) out.push({ kind: 'node', to: id, name: target.name });
  }
  return out;
}

export const USER_ACTIONS = ['approve', 'reject', 'return', 'transfer', 'delegate', 'addSign', 'withdraw', 'urge', 'resubmit', 'ccRead'] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

const NO_DIRECTORY: Directory = { users: {}, departments: {}, matrices: {}, adminUserId: null };

/** Would the engine accept this withdraw? (Withdrawals read no directory and make no decisions that need one.) */
function accepts(def: ProcessDefinition, state: InstanceState, action: ProcessAction): boolean {
  let n = 0;
  const env: DecideEnv = { directory: NO_DIRECTORY, now: new Date(0).toISOString(), newId: () => `probe${++n}` };
  return decide(def, state, action, env).ok;
}

/**
 * The approval the user may still take back (withdraw with taskId), if any: their latest
 * approved task that nothing after it has acted on.
 */
export function withdrawableTask(def: ProcessDefinition, state: InstanceState, userId: string): string | null {
  if (state.status !== 'running') return null;
  const mine = state.tasks.filter((t) => t.assigneeId === userId && t.status === 'approved' && t.doneBy === userId);
  const latest = mine.sort((a, b) => (b.doneStep ?? 0) - (a.doneStep ?? 0))[0];
  return latest && accepts(def, state, { type: 'withdraw', by: userId, taskId: latest.id }) ? latest.id : null;
}

/** The actions the user may take on the instance now (what the approval screen offers). */
export function allowedActions(def: ProcessDefinition, state: InstanceState, userId: string): UserAction[] {
  const out = new Set<UserAction>();
  const running = state.status === 'running';
  const [task] = running ? openTasksOf(state, userId) : [];
  if (task) {
    out.add('approve');
    if (task.origin !== 'delegate') {
      const node = def.nodes.find((n) => n.id === task.nodeId);
      out.add('reject');
      if (returnTargets(def, state, task.id).length > 0) out.add('return');
      const addSigner = task.origin === 'addSignBefore' || task.origin === 'addSignAfter';
      for (const a of node?.actions ?? []) if (a === 'addSign' || !addSigner) out.add(a);
    }
  }
  const applicant = state.applicantId === userId;
  if (applicant && running) {
    if (accepts(def, state, { type: 'withdraw', by: userId })) out.add('withdraw');
    if (pendingTasks(state).length > 0) out.add('urge');
  }
  if (!out.has('withdraw') && withdrawableTask(def, state, userId)) out.add('withdraw');
  if (applicant && state.status === 'returned') out.add('resubmit');
  if (state.ccUserIds.includes(userId)) out.add('ccRead');
  return USER_ACTIONS.filter((a) => out.has(a));
}
