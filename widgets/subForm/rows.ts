// Plain helpers of the sub-form (99997) for hosts without the runtime's field model (the local
// store of widgets/form/localSource.ts): row ids and new rows.
import { SUB_FORM_ROW_ID, type FieldDefinition, type SubFormRow } from '../../schemas';

let counter = 0;
/** A new 19-digit row id (time-ordered, unique within this page). */
export function newRowId(): string {
  counter = (counter + 1) % 1_000_000;
  return (BigInt(Date.now()) * 1_000_000n + BigInt(counter)).toString().padStart(19, '1').slice(-19);
}

/** A new row: the columns' defaults and a new id. */
export function emptyRow(columns: readonly FieldDefinition[]): SubFormRow {
  const row: SubFormRow = { [SUB_FORM_ROW_ID]: newRowId() };
  for (const c of columns) if (c.default !== undefined) row[c.key] = JSON.parse(JSON.stringify(c.default));
  return row;
}
