// What the document chain panel shows, as plain data: the money summary's rows, each
// document's page and status tag colour, and which forms show the panel at all.
import type { ChainApplication, ChainDocument } from '../../../schemas/api';
import { APPROVAL_STATUS, FORM_MODES, FORM_TYPES } from '../../../schemas/typeCodes';
import type { Locale } from '../../../schemas/constants';
import { formatAmount } from '../../../widgets/format';
import { engineFormPath, ROUTE_TABLE } from '../../routes/routeTable';

/** The form types whose pages show the chain: applications, settlement, write-off, payment. */
export const CHAIN_FORM_TYPES: readonly number[] = [
  FORM_TYPES.EXPENSE_APPLICATION.code,
  FORM_TYPES.MARKET_EXPENSE.code,
  FORM_TYPES.SPECIAL_PROJECT.code,
  FORM_TYPES.SETTLEMENT.code,
  FORM_TYPES.WRITE_OFF.code,
  FORM_TYPES.PAYMENT.code,
];

export const showsChain = (formType: number | undefined): boolean => formType !== undefined && CHAIN_FORM_TYPES.includes(formType);

/** The summary's amounts, in the order the panel lists them (申请 / 占用 / 结案 / 释放 / 已核销 / 核销中 / 已支付 / 可核销余额 / 可支付余额). */
export const SUMMARY_KEYS = [
  'applied',
  'occupied',
  'settled',
  'released',
  'writtenOff',
  'writingOff',
  'paid',
  'remainingToWriteOff',
  'remainingToPay',
] as const;
export type SummaryKey = (typeof SUMMARY_KEYS)[number];

export interface SummaryItem {
  key: SummaryKey;
  /** formatted: 12,000.00 */
  value: string;
  /** a balance still open (highlighted) */
  balance: boolean;
}

export function summaryItems(a: ChainApplication): SummaryItem[] {
  return SUMMARY_KEYS.map((key) => ({ key, value: formatAmount(a[key]), balance: key.startsWith('remaining') }));
}

/** An amount as the panel writes it (12,000.00; none: —). */
export const amountText = (v: string | null | undefined): string => (v == null || v === '' ? '—' : formatAmount(v));

/** The page that opens a document (view only): its form's route, else the engine's form page. */
export function documentPath(doc: Pick<ChainDocument, 'formCode' | 'id'>): string {
  const forms = Object.entries(ROUTE_TABLE).filter(([, e]) => e.kind === 'form' && e.formCode === doc.formCode);
  // the form's view page when it has one, else its first form page (viewType=2 views on any)
  const entry = forms.find(([, e]) => e.mode === FORM_MODES.VIEW) ?? forms[0];
  if (!entry) return engineFormPath(doc.formCode, { id: doc.id, viewOnly: true });
  return `${entry[0]}?${new URLSearchParams({ id: doc.id, viewType: '2' }).toString()}`;
}

const STATUS_COLORS: Readonly<Record<string, string>> = {
  [APPROVAL_STATUS.DRAFT.code]: 'default',
  [APPROVAL_STATUS.IN_APPROVAL.code]: 'processing',
  [APPROVAL_STATUS.APPROVED.code]: 'success',
  [APPROVAL_STATUS.RETURNED.code]: 'warning',
  [APPROVAL_STATUS.WITHDRAWN.code]: 'default',
  [APPROVAL_STATUS.VOID.code]: 'error',
};

/**
 * A status tag's own colours (text on a light background, each ≥ 4.5:1): the preset status
 * colours of antd's filled tag came out with a mixed background axe measured at 2.7:1.
 */
export const STATUS_TAG_STYLES: Readonly<Record<string, { color: string; background: string; borderColor: string }>> = {
  default: { color: 'rgba(0, 0, 0, 0.88)', background: '#fafafa', borderColor: '#d9d9d9' },
  processing: { color: '#003eb3', background: '#e6f4ff', borderColor: '#91caff' },
  success: { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' },
  warning: { color: '#873800', background: '#fff7e6', borderColor: '#ffd591' },
  error: { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' },
};

/** The status tag: its text in the locale and its colour. */
export function statusTag(status: string | null, locale: Locale): { text: string; color: string } {
  const code = status == null || status === '' ? APPROVAL_STATUS.DRAFT.code : status;
  const s = Object.values(APPROVAL_STATUS).find((x) => x.code === code);
  return { text: s ? s.name[locale] : code, color: STATUS_COLORS[code] ?? 'default' };
}
