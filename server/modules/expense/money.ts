// Money as decimal strings, exact (decimal.js): amounts come in as strings of at most two
// decimals and leave as strings with exactly two; nothing here ever passes through a float.
import Decimal from 'decimal.js';

const MONEY_RE = /^-?\d{1,18}(\.\d{1,2})?$/;

export type Money = Decimal;

/** Whether a value is a money amount as the API takes it (a decimal string, at most two decimals). */
export function isMoneyText(v: unknown): v is string {
  return typeof v === 'string' && MONEY_RE.test(v.trim());
}

/** A money value (a decimal string, or a safe integer); null when it is not one. */
export function parseMoney(v: unknown): Decimal | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? new Decimal(v) : null;
  if (!isMoneyText(v)) return null;
  return new Decimal(v.trim());
}

/** A money value, or zero when absent or not one. */
export function money(v: unknown): Decimal {
  return parseMoney(v) ?? new Decimal(0);
}

/** The amount as the API writes it: two decimals, no thousands separators. */
export function fmt(d: Decimal.Value): string {
  return new Decimal(d).toFixed(2);
}

export function sum(values: readonly Decimal.Value[]): Decimal {
  return values.reduce<Decimal>((a, v) => a.plus(v), new Decimal(0));
}

export const ZERO = new Decimal(0);
