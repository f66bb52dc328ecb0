// Master data (docs/api.md "Autocomplete"): the autocomplete sources and the budget pools.
import { Type } from '@sinclair/typebox';
import { endpoint, Paged, PREFIX } from './contract';

const tag = 'master data';

/** keyword, paging, and a source's own filters (`departmentId`, `parentId`, danPin's `brandId`/`pinPai` …) */
export const AutoQuery = Type.Object(
  {
    keyword: Type.Optional(Type.String({ maxLength: 100 })),
    page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  },
  { additionalProperties: Type.Union([Type.String({ maxLength: 64 }), Type.Number(), Type.Null()]) },
);

export const PickerRow = Type.Object({ id: Type.String(), name: Type.String() }, { additionalProperties: true });
export const BudgetPoolRow = Type.Object(
  {
    id: Type.String(),
    code: Type.String(),
    name: Type.String(),
    amount: Type.String({ description: 'decimal text' }),
    occupied: Type.String({ description: 'decimal text: held by applications' }),
    consumed: Type.String({ description: 'decimal text: settled' }),
    remaining: Type.String({ description: 'decimal text: amount − occupied − consumed' }),
    available: Type.String({ description: 'decimal text: the same as remaining' }),
    controlMode: Type.String({ description: 'hard | soft | none' }),
    tolerancePct: Type.Union([Type.String(), Type.Null()]),
    isEnabled: Type.Boolean(),
    version: Type.Integer(),
    departmentId: Type.Union([Type.String(), Type.Null()]),
    departmentName: Type.Union([Type.String(), Type.Null()]),
    fiscalYearId: Type.Union([Type.String(), Type.Null()]),
    fiscalYearName: Type.Union([Type.String(), Type.Null()]),
    channelId: Type.Union([Type.String(), Type.Null()]),
    channelName: Type.Union([Type.String(), Type.Null()]),
    subjectId: Type.Union([Type.String(), Type.Null()]),
    subjectName: Type.Union([Type.String(), Type.Null()]),
    brandId: Type.Union([Type.String(), Type.Null()]),
    brandName: Type.Union([Type.String(), Type.Null()]),
    productId: Type.Union([Type.String(), Type.Null()]),
    productName: Type.Union([Type.String(), Type.Null()]),
    parentId: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: true },
);

export const masterData = {
  autoComplete: endpoint({
    method: 'POST',
    path: `${PREFIX}/emp/base/autoComplete/{name}`,
    tag,
    summary: 'One autocomplete source (`name`: employee, department, dealerConnTable, sheng, pinPai …)',
    params: Type.Object({ name: Type.String() }),
    body: Type.Optional(AutoQuery),
    data: Paged(PickerRow),
    errors: [401, 403, 404],
  }),
  budgetPools: endpoint({
    method: 'POST',
    path: '/emp/api/v2/feiYong/yuSuanChi/list',
    tag,
    summary:
      'Budget pools with their balances and dimension names; filters `fiscalYearId`, `departmentId`, `channelId`, `subjectId`, `enabled` (1 — the default —, 0, all)',
    body: Type.Optional(AutoQuery),
    data: Paged(BudgetPoolRow),
    errors: [401, 403],
  }),
} as const;
