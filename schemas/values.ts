// How each type code's value looks in a record's JSON — the one contract between widgets,
// runtime, server and database. compileRecordSchema turns this into JSON Schema per field.
//
// | type codes                                   | value in JSON                                      |
// |----------------------------------------------|----------------------------------------------------|
// | 0 text, 1 textarea, 2 dropdown, 19 radio,    | string                                             |
// | 65 rich text (sanitized HTML), 92 code       |                                                    |
// | 15 integer                                   | number (a safe integer)                            |
// | 16 decimal                                   | string "-123.45" (never a float; ≤ precision dp)   |
// | 80 date                                      | "YYYY-MM-DD" or "YYYY-MM-DD HH:mm" (withTime);     |
// |                                              | a range is [start, end] of those                   |
// | pickers: 7, 51, 52, 59, 63, 68, 74, 81, 82,  | PickerValue {id, name} (an array when              |
// | 85 and every component type except 91        | dataSource.multiple)                               |
// | 21 attachment, 97 image                      | FileRef[]                                          |
// | 84 tier                                      | TierRow[]                                          |
// | 91 map                                       | MapValue                                           |
// | 77 custom                                    | any JSON value                                     |
// | 99997 sub-form                               | SubFormRow[] (the columns' values + `_id`)         |
// | 99999 divider                                | — (no value)                                       |
import { Type, type Static } from '@sinclair/typebox';

/** The record keeps the picked master-data id and its name at the time it was picked. */
export const PickerValue = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 32 }), name: Type.String({ maxLength: 200 }) },
  { additionalProperties: false },
);
export type PickerValue = Static<typeof PickerValue>;

export const FileRef = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    name: Type.String({ minLength: 1, maxLength: 255 }),
    size: Type.Integer({ minimum: 0 }),
    type: Type.String({ maxLength: 100 }),
  },
  { additionalProperties: false },
);
export type FileRef = Static<typeof FileRef>;

export const DECIMAL_PATTERN = '^-?(0|[1-9][0-9]*)(\\.[0-9]+)?$';
/** A decimal of at most `precision` places, as a string. */
export function decimalPattern(precision: number): string {
  return precision === 0 ? '^-?(0|[1-9][0-9]*)$' : `^-?(0|[1-9][0-9]*)(\\.[0-9]{1,${precision}})?$`;
}

/** One tier of a tier table: [from, to) → value; `to` null means "and above". */
export const TierRow = Type.Object(
  {
    from: Type.String({ pattern: DECIMAL_PATTERN }),
    to: Type.Union([Type.String({ pattern: DECIMAL_PATTERN }), Type.Null()]),
    value: Type.String({ pattern: DECIMAL_PATTERN }),
  },
  { additionalProperties: false },
);
export type TierRow = Static<typeof TierRow>;

export const MapValue = Type.Object(
  {
    lng: Type.Number({ minimum: -180, maximum: 180 }),
    lat: Type.Number({ minimum: -90, maximum: 90 }),
    address: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type MapValue = Static<typeof MapValue>;

/** Sub-form rows carry a stable `_id` so edits, errors and permissions follow the row. */
export const SUB_FORM_ROW_ID = '_id';
export type SubFormRow = { [SUB_FORM_ROW_ID]?: string } & Record<string, unknown>;
