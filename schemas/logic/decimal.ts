// Decimal-exact arithmetic for money and quantities. Amounts travel as decimal strings
// ("1234.50"); every computation goes through this decimal.js clone, never through floats.
// Shared by the client runtime (runtime/engine's index re-exports it) and the server.
import DecimalBase from 'decimal.js';

/** 40 significant digits, half-up rounding, plain (never exponential) string forms. */
export const Decimal = DecimalBase.clone({ precision: 40, rounding: DecimalBase.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
export type Decimal = InstanceType<typeof Decimal>;

const NUMERIC = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

/** Is the value empty for arithmetic purposes (counts as 0)? */
export function isBlank(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (typeof v === 'string' && v.trim() === '');
}

/**
 * A value as a Decimal: numbers and numeric strings convert exactly (a number through its
 * shortest decimal representation), blanks are 0, booleans 1/0; anything else is `null`.
 */
export function toDecimal(v: unknown): Decimal | null {
  if (isBlank(v)) return new Decimal(0);
  if (v instanceof Decimal) return v;
  if (typeof v === 'number') return Number.isFinite(v) ? new Decimal(String(v)) : null;
  if (typeof v === 'boolean') return new Decimal(v ? 1 : 0);
  if (typeof v === 'string' && NUMERIC.test(v)) return new Decimal(v.trim());
  return null;
}

/** Is the value a number or a numeric string (not blank)? */
export function isNumeric(v: unknown): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  return typeof v === 'string' && NUMERIC.test(v);
}

/** A decimal's plain string without trailing exponent notation. */
export function decimalString(d: Decimal): string {
  return d.toFixed();
}

/** Round half-up to `places` decimals and give the fixed string ("0.30"). */
export function toFixedString(v: unknown, places: number): string | null {
  const d = toDecimal(v);
  return d ? d.toFixed(places, Decimal.ROUND_HALF_UP) : null;
}

/** Decimal sum of the values (blanks count 0); `null` when one of them is not a number. */
export function sum(values: Iterable<unknown>): Decimal | null {
  let acc = new Decimal(0);
  for (const v of values) {
    const d = toDecimal(v);
    if (!d) return null;
    acc = acc.plus(d);
  }
  return acc;
}
