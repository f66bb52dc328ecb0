// Business constants and limits of spec §9, defined once.

/** Request timeout of the client (ms). */
export const REQUEST_TIMEOUT_MS = 3_000_000;

export const PAGINATION = {
  defaultPage: 1,
  defaultPageSize: 20,
  pageSizes: [10, 20, 30, 50] as const,
  /** pager buttons below / from this viewport width */
  narrowBreakpointPx: 992,
  pagerCountNarrow: 5,
  pagerCountWide: 7,
} as const;
export type PageSize = (typeof PAGINATION.pageSizes)[number];

/** Phone layout (issue 17): below the tablet width every generated screen takes one column. */
export const VIEWPORT = {
  /** from this width up the definition's column spans, the desktop grid and the side menu apply */
  tabletMinPx: 768,
  /** touch targets of actions at least this many px square (axe target-size) */
  touchTargetPx: 44,
  /** inputs' text size on a phone, so the browser does not zoom on focus */
  phoneInputFontPx: 16,
} as const;

/** Date formats of spec §9 in dayjs notation. */
export const DATE_FORMATS = {
  general: 'YYYY-MM-DD HH:mm:ss',
  form: 'YYYY-MM-DD HH:mm',
  date: 'YYYY-MM-DD',
  watermark: 'YYYYMMDD',
  /** the Chinese separator of a date range's text */
  rangeSeparator: ' 至 ',
} as const;

/** Amounts: two decimals with thousands separators. */
export const AMOUNT_DECIMALS = 2;

export const PDF_EXPORT = { format: 'a4', scale: 4, dpi: 300 } as const;

/** Language types of the language API: 1 → zh-CN (default), 3 → en-US, any other → zh-TW. */
export const LOCALES = ['zh-CN', 'en-US', 'zh-TW'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LANGUAGE_TYPE = 1;
export function localeOfLanguageType(type: number | string | null | undefined): Locale {
  const n = Number(type ?? DEFAULT_LANGUAGE_TYPE);
  if (n === 1) return 'zh-CN';
  if (n === 3) return 'en-US';
  return 'zh-TW';
}
export function languageTypeOfLocale(locale: Locale): number {
  return locale === 'zh-CN' ? 1 : locale === 'en-US' ? 3 : 2;
}

/** Number/code field (92): unique, at most 30 characters (spec §3, §5). */
export const CODE_MAX_LENGTH = 30;

/** Display texts of the error catalogue (spec §8) that are values, not messages. */
export const DISPLAY_TEXT = {
  emptyNumber: '自动生成',
  unknownUser: '未知登陆用户',
  noMobile: '未设置手机号',
} as const;

/** Error codes of the envelope (spec §8, ARCHITECTURE runtime contract). */
export const ERROR_CODES = {
  maintenance: -999999,
  sessionExpired: '1000000',
  sessionExpiredType: '10010',
} as const;

/** A document-number rule: prefix + date + sequence. */
export const DEFAULT_NUMBER_RULE = { prefix: 'FW', dateFormat: 'YYYYMMDD', sequenceLength: 4 } as const;
