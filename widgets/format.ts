// Formatters every View uses: amounts, decimals, dates, date ranges, pickers and the display
// texts of spec §8. Amounts come in as decimal strings and go through decimal.js; they are
// never converted to floats.
import Decimal from 'decimal.js';
import dayjs from 'dayjs';
import { AMOUNT_DECIMALS, DATE_FORMATS, DISPLAY_TEXT, type Locale, type PickerValue } from '../schemas';
import { translate } from '../schemas/locales';

const DECIMAL_RE = /^-?\d+(\.\d+)?$/;

/** Group the integer part of a plain decimal string with thousands separators. */
function groupThousands(fixed: string): string {
  const negative = fixed.startsWith('-');
  const body = negative ? fixed.slice(1) : fixed;
  const [int, frac] = body.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${frac !== undefined ? `.${frac}` : ''}`;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * A decimal with fixed places and thousands separators: `formatDecimal('1234567.5', 2)` →
 * `1,234,567.50`. Rounds half up. Text that is not a decimal is returned unchanged.
 */
export function formatDecimal(value: string | number | null | undefined, places: number): string {
  if (isEmpty(value)) return '';
  const text = String(value).trim();
  if (!DECIMAL_RE.test(text) && typeof value !== 'number') return text;
  let fixed = new Decimal(text).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places);
  if (/^-0(\.0*)?$/.test(fixed)) fixed = fixed.slice(1);
  return groupThousands(fixed);
}

/** An amount (spec §9): two decimals with thousands separators, e.g. `12,345.60`. */
export function formatAmount(value: string | number | null | undefined): string {
  return formatDecimal(value, AMOUNT_DECIMALS);
}

/** An integer with thousands separators. */
export function formatInteger(value: number | string | null | undefined): string {
  if (isEmpty(value)) return '';
  const text = String(value).trim();
  return /^-?\d+$/.test(text) ? groupThousands(text) : text;
}

export type DateStyle = 'general' | 'form' | 'date';

/** A date or timestamp in one of the spec's formats (§9); unparseable text is returned unchanged. */
export function formatDate(value: string | number | Date | null | undefined, style: DateStyle = 'general'): string {
  if (isEmpty(value)) return '';
  const d = dayjs(value as string | number | Date);
  return d.isValid() ? d.format(DATE_FORMATS[style]) : String(value);
}

/** Days from start to end, both ends included (2026-11-01 … 2026-11-03 → 3). */
export function inclusiveDays(start: string, end: string): number {
  const a = dayjs(start).startOf('day');
  const b = dayjs(end).startOf('day');
  if (!a.isValid() || !b.isValid()) return 0;
  return Math.abs(b.diff(a, 'day')) + 1;
}

/**
 * A date range (spec §9): the Chinese separator and the inclusive day count, e.g.
 * `2026-11-01 至 2026-11-03（共3天）`.
 */
export function formatDateRange(
  range: readonly [string, string] | readonly string[] | null | undefined,
  options: { withTime?: boolean; locale?: Locale } = {},
): string {
  if (!range || range.length < 2 || isEmpty(range[0]) || isEmpty(range[1])) return '';
  const locale = options.locale ?? 'zh-CN';
  const style: DateStyle = options.withTime ? 'form' : 'date';
  const [start, end] = [range[0], range[1]];
  const separator = locale === 'en-US' ? translate(locale, 'widgets', 'format.rangeSeparator') : DATE_FORMATS.rangeSeparator;
  return `${formatDate(start, style)}${separator}${formatDate(end, style)}${translate(locale, 'widgets', 'format.dayCount', { count: inclusiveDays(start, end) })}`;
}

/** A document number; empty → 自动生成 (spec §8). */
export function formatDocumentNumber(value: string | null | undefined, locale: Locale = 'zh-CN'): string {
  if (!isEmpty(value)) return String(value);
  return locale === 'zh-CN' ? DISPLAY_TEXT.emptyNumber : translate(locale, 'widgets', 'format.emptyNumber');
}

/** A user's name; missing → 未知登陆用户 (spec §8). */
export function formatUserName(value: string | null | undefined, locale: Locale = 'zh-CN'): string {
  if (!isEmpty(value)) return String(value);
  return locale === 'zh-CN' ? DISPLAY_TEXT.unknownUser : translate(locale, 'widgets', 'format.unknownUser');
}

/** A mobile number; missing → 未设置手机号 (spec §8). */
export function formatMobile(value: string | null | undefined, locale: Locale = 'zh-CN'): string {
  if (!isEmpty(value)) return String(value);
  return locale === 'zh-CN' ? DISPLAY_TEXT.noMobile : translate(locale, 'widgets', 'format.noMobile');
}

/** Picked master data: its name(s), joined with the locale's list separator. */
export function formatPicker(value: PickerValue | readonly PickerValue[] | null | undefined, locale: Locale = 'zh-CN'): string {
  if (!value) return '';
  const list = Array.isArray(value) ? value : [value as PickerValue];
  return list.map((v) => v.name || v.id).join(locale === 'en-US' ? ', ' : '、');
}

/** A file size: 1536 → `1.5 KB`. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i += 1;
  }
  return `${new Decimal(v).toDecimalPlaces(1).toString()} ${units[i]}`;
}

/**
 * Whether text typed into a decimal input is acceptable as-is (possibly incomplete, like `-`
 * or `12.`): digits, one point, at most `precision` places, an optional leading minus.
 */
export function isDecimalTyping(text: string, precision: number, allowNegative = true): boolean {
  if (text === '') return true;
  const sign = allowNegative ? '-?' : '';
  const frac = precision > 0 ? `(\\.\\d{0,${precision}})?` : '';
  return new RegExp(`^${sign}\\d*${frac}$`).test(text);
}

/** Normalise typed decimal text into the stored string (`"12."` → `"12"`, `"007"` → `"7"`); undefined when empty. */
export function normaliseDecimal(text: string): string | undefined {
  const t = text.trim();
  if (t === '' || t === '-' || t === '.' || t === '-.') return undefined;
  if (!DECIMAL_RE.test(t.replace(/\.$/, '')) && !/^-?\.\d+$/.test(t)) return undefined;
  const d = new Decimal(t.replace(/\.$/, ''));
  const s = d.toFixed();
  return s === '-0' ? '0' : s;
}
