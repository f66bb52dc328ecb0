// Budget pools (spec §7 Budget, docs/expense.md): enable/disable, delete, the edit form, save,
// the Excel export; and this product's additions: a pool's ledger (paged, and as Excel), changes,
// transfers between pools and allocations from a parent pool. Served by
// server/modules/expense/poolRoutes.ts. The pool list itself is masterData.budgetPools.
// Money is decimal text (at most two decimals), never a JSON number.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint, Id, Paged } from './contract';

const tag = 'budget';
const V2 = '/emp/api/v2/feiYong/yuSuanChi';
const V1 = '/emp/api/feiYong/yuSuan';

/** An amount as the API takes it: decimal text with at most two decimals. */
export const MoneyText = Type.String({ pattern: '^\\s*\\d{1,16}(\\.\\d{1,2})?\\s*$', description: 'decimal text, ≥ 0, at most two decimals' });
/** A signed amount (a change may lower a budget). */
export const SignedMoneyText = Type.String({ pattern: '^\\s*-?\\d{1,16}(\\.\\d{1,2})?\\s*$', description: 'decimal text, at most two decimals' });
const OptId = Type.Optional(Type.Union([Id, Type.Null(), Type.Literal('')]));
export const ControlMode = Type.Union([Type.Literal('hard'), Type.Literal('soft'), Type.Literal('none')]);
const Memo = Type.String({ minLength: 1, maxLength: 500 });

/** A pool as the edit form shows it (edit/init) and save takes it. */
export const PoolForm = Type.Object({
  id: Type.Union([Id, Type.Null()]),
  version: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  fiscalYearId: Type.Union([Type.String(), Type.Null()]),
  departmentId: Type.Union([Type.String(), Type.Null()]),
  channelId: Type.Union([Type.String(), Type.Null()]),
  subjectId: Type.Union([Type.String(), Type.Null()]),
  brandId: Type.Union([Type.String(), Type.Null()]),
  productId: Type.Union([Type.String(), Type.Null()]),
  parentId: Type.Union([Type.String(), Type.Null()]),
  amount: Type.String({ description: 'decimal text' }),
  occupied: Type.String(),
  consumed: Type.String(),
  available: Type.String(),
  controlMode: ControlMode,
  tolerancePct: Type.Union([Type.String(), Type.Null()]),
  isEnabled: Type.Boolean(),
  /** whether the pool has movements besides its load (then it cannot be deleted) */
  hasMovements: Type.Boolean(),
});
export type PoolForm = Static<typeof PoolForm>;

export const SavePoolBody = Type.Object(
  {
    id: Type.Optional(Id),
    /** the version edit/init answered (required when editing) */
    version: Type.Optional(Type.Integer({ minimum: 1 })),
    code: Type.String({ minLength: 1, maxLength: 64, pattern: '\\S' }),
    name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    fiscalYearId: OptId,
    departmentId: OptId,
    channelId: OptId,
    subjectId: OptId,
    brandId: OptId,
    productId: OptId,
    parentId: OptId,
    amount: MoneyText,
    controlMode: ControlMode,
    tolerancePct: Type.Optional(Type.Union([Type.String({ pattern: '^\\s*\\d{1,3}(\\.\\d{1,2})?\\s*$' }), Type.Null(), Type.Literal('')])),
    memo: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

/** What the ledger, change, transfer and allocation answer about a pool afterwards. */
export const PoolBalance = Type.Object({
  id: Id,
  code: Type.String(),
  name: Type.String(),
  amount: Type.String(),
  occupied: Type.String(),
  consumed: Type.String(),
  available: Type.String(),
  version: Type.Integer(),
});
export type PoolBalance = Static<typeof PoolBalance>;

export const LedgerRow = Type.Object({
  id: Type.String(),
  seq: Type.Integer(),
  kind: Type.String(),
  dAmount: Type.String(),
  dOccupied: Type.String(),
  dConsumed: Type.String(),
  /** the change of the available balance: dAmount − dOccupied − dConsumed */
  dAvailable: Type.String(),
  availableAfter: Type.String(),
  applicationId: Type.Union([Type.String(), Type.Null()]),
  recordId: Type.Union([Type.String(), Type.Null()]),
  formCode: Type.Union([Type.String(), Type.Null()]),
  /** the number of the document behind the movement (the record, else the application) */
  documentNumber: Type.Union([Type.String(), Type.Null()]),
  action: Type.Union([Type.String(), Type.Null()]),
  memo: Type.Union([Type.String(), Type.Null()]),
  createdBy: Type.Union([Type.String(), Type.Null()]),
  createdByName: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type LedgerRow = Static<typeof LedgerRow>;

/** The list's filters (the export takes the same as the list). */
export const PoolFilter = Type.Object(
  {
    keyword: Type.Optional(Type.String({ maxLength: 100 })),
    fiscalYearId: OptId,
    departmentId: OptId,
    channelId: OptId,
    subjectId: OptId,
    /** '1' enabled, '0' disabled, 'all' both (the list's default: enabled only) */
    enabled: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0'), Type.Literal('all'), Type.Literal('')])),
  },
  { additionalProperties: false },
);

const FileAnswer = Type.String({ format: 'binary' });

export const budget = {
  qiYong: endpoint({
    method: 'POST',
    path: `${V2}/qiYong`,
    tag,
    summary: 'Enable or disable a pool (optimistic `version`)',
    body: Type.Object({ id: Id, enabled: Type.Boolean(), version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
    data: PoolBalance,
    encoding: 'json',
    errors: [404, 409],
  }),
  delete: endpoint({
    method: 'POST',
    path: `${V2}/delete`,
    tag,
    summary: 'Delete a pool that has no movement besides its load and no child pool',
    body: Type.Object({ id: Id }, { additionalProperties: false }),
    data: Type.Null(),
    encoding: 'json',
    errors: [404, 409],
  }),
  editInit: endpoint({
    method: 'POST',
    path: `${V2}/edit/init`,
    tag,
    summary: "A pool for editing, or (no id) a new pool's defaults",
    body: Type.Optional(Type.Object({ id: Type.Optional(Id) }, { additionalProperties: false })),
    data: PoolForm,
    encoding: 'json',
    errors: [404],
  }),
  save: endpoint({
    method: 'POST',
    path: `${V1}/save`,
    tag,
    summary: 'Create a pool (its amount loaded as a `load` movement) or edit one (a changed amount is a `change` movement)',
    body: SavePoolBody,
    data: PoolForm,
    encoding: 'json',
    errors: [404, 409],
  }),
  export: endpoint({
    method: 'POST',
    path: `${V1}/daoChu`,
    tag,
    summary: 'The pools (as the list filters them) as an .xlsx workbook',
    body: Type.Optional(PoolFilter),
    data: FileAnswer,
    answer: 'file',
    encoding: 'json',
    errors: [],
  }),
  ledger: endpoint({
    method: 'POST',
    path: `${V2}/ledger`,
    tag,
    summary: "A pool's ledger, newest first, with the documents' numbers",
    body: Type.Object(
      {
        poolId: Id,
        page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
      },
      { additionalProperties: false },
    ),
    data: Type.Object({ pool: PoolBalance, page: Paged(LedgerRow) }),
    encoding: 'json',
    errors: [404],
  }),
  ledgerExport: endpoint({
    method: 'POST',
    path: `${V2}/ledger/daoChu`,
    tag,
    summary: "A pool's whole ledger as an .xlsx workbook, with a totals row (Σ changes = the pool's balance)",
    body: Type.Object({ poolId: Id }, { additionalProperties: false }),
    data: FileAnswer,
    answer: 'file',
    encoding: 'json',
    errors: [404],
  }),
  change: endpoint({
    method: 'POST',
    path: `${V1}/tiaoZheng`,
    tag,
    summary: "Change a pool's budget by a signed amount, with a memo",
    body: Type.Object({ poolId: Id, amount: SignedMoneyText, memo: Memo }, { additionalProperties: false }),
    data: PoolBalance,
    encoding: 'json',
    errors: [404],
  }),
  transfer: endpoint({
    method: 'POST',
    path: `${V1}/diaoBo`,
    tag,
    summary: 'Transfer budget from one pool to another (transferOut + transferIn in one transaction)',
    body: Type.Object({ fromPoolId: Id, toPoolId: Id, amount: MoneyText, memo: Memo }, { additionalProperties: false }),
    data: Type.Object({ from: PoolBalance, to: PoolBalance }),
    encoding: 'json',
    errors: [404],
  }),
  allocate: endpoint({
    method: 'POST',
    path: `${V1}/fenPei`,
    tag,
    summary: 'Allocate budget from a parent pool to a child pool (allocateOut + allocateIn)',
    body: Type.Object({ parentPoolId: Id, childPoolId: Id, amount: MoneyText, memo: Memo }, { additionalProperties: false }),
    data: Type.Object({ parent: PoolBalance, child: PoolBalance }),
    encoding: 'json',
    errors: [404, 409],
  }),
} as const;
