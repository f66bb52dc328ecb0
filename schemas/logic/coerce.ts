// A formula's (or setValue's) result in its target field's value shape — decimals rounded
// half-up to the field's precision, integers whole — the same on the client and the server.
import { TC } from '../typeCodes';
import type { FieldDefinition } from '../definition';
import { Decimal, toDecimal, toFixedString } from './decimal';

export function coerceFormulaResult(field: FieldDefinition | undefined, result: unknown, precision: number | undefined): unknown {
  if (result === null || result === undefined) return undefined;
  if (!field) return result;
  if (field.type === TC.DECIMAL) return toFixedString(result, precision ?? field.precision ?? 2) ?? undefined;
  if (field.type === TC.INTEGER) {
    const d = toDecimal(result);
    if (!d) return undefined;
    const n = Number(d.toFixed(precision ?? 0, Decimal.ROUND_HALF_UP));
    return Number.isSafeInteger(n) ? n : undefined;
  }
  if (typeof result === 'object') return result;
  if (field.type === TC.TEXT || field.type === TC.TEXTAREA || field.type === TC.CODE) return String(result);
  return result;
}
