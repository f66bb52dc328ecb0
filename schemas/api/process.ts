// The approval runtime (docs/api.md "Approvals"): the task center lists (to-do, done, cc,
// started, with counts; spec §7 task-all), an instance's history and current nodes, the actions
// on a task (approve, reject, return, transfer, delegate, add-sign), withdraw, urge, cc read,
// batch decisions and the approver dry-run. Employee sessions; an employee acts only on their
// own tasks (someone else's: 403).
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { ProcessDefinition } from '../process/model';
import type { DryRunResult } from '../process/dryRun';
import { AnyObject, endpoint, Id, Paging } from './contract';

const tag = 'process';
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const Comment = Type.String({ maxLength: 2000 });
const IsoDate = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'yyyy-MM-dd' });
const Picks = Type.Record(Type.String({ minLength: 1, maxLength: 64 }), Type.Array(Id, { maxItems: 50 }), {
  description: 'approval node id → picked user ids (applicantPicks at submit, previousPicks when approving)',
});
/** File ids of the files module (uploaded first), attached to the step's history entry. */
const Attachments = Type.Array(Id, { maxItems: 20, description: 'file ids (files module) attached to the history entry' });

export const TASK_TABS = ['todo', 'done', 'cc', 'started'] as const;
export type TaskTab = (typeof TASK_TABS)[number];

export const TaskCounts = Type.Object({
  todo: Type.Integer(),
  done: Type.Integer(),
  cc: Type.Integer(),
  /** copies not yet read */
  ccUnread: Type.Integer(),
  started: Type.Integer(),
  /** the caller is on the batch-approval whitelist (task/batch; the summary approval) */
  batchAllowed: Type.Boolean(),
});
export type TaskCounts = Static<typeof TaskCounts>;

/** One row of the task center (a task, a copy, or an instance the user started). */
export const TaskListRow = Type.Object({
  recordId: Type.String(),
  formCode: Type.String(),
  formName: Nullable(Type.String()),
  number: Nullable(Type.String()),
  title: Nullable(Type.String()),
  instanceId: Type.String(),
  /** running, returned, approved, rejected, withdrawn, cancelled */
  instanceStatus: Type.String(),
  /** the task's (or copy's) node name; the started tab: the current nodes */
  nodeName: Nullable(Type.String()),
  nodeId: Nullable(Type.String()),
  applicantId: Type.String(),
  applicantName: Nullable(Type.String()),
  /** todo/done: the task; cc and started: null */
  taskId: Nullable(Type.String()),
  /** the task's status (todo/done), read/unread (cc), the instance's status (started) */
  status: Type.String(),
  /** when it arrived (task created, copy made, instance started), ISO */
  arrivedAt: Type.String(),
  /** when it finished (done: the task completed; started: the instance ended), ISO */
  completedAt: Nullable(Type.String()),
  /** how long it has waited (todo) or waited before it was done (done), milliseconds */
  waitingMs: Type.Integer(),
  /** when the instance started (the document was submitted), ISO */
  startedAt: Type.String(),
  /** the value of the body's `amountField` in the record (a decimal string), when asked for */
  amount: Type.Optional(Nullable(Type.String())),
});
export type TaskListRow = Static<typeof TaskListRow>;

/** What an action answers: the instance after the step and the record's status and version. */
export const ActAnswer = Type.Object({
  instanceId: Type.String(),
  recordId: Type.String(),
  status: Type.String(),
  revision: Type.Integer(),
  recordStatus: Nullable(Type.String()),
  recordVersion: Type.Integer(),
});
export type ActAnswer = Static<typeof ActAnswer>;

const HistoryRow = Type.Object({
  seq: Type.Integer(),
  action: Type.String(),
  actorId: Nullable(Type.String()),
  actorName: Nullable(Type.String()),
  nodeId: Nullable(Type.String()),
  nodeName: Nullable(Type.String()),
  taskId: Nullable(Type.String()),
  comment: Nullable(Type.String()),
  attachments: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  detail: Type.Union([AnyObject('action specifics (to, users, reason …)'), Type.Null()]),
  at: Type.String(),
});

const TaskInfo = Type.Object({
  id: Type.String(),
  nodeId: Type.String(),
  nodeName: Nullable(Type.String()),
  assigneeId: Type.String(),
  assigneeName: Nullable(Type.String()),
  status: Type.String(),
  origin: Type.String(),
  createdAt: Type.String(),
  completedAt: Nullable(Type.String()),
  comment: Nullable(Type.String()),
});

const NodeRef = Type.Object({ id: Type.String(), name: Type.String() });

export const InstanceDetail = Type.Object({
  /** null: the record was never submitted */
  instance: Type.Union([
    Type.Object({
      id: Type.String(),
      status: Type.String(),
      processCode: Type.String(),
      processVersion: Type.Integer(),
      formCode: Type.String(),
      formVersion: Type.Integer(),
      applicantId: Type.String(),
      applicantName: Nullable(Type.String()),
      revision: Type.Integer(),
      startedAt: Type.String(),
      endedAt: Nullable(Type.String()),
      currentNodes: Type.Array(NodeRef),
      /** a returned instance: the node that returned it (mode 4 reads that node's field permissions) */
      returnedFrom: Type.Union([NodeRef, Type.Null()]),
    }),
    Type.Null(),
  ]),
  /** the pinned process version (the diagram); null without a process */
  definition: Type.Union([Type.Unsafe<ProcessDefinition>(AnyObject('the pinned process definition (schemas/process/model.ts)')), Type.Null()]),
  history: Type.Array(HistoryRow),
  tasks: Type.Array(TaskInfo),
  /** the caller's open (pending) task on the instance */
  myTask: Type.Union([TaskInfo, Type.Null()]),
  /** what the caller may do now: approve, reject, return, transfer, delegate, addSign, withdraw, urge, ccRead, resubmit */
  allowedActions: Type.Array(Type.String()),
  /** where myTask may return the document: 'applicant' or earlier node ids */
  returnTargets: Type.Array(NodeRef),
  /** myTask's node: comment / signature required, the approvers' pick nodes that follow */
  nodeRules: Type.Union([Type.Object({ commentRequired: Type.Boolean(), signatureRequired: Type.Boolean(), picks: Type.Array(NodeRef) }), Type.Null()]),
  /** myTask's node field permissions (the form's permissions.nodes[nodeId]): path → permission */
  fieldPermissions: Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()]),
  isCcReader: Type.Boolean(),
  /** the record's earlier instances (rounds before a withdraw/reject/cancel and submitting again), newest first */
  earlierRounds: Type.Optional(
    Type.Array(
      Type.Object({
        instanceId: Type.String(),
        status: Type.String(),
        processCode: Type.String(),
        processVersion: Type.Integer(),
        startedAt: Type.String(),
        endedAt: Nullable(Type.String()),
        history: Type.Array(HistoryRow),
      }),
    ),
  ),
});
export type InstanceDetail = Static<typeof InstanceDetail>;

const ERR_ACT = [401, 403, 404, 409, 422] as const;
const act = <const P extends string, B extends TSchema>(path: P, summary: string, body: B) =>
  endpoint({ method: 'POST', path: `{prefix}/emp/system/process/${path}`, tag, summary, body, encoding: 'json', data: ActAnswer, errors: ERR_ACT });

export const process = {
  taskAll: endpoint({
    method: 'POST',
    path: '{prefix}/emp/system/process/processInstance/task-all.action',
    tag,
    summary: "The task center (spec §7 task-all): a page of the caller's to-do, done, copied or started documents, with the four tabs' counts",
    body: Type.Object({
      tab: Type.Union(TASK_TABS.map((x) => Type.Literal(x))),
      ...Paging,
      keyword: Type.Optional(Type.String({ maxLength: 100, description: 'matches the document number or title' })),
      formCode: Type.Optional(Type.String({ maxLength: 64 })),
      applicantId: Type.Optional(Type.Union([Id, Type.Literal('')], { description: "only documents of this applicant ('' = any)" })),
      from: Type.Optional(Type.Union([IsoDate, Type.Literal('')], { description: 'arrived on or after this day (yyyy-MM-dd, server time zone)' })),
      to: Type.Optional(Type.Union([IsoDate, Type.Literal('')], { description: 'arrived on or before this day (yyyy-MM-dd, both ends included)' })),
      amountField: Type.Optional(
        Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9_]{0,63}$', description: "a top-level field key of the record's data answered as each row's `amount`" }),
      ),
    }),
    encoding: 'json',
    data: Type.Object({
      pageSize: Type.Integer(),
      currentPage: Type.Integer(),
      totalRecord: Type.Integer(),
      rows: Type.Array(TaskListRow),
      counts: TaskCounts,
    }),
    errors: [401, 403],
  }),
  counts: endpoint({
    method: 'POST',
    path: '{prefix}/emp/system/process/task/counts',
    tag,
    summary: "The caller's task center counts (to-do, done, copies and unread copies, started)",
    data: TaskCounts,
    errors: [401, 403],
  }),
  detail: endpoint({
    method: 'POST',
    path: '{prefix}/emp/system/process/processInstance/detail',
    tag,
    summary:
      "A record's approval: the instance, the pinned definition, history with names, the caller's open task and what they may do, and the earlier rounds (instances before a withdraw/reject/cancel and resubmit) with their history",
    body: Type.Object({ recordId: Id }),
    encoding: 'json',
    data: InstanceDetail,
    errors: [401, 403, 404],
  }),
  approve: act(
    'task/approve',
    "Approves the caller's task; `data` carries the fields the node's permissions let the approver edit (validated in mode 3), merged in the same transaction",
    Type.Object({
      taskId: Id,
      comment: Type.Optional(Comment),
      attachments: Type.Optional(Attachments),
      signature: Type.Optional(Type.String({ maxLength: 200_000, description: 'a handwritten signature (data URL or file id)' })),
      picks: Type.Optional(Picks),
      data: Type.Optional(AnyObject('the edited fields (only those the node opens)')),
    }),
  ),
  reject: act(
    'task/reject',
    "Rejects the caller's task: the document ends void (a comment is required)",
    Type.Object({ taskId: Id, comment: Type.Optional(Comment), attachments: Type.Optional(Attachments) }),
  ),
  return: act(
    'task/return',
    "Returns the document from the caller's task to the applicant (mode 4) or an earlier node (`to`: 'applicant' or a node id)",
    Type.Object({ taskId: Id, to: Type.String({ minLength: 1, maxLength: 64 }), comment: Type.Optional(Comment), attachments: Type.Optional(Attachments) }),
  ),
  transfer: act(
    'task/transfer',
    "Hands the caller's task to another user (it becomes theirs)",
    Type.Object({ taskId: Id, to: Id, comment: Type.Optional(Comment) }),
  ),
  delegate: act(
    'task/delegate',
    "Lends the caller's task to another user; it comes back to the caller when they have acted",
    Type.Object({ taskId: Id, to: Id, comment: Type.Optional(Comment) }),
  ),
  addSign: act(
    'task/addSign',
    "Adds approvers to the caller's task: before the caller, after, or alongside",
    Type.Object({
      taskId: Id,
      users: Type.Array(Id, { minItems: 1, maxItems: 20 }),
      position: Type.Union([Type.Literal('before'), Type.Literal('after'), Type.Literal('alongside')]),
      comment: Type.Optional(Comment),
    }),
  ),
  withdraw: act(
    'processInstance/withdraw',
    'The applicant withdraws the document (before anyone acted), or an approver their own approval (`taskId`, before the next node acted)',
    Type.Object({ recordId: Id, taskId: Type.Optional(Id), comment: Type.Optional(Comment) }),
  ),
  urge: act('processInstance/urge', 'The applicant urges the current approvers', Type.Object({ recordId: Id, comment: Type.Optional(Comment) })),
  ccRead: act('cc/read', 'A cc reader marks their copy of the document read', Type.Object({ recordId: Id })),
  batch: endpoint({
    method: 'POST',
    path: '{prefix}/emp/system/process/task/batch',
    tag,
    summary: "Approves or rejects several of the caller's tasks, each in its own transaction (users on the batch-approval whitelist only)",
    body: Type.Object({
      taskIds: Type.Array(Id, { minItems: 1, maxItems: 100 }),
      decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
      comment: Type.Optional(Comment),
    }),
    encoding: 'json',
    data: Type.Object({
      results: Type.Array(
        Type.Object({
          taskId: Type.String(),
          ok: Type.Boolean(),
          /** the HTTP status the single action would have answered */
          status: Type.Integer(),
          code: Nullable(Type.String()),
          message: Nullable(Type.String()),
        }),
      ),
    }),
    errors: [401, 403],
  }),
  dryRun: endpoint({
    method: 'POST',
    path: '{prefix}/emp/system/process/processInstance/dryRun',
    tag,
    summary:
      "Who would approve a document of `formCode` with these values, in which order and why (the form's bound process, the caller as applicant; administrators may name another applicant and run a process's draft)",
    body: Type.Object({
      formCode: Type.String({ minLength: 1, maxLength: 64 }),
      data: AnyObject("the record's values"),
      picks: Type.Optional(Picks),
      applicantId: Type.Optional(
        Type.String({ minLength: 1, maxLength: 64, description: 'administrators: run as this applicant (a user id; 422 when unknown or disabled)' }),
      ),
      processCode: Type.Optional(
        Type.String({
          minLength: 1,
          maxLength: 64,
          description: "administrators: run this process's working draft (else its latest version) instead of the form's bound one",
        }),
      ),
    }),
    encoding: 'json',
    data: Type.Object({
      processCode: Nullable(Type.String()),
      /** the published version that ran; null for a draft (or without a process) */
      processVersion: Type.Union([Type.Integer(), Type.Null()]),
      /** schemas/process/dryRun.ts DryRunResult: steps (node, approvers and their names, reason, outcome, the condition taken), end, error; null without a bound process */
      result: Type.Union([Type.Unsafe<DryRunResult>(AnyObject("the dry-run's answer (schemas/process/dryRun.ts DryRunResult)")), Type.Null()]),
      names: Type.Record(Type.String(), Type.String(), { description: 'user id → display name, for the ids in the result' }),
    }),
    errors: [401, 403, 404],
  }),
} as const;
