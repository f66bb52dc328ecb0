// The approval engine: `decide(definition, state, action, env)` answers the next instance state
// and the effects the server carries out (history, lifecycle step, notifications, callbacks), or
// a refusal. Pure and deterministic: ids only from env.newId(), time only from env.now, no I/O,
// the inputs are never mutated (the state is cloned first). Refusals are values; an exception
// out of here is a bug.
//
// Decisions worth knowing (see also schemas/process/state.ts):
// - Every successful decision adds one to `state.step`; tasks and runs remember the step that
//   created them (and tasks the step they became pending and finished). Withdrawals use these to
//   tell "after that approval" from "before".
// - `state.round` counts (re)submits; "since the last (re)submit" (applicant withdraw, return
//   targets) means runs of the current round.
// - Parallel branches: a run's `branch` is the path of split edge ids ('' main line, 'e2/e7'
//   nested). A join remembers arrived branches in `state.joins` (reset when its split fires again)
//   and an arrival run (outcome 'arrived'); when every edge of its split arrived it fires
//   (outcome 'joined') and the flow goes on on the enclosing line.
// - Counting an approve node (method): the "heads" are the node's original tasks and add-sign
//   alongside tasks; transfer, delegate-back and withdraw copies continue a head. any: one approved
//   seat; ratio: approved seats × 100 ≥ ratio × heads; all / sequential: no open task left. A delegate's
//   approval is not a seat's (the task comes back to its owner); add-sign after tasks hold the node.
// - Return to an earlier node: candidates are approve nodes approved in this round on the same
//   line or an enclosing one (a node inside a parallel branch is not a target from after the join).
// - Resubmit to the returning node goes through the flow from the start instead when that node
//   is inside a parallel branch (the other branches were cancelled by the return).
// - A node whose strategy resolves nobody even after onEmpty (toAdmin without an administrator)
//   passes automatically (history autoPass, detail { noApprover: true }).
// - skipIfApproved looks at `approvedBy`, which a resubmit through the start clears (a new
//   round approves again); a node activated again by a return or a resubmit is never skipped.
// - applicantPicks: the submit / resubmit must pick for every such node the flow can reach over
//   the data (conditions are fixed by the data); previousPicks: the person's approve that leads
//   into the node must pick (a timeout's approval needs none: the node's onEmpty applies).
// - A delegate may only approve; add-signers (before/after) may approve, reject, return or add
//   signers of their own but not transfer or delegate. Add-sign before/after signers go one
//   after another; when the last one approves, the owner's task is pending again (before) or
//   counts as approved now (after).
// - Approver withdraw (their own approved task, the instance running, the same round, no return
//   since, the node's run still active or approved): refused when something the approval started
//   has been acted on (decided, handed on, given add-signers) — in its own run the tasks it
//   created or moved up in that same step, elsewhere the runs started at or after it on the same
//   line or an enclosing one. Else those runs/tasks are cancelled, tasks it moved up go back to
//   waiting, join arrivals it caused are undone, and the approval (and the seats it cancelled
//   under any/ratio) come back as new pending tasks; the old task becomes `withdrawn` (the one
//   change a finished task can see).
// - Timeout remind: dueAt = now + hours each time, none after maxReminders. Cancel (an
//   administrator) applies to a running instance only.
import { compileExpression, evaluate, truthy, type ExpressionScope } from '../logic/expressions';
import { resolveNode } from './approvers';
import type { ApproveMethod, ProcessDefinition, ProcessEdge, ProcessNode } from './model';
import type {
  Attachment,
  Decision,
  DecideEnv,
  Effect,
  HistoryEntry,
  InstanceState,
  NodeRun,
  ProcessAction,
  RefusalCode,
  Task,
  TaskOrigin,
  TaskStatus,
} from './state';

// ─── small shared helpers (views.ts and dryRun.ts use some) ─────────────────────────────────

/** A task still to be decided. */
export const isOpen = (t: Task): boolean => t.status === 'pending' || t.status === 'waiting';

/** Finished statuses that mean someone acted on the task (not the flow cancelling it). */
export const ACTED_STATUSES: ReadonlySet<TaskStatus> = new Set<TaskStatus>(['approved', 'rejected', 'returned', 'transferred', 'delegated', 'withdrawn']);

/** Task origins that are seats of the node's method (a delegate or an add-signer before/after is not). */
const SEAT_ORIGINS: ReadonlySet<TaskOrigin> = new Set<TaskOrigin>(['node', 'empty', 'transfer', 'delegateBack', 'addSignAlongside']);
/** Seats that start a chain (the others continue one). */
const HEAD_ORIGINS: ReadonlySet<TaskOrigin> = new Set<TaskOrigin>(['node', 'empty', 'addSignAlongside']);

/** `outer` is the same line as `inner` or encloses it. */
export function isLinePrefix(outer: string, inner: string): boolean {
  return outer === '' || outer === inner || inner.startsWith(`${outer}/`);
}

const joinBranch = (branch: string, edgeId: string) => (branch ? `${branch}/${edgeId}` : edgeId);

/** The edges out of each node, in definition order. */
export function outEdges(def: ProcessDefinition): Map<string, ProcessEdge[]> {
  const out = new Map<string, ProcessEdge[]>();
  for (const e of def.edges) {
    const list = out.get(e.source) ?? [];
    list.push(e);
    out.set(e.source, list);
  }
  return out;
}

/** The scope a condition may read: every field it names (the form's check happens at publish). */
function scopeOf(logic: unknown): ExpressionScope {
  const fields = new Set<string>();
  const subForms = new Map<string, Set<string>>();
  const walk = (e: unknown): void => {
    if (Array.isArray(e)) return e.forEach(walk);
    if (e === null || typeof e !== 'object') return;
    for (const [op, args] of Object.entries(e)) {
      const list: unknown[] = Array.isArray(args) ? args : [args];
      if (op === 'var' && typeof list[0] === 'string') fields.add(list[0].split('.')[0]);
      if ((op === 'missing' || op === 'missing_some') && list.length > 0) {
        for (const n of list.flat(2)) if (typeof n === 'string') fields.add(n.split('.')[0]);
      }
      if ((op === 'colSum' || op === 'colCount') && typeof list[0] === 'string') {
        const cols = subForms.get(list[0]) ?? new Set<string>();
        if (typeof list[1] === 'string') cols.add(list[1]);
        subForms.set(list[0], cols);
      }
      walk(args);
    }
  };
  walk(logic);
  return { fields, subForms };
}

/** A condition edge's JSON Logic over the record (the runtime's evaluator); a broken one is false. */
export function conditionHolds(logic: unknown, data: Record<string, unknown>): boolean {
  try {
    return truthy(evaluate(compileExpression(logic, scopeOf(logic)), data));
  } catch {
    return false;
  }
}

/** The edge a condition node takes over `data`, and whether it matched or is the default. */
export function chooseEdge(edges: readonly ProcessEdge[], data: Record<string, unknown>): { edge: ProcessEdge; matched: boolean } | null {
  const conditional = edges
    .map((e, i) => ({ e, i }))
    .filter(({ e }) => e.condition !== undefined)
    .sort((a, b) => (a.e.priority ?? Number.MAX_SAFE_INTEGER) - (b.e.priority ?? Number.MAX_SAFE_INTEGER) || a.i - b.i);
  for (const { e } of conditional) if (conditionHolds(e.condition, data)) return { edge: e, matched: true };
  const fallback = edges.find((e) => e.condition === undefined);
  return fallback ? { edge: fallback, matched: false } : null;
}

/**
 * The earlier approve nodes a task's node may return to (its returnRule's previous/any), in the
 * order they were approved: nodes approved in this round on the same line or an enclosing one.
 */
export function returnNodeTargets(def: ProcessDefinition, state: InstanceState, task: Task): string[] {
  const node = def.nodes.find((n) => n.id === task.nodeId);
  const run = state.runs.find((r) => r.id === task.runId);
  const targets = node?.returnRule?.targets ?? [];
  if (!node || !run || !(targets.includes('previous') || targets.includes('any'))) return [];
  const types = new Map(def.nodes.map((n) => [n.id, n.type]));
  const before: string[] = [];
  for (const r of state.runs) {
    if (r === run) break;
    if (r.round !== state.round || types.get(r.nodeId) !== 'approve' || r.status !== 'done' || r.outcome !== 'approved') continue;
    if (r.nodeId === node.id || !isLinePrefix(r.branch, run.branch)) continue;
    const at = before.indexOf(r.nodeId);
    if (at >= 0) before.splice(at, 1);
    before.push(r.nodeId);
  }
  if (targets.includes('any')) return before;
  return before.length > 0 ? [before[before.length - 1]] : [];
}

// ─── the decision ────────────────────────────────────────────────────────────────────────────

class Refusal {
  constructor(
    readonly code: RefusalCode,
    readonly params?: Record<string, string | number>,
    readonly field?: string,
  ) {}
}

interface Ctx {
  def: ProcessDefinition;
  env: DecideEnv;
  s: InstanceState;
  effects: Effect[];
  nodes: Map<string, ProcessNode>;
  out: Map<string, ProcessEdge[]>;
  /** previousPicks nodes entered by this decision need their pick here (an approve by a person) */
  actionPicks?: Readonly<Record<string, readonly string[]>>;
  /** node entries so far (a loop in a broken graph stops here) */
  guard: number;
  /** a node activated again (return to it, resubmit to it): its skipIfApproved does not apply */
  again?: string;
}

/** Decide an action on an instance (state null: a submit). See the header. */
export function decide(definition: ProcessDefinition, state: InstanceState | null, action: ProcessAction, env: DecideEnv): Decision {
  try {
    return decideOrThrow(definition, state, action, env);
  } catch (e) {
    if (e instanceof Refusal) {
      const r: Decision = { ok: false, code: e.code };
      if (e.params) r.params = e.params;
      if (e.field) r.field = e.field;
      return r;
    }
    throw e;
  }
}

function decideOrThrow(def: ProcessDefinition, state: InstanceState | null, action: ProcessAction, env: DecideEnv): Decision {
  if (action.type === 'submit') {
    if (state) throw new Refusal('process.alreadyStarted');
  } else if (!state) {
    throw new Refusal('process.notRunning');
  }
  const s: InstanceState = state
    ? structuredClone(state)
    : {
        status: 'running',
        applicantId: action.type === 'submit' ? action.by : '',
        data: {},
        runs: [],
        tasks: [],
        joins: {},
        picks: {},
        approvedBy: [],
        ccUserIds: [],
        step: 0,
        round: 0,
      };
  const ctx: Ctx = { def, env, s, effects: [], nodes: new Map(def.nodes.map((n) => [n.id, n])), out: outEdges(def), guard: 0 };
  s.step += 1;
  switch (action.type) {
    case 'submit':
      submit(ctx, action);
      break;
    case 'approve':
      approve(ctx, action);
      break;
    case 'reject':
      reject(ctx, action);
      break;
    case 'return':
      returnTo(ctx, action);
      break;
    case 'resubmit':
      resubmit(ctx, action);
      break;
    case 'withdraw':
      if (action.taskId === undefined) withdrawInstance(ctx, action);
      else withdrawApproval(ctx, action, action.taskId);
      break;
    case 'transfer':
    case 'delegate':
      handOver(ctx, action);
      break;
    case 'addSign':
      addSign(ctx, action);
      break;
    case 'urge':
      urge(ctx, action);
      break;
    case 'ccRead':
      if (!s.ccUserIds.includes(action.by)) throw new Refusal('process.notCc');
      history(ctx, 'ccRead', action.by, {}, action);
      break;
    case 'timeout':
      if (!timeout(ctx, action.taskId)) return { ok: true, state: structuredClone(state!), effects: [] };
      break;
    case 'cancel':
      cancel(ctx, action);
      break;
    default: {
      const never: never = action;
      throw new Refusal('process.invalidAction', { type: String((never as { type?: unknown }).type) });
    }
  }
  return { ok: true, state: s, effects: ctx.effects };
}

// ─── effects and bookkeeping ────────────────────────────────────────────────────────────────

interface Said {
  comment?: string;
  attachments?: Attachment[];
}

function history(ctx: Ctx, action: HistoryEntry['action'], by: string | null, extra: Omit<Partial<HistoryEntry>, 'action' | 'by' | 'at'>, said?: Said): void {
  const entry: HistoryEntry = { action, by, at: ctx.env.now, ...extra };
  if (said?.comment) entry.comment = said.comment;
  if (said?.attachments && said.attachments.length > 0) entry.attachments = structuredClone(said.attachments);
  ctx.effects.push({ type: 'history', entry });
}

const hoursLater = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * 3_600_000).toISOString();

function node(ctx: Ctx, id: string): ProcessNode {
  const n = ctx.nodes.get(id);
  if (!n) throw new Refusal('process.badDefinition', { node: id });
  return n;
}

function newRun(ctx: Ctx, n: ProcessNode, branch: string, status: NodeRun['status'], method: ApproveMethod = 'any'): NodeRun {
  const run: NodeRun = { id: ctx.env.newId(), nodeId: n.id, status, branch, method, startedAt: ctx.env.now, step: ctx.s.step, round: ctx.s.round };
  if (status !== 'active') run.endedAt = ctx.env.now;
  ctx.s.runs.push(run);
  return run;
}

function endRun(ctx: Ctx, run: NodeRun, status: 'done' | 'skipped' | 'cancelled', outcome: string): void {
  run.status = status;
  run.outcome = outcome;
  run.endedAt = ctx.env.now;
}

function makePending(ctx: Ctx, t: Task): void {
  t.status = 'pending';
  t.readyStep = ctx.s.step;
  const timeout = ctx.nodes.get(t.nodeId)?.timeout;
  if (timeout) t.dueAt = hoursLater(ctx.env.now, timeout.hours);
  ctx.effects.push({ type: 'notify', kind: 'todo', userIds: [t.assigneeId], taskId: t.id });
}

function newTask(ctx: Ctx, run: NodeRun, assigneeId: string, origin: TaskOrigin, order: number, pending: boolean, fromTaskId?: string): Task {
  const t: Task = {
    id: ctx.env.newId(),
    runId: run.id,
    nodeId: run.nodeId,
    assigneeId,
    status: 'waiting',
    origin,
    order,
    createdAt: ctx.env.now,
    createdStep: ctx.s.step,
  };
  if (fromTaskId) t.fromTaskId = fromTaskId;
  ctx.s.tasks.push(t);
  if (pending) makePending(ctx, t);
  return t;
}

function finishTask(ctx: Ctx, t: Task, status: TaskStatus, by: string | null, comment?: string): void {
  t.status = status;
  t.completedAt = ctx.env.now;
  t.doneStep = ctx.s.step;
  t.doneBy = by;
  delete t.dueAt;
  if (comment) t.comment = comment;
}

/** Cancel the open tasks (and active runs) the predicate picks. */
function cancelRuns(ctx: Ctx, pick: (r: NodeRun) => boolean): void {
  const runs = new Set(ctx.s.runs.filter((r) => r.status === 'active' && pick(r)).map((r) => r.id));
  for (const t of ctx.s.tasks) if (isOpen(t) && runs.has(t.runId)) finishTask(ctx, t, 'cancelled', null);
  for (const r of ctx.s.runs) if (runs.has(r.id)) endRun(ctx, r, 'cancelled', 'cancelled');
}

function cancelEverything(ctx: Ctx): void {
  cancelRuns(ctx, () => true);
  for (const t of ctx.s.tasks) if (isOpen(t)) finishTask(ctx, t, 'cancelled', null);
}

function endRejected(ctx: Ctx): void {
  cancelEverything(ctx);
  ctx.s.status = 'rejected';
  ctx.effects.push({ type: 'lifecycle', action: 'reject' }, { type: 'callback', event: 'rejected' });
}

function addApprover(ctx: Ctx, userId: string): void {
  if (!ctx.s.approvedBy.includes(userId)) ctx.s.approvedBy.push(userId);
}

// ─── walking the graph ──────────────────────────────────────────────────────────────────────

function follow(ctx: Ctx, fromNodeId: string, branch: string): void {
  const edges = ctx.out.get(fromNodeId) ?? [];
  if (edges.length !== 1) throw new Refusal(fromNodeId === startNode(ctx).id ? 'process.noStartEdge' : 'process.badDefinition', { node: fromNodeId });
  enter(ctx, edges[0].target, branch);
}

function startNode(ctx: Ctx): ProcessNode {
  const start = ctx.def.nodes.find((n) => n.type === 'start');
  if (!start) throw new Refusal('process.noStartEdge');
  return start;
}

function enter(ctx: Ctx, nodeId: string, branch: string): void {
  if (ctx.s.status !== 'running') return;
  // an acyclic graph enters each node at most once per incoming edge in one decision
  if (++ctx.guard > ctx.def.nodes.length + ctx.def.edges.length) throw new Refusal('process.badDefinition', { node: nodeId });
  const n = node(ctx, nodeId);
  switch (n.type) {
    case 'start':
      newRun(ctx, n, branch, 'done').outcome = 'start';
      return follow(ctx, n.id, branch);
    case 'end':
      return archive(ctx, n, branch);
    case 'condition': {
      const chosen = chooseEdge(ctx.out.get(n.id) ?? [], ctx.s.data);
      if (!chosen) throw new Refusal('process.badDefinition', { node: n.id });
      newRun(ctx, n, branch, 'done').outcome = chosen.edge.id;
      return enter(ctx, chosen.edge.target, branch);
    }
    case 'parallel': {
      const edges = ctx.out.get(n.id) ?? [];
      if (edges.length === 0) throw new Refusal('process.badDefinition', { node: n.id });
      newRun(ctx, n, branch, 'done').outcome = 'split';
      for (const j of ctx.def.nodes) if (j.type === 'join' && j.split === n.id) ctx.s.joins[j.id] = [];
      for (const e of edges) enter(ctx, e.target, joinBranch(branch, e.id));
      return;
    }
    case 'join':
      return arrive(ctx, n, branch);
    case 'cc':
      return copy(ctx, n, branch);
    case 'approve':
      return enterApprove(ctx, n, branch);
  }
}

function arrive(ctx: Ctx, n: ProcessNode, branch: string): void {
  const cut = branch.lastIndexOf('/');
  const edgeId = branch.slice(cut + 1);
  const parent = cut < 0 ? '' : branch.slice(0, cut);
  const splitEdges = n.split ? (ctx.out.get(n.split) ?? []) : [];
  if (!branch || !splitEdges.some((e) => e.id === edgeId)) throw new Refusal('process.badDefinition', { node: n.id });
  const arrived = ctx.s.joins[n.id] ?? [];
  if (!arrived.includes(edgeId)) arrived.push(edgeId);
  ctx.s.joins[n.id] = arrived;
  newRun(ctx, n, branch, 'done').outcome = 'arrived';
  if (splitEdges.every((e) => arrived.includes(e.id))) {
    newRun(ctx, n, parent, 'done').outcome = 'joined';
    follow(ctx, n.id, parent);
  }
}

function archive(ctx: Ctx, n: ProcessNode, branch: string): void {
  cancelEverything(ctx);
  newRun(ctx, n, branch, 'done').outcome = 'archived';
  ctx.s.status = 'approved';
  history(ctx, 'archive', null, { nodeId: n.id });
  ctx.effects.push({ type: 'lifecycle', action: 'approve' }, { type: 'callback', event: 'archived' });
}

function resolve(ctx: Ctx, n: ProcessNode) {
  return resolveNode({ node: n, data: ctx.s.data, applicantId: ctx.s.applicantId, picks: ctx.s.picks, directory: ctx.env.directory });
}

function copy(ctx: Ctx, n: ProcessNode, branch: string): void {
  const res = resolve(ctx, n);
  const run = newRun(ctx, n, branch, 'done');
  run.resolution = res;
  run.outcome = 'cc';
  const users = [...new Set(res.userIds)];
  for (const u of users) if (!ctx.s.ccUserIds.includes(u)) ctx.s.ccUserIds.push(u);
  history(ctx, 'cc', null, { nodeId: n.id, detail: { users } });
  if (users.length > 0) ctx.effects.push({ type: 'notify', kind: 'cc', userIds: users });
  follow(ctx, n.id, branch);
}

function enterApprove(ctx: Ctx, n: ProcessNode, branch: string): void {
  if (n.assignee?.kind === 'previousPicks' && ctx.actionPicks && !(ctx.actionPicks[n.id]?.length ?? 0)) {
    throw new Refusal('process.pickRequired', { node: n.id }, `picks.${n.id}`);
  }
  const res = resolve(ctx, n);
  const sequential = n.method === 'sequential' || res.sequential === true;
  const run = newRun(ctx, n, branch, 'active', sequential ? 'sequential' : (n.method ?? 'any'));
  run.resolution = res;
  const users = [...new Set(res.userIds)];
  if (res.empty === 'autoReject') {
    endRun(ctx, run, 'done', 'autoReject');
    history(ctx, 'autoReject', null, { nodeId: n.id, detail: { reason: res.reason.key } });
    return endRejected(ctx);
  }
  if (res.empty === 'autoPass' || users.length === 0) {
    endRun(ctx, run, 'skipped', 'autoPass');
    history(ctx, 'autoPass', null, {
      nodeId: n.id,
      detail: users.length === 0 && res.empty !== 'autoPass' ? { noApprover: true } : { reason: res.reason.key },
    });
    return follow(ctx, n.id, branch);
  }
  if (n.skipIfApproved && ctx.again !== n.id && users.every((u) => ctx.s.approvedBy.includes(u))) {
    endRun(ctx, run, 'skipped', 'skip');
    history(ctx, 'skip', null, { nodeId: n.id, detail: { reason: 'alreadyApproved', users } });
    return follow(ctx, n.id, branch);
  }
  history(ctx, 'nodeEnter', null, { nodeId: n.id, detail: { users } });
  const origin: TaskOrigin = res.empty === 'toAdmin' || res.empty === 'toUser' ? 'empty' : 'node';
  users.forEach((u, i) => newTask(ctx, run, u, origin, i, !sequential || i === 0));
}

// ─── approving ──────────────────────────────────────────────────────────────────────────────

function findTask(ctx: Ctx, taskId: string): Task {
  const t = ctx.s.tasks.find((x) => x.id === taskId);
  if (!t) throw new Refusal('process.taskNotFound');
  return t;
}

function runOf(ctx: Ctx, t: Task): NodeRun {
  const run = ctx.s.runs.find((r) => r.id === t.runId);
  if (!run) throw new Refusal('process.badDefinition', { task: t.id });
  return run;
}

/** The acting user's own pending task (refusals in the order a client can act on). */
function ownPending(ctx: Ctx, taskId: string, by: string): Task {
  const t = findTask(ctx, taskId);
  if (t.status !== 'pending' || ctx.s.status !== 'running') throw new Refusal('process.taskDone');
  if (t.assigneeId !== by) throw new Refusal('process.notAssignee');
  return t;
}

const needsComment = (comment: string | undefined) => !comment || comment.trim() === '';

function approve(ctx: Ctx, a: Extract<ProcessAction, { type: 'approve' }>): void {
  const t = ownPending(ctx, a.taskId, a.by);
  const n = node(ctx, t.nodeId);
  if (n.commentRequired && needsComment(a.comment)) throw new Refusal('process.commentRequired', {}, 'comment');
  if (n.signatureRequired && !a.signature) throw new Refusal('process.signatureRequired', {}, 'signature');
  for (const [k, v] of Object.entries(a.picks ?? {})) ctx.s.picks[k] = [...v];
  ctx.actionPicks = a.picks ?? {};
  finishTask(ctx, t, 'approved', a.by, a.comment);
  addApprover(ctx, a.by);
  history(ctx, 'approve', a.by, { nodeId: t.nodeId, taskId: t.id, ...(a.signature ? { detail: { signature: a.signature } } : {}) }, a);
  afterApproval(ctx, t);
}

function afterApproval(ctx: Ctx, t: Task): void {
  const run = runOf(ctx, t);
  const tasks = ctx.s.tasks.filter((x) => x.runId === run.id);
  const nextOf = (origin: TaskOrigin) =>
    tasks.filter((x) => x.origin === origin && x.fromTaskId === t.fromTaskId && x.status === 'waiting').sort((a, b) => a.order - b.order)[0];
  switch (t.origin) {
    case 'delegate': {
      const owner = tasks.find((x) => x.id === t.fromTaskId);
      if (!owner) throw new Refusal('process.badDefinition', { task: t.id });
      newTask(ctx, run, owner.assigneeId, 'delegateBack', owner.order, true, t.id);
      return;
    }
    case 'addSignBefore': {
      const next = nextOf('addSignBefore');
      if (next) return makePending(ctx, next);
      const owner = tasks.find((x) => x.id === t.fromTaskId);
      if (owner && owner.status === 'waiting') makePending(ctx, owner);
      return;
    }
    case 'addSignAfter': {
      const next = nextOf('addSignAfter');
      if (next) return makePending(ctx, next);
      // the whole group approved: as if the owner had approved now
      const owner = tasks.find((x) => x.id === t.fromTaskId);
      if (owner) afterApproval(ctx, owner);
      return;
    }
    default:
      seatApproved(ctx, run, t);
  }
}

/** A seat of the node approved (its add-sign-after signers, if any, too): the next one, or the node done. */
function seatApproved(ctx: Ctx, run: NodeRun, seat: Task): void {
  const tasks = ctx.s.tasks.filter((x) => x.runId === run.id);
  if (tasks.some((x) => isOpen(x) && x.origin === 'addSignAfter' && x.fromTaskId === seat.id)) return;
  // one after another: the next seat when nobody else holds the turn (an alongside signer does not)
  const holdsTurn = (x: Task) => isOpen(x) && x.origin !== 'addSignAlongside' && !(x.status === 'waiting' && SEAT_ORIGINS.has(x.origin));
  if (run.method === 'sequential' && !tasks.some(holdsTurn)) {
    const next = tasks.filter((x) => x.status === 'waiting' && SEAT_ORIGINS.has(x.origin)).sort((a, b) => a.order - b.order)[0];
    if (next) makePending(ctx, next);
  }
  if (nodeSatisfied(ctx, run)) completeRun(ctx, run);
}

function nodeSatisfied(ctx: Ctx, run: NodeRun): boolean {
  const tasks = ctx.s.tasks.filter((x) => x.runId === run.id);
  const approved = tasks.filter((x) => SEAT_ORIGINS.has(x.origin) && x.status === 'approved').length;
  if (approved === 0 || tasks.some((x) => isOpen(x) && x.origin === 'addSignAfter')) return false;
  switch (run.method) {
    case 'any':
      return true;
    case 'ratio': {
      const heads = tasks.filter((x) => HEAD_ORIGINS.has(x.origin) && !x.fromTaskId).length;
      const ratio = ctx.nodes.get(run.nodeId)?.ratio ?? 100;
      return approved * 100 >= ratio * heads || !tasks.some(isOpen);
    }
    default:
      return !tasks.some(isOpen);
  }
}

function completeRun(ctx: Ctx, run: NodeRun): void {
  for (const t of ctx.s.tasks) if (t.runId === run.id && isOpen(t)) finishTask(ctx, t, 'cancelled', null);
  endRun(ctx, run, 'done', 'approved');
  history(ctx, 'nodeDone', null, { nodeId: run.nodeId });
  ctx.effects.push({ type: 'callback', event: 'nodeDone', nodeId: run.nodeId });
  follow(ctx, run.nodeId, run.branch);
}

// ─── ending and going back ──────────────────────────────────────────────────────────────────

function refuseDelegate(t: Task): void {
  if (t.origin === 'delegate') throw new Refusal('process.actionNotAllowed');
}

function reject(ctx: Ctx, a: Extract<ProcessAction, { type: 'reject' }>): void {
  const t = ownPending(ctx, a.taskId, a.by);
  refuseDelegate(t);
  if (needsComment(a.comment)) throw new Refusal('process.commentRequired', {}, 'comment');
  finishTask(ctx, t, 'rejected', a.by, a.comment);
  endRun(ctx, runOf(ctx, t), 'done', 'rejected');
  history(ctx, 'reject', a.by, { nodeId: t.nodeId, taskId: t.id }, a);
  endRejected(ctx);
}

function returnTo(ctx: Ctx, a: Extract<ProcessAction, { type: 'return' }>): void {
  const t = ownPending(ctx, a.taskId, a.by);
  refuseDelegate(t);
  if (needsComment(a.comment)) throw new Refusal('process.commentRequired', {}, 'comment');
  const n = node(ctx, t.nodeId);
  const run = runOf(ctx, t);
  if (a.to === 'applicant') {
    if (!(n.returnRule?.targets ?? []).includes('applicant')) throw new Refusal('process.returnNotAllowed');
    finishTask(ctx, t, 'returned', a.by, a.comment);
    endRun(ctx, run, 'done', 'returned');
    cancelEverything(ctx);
    ctx.s.status = 'returned';
    ctx.s.returnedFrom = n.id;
    history(ctx, 'return', a.by, { nodeId: n.id, taskId: t.id, detail: { to: 'applicant' } }, a);
    ctx.effects.push({ type: 'lifecycle', action: 'return' }, { type: 'callback', event: 'returned', nodeId: n.id });
    return;
  }
  if (!returnNodeTargets(ctx.def, ctx.s, t).includes(a.to)) throw new Refusal('process.returnNotAllowed');
  const target = node(ctx, a.to);
  const targetBranch = [...ctx.s.runs].reverse().find((r) => r.nodeId === target.id)?.branch ?? '';
  finishTask(ctx, t, 'returned', a.by, a.comment);
  for (const x of ctx.s.tasks) if (x.runId === run.id && isOpen(x)) finishTask(ctx, x, 'cancelled', null);
  endRun(ctx, run, 'done', 'returned');
  cancelRuns(ctx, (r) => isLinePrefix(targetBranch, r.branch));
  history(ctx, 'return', a.by, { nodeId: n.id, taskId: t.id, detail: { to: target.id } }, a);
  ctx.again = target.id;
  enter(ctx, target.id, targetBranch);
}

/** applicantPicks nodes the flow can reach from `from` over `data` need a pick (condition choices are fixed by the data). */
function requireApplicantPicks(ctx: Ctx, from: string): void {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const n = ctx.nodes.get(id);
    if (!n) continue;
    if (n.type === 'approve' && n.assignee?.kind === 'applicantPicks' && !(ctx.s.picks[n.id]?.length ?? 0)) {
      throw new Refusal('process.pickRequired', { node: n.id }, `picks.${n.id}`);
    }
    const edges = ctx.out.get(id) ?? [];
    if (n.type === 'condition') {
      const chosen = chooseEdge(edges, ctx.s.data);
      if (chosen) stack.push(chosen.edge.target);
    } else {
      for (const e of edges) stack.push(e.target);
    }
  }
}

function submit(ctx: Ctx, a: Extract<ProcessAction, { type: 'submit' }>): void {
  const s = ctx.s;
  s.data = structuredClone(a.data);
  s.picks = structuredClone(a.picks ?? {});
  s.round = 1;
  const start = startNode(ctx);
  requireApplicantPicks(ctx, start.id);
  history(ctx, 'start', a.by, { nodeId: start.id }, a);
  ctx.effects.push({ type: 'callback', event: 'submitted' });
  enter(ctx, start.id, '');
}

function resubmit(ctx: Ctx, a: Extract<ProcessAction, { type: 'resubmit' }>): void {
  const s = ctx.s;
  if (s.status !== 'returned') throw new Refusal('process.notReturned');
  if (a.by !== s.applicantId) throw new Refusal('process.notApplicant');
  s.data = structuredClone(a.data);
  for (const [k, v] of Object.entries(a.picks ?? {})) s.picks[k] = [...v];
  s.round += 1;
  s.status = 'running';
  const from = s.returnedFrom ? ctx.nodes.get(s.returnedFrom) : undefined;
  delete s.returnedFrom;
  const lastBranch = from ? [...s.runs].reverse().find((r) => r.nodeId === from.id)?.branch : undefined;
  const direct = from !== undefined && from.returnRule?.resubmit === 'returningNode' && lastBranch === '';
  const begin = direct ? from : startNode(ctx);
  requireApplicantPicks(ctx, begin.id);
  if (direct) {
    ctx.again = begin.id;
  } else {
    s.joins = {};
    s.approvedBy = [];
  }
  history(ctx, 'resubmit', a.by, { detail: { to: direct ? begin.id : 'start' } }, a);
  ctx.effects.push({ type: 'callback', event: 'resubmitted' });
  enter(ctx, begin.id, '');
}

function withdrawInstance(ctx: Ctx, a: Extract<ProcessAction, { type: 'withdraw' }>): void {
  const s = ctx.s;
  if (a.by !== s.applicantId) throw new Refusal('process.notApplicant');
  if (s.status !== 'running') throw new Refusal('process.notRunning');
  const roundRuns = new Set(s.runs.filter((r) => r.round === s.round).map((r) => r.id));
  if (s.tasks.some((t) => roundRuns.has(t.runId) && ACTED_STATUSES.has(t.status) && t.doneBy !== null && t.doneBy !== undefined)) {
    throw new Refusal('process.withdrawTooLate');
  }
  cancelEverything(ctx);
  s.status = 'withdrawn';
  history(ctx, 'withdraw', a.by, {}, a);
  ctx.effects.push({ type: 'lifecycle', action: 'withdraw' }, { type: 'callback', event: 'withdrawn' });
}

/** An approver takes their approval back while nothing after it has been acted on (see the header). */
function withdrawApproval(ctx: Ctx, a: Extract<ProcessAction, { type: 'withdraw' }>, taskId: string): void {
  const s = ctx.s;
  const t = findTask(ctx, taskId);
  if (t.assigneeId !== a.by) throw new Refusal('process.notAssignee');
  if (s.status !== 'running') throw new Refusal('process.notRunning');
  if (t.status !== 'approved' || t.doneStep === undefined) throw new Refusal('process.invalidAction');
  const k = t.doneStep;
  const run = runOf(ctx, t);
  // the flow has been sent back since (a return, a resubmit), or left the node another way: nothing to take back
  const returnedSince = s.tasks.some((x) => x.status === 'returned' && (x.doneStep ?? 0) > k);
  if (returnedSince || run.round !== s.round || !(run.status === 'active' || (run.status === 'done' && run.outcome === 'approved'))) {
    throw new Refusal('process.withdrawTooLate');
  }
  const later = (r: NodeRun) => r !== run && r.step >= k && (isLinePrefix(run.branch, r.branch) || isLinePrefix(r.branch, run.branch));
  const laterRuns = new Set(s.runs.filter(later).map((r) => r.id));
  // in its own run, what the approval itself started (the same step): the next seat, the next add-signer, the delegate-back
  const touched = (x: Task) => x !== t && (laterRuns.has(x.runId) || (x.runId === run.id && (x.createdStep === k || x.readyStep === k)));
  // acted on: decided, handed on, or given add-signers
  const actedOn = (x: Task) => ACTED_STATUSES.has(x.status) || s.tasks.some((y) => y.fromTaskId === x.id && y.createdStep > k);
  if (s.tasks.some((x) => touched(x) && actedOn(x))) throw new Refusal('process.withdrawTooLate');
  // undo what came after: later runs and their tasks, tasks of this run created or moved up since
  for (const x of s.tasks) {
    if (!touched(x) || !isOpen(x)) continue;
    if (x.runId === run.id && x.createdStep < k && x.status === 'pending') {
      x.status = 'waiting';
      delete x.dueAt;
      delete x.readyStep;
    } else {
      finishTask(ctx, x, 'cancelled', null);
    }
  }
  for (const r of s.runs) {
    if (!laterRuns.has(r.id) || r.status === 'cancelled') continue;
    if (r.outcome === 'arrived') {
      const edgeId = r.branch.slice(r.branch.lastIndexOf('/') + 1);
      s.joins[r.nodeId] = (s.joins[r.nodeId] ?? []).filter((e) => e !== edgeId);
    }
    endRun(ctx, r, 'cancelled', 'withdrawn');
  }
  if (run.status !== 'active') {
    run.status = 'active';
    delete run.endedAt;
    delete run.outcome;
  }
  // the approval itself, and the seats its approval cancelled (any/ratio), come back
  const cancelledWith = s.tasks.filter((x) => x.runId === run.id && x.status === 'cancelled' && x.doneStep === k && x.doneBy === null);
  // a seat's copy continues its chain (fromTaskId: the old task); a delegate's or add-signer's keeps its owner
  const from = (x: Task) => (SEAT_ORIGINS.has(x.origin) ? x.id : x.fromTaskId);
  finishTask(ctx, t, 'withdrawn', a.by);
  newTask(ctx, run, t.assigneeId, t.origin, t.order, true, from(t));
  for (const x of cancelledWith) newTask(ctx, run, x.assigneeId, x.origin, x.order, x.readyStep !== undefined, from(x));
  if (!s.tasks.some((x) => x.status === 'approved' && x.assigneeId === a.by)) s.approvedBy = s.approvedBy.filter((u) => u !== a.by);
  history(ctx, 'withdraw', a.by, { nodeId: t.nodeId, taskId: t.id }, a);
}

// ─── handing over and adding signers ────────────────────────────────────────────────────────

function knownUser(ctx: Ctx, userId: string): void {
  if (!ctx.env.directory.users[userId]?.active) throw new Refusal('process.unknownUser', { user: userId });
}

function offered(n: ProcessNode, what: 'transfer' | 'delegate' | 'addSign'): void {
  if (!(n.actions ?? []).includes(what)) throw new Refusal('process.actionNotAllowed');
}

function handOver(ctx: Ctx, a: Extract<ProcessAction, { type: 'transfer' | 'delegate' }>): void {
  const t = ownPending(ctx, a.taskId, a.by);
  refuseDelegate(t);
  // an add-signer was asked in person: they sign or not, they do not hand it on
  if (t.origin === 'addSignBefore' || t.origin === 'addSignAfter') throw new Refusal('process.actionNotAllowed');
  const n = node(ctx, t.nodeId);
  offered(n, a.type);
  knownUser(ctx, a.to);
  if (a.to === a.by) throw new Refusal('process.invalidAction');
  finishTask(ctx, t, a.type === 'transfer' ? 'transferred' : 'delegated', a.by, a.comment);
  history(ctx, a.type, a.by, { nodeId: t.nodeId, taskId: t.id, detail: { to: a.to } }, a);
  newTask(ctx, runOf(ctx, t), a.to, a.type, t.order, true, t.id);
}

function addSign(ctx: Ctx, a: Extract<ProcessAction, { type: 'addSign' }>): void {
  const t = ownPending(ctx, a.taskId, a.by);
  refuseDelegate(t);
  const n = node(ctx, t.nodeId);
  offered(n, 'addSign');
  const users = [...new Set(a.users)];
  if (users.length === 0 || users.includes(a.by)) throw new Refusal('process.invalidAction', {}, 'users');
  for (const u of users) knownUser(ctx, u);
  const run = runOf(ctx, t);
  history(ctx, 'addSign', a.by, { nodeId: t.nodeId, taskId: t.id, detail: { users, position: a.position } }, a);
  if (a.position === 'before') {
    t.status = 'waiting';
    delete t.dueAt;
    users.forEach((u, i) => newTask(ctx, run, u, 'addSignBefore', i, i === 0, t.id));
  } else if (a.position === 'after') {
    finishTask(ctx, t, 'approved', a.by, a.comment);
    addApprover(ctx, a.by);
    users.forEach((u, i) => newTask(ctx, run, u, 'addSignAfter', i, i === 0, t.id));
  } else {
    const order = Math.max(...ctx.s.tasks.filter((x) => x.runId === run.id).map((x) => x.order)) + 1;
    users.forEach((u, i) => newTask(ctx, run, u, 'addSignAlongside', order + i, true));
  }
}

// ─── the applicant, cc readers, the scheduler, administrators ───────────────────────────────

function urge(ctx: Ctx, a: Extract<ProcessAction, { type: 'urge' }>): void {
  if (a.by !== ctx.s.applicantId) throw new Refusal('process.notApplicant');
  if (ctx.s.status !== 'running') throw new Refusal('process.notRunning');
  const users = [...new Set(ctx.s.tasks.filter((t) => t.status === 'pending').map((t) => t.assigneeId))];
  history(ctx, 'urge', a.by, { detail: { users } }, a);
  if (users.length > 0) ctx.effects.push({ type: 'notify', kind: 'urge', userIds: users });
}

/** A timeout fell due; false: nothing to do (the task moved on meanwhile). */
function timeout(ctx: Ctx, taskId: string): boolean {
  const t = findTask(ctx, taskId);
  const n = ctx.nodes.get(t.nodeId);
  if (t.status !== 'pending' || ctx.s.status !== 'running' || !n?.timeout) return false;
  const { hours, action, maxReminders } = n.timeout;
  if (action === 'remind') {
    t.reminders = (t.reminders ?? 0) + 1;
    if (maxReminders !== undefined && t.reminders >= maxReminders) delete t.dueAt;
    else t.dueAt = hoursLater(ctx.env.now, hours);
    history(ctx, 'remind', null, { nodeId: t.nodeId, taskId: t.id, detail: { reminders: t.reminders } });
    ctx.effects.push({ type: 'notify', kind: 'remind', userIds: [t.assigneeId], taskId: t.id });
  } else if (action === 'approve') {
    finishTask(ctx, t, 'approved', null);
    history(ctx, 'autoPass', null, { nodeId: t.nodeId, taskId: t.id, detail: { reason: 'timeout' } });
    afterApproval(ctx, t);
  } else {
    finishTask(ctx, t, 'rejected', null);
    endRun(ctx, runOf(ctx, t), 'done', 'rejected');
    history(ctx, 'autoReject', null, { nodeId: t.nodeId, taskId: t.id, detail: { reason: 'timeout' } });
    endRejected(ctx);
  }
  return true;
}

function cancel(ctx: Ctx, a: Extract<ProcessAction, { type: 'cancel' }>): void {
  if (!ctx.env.directory.users[a.by]?.isAdmin) throw new Refusal('process.notAdmin');
  if (ctx.s.status !== 'running') throw new Refusal('process.notRunning');
  cancelEverything(ctx);
  ctx.s.status = 'cancelled';
  history(ctx, 'cancel', a.by, {}, a);
  ctx.effects.push({ type: 'lifecycle', action: 'withdraw' }, { type: 'callback', event: 'cancelled' });
}
