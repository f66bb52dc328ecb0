// Budget proposals (spec §7 Budget): the proposal list, one proposal, save and its detail
// (lines with the pools they loaded); the templates (tiYuSuanGeShi: fiscal years, the template
// model, the four workbooks by region / channel / expense subject / product) and this
// product's import of a filled template (the file as base64 in a JSON body).
import { Type, type Static } from '@sinclair/typebox';
import { AnyObject, endpoint, Id, Paged, Paging } from './contract';

const tag = 'budget';
const BASE = '/emp/api/feiYong/shenQing';

export const TemplateKind = Type.Union([Type.Literal('quYu'), Type.Literal('quDao'), Type.Literal('feiYong'), Type.Literal('chanPin')]);
export type TemplateKind = Static<typeof TemplateKind>;

export const ProposalRow = Type.Object({
  id: Type.String(),
  number: Type.String(),
  title: Type.String(),
  caiWuNian: Type.Union([Type.String(), Type.Null()], { description: 'the fiscal year name' }),
  muBanLeiXing: Type.Union([Type.String(), Type.Null()]),
  heJi: Type.String({ description: 'decimal text' }),
  lineCount: Type.Integer(),
  shenPiZhuangTai: Type.Union([Type.String(), Type.Null()]),
  loaded: Type.Boolean({ description: 'its lines are loaded into pools' }),
  rowCreateDate: Type.Union([Type.String(), Type.Null()]),
});

export const ImportErrorRow = Type.Object({
  row: Type.Integer({ description: 'the Excel row (the header is row 1; 0: the whole workbook)' }),
  column: Type.Union([Type.String(), Type.Null()]),
  columnLabel: Type.String(),
  message: Type.String({ description: "in the caller's language" }),
});
export type ImportErrorRow = Static<typeof ImportErrorRow>;

export const ImportAnswer = Type.Object({
  ok: Type.Boolean(),
  errors: Type.Array(ImportErrorRow),
  errorReport: Type.Optional(Type.String({ description: 'the workbook with an error column, base64 (.xlsx)' })),
  id: Type.Optional(Type.String({ description: 'the draft proposal' })),
  number: Type.Optional(Type.String()),
  total: Type.String({ description: 'decimal text: the valid rows' }),
  lineCount: Type.Integer(),
});
export type ImportAnswer = Static<typeof ImportAnswer>;

export const ProposalLineDetail = Type.Object({
  lineId: Type.Union([Type.String(), Type.Null()]),
  region: Type.Union([Type.String(), Type.Null()]),
  channel: Type.Union([Type.String(), Type.Null()]),
  subject: Type.Union([Type.String(), Type.Null()]),
  product: Type.Union([Type.String(), Type.Null()]),
  amount: Type.String(),
  pool: Type.Union([
    Type.Object({ id: Type.String(), code: Type.String(), name: Type.String(), available: Type.String(), loaded: Type.String() }),
    Type.Null(),
  ]),
});

const FiscalYearBody = Type.Object({ caiWuNian: Id });

const workbook = (kind: TemplateKind, what: string) =>
  endpoint({
    method: 'POST',
    path: `${BASE}/tiYuSuanGeShi/tiMuBan-${kind}`,
    tag,
    summary: `The ${what} template of a fiscal year (.xlsx): one prefilled row per ${what}, the codes on a reference sheet`,
    body: FiscalYearBody,
    data: Type.String({ format: 'binary' }),
    answer: 'file',
    errors: [401, 403, 422],
  });

export const budgetProposal = {
  list: endpoint({
    method: 'POST',
    path: `${BASE}/tiYuSuan/list`,
    tag,
    summary: 'Budget proposals the caller may read, newest first',
    body: Type.Optional(
      Type.Object({
        ...Paging,
        keyword: Type.Optional(Type.String({ maxLength: 100, description: 'number or title' })),
        caiWuNian: Type.Optional(Id),
        shenPiZhuangTai: Type.Optional(Type.String({ maxLength: 2 })),
      }),
    ),
    data: Paged(ProposalRow),
    errors: [401, 403],
  }),
  findDataById: endpoint({
    method: 'POST',
    path: `${BASE}/tiYuSuan/findDataById`,
    tag,
    summary: 'One budget proposal (the record as record/get answers it)',
    body: Type.Object({ id: Id }),
    data: AnyObject('the record'),
    errors: [401, 403, 404],
  }),
  save: endpoint({
    method: 'POST',
    path: `${BASE}/tiYuSuan/save`,
    tag,
    summary: 'Saves (and optionally submits) a budget proposal, as record/save does for its form',
    body: Type.Object({
      id: Type.Optional(Id),
      version: Type.Optional(Type.Integer({ minimum: 1 })),
      data: AnyObject('the proposal (biaoTi, caiWuNian, muBanLeiXing, mingXi[] …)'),
      submit: Type.Optional(Type.Boolean()),
    }),
    encoding: 'json',
    data: AnyObject('{ id, number, version, status }'),
    errors: [401, 403, 404, 409, 422],
  }),
  detail: endpoint({
    method: 'POST',
    path: `${BASE}/tiYuSuan/tiYuSuan-detail`,
    tag,
    summary: "A proposal's lines with the pool each loaded into (after approval) and the pool's available balance now",
    body: Type.Object({ id: Id }),
    data: Type.Object({ loaded: Type.Boolean(), total: Type.String(), lines: Type.Array(ProposalLineDetail) }),
    errors: [401, 403, 404],
  }),
  fiscalYears: endpoint({
    method: 'POST',
    path: `${BASE}/tiYuSuanGeShi/getTiGeShiCaiNian`,
    tag,
    summary: 'The fiscal years a template can be made for',
    data: Type.Array(Type.Object({ id: Type.String(), code: Type.String(), name: Type.String() })),
    errors: [401, 403],
  }),
  model: endpoint({
    method: 'POST',
    path: `${BASE}/tiYuSuanGeShi/getGeShiExcelModel`,
    tag,
    summary: "The template's columns (in the caller's language, in sheet order) and the four kinds",
    data: Type.Object({
      columns: Type.Array(Type.Object({ key: Type.String(), label: Type.String(), required: Type.Boolean(), code: Type.Boolean() })),
      kinds: Type.Array(Type.Object({ kind: TemplateKind, label: Type.String() })),
    }),
    errors: [401, 403],
  }),
  templateRegion: workbook('quYu', 'region'),
  templateChannel: workbook('quDao', 'channel'),
  templateSubject: workbook('feiYong', 'expense subject'),
  templateProduct: workbook('chanPin', 'product'),
  import: endpoint({
    method: 'POST',
    path: `${BASE}/tiYuSuan/daoRu`,
    tag,
    summary:
      'Imports a filled template: every row valid → a draft proposal (ok, id, number); else the errors row by row (row, column, message) and the workbook back with an error column; nothing saved',
    body: Type.Object({
      kind: TemplateKind,
      caiWuNian: Id,
      fileName: Type.String({ minLength: 1, maxLength: 200 }),
      content: Type.String({ maxLength: 14_000_000, description: 'the .xlsx as base64' }),
      title: Type.Optional(Type.String({ maxLength: 100 })),
    }),
    encoding: 'json',
    data: ImportAnswer,
    errors: [401, 403, 413, 422],
  }),
} as const;
