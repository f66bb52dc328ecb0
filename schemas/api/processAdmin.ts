// Process administration (docs/api.md "Process administration"): spec §7's processDefinition,
// biaoDan, model, juZhen, callback/failure and task/del calls. Filled by server/modules/process
// (adminRoutes.ts). Everything is for administrators but `processDefinition/version` (an
// employee's approval screen draws the flow its instance is pinned to).
import { Type, type Static } from '@sinclair/typebox';
import type { LocalizedText } from '../definition';
import type { ProcessDefinition } from '../process/model';
import { AnyObject, endpoint, Id, Paged, Paging, PREFIX } from './contract';
import { DefinitionProblem } from './definitions';

const tag = 'processAdmin';
const base = `${PREFIX}/emp/system/process`;

/** A process definition in an answer (schemas/process/model.ts ProcessDefinition). */
export const ProcessDoc = Type.Unsafe<ProcessDefinition>(AnyObject('a process definition (schemas/process/model.ts ProcessDefinition)'));
/** Text per locale (schemas/definition.ts LocalizedText). */
const Localized = Type.Unsafe<LocalizedText>(
  Type.Object({ 'zh-CN': Type.String() }, { additionalProperties: true, description: 'text per locale; zh-CN is always there' }),
);
const Code = Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9_-]{0,63}$' });
const CodeBody = Type.Object({ code: Code });

export const ProcessSummary = Type.Object({
  code: Type.String(),
  name: Localized,
  /** the bound form (bangDingBiaoDan), null when unbound */
  formCode: Type.Union([Type.String(), Type.Null()]),
  formName: Type.Union([Localized, Type.Null()]),
  enabled: Type.Boolean(),
  /** latest published version; 0 when never published */
  latestVersion: Type.Integer(),
  /** an unpublished draft exists */
  hasDraft: Type.Boolean(),
  /** the draft's optimistic version (send it back with update/rule) */
  draftVersion: Type.Integer(),
  rowModUser: Type.String(),
  rowModDate: Type.String(),
});
export type ProcessSummary = Static<typeof ProcessSummary>;

export const ProcessVersionInfo = Type.Object({ version: Type.Integer(), publishedAt: Type.String({ description: 'ISO time' }), publishedBy: Type.String() });

export const ProcessItem = Type.Object({
  summary: ProcessSummary,
  /** the working copy: the draft, or (none saved since the last publish) null */
  draft: Type.Union([ProcessDoc, Type.Null()]),
  /** the latest published version */
  published: Type.Union([ProcessDoc, Type.Null()]),
  versions: Type.Array(ProcessVersionInfo),
});

const MatrixColumn = Type.Object({ key: Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9_]{0,63}$' }), name: Type.String({ minLength: 1, maxLength: 100 }) });
const MatrixRow = Type.Object(
  {
    /** key column → value (e.g. { quYu: "EAST" }) */
    keys: Type.Record(Type.String(), Type.String({ maxLength: 200 })),
    /** approver column → user ids */
    cells: Type.Record(Type.String(), Type.Array(Id, { maxItems: 50 })),
  },
  { additionalProperties: false },
);
export const MatrixSummary = Type.Object({
  code: Type.String(),
  name: Localized,
  keys: Type.Array(MatrixColumn),
  columns: Type.Array(MatrixColumn),
  rowCount: Type.Integer(),
  version: Type.Integer(),
  rowModUser: Type.String(),
  rowModDate: Type.String(),
});
export const MatrixDoc = Type.Object({
  code: Type.String(),
  name: Localized,
  keys: Type.Array(MatrixColumn),
  columns: Type.Array(MatrixColumn),
  rows: Type.Array(MatrixRow),
  version: Type.Integer(),
  /** the display names of the users in the cells */
  users: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
});
export type MatrixDoc = Static<typeof MatrixDoc>;

export const CallbackFailure = Type.Object({
  id: Type.String({ description: 'the delivery id (X-Formwork-Delivery)' }),
  recordId: Type.String(),
  recordNumber: Type.String(),
  formCode: Type.String(),
  processCode: Type.String(),
  event: Type.String(),
  url: Type.String(),
  attempts: Type.Integer(),
  lastError: Type.String(),
  createdAt: Type.String({ description: 'ISO time' }),
  failedAt: Type.String({ description: 'ISO time of the last attempt' }),
});

export const FormField = Type.Object({
  /** `key`, or `subForm.column` for a sub-form's column */
  path: Type.String(),
  key: Type.String(),
  label: Localized,
  /** the field's type code (spec §3) */
  type: Type.Integer(),
  /** the sub-form a column belongs to */
  parent: Type.Optional(Type.String()),
  options: Type.Optional(Type.Array(Type.Object({ value: Type.Unknown(), label: Localized }))),
  /**
   * Where the field's values are looked up (a master-data picker such as the dealer 87, or a
   * field with a data source): the autocomplete source `endpoint` of masterData.autoComplete,
   * its `params`, and whether the field holds several. The definition's dataSource overrides
   * the type's; absent for free-entry fields and fields with inline options only.
   */
  dataSource: Type.Optional(
    Type.Object({
      endpoint: Type.String(),
      params: Type.Optional(Type.Record(Type.String(), Type.String())),
      multiple: Type.Optional(Type.Boolean()),
    }),
  ),
});

export const processAdmin = {
  definitionList: endpoint({
    method: 'POST',
    path: `${base}/processDefinition/list`,
    tag,
    summary: 'Processes (paged; keyword on code and name, or those bound to a form)',
    body: Type.Optional(
      Type.Object({ ...Paging, keyword: Type.Optional(Type.String({ maxLength: 100 })), formCode: Type.Optional(Type.String({ maxLength: 64 })) }),
    ),
    data: Paged(ProcessSummary),
    errors: [401, 403],
  }),
  definitionItem: endpoint({
    method: 'POST',
    path: `${base}/processDefinition/item/rule`,
    tag,
    summary: 'One process: its draft, its latest published version and the versions',
    body: CodeBody,
    data: ProcessItem,
    errors: [401, 403, 404],
  }),
  definitionSave: endpoint({
    method: 'POST',
    path: `${base}/processDefinition/update/rule`,
    tag,
    summary: 'Saves the draft (a stale draftVersion → 409; a malformed definition → 422; graph problems are saved and listed)',
    body: Type.Object({ code: Code, draftVersion: Type.Integer({ minimum: 1 }), definition: AnyObject('a process definition (schemas/process/model.ts)') }),
    encoding: 'json',
    data: Type.Object({ code: Type.String(), draftVersion: Type.Integer(), problems: Type.Array(DefinitionProblem) }),
    errors: [401, 403, 404, 409, 422],
  }),
  definitionPublish: endpoint({
    method: 'POST',
    path: `${base}/processDefinition/update/liuChengDingYi`,
    tag,
    summary: 'Publishes the draft as the next immutable version (problems → 422; a concurrent publish or a stale draftVersion → 409)',
    body: Type.Object({ code: Code, draftVersion: Type.Optional(Type.Integer({ minimum: 1 })) }),
    data: Type.Object({ version: Type.Integer() }),
    errors: [401, 403, 404, 409, 422],
  }),
  definitionBind: endpoint({
    method: 'POST',
    path: `${base}/processDefinition/bangDingBiaoDan`,
    tag,
    summary: 'Binds the process to a form (null: unbinds); an enabled process on a form that has another enabled one → 409',
    body: Type.Object({ code: Code, formCode: Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()]) }),
    data: ProcessSummary,
    errors: [401, 403, 404, 409],
  }),
  conditionDelete: endpoint({
    method: 'POST',
    path: `${base}/processDefinition/update/tiaoJian-del`,
    tag,
    summary: 'Deletes a condition branch from the draft: the edge and the nodes only it reached (the default branch stays)',
    body: Type.Object({ code: Code, draftVersion: Type.Integer({ minimum: 1 }), edgeId: Type.String({ minLength: 1, maxLength: 64 }) }),
    data: Type.Object({ draftVersion: Type.Integer(), removedNodes: Type.Array(Type.String()), removedEdges: Type.Array(Type.String()) }),
    errors: [401, 403, 404, 409, 422],
  }),
  enableStatus: endpoint({
    method: 'POST',
    path: `${base}/processDefinition/updateEnableStatus`,
    tag,
    summary: 'Enables or disables a process (enabling one on a form that has another enabled → 409)',
    body: Type.Object({ code: Code, enabled: Type.Boolean() }),
    data: ProcessSummary,
    errors: [401, 403, 404, 409],
  }),
  modelCreate: endpoint({
    method: 'POST',
    path: `${base}/model/create`,
    tag,
    summary: 'A new process: a start → approver (department leader) → end draft (an existing code → 409)',
    body: Type.Object({ code: Code, name: Localized, formCode: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) }),
    encoding: 'json',
    data: ProcessSummary,
    errors: [401, 403, 409, 422],
  }),
  modelCopy: endpoint({
    method: 'POST',
    path: `${base}/model/copy`,
    tag,
    summary: 'A copy of a process (its draft, else its latest version) under a new code, as an unbound draft',
    body: Type.Object({ code: Code, newCode: Code, name: Type.Optional(Localized) }),
    encoding: 'json',
    data: ProcessSummary,
    errors: [401, 403, 404, 409],
  }),
  definitionVersions: endpoint({
    method: 'POST',
    path: `${base}/processDefinition/versions`,
    tag,
    summary: 'Published versions of a process, newest first',
    body: CodeBody,
    data: Type.Array(ProcessVersionInfo),
    errors: [401, 403],
  }),
  definitionVersion: endpoint({
    method: 'POST',
    path: `${base}/processDefinition/version`,
    tag,
    summary: 'One published version (immutable; the latest without `version`)',
    body: Type.Object({ code: Code, version: Type.Optional(Type.Integer({ minimum: 1 })) }),
    data: ProcessDoc,
    errors: [401, 403, 404],
  }),
  formList: endpoint({
    method: 'POST',
    path: `${base}/biaoDan/list`,
    tag,
    summary: 'Forms with the processes bound to them',
    body: Type.Optional(Type.Object({ ...Paging, keyword: Type.Optional(Type.String({ maxLength: 100 })) })),
    data: Paged(
      Type.Object({
        code: Type.String(),
        name: Localized,
        formType: Type.Integer(),
        latestVersion: Type.Integer(),
        processes: Type.Array(Type.Object({ code: Type.String(), name: Localized, enabled: Type.Boolean(), latestVersion: Type.Integer() })),
      }),
    ),
    errors: [401, 403],
  }),
  formFields: endpoint({
    method: 'POST',
    path: `${base}/biaoDan/item/list`,
    tag,
    summary: "A form's fields (latest published version, else the draft): what conditions and field strategies pick from",
    body: Type.Object({ formCode: Type.String({ minLength: 1, maxLength: 64 }) }),
    data: Type.Array(FormField),
    errors: [401, 403, 404],
  }),
  matrixList: endpoint({
    method: 'POST',
    path: `${base}/juZhen/list`,
    tag,
    summary: 'Approver matrices (paged; keyword on code and name)',
    body: Type.Optional(Type.Object({ ...Paging, keyword: Type.Optional(Type.String({ maxLength: 100 })) })),
    data: Paged(MatrixSummary),
    errors: [401, 403],
  }),
  matrixInit: endpoint({
    method: 'POST',
    path: `${base}/juZhen/edit/init`,
    tag,
    summary: 'One matrix with its rows and the names of its users',
    body: CodeBody,
    data: MatrixDoc,
    errors: [401, 403, 404],
  }),
  matrixSave: endpoint({
    method: 'POST',
    path: `${base}/juZhen/edit/save`,
    tag,
    summary: 'Saves a matrix (no version: creates it; a stale version → 409; unknown users, keys or columns → 422)',
    body: Type.Object({
      code: Code,
      name: Localized,
      keys: Type.Array(MatrixColumn, { minItems: 1, maxItems: 10 }),
      columns: Type.Array(MatrixColumn, { minItems: 1, maxItems: 20 }),
      rows: Type.Array(MatrixRow, { maxItems: 5000 }),
      version: Type.Optional(Type.Integer({ minimum: 1 })),
    }),
    encoding: 'json',
    data: Type.Object({ code: Type.String(), version: Type.Integer() }),
    errors: [401, 403, 409, 422],
  }),
  matrixReplaceUser: endpoint({
    method: 'POST',
    path: `${base}/juZhen/edit/updateEmp`,
    tag,
    summary: 'Replaces one user by another in every cell of every matrix (an employee left)',
    body: Type.Object({ fromUserId: Id, toUserId: Id }),
    data: Type.Object({ matrices: Type.Integer(), cells: Type.Integer() }),
    errors: [401, 403, 422],
  }),
  matrixExport: endpoint({
    method: 'POST',
    path: `${base}/juZhen/edit/daoChu`,
    tag,
    summary: 'One matrix as an .xlsx workbook (user names, not ids)',
    body: CodeBody,
    data: Type.String({ format: 'binary' }),
    answer: 'file',
    errors: [401, 403, 404],
  }),
  matrixExportAll: endpoint({
    method: 'POST',
    path: `${base}/juZhen/edit/daoChuLiu`,
    tag,
    summary: 'The matrices a process uses (or all of them) as an .xlsx workbook, a sheet each',
    body: Type.Optional(Type.Object({ processCode: Type.Optional(Code) })),
    data: Type.String({ format: 'binary' }),
    answer: 'file',
    errors: [401, 403, 404],
  }),
  callbackFailures: endpoint({
    method: 'POST',
    path: `${base}/callback/failure/list`,
    tag,
    summary: 'Callbacks that failed after their last attempt (paged; keyword on the record number)',
    body: Type.Optional(
      Type.Object({ ...Paging, keyword: Type.Optional(Type.String({ maxLength: 100 })), processCode: Type.Optional(Type.String({ maxLength: 64 })) }),
    ),
    data: Paged(CallbackFailure),
    errors: [401, 403],
  }),
  callbackRetry: endpoint({
    method: 'POST',
    path: `${base}/callback/failure/chongShi`,
    tag,
    summary: 'Retries failed callbacks now (attempts start over); the answer counts those delivered at once',
    body: Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 500 }) }),
    encoding: 'json',
    data: Type.Object({ retried: Type.Integer(), delivered: Type.Integer() }),
    errors: [401, 403],
  }),
  taskDelete: endpoint({
    method: 'POST',
    path: `${base}/task/del`,
    tag,
    summary: "Cancels an instance's open tasks (the instance ends cancelled)",
    body: Type.Object({ instanceId: Type.Optional(Id), recordId: Type.Optional(Id), comment: Type.Optional(Type.String({ maxLength: 500 })) }),
    data: Type.Null(),
    errors: [401, 403, 404, 409, 422],
  }),
} as const;
