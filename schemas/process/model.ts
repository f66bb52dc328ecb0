// The process model: what an admin draws (React Flow edits the node/edge graph) and the engine
// runs. A process is bound to one form; it is stored as a draft and published as immutable
// versions; an instance is pinned to the version it started under.
//
// Node types
//   start      exactly one; the applicant's submit
//   approve    approver node: who (`assignee`, a strategy), how they decide (`method`), what
//              happens when nobody resolves (`onEmpty`), skip rule, comment/signature required,
//              timeout, return rules, the actions the node allows
//   cc         carbon copy: the resolved people may open the document (read-only) and the flow
//              moves on at once
//   condition  exclusive gateway: its outgoing edges carry JSON Logic conditions over the
//              record's own fields, tried in `priority` order (lower first); exactly one edge has
//              no condition (the default)
//   parallel   split: every outgoing edge starts a branch; the branches meet at its `join`
//   join       waits for every branch of its split (`split`: the split node's id)
//   end        archive
// Every node but condition and parallel has exactly one outgoing edge (end: none).
import { Type, type Static } from '@sinclair/typebox';
import { FieldPath, JsonLogic, LocalizedText } from '../definition';

/** The schema version of process definitions (version 2 is the pre-engine shape; see migrate.ts). */
export const PROCESS_SCHEMA_VERSION = 3;

export const PROCESS_NODE_TYPES = ['start', 'approve', 'cc', 'condition', 'parallel', 'join', 'end'] as const;
export type ProcessNodeType = (typeof PROCESS_NODE_TYPES)[number];

const Ids = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 200 });

/**
 * Approver strategies (who approves a node, or who is copied on a cc node). Resolution is a pure
 * function of the strategy, the record, the applicant, earlier picks and an organisation
 * directory snapshot (schemas/process/approvers.ts).
 */
export const APPROVER_STRATEGIES = [
  'users', // specified users (user ids)
  'roles', // members of roles (role codes)
  'posts', // holders of posts (gangWei codes)
  'deptMembers', // members of departments (department codes)
  'deptLeader', // the applicant's department leader
  'leaderChain', // leaders up `levels` levels from the applicant's department, one after another
  'fieldDeptLeader', // the leader of the department picked in form field `field`
  'fieldUser', // the user(s) picked in form field `field`
  'applicant', // the applicant
  'applicantPicks', // the applicant picks at submit (the submit's `picks[nodeId]`)
  'previousPicks', // the previous approver picks when approving (the approve's `picks[nodeId]`)
  'groups', // members of user groups (group codes)
  'matrix', // the approver matrix (juZhen) `matrix`, its row selected by form values, column `column`
  'expression', // a JSON Logic expression over the record answering user ids (a string or a list)
] as const;
export type ApproverStrategyKind = (typeof APPROVER_STRATEGIES)[number];

export const ApproverStrategy = Type.Union(
  [
    Type.Object({ kind: Type.Literal('users'), userIds: Ids }, { additionalProperties: false }),
    Type.Object({ kind: Type.Literal('roles'), roleCodes: Ids }, { additionalProperties: false }),
    Type.Object({ kind: Type.Literal('posts'), postCodes: Ids }, { additionalProperties: false }),
    Type.Object({ kind: Type.Literal('deptMembers'), deptCodes: Ids }, { additionalProperties: false }),
    Type.Object({ kind: Type.Literal('deptLeader') }, { additionalProperties: false }),
    Type.Object({ kind: Type.Literal('leaderChain'), levels: Type.Integer({ minimum: 1, maximum: 10 }) }, { additionalProperties: false }),
    Type.Object({ kind: Type.Literal('fieldDeptLeader'), field: FieldPath }, { additionalProperties: false }),
    Type.Object({ kind: Type.Literal('fieldUser'), field: FieldPath }, { additionalProperties: false }),
    Type.Object({ kind: Type.Literal('applicant') }, { additionalProperties: false }),
    Type.Object(
      { kind: Type.Literal('applicantPicks'), multiple: Type.Optional(Type.Boolean()), candidates: Type.Optional(Ids) },
      { additionalProperties: false },
    ),
    Type.Object(
      { kind: Type.Literal('previousPicks'), multiple: Type.Optional(Type.Boolean()), candidates: Type.Optional(Ids) },
      { additionalProperties: false },
    ),
    Type.Object({ kind: Type.Literal('groups'), groupCodes: Ids }, { additionalProperties: false }),
    Type.Object(
      {
        kind: Type.Literal('matrix'),
        /** the matrix code (juZhen) */
        matrix: Type.String({ minLength: 1, maxLength: 64 }),
        /** matrix key column → the record field whose value selects the row */
        by: Type.Record(Type.String({ minLength: 1, maxLength: 64 }), FieldPath),
        /** the matrix column (a role of the matrix, e.g. quYuZongJian) holding the approvers */
        column: Type.String({ minLength: 1, maxLength: 64 }),
      },
      { additionalProperties: false },
    ),
    Type.Object({ kind: Type.Literal('expression'), logic: JsonLogic }, { additionalProperties: false }),
  ],
  { description: 'who approves (or is copied)' },
);
export type ApproverStrategy = Static<typeof ApproverStrategy>;

/** How the people of an approver node decide. */
export const APPROVE_METHODS = ['any', 'all', 'ratio', 'sequential'] as const;
export type ApproveMethod = (typeof APPROVE_METHODS)[number];

/** What happens when a node's strategy resolves nobody. */
export const EMPTY_APPROVER_RULES = ['autoPass', 'autoReject', 'toAdmin', 'toUser'] as const;
export type EmptyApproverRule = (typeof EMPTY_APPROVER_RULES)[number];

/** Where an approver may return a document: the applicant (mode 4), the previous node, any earlier node. */
export const RETURN_TARGETS = ['applicant', 'previous', 'any'] as const;
export type ReturnTarget = (typeof RETURN_TARGETS)[number];

/** Where a returned document goes on resubmit: through the flow from the start, or straight back to the node that returned it. */
export const RESUBMIT_RULES = ['start', 'returningNode'] as const;
export type ResubmitRule = (typeof RESUBMIT_RULES)[number];

/** What an approver node's timeout does after `hours`. */
export const TIMEOUT_ACTIONS = ['remind', 'approve', 'reject'] as const;
export type TimeoutAction = (typeof TIMEOUT_ACTIONS)[number];

/** The optional actions an approver node offers besides approve/reject (return is `returnRule`). */
export const NODE_ACTIONS = ['transfer', 'delegate', 'addSign'] as const;
export type NodeAction = (typeof NODE_ACTIONS)[number];

const lit = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

export const ProcessNode = Type.Object(
  {
    id: Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9_-]{0,63}$' }),
    type: lit(PROCESS_NODE_TYPES),
    name: LocalizedText,
    /** approve and cc nodes: who */
    assignee: Type.Optional(ApproverStrategy),
    /** approve: how several approvers decide (default any) */
    method: Type.Optional(lit(APPROVE_METHODS)),
    /** approve, method ratio: the share of approvals (percent) that passes the node */
    ratio: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    /** approve: when the strategy resolves nobody (default toAdmin); `toUser`: `emptyUserId` */
    onEmpty: Type.Optional(lit(EMPTY_APPROVER_RULES)),
    emptyUserId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    /** approve: pass the node for an approver who already approved this instance (earlier node) */
    skipIfApproved: Type.Optional(Type.Boolean()),
    /** approve: remove the applicant from the node's approvers (when others remain) */
    skipApplicant: Type.Optional(Type.Boolean()),
    /** approve: a comment is required to approve (always required to reject and return) */
    commentRequired: Type.Optional(Type.Boolean()),
    /** approve: a handwritten signature is required to approve */
    signatureRequired: Type.Optional(Type.Boolean()),
    /** approve: after `hours` hours without a decision: remind (every `hours`), approve or reject */
    timeout: Type.Optional(
      Type.Object(
        {
          hours: Type.Number({ exclusiveMinimum: 0, maximum: 8760 }),
          action: lit(TIMEOUT_ACTIONS),
          maxReminders: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
        },
        { additionalProperties: false },
      ),
    ),
    /** approve: where the approver may return the document (none: no return) and where a resubmit goes */
    returnRule: Type.Optional(
      Type.Object(
        { targets: Type.Array(lit(RETURN_TARGETS), { maxItems: 3, uniqueItems: true }), resubmit: Type.Optional(lit(RESUBMIT_RULES)) },
        { additionalProperties: false },
      ),
    ),
    /** approve: optional actions offered (transfer, delegate, add-sign) */
    actions: Type.Optional(Type.Array(lit(NODE_ACTIONS), { maxItems: 3, uniqueItems: true })),
    /** join: the parallel split it closes */
    split: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    position: Type.Optional(Type.Object({ x: Type.Number(), y: Type.Number() }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type ProcessNode = Static<typeof ProcessNode>;

export const ProcessEdge = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    source: Type.String({ minLength: 1, maxLength: 64 }),
    target: Type.String({ minLength: 1, maxLength: 64 }),
    /** out of a condition node: JSON Logic over the record; the edge without one is the default */
    condition: Type.Optional(JsonLogic),
    /** out of a condition node: the order conditions are tried in (lower first) */
    priority: Type.Optional(Type.Integer({ minimum: 0, maximum: 9999 })),
    label: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type ProcessEdge = Static<typeof ProcessEdge>;

export const ProcessDefinition = Type.Object(
  {
    schemaVersion: Type.Literal(PROCESS_SCHEMA_VERSION),
    code: Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9_-]{0,63}$' }),
    name: LocalizedText,
    /** the published version this document is (0: never published) */
    version: Type.Integer({ minimum: 0 }),
    /** the form it is bound to (bangDingBiaoDan) */
    formCode: Type.Optional(Type.String({ maxLength: 64 })),
    /** where the engine posts its callbacks (must pass the server's allowlist) */
    callbackUrl: Type.Optional(Type.String({ maxLength: 500, format: 'uri' })),
    nodes: Type.Array(ProcessNode, { maxItems: 500 }),
    edges: Type.Array(ProcessEdge, { maxItems: 1000 }),
  },
  { $id: 'ProcessDefinition', additionalProperties: false },
);
export type ProcessDefinition = Static<typeof ProcessDefinition>;
