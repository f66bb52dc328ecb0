// Test fixtures for the process engine: an organisation directory (departments with parents and
// leaders, users with posts/roles/groups, an inactive user, an administrator, a matrix), a
// counter for ids, builders for process definitions, and `Sim`, a small driver that applies
// decisions one after another (engine, views and dry-run tests use it; no database involved).
import { decide } from './engine';
import { returnTargets, withdrawableTask } from './views';
import type { ApproverStrategy, ProcessDefinition, ProcessEdge, ProcessNode } from './model';
import type { Decision, DecideEnv, Directory, DirectoryUser, Effect, InstanceState, ProcessAction, Task } from './state';

/** The fixture's user ids (19 digits, like the server's). */
export const U = {
  zhangwei: '1000000000000000001', // applicant, 华东销售部
  lina: '1000000000000000002', // leader of 华东销售部
  wangfang: '1000000000000000003', // leader of 销售中心 (parent)
  xuqiang: '1000000000000000004', // regional director (post quYuZongJian, in the matrix)
  sunli: '1000000000000000005', // finance (role caiWuZhuGuan)
  zhaolei: '1000000000000000006', // group reviewers
  chenjing: '1000000000000000007', // group reviewers, role caiWuZhuGuan
  admin: '1000000000000000008', // administrator
  ghost: '1000000000000000009', // inactive
  liuyang: '1000000000000000010', // 华东销售部 member
} as const;

const user = (id: string, username: string, name: string, departmentId: string | null, extra: Partial<DirectoryUser> = {}): DirectoryUser => ({
  id,
  username,
  name,
  departmentId,
  postCode: null,
  roleCodes: [],
  groupCodes: [],
  active: true,
  isAdmin: false,
  ...extra,
});

export const DEPT = { center: '2000000000000000001', east: '2000000000000000002', finance: '2000000000000000003' } as const;

export const DIRECTORY: Directory = {
  users: {
    [U.zhangwei]: user(U.zhangwei, 'zhangwei', '张伟', DEPT.east, { roleCodes: ['employee'] }),
    [U.lina]: user(U.lina, 'lina', '李娜', DEPT.east, { postCode: 'jingLi', roleCodes: ['employee'] }),
    [U.wangfang]: user(U.wangfang, 'wangfang', '王芳', DEPT.center, { postCode: 'zongJian' }),
    [U.xuqiang]: user(U.xuqiang, 'xuqiang', '徐强', DEPT.center, { postCode: 'quYuZongJian' }),
    [U.sunli]: user(U.sunli, 'sunli', '孙丽', DEPT.finance, { roleCodes: ['caiWuZhuGuan'] }),
    [U.zhaolei]: user(U.zhaolei, 'zhaolei', '赵磊', DEPT.finance, { groupCodes: ['reviewers'] }),
    [U.chenjing]: user(U.chenjing, 'chenjing', '陈静', DEPT.finance, { groupCodes: ['reviewers'], roleCodes: ['caiWuZhuGuan'] }),
    [U.admin]: user(U.admin, 'admin', '管理员', null, { isAdmin: true }),
    [U.ghost]: user(U.ghost, 'ghost', '离职', DEPT.east, { active: false }),
    [U.liuyang]: user(U.liuyang, 'liuyang', '刘洋', DEPT.east),
  },
  departments: {
    [DEPT.center]: { id: DEPT.center, code: 'XS', name: '销售中心', parentId: null, leaderUserId: U.wangfang },
    [DEPT.east]: { id: DEPT.east, code: 'XS-HD', name: '华东销售部', parentId: DEPT.center, leaderUserId: U.lina },
    [DEPT.finance]: { id: DEPT.finance, code: 'CW', name: '财务部', parentId: null, leaderUserId: U.sunli },
  },
  matrices: {
    quYuShenPiJuZhen: {
      code: 'quYuShenPiJuZhen',
      keys: ['jingXiaoShang'],
      columns: ['quYuZongJian'],
      rows: [{ keys: { jingXiaoShang: 'dealer1' }, cells: { quYuZongJian: [U.xuqiang] } }],
    },
  },
  adminUserId: U.admin,
};

/** Ids 19 digits long from a counter (3000000000000000001, …). */
export function idCounter(start = 1): () => string {
  let n = BigInt('3000000000000000000') + BigInt(start - 1);
  return () => {
    n += 1n;
    return n.toString();
  };
}

export const T0 = '2026-03-02T08:00:00.000Z';

export function makeEnv(directory: Directory = DIRECTORY, now = T0): DecideEnv {
  return { directory, now, newId: idCounter() };
}

// ─── definitions ────────────────────────────────────────────────────────────────────────────
const zh = (s: string) => ({ 'zh-CN': s });
type Extra = Partial<Omit<ProcessNode, 'id' | 'type'>>;
const strategy = (who: readonly string[] | ApproverStrategy): ApproverStrategy =>
  Array.isArray(who) ? { kind: 'users', userIds: [...who] } : (who as ApproverStrategy);

export const N = {
  start: (id = 'start'): ProcessNode => ({ id, type: 'start', name: zh('开始') }),
  end: (id = 'end'): ProcessNode => ({ id, type: 'end', name: zh('结束') }),
  approve: (id: string, who: readonly string[] | ApproverStrategy, extra: Extra = {}): ProcessNode => ({
    id,
    type: 'approve',
    name: zh(`审批${id}`),
    assignee: strategy(who),
    ...extra,
  }),
  cc: (id: string, who: readonly string[] | ApproverStrategy, extra: Extra = {}): ProcessNode => ({
    id,
    type: 'cc',
    name: zh(`抄送${id}`),
    assignee: strategy(who),
    ...extra,
  }),
  condition: (id: string): ProcessNode => ({ id, type: 'condition', name: zh(`条件${id}`) }),
  parallel: (id: string): ProcessNode => ({ id, type: 'parallel', name: zh(`并行${id}`) }),
  join: (id: string, split: string): ProcessNode => ({ id, type: 'join', name: zh(`汇聚${id}`), split }),
};

/** An edge: [source, target] or [source, target, { condition, priority, id }]. */
export type EdgeSpec = [string, string] | [string, string, Partial<ProcessEdge>];

/** A definition from nodes and edges (edge ids e1, e2, … unless given). */
export function graph(nodes: ProcessNode[], edges: EdgeSpec[]): ProcessDefinition {
  return {
    schemaVersion: 3,
    code: 'testFlow',
    name: zh('测试流程'),
    version: 1,
    nodes,
    edges: edges.map(([source, target, extra], i) => ({ id: `e${i + 1}`, source, target, ...(extra ?? {}) })),
  };
}

/** start → the given nodes one after another → end. */
export function linear(...nodes: ProcessNode[]): ProcessDefinition {
  const all = [N.start(), ...nodes, N.end()];
  return graph(
    all,
    all.slice(1).map((n, i): EdgeSpec => [all[i].id, n.id]),
  );
}

// ─── a driver ───────────────────────────────────────────────────────────────────────────────

/** Applies decisions in turn, keeping the state and every decision's effects. */
export class Sim {
  state: InstanceState | null = null;
  readonly effects: Effect[][] = [];
  readonly env: DecideEnv;
  private minutes = 0;

  constructor(
    readonly def: ProcessDefinition,
    directory: Directory = DIRECTORY,
  ) {
    const newId = idCounter();
    this.env = { directory, now: T0, newId };
  }

  /** Moves the clock on (minutes). */
  later(minutes = 1): this {
    this.minutes += minutes;
    this.env.now = new Date(Date.parse(T0) + this.minutes * 60_000).toISOString();
    return this;
  }

  /** Decides; a success becomes the state. */
  try(action: ProcessAction): Decision {
    const d = decide(this.def, this.state, action, this.env);
    if (d.ok) {
      const broken = invariantViolations(d.state, this.state);
      if (broken.length > 0) throw new Error(`${action.type} broke invariants: ${broken.join('; ')}`);
      this.state = d.state;
      this.effects.push(d.effects);
    }
    return d;
  }

  /** Decides and expects success; answers the effects. */
  do(action: ProcessAction): Effect[] {
    const d = this.try(action);
    if (!d.ok) throw new Error(`refused ${action.type}: ${d.code} ${JSON.stringify(d.params ?? {})}`);
    return d.effects;
  }

  submit(data: Record<string, unknown> = {}, picks?: Record<string, string[]>, by: string = U.zhangwei): Effect[] {
    return this.do({ type: 'submit', by, data, ...(picks ? { picks } : {}) });
  }

  get s(): InstanceState {
    if (!this.state) throw new Error('no instance yet');
    return this.state;
  }

  /** Pending tasks (of a user). */
  pending(userId?: string): Task[] {
    return this.s.tasks.filter((t) => t.status === 'pending' && (userId === undefined || t.assigneeId === userId));
  }

  /** The user's single pending task. */
  taskOf(userId: string): Task {
    const mine = this.pending(userId);
    if (mine.length !== 1) throw new Error(`${userId} has ${mine.length} pending tasks`);
    return mine[0];
  }

  approve(userId: string, extra: Partial<Extract<ProcessAction, { type: 'approve' }>> = {}): Effect[] {
    return this.do({ type: 'approve', by: userId, taskId: this.taskOf(userId).id, ...extra });
  }

  /** Ids of nodes with an active run. */
  active(): string[] {
    return this.s.runs.filter((r) => r.status === 'active').map((r) => r.nodeId);
  }

  /** The history actions written so far, in order. */
  historyActions(): string[] {
    return this.effects.flat().flatMap((e) => (e.type === 'history' ? [e.entry.action] : []));
  }
}

/** Effects of a type. */
export function effectsOf<K extends Effect['type']>(effects: readonly Effect[], type: K): Extract<Effect, { type: K }>[] {
  return effects.filter((e): e is Extract<Effect, { type: K }> => e.type === type);
}

/** The engine's invariants over one state (and, given the previous state, over the step); answers the broken ones. */
export function invariantViolations(state: InstanceState, previous?: InstanceState | null): string[] {
  const bad: string[] = [];
  const open = (t: Task) => t.status === 'pending' || t.status === 'waiting';
  const runs = new Map(state.runs.map((r) => [r.id, r]));
  if (runs.size !== state.runs.length) bad.push('duplicate run ids');
  if (new Set(state.tasks.map((t) => t.id)).size !== state.tasks.length) bad.push('duplicate task ids');
  if (state.status !== 'running') {
    if (state.tasks.some(open)) bad.push(`open tasks while ${state.status}`);
    if (state.runs.some((r) => r.status === 'active')) bad.push(`active runs while ${state.status}`);
  } else if (!state.tasks.some((t) => t.status === 'pending')) {
    bad.push('running without a pending task');
  }
  if (state.status === 'returned' && !state.returnedFrom) bad.push('returned without returnedFrom');
  for (const t of state.tasks) {
    const run = runs.get(t.runId);
    if (!run) bad.push(`task ${t.id} without its run`);
    else if (open(t) && run.status !== 'active') bad.push(`open task ${t.id} on a ${run.status} run`);
    if (run && run.nodeId !== t.nodeId) bad.push(`task ${t.id} on another node's run`);
    if (!open(t) && (t.completedAt === undefined || t.doneStep === undefined)) bad.push(`finished task ${t.id} without completion`);
    if (t.status !== 'pending' && t.dueAt !== undefined) bad.push(`task ${t.id} ${t.status} with dueAt`);
  }
  for (const r of state.runs) {
    if (r.status === 'active' && !state.tasks.some((t) => t.runId === r.id && open(t))) bad.push(`active run ${r.id} (${r.nodeId}) without open tasks`);
  }
  if (previous) {
    const now = new Map(state.tasks.map((t) => [t.id, t]));
    for (const t of previous.tasks) {
      const next = now.get(t.id);
      if (!next) {
        bad.push(`task ${t.id} disappeared`);
        continue;
      }
      if (open(t)) continue;
      const same = JSON.stringify(t) === JSON.stringify(next);
      const withdrawn = t.status === 'approved' && next.status === 'withdrawn';
      if (!same && !withdrawn) bad.push(`finished task ${t.id} changed (${t.status} → ${next.status})`);
    }
    if (state.runs.length < previous.runs.length || state.tasks.length < previous.tasks.length) bad.push('runs or tasks removed');
  }
  return bad;
}

// ─── definitions for property tests ─────────────────────────────────────────────────────────
const ALL_ACTIONS = { actions: ['transfer', 'delegate', 'addSign'] as ('transfer' | 'delegate' | 'addSign')[] };

/** Four definitions that use every node type, method, rule and action (the engine's and views' property tests run over them). */
export const MODEL_DEFS: ProcessDefinition[] = [
  linear(
    N.approve('a', [U.lina, U.wangfang, U.xuqiang], {
      ...ALL_ACTIONS,
      returnRule: { targets: ['applicant'], resubmit: 'returningNode' },
      timeout: { hours: 2, action: 'remind', maxReminders: 2 },
    }),
    N.approve('b', [U.sunli, U.chenjing], {
      method: 'all',
      ...ALL_ACTIONS,
      returnRule: { targets: ['applicant', 'previous'] },
      timeout: { hours: 4, action: 'approve' },
    }),
    N.approve('c', [U.lina, U.zhaolei, U.chenjing], { method: 'ratio', ratio: 50, ...ALL_ACTIONS, returnRule: { targets: ['any'] } }),
    N.approve('d', [U.wangfang, U.lina], {
      method: 'sequential',
      skipIfApproved: true,
      ...ALL_ACTIONS,
      timeout: { hours: 1, action: 'reject' },
      commentRequired: true,
    }),
  ),
  graph(
    [
      N.start(),
      N.approve('bm', { kind: 'deptLeader' }, { ...ALL_ACTIONS, returnRule: { targets: ['applicant'] } }),
      N.condition('c'),
      N.approve('dq', { kind: 'previousPicks' }, { returnRule: { targets: ['applicant', 'previous', 'any'], resubmit: 'returningNode' } }),
      N.approve('cw', { kind: 'roles', roleCodes: ['caiWuZhuGuan'] }, { ...ALL_ACTIONS, returnRule: { targets: ['applicant', 'any'] } }),
      N.approve('g', [U.ghost], { onEmpty: 'autoPass' }),
      N.cc('cs', { kind: 'applicant' }),
      N.end(),
    ],
    [
      ['start', 'bm'],
      ['bm', 'c'],
      ['c', 'dq', { condition: { '>': [{ var: 'amount' }, 50000] }, priority: 1 }],
      ['c', 'g'],
      ['g', 'cw'],
      ['dq', 'cw'],
      ['cw', 'cs'],
      ['cs', 'end'],
    ],
  ),
  graph(
    [
      N.start(),
      N.approve('pre', [U.liuyang], { ...ALL_ACTIONS }),
      N.parallel('p'),
      N.parallel('q'),
      N.approve('x', [U.lina, U.sunli], { method: 'all', ...ALL_ACTIONS, returnRule: { targets: ['applicant', 'previous', 'any'] } }),
      N.approve('y', [U.wangfang], { ...ALL_ACTIONS, returnRule: { targets: ['any'] }, timeout: { hours: 3, action: 'approve' } }),
      N.join('jq', 'q'),
      N.approve('z', [U.xuqiang, U.zhaolei], { method: 'sequential', returnRule: { targets: ['previous'] } }),
      N.cc('cc', [U.chenjing]),
      N.join('jp', 'p'),
      N.approve('post', [U.admin], { returnRule: { targets: ['applicant', 'any'], resubmit: 'returningNode' }, skipIfApproved: true }),
      N.end(),
    ],
    [
      ['start', 'pre'],
      ['pre', 'p'],
      ['p', 'q', { id: 'o1' }],
      ['p', 'z', { id: 'o2' }],
      ['p', 'cc', { id: 'o3' }],
      ['q', 'x', { id: 'i1' }],
      ['q', 'y', { id: 'i2' }],
      ['x', 'jq'],
      ['y', 'jq'],
      ['jq', 'jp'],
      ['z', 'jp'],
      ['cc', 'jp'],
      ['jp', 'post'],
      ['post', 'end'],
    ],
  ),
  linear(
    N.approve('chain', { kind: 'leaderChain', levels: 2 }, { ...ALL_ACTIONS, returnRule: { targets: ['applicant'], resubmit: 'start' } }),
    N.approve('pick', { kind: 'applicantPicks' }, { skipIfApproved: true, ...ALL_ACTIONS }),
    N.approve('grp', { kind: 'groups', groupCodes: ['reviewers'] }, { method: 'ratio', ratio: 100, returnRule: { targets: ['previous', 'applicant'] } }),
  ),
];

/** Random choices a property test draws for one step (see sensibleAction). */
export interface StepChoice {
  kind: number;
  a: number;
  b: number;
  c: number;
}

/** A sensible action (the right person, a comment, a target the dialog offers), so that runs go deep and finish. */
export function sensibleAction(def: ProcessDefinition, state: InstanceState, st: StepChoice): ProcessAction {
  const pick = <T>(xs: readonly T[], n: number): T | undefined => (xs.length ? xs[n % xs.length] : undefined);
  const picks = Object.fromEntries(def.nodes.map((n) => [n.id, [U.sunli]]));
  if (state.status === 'returned') return { type: 'resubmit', by: state.applicantId, data: { amount: String(st.c % 100000) }, picks };
  const task = pick(
    state.tasks.filter((t) => t.status === 'pending'),
    st.a,
  );
  if (!task) return { type: 'urge', by: state.applicantId };
  const others = [U.liuyang, U.zhaolei, U.wangfang].filter((u) => u !== task.assigneeId);
  const base = { by: task.assigneeId, taskId: task.id, comment: '意见' };
  switch (st.kind % 12) {
    case 0:
    case 1:
    case 2:
    case 3:
    case 8:
    case 9:
    case 10:
      return { type: 'approve', ...base, signature: 's', picks };
    case 4: {
      const to = pick(returnTargets(def, state, task.id), st.b);
      return to ? { type: 'return', ...base, to: to.to } : { type: 'approve', ...base, picks };
    }
    case 5: {
      const mine = state.tasks.filter((t) => t.status === 'approved' && t.doneBy);
      const who = pick(mine, st.b)?.assigneeId;
      const taskId = who ? withdrawableTask(def, state, who) : null;
      return who && taskId ? { type: 'withdraw', by: who, taskId } : { type: 'timeout', taskId: task.id };
    }
    case 6:
      return { type: st.b % 2 ? 'transfer' : 'delegate', ...base, to: pick(others, st.c) ?? U.liuyang };
    case 7:
      return { type: 'addSign', ...base, users: [pick(others, st.c) ?? U.liuyang], position: (['before', 'after', 'alongside'] as const)[st.b % 3] };
    default:
      return { type: 'timeout', taskId: task.id };
  }
}
