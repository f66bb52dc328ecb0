// The expense document chain (docs/expense.md "API"): from any document of an application's
// chain (application → settlement → write-offs → payments), the application's money and every
// linked document.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint, Id } from './contract';

const tag = 'expense';
const Money = (description: string) => Type.String({ description: `decimal text, two decimals: ${description}` });
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

/** What a document is in the chain. */
export const ChainKind = Type.Union([
  Type.Literal('application'),
  Type.Literal('settlement'),
  Type.Literal('writeOff'),
  Type.Literal('payment'),
  /** the supplementary-invoice application an approved write-off made for what its invoices did not cover */
  Type.Literal('supplementaryInvoice'),
  Type.Literal('other'),
]);
export type ChainKind = Static<typeof ChainKind>;

/** The application's money (its expense_amounts) and what is left at each later step. */
export const ChainApplication = Type.Object({
  id: Type.String(),
  number: Nullable(Type.String()),
  formCode: Type.String(),
  status: Nullable(Type.String()),
  applied: Money('the amount applied for'),
  occupied: Money('held in pools now'),
  settled: Money('consumed by the approved settlement'),
  released: Money('given back to pools'),
  writingOff: Money('held by write-offs in approval'),
  writtenOff: Money('written off by approved write-offs'),
  paying: Money('held by payments in approval'),
  paid: Money('paid by approved payments'),
  remainingToSettle: Money('what a settlement may still take (occupied, once the application is approved; else 0)'),
  remainingToWriteOff: Money('settled − written off − writing off'),
  remainingToPay: Money('written off − paid − paying'),
});
export type ChainApplication = Static<typeof ChainApplication>;

export const ChainDocument = Type.Object({
  id: Type.String(),
  number: Nullable(Type.String()),
  formCode: Type.String(),
  kind: ChainKind,
  /** the approval status code (shenPiZhuangTai) */
  status: Nullable(Type.String()),
  amount: Nullable(Money("the document's amount (applied, actual, written off, paid)")),
  rowCreateDate: Type.String(),
  /** the document it was made from (null for the application) */
  fromId: Nullable(Type.String()),
  /** whether the caller may open it */
  readable: Type.Boolean(),
  /** the document asked about */
  current: Type.Boolean(),
});
export type ChainDocument = Static<typeof ChainDocument>;

export const ChainLine = Type.Object({
  poolId: Type.String(),
  poolCode: Nullable(Type.String()),
  poolName: Nullable(Type.String()),
  /** the application's detail row (`_id`); null for money held on the header */
  lineId: Nullable(Type.String()),
  /** the line's place in the application's detail (1-based); null for the header or a line no longer there */
  lineNo: Type.Union([Type.Integer(), Type.Null()]),
  /** the line's brand and product names (e.g. 清泉山 · 清泉山天然水) */
  lineLabel: Nullable(Type.String()),
  occupied: Money('held by this line in this pool'),
  consumed: Money('consumed by this line in this pool'),
});
export type ChainLine = Static<typeof ChainLine>;

export const DocumentChain = Type.Object({
  /** null when the chain's first document is not an expense application */
  application: Type.Union([ChainApplication, Type.Null()]),
  /** every document of the chain, the application first, then each one after its source */
  documents: Type.Array(ChainDocument),
  lines: Type.Array(ChainLine),
});
export type DocumentChain = Static<typeof DocumentChain>;

export const expense = {
  prepaymentVoid: endpoint({
    method: 'POST',
    path: '/emp/api/v2/feiYong/yuFu/zuoFei',
    tag,
    summary: 'Voids an approved prepayment (yuFuKuan) or repayment (huanKuan) with its reason, kept on the record',
    body: Type.Object({
      formCode: Type.Union([Type.Literal('yuFuKuan'), Type.Literal('huanKuan')]),
      id: Id,
      version: Type.Integer({ minimum: 1 }),
      reason: Type.String({ maxLength: 500 }),
    }),
    data: Type.Object({ id: Type.String(), version: Type.Integer() }),
    errors: [401, 403, 404, 409, 422],
  }),
  chain: endpoint({
    method: 'POST',
    path: '/emp/api/v2/feiYong/danJu/lianLu',
    tag,
    summary: 'The document chain of an expense document: the application’s money, every linked document, the pool lines',
    body: Type.Object({ id: Id }),
    data: DocumentChain,
    errors: [401, 403, 404],
  }),
} as const;
