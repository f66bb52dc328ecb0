// Process monitoring (docs/api.md "Process monitoring"), administrators only: every approval
// instance with its status, current nodes and approvers, waiting time and callback failure flag
// (liuChengJianKong), and every open task of every user (liuChengRenWuDel, deleted through
// processAdmin.taskDelete). Filled by server/modules/process/monitorRoutes.ts.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint, Id, Paged, Paging, PREFIX } from './contract';

const tag = 'processMonitor';
const base = `${PREFIX}/emp/system/process`;
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

/** The instance statuses (schemas/process/state.ts INSTANCE_STATUSES). */
export const MONITOR_STATUSES = ['running', 'returned', 'approved', 'rejected', 'withdrawn', 'cancelled'] as const;
export type MonitorStatus = (typeof MONITOR_STATUSES)[number];

const UserRef = Type.Object({ id: Type.String(), name: Nullable(Type.String()) });
const NodeRef = Type.Object({ id: Type.String(), name: Type.String() });
const Keyword = Type.Optional(Type.String({ maxLength: 100, description: 'matches the document number or title (literal, case-insensitive)' }));
const FormCode = Type.Optional(Type.String({ maxLength: 64, description: "the form's code ('' = any)" }));
const UserId = (what: string) => Type.Optional(Type.Union([Id, Type.Literal('')], { description: `${what} ('' = any)` }));

export const MonitorInstanceRow = Type.Object({
  instanceId: Type.String(),
  recordId: Type.String(),
  formCode: Type.String(),
  formName: Nullable(Type.String()),
  processCode: Type.String(),
  processVersion: Type.Integer(),
  number: Nullable(Type.String()),
  title: Nullable(Type.String()),
  applicantId: Type.String(),
  applicantName: Nullable(Type.String()),
  /** running, returned, approved, rejected, withdrawn, cancelled */
  status: Type.String(),
  /** the nodes with open tasks (running instances), names in the caller's language */
  currentNodes: Type.Array(NodeRef),
  /** the holders of the open tasks */
  currentApprovers: Type.Array(UserRef),
  startedAt: Type.String({ description: 'ISO time' }),
  endedAt: Nullable(Type.String({ description: 'ISO time' })),
  /** since the oldest open task arrived (0 without open tasks), milliseconds */
  waitingMs: Type.Integer(),
  /** a process callback of the record failed after its last attempt (shenPiCallBackFailure) */
  callbackFailed: Type.Boolean(),
});
export type MonitorInstanceRow = Static<typeof MonitorInstanceRow>;

export const MonitorTaskRow = Type.Object({
  taskId: Type.String(),
  instanceId: Type.String(),
  recordId: Type.String(),
  formCode: Type.String(),
  formName: Nullable(Type.String()),
  number: Nullable(Type.String()),
  title: Nullable(Type.String()),
  nodeId: Type.String(),
  nodeName: Type.String(),
  assigneeId: Type.String(),
  assigneeName: Nullable(Type.String()),
  applicantId: Type.String(),
  applicantName: Nullable(Type.String()),
  /** how the task came to be (node, transfer, delegate, addSign…) */
  origin: Type.String(),
  arrivedAt: Type.String({ description: 'ISO time' }),
  dueAt: Nullable(Type.String({ description: 'ISO time' })),
  waitingMs: Type.Integer(),
});
export type MonitorTaskRow = Static<typeof MonitorTaskRow>;

export const processMonitor = {
  instances: endpoint({
    method: 'POST',
    path: `${base}/processInstance/list`,
    tag,
    summary: 'Every approval instance, newest first (paged; filters: status, form, keyword on number/title, applicant)',
    body: Type.Optional(
      Type.Object({
        ...Paging,
        status: Type.Optional(Type.Union([...MONITOR_STATUSES.map((s) => Type.Literal(s)), Type.Literal('')])),
        formCode: FormCode,
        keyword: Keyword,
        applicantId: UserId('only instances this user started'),
      }),
    ),
    encoding: 'json',
    data: Paged(MonitorInstanceRow),
    errors: [401, 403, 422],
  }),
  tasks: endpoint({
    method: 'POST',
    path: `${base}/task/list`,
    tag,
    summary: 'Every open (pending) task of every user, oldest first (paged; filters: form, keyword on number/title, assignee)',
    body: Type.Optional(
      Type.Object({
        ...Paging,
        formCode: FormCode,
        keyword: Keyword,
        assigneeId: UserId('only tasks this user holds'),
      }),
    ),
    encoding: 'json',
    data: Paged(MonitorTaskRow),
    errors: [401, 403, 422],
  }),
} as const;
