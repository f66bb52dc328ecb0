// The step runner: every change of an approval goes through here. It loads the instance (state
// and revision) and its pinned process version, builds the directory snapshot, asks the pure
// engine (`decide`, schemas/process/engine.ts) and writes the decision in ONE transaction:
//   the instance (UPDATE … WHERE revision = $read; 0 rows → someone moved it first: read again
//   and decide again, a few times), the task rows, history, cc rows, the record's approval
//   fields and lifecycle step with its hooks (records face: applyApprovalStep), the callback
//   outbox rows (outbox.ts) and the timeout jobs (scheduler.ts).
// A refusal of the engine answers 409/403/404/422 with its message; a throwing hook rolls the
// whole step back. `startInstance` and `resubmitInstance` run inside the record's own write
// (the submit hook, hooks.ts).
import type { AppContext, SessionUser } from '../../context';
import type { Tx } from '../../db/client';
import { AppError, conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { nowText } from '../../lib/time';
import { t } from '../../lib/i18n';
import type { Locale } from '../../../schemas/constants';
import type { FormDefinition, LifecycleAction } from '../../../schemas';
import type {
  Decision,
  DecideEnv,
  Directory,
  Effect,
  HistoryEntry,
  InstanceState,
  ProcessAction,
  ProcessDefinition,
  RefusalCode,
} from '../../../schemas/process';
import { decide } from '../../../schemas/process/engine';
import { approvalFields, currentNodeIds } from '../../../schemas/process/views';
import { applyApprovalStep, approverEdits, getRecordRow, recordDefinition, type ApprovalFields, type RecordRow } from '../records';
import { boundProcess, processVersion } from './definitions';
import { enqueueCallbacks, kickDispatcher } from './outbox';
import { syncJobs } from './scheduler';
import { loadDirectory } from './directory';
import * as repo from './repository';

/** How many times a step decides again after losing the revision race. */
const MAX_ATTEMPTS = 6;

export interface ActResult {
  instanceId: string;
  recordId: string;
  status: InstanceState['status'];
  revision: number;
  /** the record's status after the step (shenPiZhuangTai) */
  recordStatus: string | null;
  recordVersion: number;
}

/** Where an action goes: an instance, a record's live instance, or the instance of a task. */
export type ActTarget = { instanceId: string } | { recordId: string } | { taskId: string };

export interface ActOptions {
  /** approve: the approver's edits of the fields the node opens (validated in mode 3 for the node) */
  edits?: Record<string, unknown>;
}

// ─── refusals ────────────────────────────────────────────────────────────────────────────────
const REFUSAL_STATUS: Record<RefusalCode, number> = {
  'process.taskNotFound': 404,
  'process.taskDone': 409,
  'process.notAssignee': 403,
  'process.notApplicant': 403,
  'process.notRunning': 409,
  'process.notReturned': 409,
  'process.commentRequired': 422,
  'process.signatureRequired': 422,
  'process.returnNotAllowed': 409,
  'process.actionNotAllowed': 409,
  'process.withdrawTooLate': 409,
  'process.pickRequired': 422,
  'process.unknownUser': 422,
  'process.noStartEdge': 409,
  'process.alreadyStarted': 409,
  'process.notCc': 403,
  'process.notAdmin': 403,
  'process.invalidAction': 422,
  'process.badDefinition': 409,
};

/** The field a 422 refusal names when the engine did not say. */
const REFUSAL_FIELD: Partial<Record<RefusalCode, string>> = {
  'process.commentRequired': 'comment',
  'process.signatureRequired': 'signature',
  'process.pickRequired': 'picks',
  'process.unknownUser': 'to',
  'process.invalidAction': 'to',
};

/** The engine's refusal as the API's error (a 422 names its field: `picks.<nodeId>` for a missing pick). */
export function refusalError(d: Extract<Decision, { ok: false }>, locale: Locale, def?: ProcessDefinition | null): AppError {
  const status = REFUSAL_STATUS[d.code] ?? 409;
  const params: Record<string, string | number> = { ...(d.params ?? {}) };
  // a node named by id is shown by its name
  const node = typeof params.node === 'string' ? def?.nodes.find((n) => n.id === params.node) : undefined;
  if (node) params.node = node.name[locale] || node.name['zh-CN'] || node.id;
  if (status !== 422) return new AppError(status, d.code, params);
  let field = d.field ?? REFUSAL_FIELD[d.code] ?? 'body';
  if (d.code === 'process.pickRequired' && !field.startsWith('picks.') && typeof params.nodeId === 'string') field = `picks.${params.nodeId}`;
  return new AppError(422, 'errors.validation', {}, { errors: [{ field, code: d.code, message: t(locale, d.code, params) }] });
}

class StaleRevision extends Error {}

// ─── what a state means for the record ───────────────────────────────────────────────────────
const nodeName = (def: ProcessDefinition | null, nodeId: string) => {
  const n = def?.nodes.find((x) => x.id === nodeId);
  return n ? n.name['zh-CN'] || n.id : nodeId;
};

/** The instance's current nodes as stored for lists (zh-CN names); a returned one waits at its start. */
export function currentNodesText(def: ProcessDefinition | null, state: InstanceState): string | null {
  if (state.status === 'returned') return nodeName(def, 'start');
  const ids = state.status === 'running' ? currentNodeIds(state) : [];
  return ids.length
    ? ids
        .map((id) => nodeName(def, id))
        .join('、')
        .slice(0, 500)
    : null;
}

/**
 * The record's approval fields (spec §3) for a state: the engine's view (schemas/process/views.ts
 * approvalFields: stateName, shenPiRen, shiYongJueSeId, liuChengId), stateName null when empty,
 * and liuChengGuiDangTime when the instance is approved.
 */
export function approvalFieldsOf(def: ProcessDefinition, state: InstanceState, instanceId: string, now: string): ApprovalFields {
  const v = approvalFields(def, state, instanceId);
  const fields: ApprovalFields = { stateName: v.stateName || null, shenPiRen: v.shenPiRen, shiYongJueSeId: v.shiYongJueSeId, liuChengId: v.liuChengId };
  if (state.status === 'approved') fields.liuChengGuiDangTime = now;
  return fields;
}

// ─── one decision, written ───────────────────────────────────────────────────────────────────
interface StepContext {
  ctx: AppContext;
  tx: Tx;
  /** who acts (null: the system — timeouts) */
  user: SessionUser | null;
  instanceId: string;
  record: RecordRow;
  formDef: FormDefinition;
  processCode: string;
  def: ProcessDefinition;
  callbackUrl: string | undefined;
  dir: Directory;
  before: InstanceState | null;
  after: InstanceState;
  effects: readonly Effect[];
  locale: Locale;
  /** inside the record's own write (submit hook) */
  sameWrite: boolean;
  edits?: { data: Record<string, unknown>; fileIds: Map<string, string> };
  /** the lifecycle step the caller already made (the save's submit/resubmit): not made again */
  doneLifecycle?: LifecycleAction;
  /** a ccRead action: the reader whose copies are marked read */
  ccReadBy?: string;
}

/** A session-like actor for the record hooks of a step taken by someone without a request (the system, or the scheduler). */
export function actorSession(dir: Directory, userId: string | null): SessionUser {
  const u = userId ? dir.users[userId] : undefined;
  return {
    sessionId: '',
    userId: u?.id ?? userId ?? '0',
    username: u?.username ?? 'system',
    kind: 'employee',
    employeeId: null,
    dealerId: null,
    isAdmin: u?.isAdmin ?? false,
    displayName: u?.name ?? 'system',
    mobile: null,
    jiaoJieRenIds: [],
    duoYuYanType: 1,
  };
}

/** Writes what a decision changed (the instance row itself is written by the caller). */
async function writeEffects(s: StepContext): Promise<RecordRow> {
  const { tx, after, instanceId, record } = s;
  const now = new Date();
  await repo.writeTasks(tx, instanceId, record.id, s.before?.tasks ?? [], after.tasks);
  const history: HistoryEntry[] = [];
  const lifecycle: LifecycleAction[] = [];
  const callbacks: { event: string; nodeId?: string }[] = [];
  for (const e of s.effects) {
    if (e.type === 'history') history.push(e.entry);
    else if (e.type === 'lifecycle') lifecycle.push(e.action);
    else if (e.type === 'callback') callbacks.push({ event: e.event, ...(e.nodeId ? { nodeId: e.nodeId } : {}) });
  }
  await repo.appendHistory(tx, instanceId, record.id, history);
  // cc readers: the people the state copied since the step before, on the node the history names
  const known = new Set(s.before?.ccUserIds ?? []);
  const fresh = after.ccUserIds.filter((u) => !known.has(u));
  if (fresh.length) {
    const byNode = new Map<string, string[]>();
    for (const h of history.filter((x) => x.action === 'cc')) {
      const users = Array.isArray(h.detail?.users) ? (h.detail.users as unknown[]).filter((x): x is string => typeof x === 'string') : [];
      for (const u of users) if (fresh.includes(u)) byNode.set(h.nodeId ?? 'cc', [...(byNode.get(h.nodeId ?? 'cc') ?? []), u]);
    }
    const placed = new Set([...byNode.values()].flat());
    const rest = fresh.filter((u) => !placed.has(u));
    if (rest.length) byNode.set('cc', [...(byNode.get('cc') ?? []), ...rest]);
    for (const [nodeId, users] of byNode) await repo.addCc(tx, instanceId, record.id, nodeId, [...new Set(users)]);
  }
  // a cc reader read the document: their copies are marked read
  if (s.ccReadBy) await repo.markCcRead(tx, instanceId, s.ccReadBy);
  // the record: its lifecycle step(s), approval fields and the approver's edits, with the hooks
  const user = s.user ?? actorSession(s.dir, null);
  const fields = approvalFieldsOf(s.def, after, instanceId, nowText(now));
  // the archive time is when the instance became approved (a later cc read keeps it)
  if (s.before?.status === 'approved') delete fields.liuChengGuiDangTime;
  const steps = lifecycle.filter((a) => a !== s.doneLifecycle);
  let row = record;
  if (steps.length === 0) {
    row = await applyApprovalStep(
      s.ctx,
      tx,
      user,
      { definition: s.formDef, recordId: record.id, fields, data: s.edits?.data, fileIds: s.edits?.fileIds, sameWrite: s.sameWrite },
      s.locale,
    );
  } else {
    for (const [i, action] of steps.entries()) {
      row = await applyApprovalStep(
        s.ctx,
        tx,
        user,
        {
          definition: s.formDef,
          recordId: record.id,
          action,
          fields,
          ...(i === 0 ? { data: s.edits?.data, fileIds: s.edits?.fileIds } : {}),
          sameWrite: s.sameWrite,
        },
        s.locale,
      );
    }
  }
  await enqueueCallbacks(tx, s.ctx, {
    instanceId,
    recordId: record.id,
    processCode: s.processCode,
    url: s.callbackUrl,
    events: callbacks,
    payload: { formCode: record.formCode, number: record.number, status: after.status, recordStatus: row.shenPiZhuangTai, at: now.toISOString() },
  });
  await syncJobs(tx, instanceId, after.tasks);
  return row;
}

function envOf(dir: Directory): DecideEnv {
  return { directory: dir, now: new Date().toISOString(), newId };
}

// ─── submit, resubmit (inside the record's write) ────────────────────────────────────────────
export interface StartInput {
  user: SessionUser;
  /** the record as the write stored it */
  record: RecordRow;
  formDef: FormDefinition;
  picks?: Readonly<Record<string, readonly string[]>>;
  locale: Locale;
}

const copyPicks = (p: StartInput['picks']): Record<string, string[]> => Object.fromEntries(Object.entries(p ?? {}).map(([k, v]) => [k, [...v]]));

/**
 * A submitted record's instance, in the record's transaction: the enabled process bound to the
 * form at its latest version, pinned with the record's definition version and a data snapshot.
 * A form with no enabled, published process is approved at once: an instance of no process
 * (code '', version 0) records it, with an `archive` history entry (detail.reason noProcess), so
 * every submitted document has a liuChengId and a history.
 */
export async function startInstance(ctx: AppContext, tx: Tx, input: StartInput): Promise<{ instanceId: string }> {
  const { record, user } = input;
  const bp = await boundProcess(tx, record.formCode);
  const instanceId = newId();
  const data = (record.data ?? {}) as Record<string, unknown>;
  if (!bp) return approveWithoutProcess(ctx, tx, input, instanceId, data);
  const dir = await loadDirectory(tx, bp.definition);
  const d = decide(bp.definition, null, { type: 'submit', by: user.userId, data, picks: copyPicks(input.picks) }, envOf(dir));
  if (!d.ok) throw refusalError(d, input.locale, bp.definition);
  await repo.insertInstance(tx, {
    id: instanceId,
    recordId: record.id,
    formCode: record.formCode,
    formVersion: record.definitionVersion,
    processCode: bp.code,
    processVersion: bp.version,
    applicantId: user.userId,
    status: d.state.status,
    revision: 1,
    state: d.state,
    currentNodes: currentNodesText(bp.definition, d.state),
    endedAt: repo.LIVE_STATUSES.includes(d.state.status) ? null : new Date(),
  });
  await writeEffects({
    ctx,
    tx,
    user,
    instanceId,
    record,
    formDef: input.formDef,
    processCode: bp.code,
    def: bp.definition,
    callbackUrl: bp.callbackUrl,
    dir,
    before: null,
    after: d.state,
    effects: d.effects,
    locale: input.locale,
    sameWrite: true,
    doneLifecycle: 'submit',
  });
  return { instanceId };
}

async function approveWithoutProcess(ctx: AppContext, tx: Tx, input: StartInput, instanceId: string, data: Record<string, unknown>) {
  const { record, user } = input;
  const now = new Date();
  const state: InstanceState = {
    status: 'approved',
    applicantId: user.userId,
    data,
    runs: [],
    tasks: [],
    joins: {},
    picks: {},
    approvedBy: [],
    ccUserIds: [],
    step: 1,
    round: 1,
  };
  await repo.insertInstance(tx, {
    id: instanceId,
    recordId: record.id,
    formCode: record.formCode,
    formVersion: record.definitionVersion,
    processCode: '',
    processVersion: 0,
    applicantId: user.userId,
    status: 'approved',
    revision: 1,
    state,
    currentNodes: null,
    endedAt: now,
  });
  const at = now.toISOString();
  await repo.appendHistory(tx, instanceId, record.id, [
    { action: 'start', by: user.userId, at },
    { action: 'archive', by: null, at, detail: { reason: 'noProcess' } },
  ]);
  await applyApprovalStep(
    ctx,
    tx,
    user,
    {
      definition: input.formDef,
      recordId: record.id,
      action: 'approve',
      fields: { liuChengId: instanceId, stateName: null, shenPiRen: null, shiYongJueSeId: null, liuChengGuiDangTime: nowText(now) },
      sameWrite: true,
    },
    input.locale,
  );
  return { instanceId };
}

/**
 * A returned record resubmitted (record/save with submit), in the record's transaction: the
 * live instance gets the engine's `resubmit` with the edited data (back to the start, or straight
 * to the node that returned it, as that node's returnRule says). A returned record without a
 * live instance (seeded, or returned before approvals ran) starts a new one.
 */
export async function resubmitInstance(ctx: AppContext, tx: Tx, input: StartInput): Promise<{ instanceId: string }> {
  const inst = await repo.liveInstanceOf(tx, input.record.id);
  if (!inst) return startInstance(ctx, tx, input);
  const def = await processVersion(tx, inst.processCode, inst.processVersion);
  if (!def) throw new AppError(409, 'process.definitionMissing');
  const dir = await loadDirectory(tx, def);
  const before = repo.stateOf(inst);
  const data = (input.record.data ?? {}) as Record<string, unknown>;
  const d = decide(def, before, { type: 'resubmit', by: input.user.userId, data, picks: copyPicks(input.picks) }, envOf(dir));
  if (!d.ok) throw refusalError(d, input.locale, def);
  const rev = await repo.advanceInstance(tx, inst.id, inst.revision, { state: d.state, currentNodes: currentNodesText(def, d.state), endedAt: endOf(d.state) });
  if (rev === null) throw conflict();
  await writeEffects({
    ctx,
    tx,
    user: input.user,
    instanceId: inst.id,
    record: input.record,
    formDef: input.formDef,
    processCode: inst.processCode,
    def,
    callbackUrl: def.callbackUrl,
    dir,
    before,
    after: d.state,
    effects: d.effects,
    locale: input.locale,
    sameWrite: true,
    doneLifecycle: 'resubmit',
  });
  return { instanceId: inst.id };
}

/**
 * A document deleted while its approval is live (record/delete, in the delete's transaction):
 * a running instance is cancelled as an administrator's cancel would cancel it (the owner's
 * delete acts for it: open tasks cancelled, history, the `cancelled` callback, timers dropped);
 * a returned one (no open tasks) is closed as cancelled. The record's own step is the delete.
 */
export async function closeForDeletedRecord(ctx: AppContext, tx: Tx, user: SessionUser, recordId: string, locale: Locale): Promise<void> {
  const inst = await repo.liveInstanceOf(tx, recordId);
  if (!inst) return;
  const def = inst.processCode ? await processVersion(tx, inst.processCode, inst.processVersion) : null;
  const before = repo.stateOf(inst);
  let after: InstanceState;
  let effects: Effect[];
  const note = { reason: 'recordDeleted' };
  if (before.status === 'running' && def) {
    const dir = await loadDirectory(tx, def);
    const me = dir.users[user.userId];
    if (!me) throw new AppError(409, 'process.notAdmin');
    const actingAdmin: Directory = { ...dir, users: { ...dir.users, [me.id]: { ...me, isAdmin: true } } };
    const d = decide(def, before, { type: 'cancel', by: me.id }, envOf(actingAdmin));
    if (!d.ok) throw refusalError(d, locale, def);
    after = d.state;
    effects = d.effects
      .filter((e) => e.type !== 'lifecycle')
      .map((e) => (e.type === 'history' && e.entry.action === 'cancel' ? { ...e, entry: { ...e.entry, detail: { ...e.entry.detail, ...note } } } : e));
  } else {
    after = { ...before, status: 'cancelled' };
    effects = [{ type: 'history', entry: { action: 'cancel', by: user.userId, at: new Date().toISOString(), detail: note } }];
  }
  const rev = await repo.advanceInstance(tx, inst.id, inst.revision, { state: after, currentNodes: null, endedAt: new Date() });
  if (rev === null) throw conflict();
  await repo.writeTasks(tx, inst.id, recordId, before.tasks, after.tasks);
  await repo.appendHistory(
    tx,
    inst.id,
    recordId,
    effects.flatMap((e) => (e.type === 'history' ? [e.entry] : [])),
  );
  const callbacks = effects.flatMap((e) => (e.type === 'callback' ? [{ event: e.event }] : []));
  await enqueueCallbacks(tx, ctx, {
    instanceId: inst.id,
    recordId,
    processCode: inst.processCode,
    url: def?.callbackUrl,
    events: callbacks,
    payload: { status: 'cancelled', ...note },
  });
  await syncJobs(tx, inst.id, after.tasks);
}

const endOf = (s: InstanceState) => (repo.LIVE_STATUSES.includes(s.status) ? null : new Date());

// ─── an action on a live instance ────────────────────────────────────────────────────────────
async function resolveTarget(ctx: AppContext, target: ActTarget): Promise<repo.InstanceRow | null> {
  if ('instanceId' in target) return repo.getInstance(ctx.db, target.instanceId);
  if ('taskId' in target) {
    const id = await repo.instanceIdOfTask(ctx.db, target.taskId);
    return id ? repo.getInstance(ctx.db, id) : null;
  }
  return (await repo.liveInstanceOf(ctx.db, target.recordId)) ?? repo.latestInstanceOf(ctx.db, target.recordId);
}

/**
 * One action (approve, reject, return, transfer, delegate, add-sign, withdraw, urge, cc read,
 * timeout, cancel) on an instance: decide on the state read, write it on that revision; when
 * another step won the race, read again and decide again (the loser of two approvals of one task
 * then sees process.taskDone → 409). `user` null: the system (the scheduler's timeouts).
 */
export async function act(
  ctx: AppContext,
  user: SessionUser | null,
  target: ActTarget,
  action: ProcessAction,
  locale: Locale,
  opts: ActOptions = {},
): Promise<ActResult> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const inst = await resolveTarget(ctx, target);
    if (!inst) throw notFound('instance');
    const def = inst.processCode ? await processVersion(ctx.db, inst.processCode, inst.processVersion) : null;
    if (!def) throw new AppError(409, 'process.notRunning');
    const record = await getRecordRow(ctx.db, inst.recordId);
    if (!record || record.isYouXiao !== '1') throw notFound();
    const formDef = await recordDefinition(ctx, record.formCode, record.definitionVersion);
    if (!formDef) throw notFound('definition');
    const dir = await loadDirectory(ctx.db, def);
    const before = repo.stateOf(inst);
    const d = decide(def, before, action, envOf(dir));
    if (!d.ok) throw refusalError(d, locale, def);
    let edits: StepContext['edits'];
    if (opts.edits && Object.keys(opts.edits).length && action.type === 'approve' && user) {
      const task = before.tasks.find((x) => x.id === action.taskId);
      if (task) edits = await approverEdits(ctx, user, formDef, record, task.nodeId, opts.edits, locale);
    }
    try {
      const result = await ctx.db.transaction(async (tx) => {
        const rev = await repo.advanceInstance(tx, inst.id, inst.revision, {
          state: d.state,
          currentNodes: currentNodesText(def, d.state),
          endedAt: endOf(d.state),
        });
        if (rev === null) throw new StaleRevision();
        const row = await writeEffects({
          ctx,
          tx,
          user,
          instanceId: inst.id,
          record,
          formDef,
          processCode: inst.processCode,
          def,
          callbackUrl: def.callbackUrl,
          dir,
          before,
          after: d.state,
          effects: d.effects,
          locale,
          sameWrite: false,
          edits,
          ccReadBy: action.type === 'ccRead' ? action.by : undefined,
        });
        return {
          instanceId: inst.id,
          recordId: record.id,
          status: d.state.status,
          revision: rev,
          recordStatus: row.shenPiZhuangTai,
          recordVersion: row.version,
        };
      });
      // the step's callbacks (outbox rows) go out now rather than on the dispatcher's next tick
      if (d.effects.some((e) => e.type === 'callback') && def.callbackUrl) void kickDispatcher(ctx);
      return result;
    } catch (err) {
      if (err instanceof StaleRevision) continue;
      // the record moved under the step (its version): decide again on fresh reads
      if (err instanceof AppError && err.status === 409 && err.msgKey === 'errors.staleWrite' && attempt < MAX_ATTEMPTS - 1) continue;
      throw err;
    }
  }
  throw conflict();
}
