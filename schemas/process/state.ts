// The engine's vocabulary: the organisation directory approver strategies resolve against, the
// state of a running instance, the actions people (and the scheduler) take on it, and the effects
// a decision asks the server to carry out. The engine (engine.ts) is a pure function
//   decide(definition, state, action, env) → { state', effects } | a refusal
// with no I/O: the server loads the instance and a directory snapshot, asks, and writes the new
// state (a conditional update on `revision`), the task rows, history, lifecycle step, outbox rows
// and timers in one transaction.
import type { ApproveMethod, ProcessDefinition } from './model';

// ─── the organisation, as approver strategies see it ────────────────────────────────────────
export interface DirectoryUser {
  /** users.id (19 digits): tasks, history and records' rowCreateId use it */
  id: string;
  username: string;
  name: string;
  /** the user's department id (departments.id), via the employee */
  departmentId: string | null;
  /** posts.code (gangWei) */
  postCode: string | null;
  roleCodes: readonly string[];
  groupCodes: readonly string[];
  active: boolean;
  isAdmin: boolean;
}

export interface DirectoryDepartment {
  id: string;
  code: string;
  name: string;
  parentId: string | null;
  /** the leader's user id (the leader employee's login), if any */
  leaderUserId: string | null;
}

export interface DirectoryMatrix {
  code: string;
  /** the key columns (their values select a row) */
  keys: readonly string[];
  /** the approver columns (e.g. quYuZongJian) */
  columns: readonly string[];
  rows: readonly { keys: Readonly<Record<string, string>>; cells: Readonly<Record<string, readonly string[]>> }[];
}

export interface Directory {
  users: Readonly<Record<string, DirectoryUser>>;
  departments: Readonly<Record<string, DirectoryDepartment>>;
  matrices: Readonly<Record<string, DirectoryMatrix>>;
  /** the administrator's user id (the empty-approver rule toAdmin) */
  adminUserId: string | null;
}

// ─── a running instance ─────────────────────────────────────────────────────────────────────
export const INSTANCE_STATUSES = ['running', 'returned', 'approved', 'rejected', 'withdrawn', 'cancelled'] as const;
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];

export const TASK_STATUSES = [
  'pending', // waiting for its assignee
  'waiting', // sequential method / add-sign: not yet the assignee's turn
  'approved',
  'rejected',
  'returned',
  'transferred', // handed to someone else (a new task exists)
  'delegated', // lent to someone else; comes back as a new pending task when they finish
  'cancelled', // the node finished without it (any/ratio), or the flow moved away (return, withdraw)
  'withdrawn', // its approver took their approval back
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** How a task came to be. */
export type TaskOrigin = 'node' | 'transfer' | 'delegate' | 'delegateBack' | 'addSignBefore' | 'addSignAfter' | 'addSignAlongside' | 'empty';

export interface Task {
  id: string;
  /** the node activation it belongs to (NodeRun.id) */
  runId: string;
  nodeId: string;
  assigneeId: string;
  status: TaskStatus;
  origin: TaskOrigin;
  /** sequential method / add-sign order within the run */
  order: number;
  /** transfer/delegate/add-sign: the task it came from */
  fromTaskId?: string;
  createdAt: string;
  /** when the timeout (node.timeout) acts on it, ISO; set while pending */
  dueAt?: string;
  completedAt?: string;
  comment?: string;
  /** the decision step (InstanceState.step) that created it */
  createdStep: number;
  /** the step it last became pending (created pending, or moved up from waiting) */
  readyStep?: number;
  /** the step it finished (any final status) */
  doneStep?: number;
  /** who finished it: the acting user, null for the system (timeout, auto rules, the flow moving on) */
  doneBy?: string | null;
  /** timeout remind: reminders sent so far */
  reminders?: number;
}

/** One activation of a node (a node runs again after a return or resubmit). */
export interface NodeRun {
  id: string;
  nodeId: string;
  status: 'active' | 'done' | 'skipped' | 'cancelled';
  /** the branch of a parallel split this run is on ('' on the main line; nested splits: the edge ids
   *  of the enclosing branches joined by '/', outermost first, e.g. 'e2/e7') */
  branch: string;
  method: ApproveMethod;
  /** who the strategy resolved and why (dry-run and history show it) */
  resolution?: Resolution;
  startedAt: string;
  endedAt?: string;
  /** approved / rejected / returned / skipped / autoPass / … */
  outcome?: string;
  /** the decision step (InstanceState.step) that started it */
  step: number;
  /** the (re)submit round it belongs to (InstanceState.round) */
  round: number;
}

export interface InstanceState {
  status: InstanceStatus;
  applicantId: string;
  /** the record's data snapshot conditions and field strategies read (updated on resubmit) */
  data: Record<string, unknown>;
  runs: NodeRun[];
  tasks: Task[];
  /** parallel joins: join node id → the branches (edge ids out of the split) that arrived */
  joins: Record<string, string[]>;
  /** picks for applicantPicks / previousPicks nodes: node id → user ids */
  picks: Record<string, string[]>;
  /** a returned instance: the node that returned it (resubmit returningNode goes back there) */
  returnedFrom?: string;
  /** users who approved something in this instance (skipIfApproved) */
  approvedBy: string[];
  /** users copied (cc) so far */
  ccUserIds: string[];
  /** successful decisions so far (each decide that changes the state adds one): orders tasks and runs */
  step: number;
  /** (re)submits so far: 1 after the submit, +1 per resubmit */
  round: number;
}

/** What a strategy resolved: the people, in order, and why (shown by dry-run and history). */
export interface Resolution {
  userIds: string[];
  /** i18n key + params explaining the result (e.g. process.why.deptLeader {dept}) */
  reason: { key: string; params?: Record<string, string | number> };
  /** leaderChain: one level after another (the node runs sequentially over userIds) */
  sequential?: boolean;
  /** what the empty rule did, when the strategy resolved nobody */
  empty?: 'autoPass' | 'autoReject' | 'toAdmin' | 'toUser';
}

// ─── actions ─────────────────────────────────────────────────────────────────────────────────
export interface Attachment {
  id: string;
  name: string;
}

interface ByUser {
  /** the acting user's id */
  by: string;
  comment?: string;
  attachments?: Attachment[];
}

export type ProcessAction =
  /** the applicant submits: a new instance (state: null) */
  | (ByUser & { type: 'submit'; data: Record<string, unknown>; picks?: Record<string, string[]> })
  | (ByUser & { type: 'approve'; taskId: string; picks?: Record<string, string[]>; signature?: string })
  | (ByUser & { type: 'reject'; taskId: string })
  /** to: 'applicant', or the id of an earlier node the flow passed */
  | (ByUser & { type: 'return'; taskId: string; to: string })
  /** the applicant resubmits a returned instance with the (edited) data */
  | (ByUser & { type: 'resubmit'; data: Record<string, unknown>; picks?: Record<string, string[]> })
  /** the applicant withdraws the instance (nobody acted yet), or an approver their own approval (taskId; the next node has not acted) */
  | (ByUser & { type: 'withdraw'; taskId?: string })
  | (ByUser & { type: 'transfer'; taskId: string; to: string })
  | (ByUser & { type: 'delegate'; taskId: string; to: string })
  | (ByUser & { type: 'addSign'; taskId: string; users: string[]; position: 'before' | 'after' | 'alongside' })
  /** the applicant urges the current approvers */
  | (ByUser & { type: 'urge' })
  /** a cc reader marks it read */
  | (ByUser & { type: 'ccRead' })
  /** the scheduler: a pending task's timeout fell due */
  | { type: 'timeout'; taskId: string }
  /** an administrator cancels the instance (task/del of its last tasks, monitoring) */
  | (ByUser & { type: 'cancel' });

export type ProcessActionType = ProcessAction['type'];

// ─── effects ─────────────────────────────────────────────────────────────────────────────────
/** A history entry: who did what, when, on which node/task, with what comment. */
export interface HistoryEntry {
  action: ProcessActionType | 'start' | 'nodeEnter' | 'nodeDone' | 'skip' | 'autoPass' | 'autoReject' | 'cc' | 'archive' | 'remind';
  /** null: the system (timeout, auto rules) */
  by: string | null;
  nodeId?: string;
  taskId?: string;
  comment?: string;
  attachments?: Attachment[];
  /** action specifics: to (return/transfer), users (add-sign/cc), reason of a skip, … */
  detail?: Record<string, unknown>;
  at: string;
}

/** The document lifecycle step (schemas/lifecycle.ts) a decision makes, if any. */
export type LifecycleStep = 'approve' | 'return' | 'reject' | 'withdraw';

export type Effect =
  | { type: 'history'; entry: HistoryEntry }
  /** the document's status moves (the records' lifecycle, with its hooks, in the same transaction) */
  | { type: 'lifecycle'; action: LifecycleStep }
  /** people to tell: new to-dos, cc, urge, timeout reminders */
  | { type: 'notify'; kind: 'todo' | 'cc' | 'urge' | 'remind'; userIds: string[]; taskId?: string }
  /** a callback to the process's callbackUrl (through the outbox) */
  | {
      type: 'callback';
      event: 'submitted' | 'approved' | 'rejected' | 'returned' | 'withdrawn' | 'resubmitted' | 'archived' | 'nodeDone' | 'cancelled';
      nodeId?: string;
    };

export interface DecideEnv {
  directory: Directory;
  /** ISO time of the action */
  now: string;
  /** a fresh id (19 digits in the server; a counter in tests) */
  newId(): string;
}

export type RefusalCode =
  | 'process.taskNotFound' // no such task in the instance
  | 'process.taskDone' // the task is no longer pending (someone acted: the concurrency loser sees this)
  | 'process.notAssignee' // the task is someone else's
  | 'process.notApplicant'
  | 'process.notRunning' // the instance is not running (approved, rejected, withdrawn …)
  | 'process.notReturned' // resubmit of an instance that was not returned
  | 'process.commentRequired'
  | 'process.signatureRequired'
  | 'process.returnNotAllowed' // the node does not allow returning there
  | 'process.actionNotAllowed' // transfer/delegate/add-sign not offered by the node
  | 'process.withdrawTooLate' // someone acted already (applicant), or the next node acted (approver)
  | 'process.pickRequired' // an applicantPicks/previousPicks node needs a pick
  | 'process.unknownUser'
  | 'process.noStartEdge'
  | 'process.alreadyStarted' // a submit on an instance that exists
  | 'process.notCc' // ccRead by someone not copied
  | 'process.notAdmin' // cancel by someone not an administrator
  | 'process.invalidAction' // e.g. add-sign without users, transfer to oneself
  | 'process.badDefinition'; // the graph cannot run here (a missing node or edge, no route out of a condition, a loop)

export type Decision =
  { ok: true; state: InstanceState; effects: Effect[] } | { ok: false; code: RefusalCode; params?: Record<string, string | number>; field?: string };

export type Decide = (definition: ProcessDefinition, state: InstanceState | null, action: ProcessAction, env: DecideEnv) => Decision;
