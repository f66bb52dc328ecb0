// Records (docs/api.md "Records"): list, get, save, delete, and the application lookup.
import { Type, type Static } from '@sinclair/typebox';
import { AnyObject, endpoint, Id, Paged, Paging } from './contract';

const tag = 'records';
const FormCode = Type.String({ minLength: 1, maxLength: 64 });
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const ListFilter = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 64 }),
  op: Type.String({ maxLength: 8 }),
  value: Type.Optional(Type.Unknown()),
});

/** A record as record/get answers it, and as each listed row is (docs/api.md "A record"). */
export const RecordDoc = Type.Object(
  {
    id: Type.String(),
    formCode: Type.String(),
    number: Nullable(Type.String()),
    title: Nullable(Type.String()),
    isYouXiao: Type.String(),
    rowCreateId: Type.String(),
    rowCreateBuMenId: Nullable(Type.String()),
    rowCreateDate: Type.String(),
    rowModUser: Nullable(Type.String()),
    rowModDate: Nullable(Type.String()),
    stateName: Nullable(Type.String()),
    shenPiZhuangTai: Nullable(Type.String()),
    shenPiRen: Nullable(Type.String()),
    shiYongJueSeId: Nullable(Type.String()),
    tiJiaoLiuChengTime: Nullable(Type.String()),
    liuChengGuiDangTime: Nullable(Type.String()),
    shenPiCallBackFailure: Nullable(Type.String()),
    liuChengId: Nullable(Type.String()),
    definitionVersion: Type.Integer(),
    version: Type.Integer(),
    data: Type.Unsafe<Record<string, unknown>>(AnyObject("the record's values by field key")),
    rowCreateName: Nullable(Type.String()),
    rowCreateBuMenName: Nullable(Type.String()),
    rowClick: Type.Integer(),
  },
  { additionalProperties: true },
);
export type RecordDoc = Static<typeof RecordDoc>;

export const SaveRecordBody = Type.Object({
  formCode: FormCode,
  id: Type.Optional(Id),
  version: Type.Optional(Type.Integer({ minimum: 1 })),
  title: Type.Optional(Type.String({ maxLength: 200 })),
  data: AnyObject("the record's values by field key"),
  submit: Type.Optional(Type.Boolean()),
  /** a new document made from this record (record/derive): the server writes the link with it */
  derivedFrom: Type.Optional(Id),
  /** with `submit`: the approvers the applicant picks for the process's applicantPicks nodes (node id → user ids) */
  picks: Type.Optional(
    Type.Record(Type.String({ minLength: 1, maxLength: 64 }), Type.Array(Id, { maxItems: 50 }), { description: 'approval node id → picked user ids' }),
  ),
});
export type SaveRecordBody = Static<typeof SaveRecordBody>;

export const records = {
  list: endpoint({
    method: 'POST',
    path: '/emp/api/v2/biaoDan/record/list',
    tag,
    summary: "A page of a form's records (sorted, filtered; keyset paging with `cursor` in the default order)",
    body: Type.Object({
      formCode: FormCode,
      ...Paging,
      sort: Type.Optional(Type.String({ maxLength: 64 })),
      order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
      filters: Type.Optional(
        Type.Union([
          Type.Array(ListFilter, { maxItems: 20 }),
          Type.String({ maxLength: 10_000, description: 'the filters as JSON text (form-encoded calls)' }),
        ]),
      ),
      cursor: Type.Optional(Type.String({ maxLength: 19 })),
    }),
    data: Paged(RecordDoc),
    answer: 'text',
    errors: [401, 403, 404],
  }),
  get: endpoint({
    method: 'POST',
    path: '/emp/api/v2/biaoDan/record/get',
    tag,
    summary: 'One record, with the definition version it was written under',
    body: Type.Object({ formCode: FormCode, id: Id }),
    data: Type.Object({ record: RecordDoc, definitionVersion: Type.Integer() }),
    errors: [401, 403, 404],
  }),
  save: endpoint({
    method: 'POST',
    path: '/emp/api/v2/biaoDan/record/save',
    tag,
    summary: 'Creates or updates a record (optimistic `version`); `submit` sends it for approval',
    body: SaveRecordBody,
    encoding: 'json',
    data: Type.Object({ id: Type.String(), number: Type.String(), version: Type.Integer() }, { additionalProperties: true }),
    errors: [401, 403, 404, 409, 422],
  }),
  delete: endpoint({
    method: 'POST',
    path: '/emp/api/v2/biaoDan/record/delete',
    tag,
    summary: 'Deletes a record (its current `version`)',
    body: Type.Object({ formCode: FormCode, id: Id, version: Type.Integer({ minimum: 1 }) }),
    data: Type.Null(),
    errors: [401, 403, 404, 409],
  }),
  void: endpoint({
    method: 'POST',
    path: '/emp/api/v2/biaoDan/record/void',
    tag,
    summary:
      'Voids a document (its current `version`) that is not in approval: a draft, returned, withdrawn or approved one; it stays listed as 作废 and what it held is released (an expense document releases its budget)',
    body: Type.Object({ formCode: FormCode, id: Id, version: Type.Integer({ minimum: 1 }) }),
    data: Type.Object({ id: Type.String(), version: Type.Integer() }),
    errors: [401, 403, 404, 409],
  }),
  derive: endpoint({
    method: 'POST',
    path: '/emp/api/v2/biaoDan/record/derive',
    tag,
    summary:
      "The prefilled data of a new document of `formCode` made from the record `fromId` (the form's `derive` mapping; nothing is written — save it with `derivedFrom`)",
    body: Type.Object({ formCode: FormCode, fromId: Id }),
    data: Type.Object({
      formCode: Type.String(),
      data: AnyObject('the mapped values by field key'),
      derivedFrom: Type.Object({ id: Type.String(), formCode: Type.String(), number: Type.String(), kind: Type.String() }),
    }),
    errors: [401, 403, 404, 409, 422],
  }),
  applicationType: endpoint({
    method: 'POST',
    path: '/emp/api/v2/feiYong/yinQing/shenQing/getShenQingDanLeiXing',
    tag,
    summary: "An application's expense type by its number (not found: code 1)",
    body: Type.Object({ number: Type.Optional(Type.String({ maxLength: 50 })), type: Type.Optional(Type.Integer()) }),
    data: Type.Object({
      id: Type.String(),
      feiYongLeiXing: Type.Integer(),
      formCode: Type.String(),
      number: Type.String(),
      linkedId: Type.Optional(
        Type.Union([Type.String(), Type.Null()], {
          description: "with `type`: the application's newest settlement (1) or write-off (2) when one exists (the view opens it), else null",
        }),
      ),
    }),
    errors: [401, 403],
  }),
} as const;
