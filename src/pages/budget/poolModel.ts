// Pure helpers of the budget pool page: money as text (never a float), the amount rule of the
// dialogs, and the field errors of a refused save mapped onto the form.
import { formatAmount } from '../../../widgets/format';
import { ApiError } from '../../api/client';

/** `12000` → `12,000.00`; `-5.5` → `-5.50` (exact: decimal text, no float on the way). */
export const money = (v: string | null | undefined): string => formatAmount(v ?? '0');

/** An amount as the API takes it: at most two decimals; `signed` allows a leading minus. */
export function isAmountText(v: string, signed = false): boolean {
  return (signed ? /^-?\d{1,16}(\.\d{1,2})?$/ : /^\d{1,16}(\.\d{1,2})?$/).test(v.trim());
}

/** Whether an amount's text is negative (a tag colour; exact). */
export const isNegative = (v: string | null | undefined): boolean => !!v && v.trim().startsWith('-') && !/^-0*(\.0*)?$/.test(v.trim());

/** The server's field errors of a failed call, for antd's form.setFields. */
export function fieldErrorsOf(e: unknown): { name: string; errors: string[] }[] {
  if (!(e instanceof ApiError) || !e.errors?.length) return [];
  return e.errors.map((x) => ({ name: x.field, errors: [x.message] }));
}

export const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));
