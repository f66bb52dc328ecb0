// Validation with the compiled record schema of schemas/ (the server runs the same one), plus
// what only the engine knows: the fields its linkage rules and the approval node's permissions
// make required (passed as the schema's exact required set). Errors are placed on the field's
// record path in the user's language; a 422 from the server is placed the same way.
import { compileRecordSchema, FORM_MODES, TC, isTypeCode, typeInfo, type CompiledRecordSchema, type FormDefinition, type FormMode } from '../../schemas';
import { columnsOf } from './fields';
import type { FormModel } from './formModel';
import type { FieldError } from './types';

/** The paths the model currently requires (`key`, `subForm.column`). */
export function requiredPathsOf(model: FormModel): string[] {
  const out: string[] = [];
  for (const f of model.fields) {
    const s = model.getState(f.key);
    if (!s.visible) continue;
    if (s.required) out.push(f.key);
    if (f.type === TC.SUB_FORM) {
      for (const c of columnsOf(f)) {
        const cs = model.getState(`${f.key}.${c.key}`);
        if (cs.visible && cs.required) out.push(`${f.key}.${c.key}`);
      }
    }
  }
  return out;
}

export interface ValidationResult {
  valid: boolean;
  errors: FieldError[];
}

/**
 * Validate the model's data and place the errors on it. A draft requires nothing but still
 * checks the shape of what was typed (lengths, decimals, dates).
 */
export function validateModel(model: FormModel, opts: { draft?: boolean } = {}): ValidationResult {
  // modes 2 (view) never save; 3 saves only what the node lets the approver edit, but the
  // record as a whole is checked with the mode's rules so a bad stored value is not hidden
  const mode: FormMode = model.mode === FORM_MODES.VIEW ? FORM_MODES.MODIFY : model.mode;
  const compiled = compileRecordSchema(model.definition, mode, opts.draft ? { draft: true } : { required: requiredPathsOf(model) });
  const result = compiled.validate(model.getValues(), model.locale);
  const errors: FieldError[] = result.errors.map((e) => ({ path: e.field, message: e.message, code: e.code }));
  model.setErrors(errors);
  return { valid: errors.length === 0, errors };
}

/** One field's slice of the definition (cached per definition, so its compiled schema is too). */
const fieldSlices = new WeakMap<FormDefinition, Map<string, FormDefinition>>();
function fieldSlice(def: FormDefinition, key: string): FormDefinition {
  let byKey = fieldSlices.get(def);
  if (!byKey) fieldSlices.set(def, (byKey = new Map()));
  let slice = byKey.get(key);
  if (!slice) {
    const field = def.fields.find((f) => f.key === key);
    byKey.set(key, (slice = { ...def, fields: field ? [field] : [] }));
  }
  return slice;
}

/**
 * The typing validator of one field (`key` of a field, or of a sub-form): the draft record
 * schema of the definition reduced to that field. Compiling it costs well under a millisecond
 * with 300 fields as with 3 (the whole record's took a few hundred at 300 fields, one long task
 * of the main thread); it is compiled on the field's first keystroke and cached.
 */
export function typingSchemaOf(model: FormModel, key: string): CompiledRecordSchema {
  return compileRecordSchema(fieldSlice(model.definition, key), model.mode === FORM_MODES.VIEW ? FORM_MODES.MODIFY : model.mode, { draft: true });
}

/**
 * Warm the validator up ahead of the first keystroke: ajv's instance and the browser's first
 * compile of its generated code, on the first field that holds a value, and on every sub-form
 * (its typing validator is the largest: the row's columns) over its first row (or an empty row),
 * so the first key into a cell of a long table compiles nothing (the form calls this when the
 * browser is idle after mounting). Places no error.
 */
export function prepareValidation(model: FormModel): void {
  const first = model.fields.find((f) => f.type !== TC.SUB_FORM && isTypeCode(f.type) && typeInfo(f.type).holdsValue);
  if (first) typingSchemaOf(model, first.key).validate({}, model.locale);
  const data = model.peekValues();
  for (const f of model.fields) {
    if (f.type !== TC.SUB_FORM) continue;
    const row = (data[f.key] as Record<string, unknown>[] | undefined)?.[0] ?? {};
    typingSchemaOf(model, f.key).validate({ [f.key]: [row] }, model.locale);
  }
}

/**
 * Validate what was just typed into one path (`amount`, `detail.2.qty`) while typing: the shape
 * checks of the record schema (lengths, decimals, dates, options — the draft schema, so nothing
 * is reported missing before a save) over the live data, placing or clearing that path's error
 * only. Only that field (or that row of a sub-form) is compiled and checked, so a keystroke
 * costs the same with 300 fields or 500 rows.
 */
export function validatePath(model: FormModel, path: string): FieldError | undefined {
  // only the typed value is checked: the record reduced to that field (or to that one row)
  const parts = path.split('.');
  const data = model.peekValues();
  const cell = parts.length === 3;
  const rows = cell ? (data[parts[0]] as Record<string, unknown>[] | undefined) : undefined;
  const record = cell ? { [parts[0]]: rows?.[Number(parts[1])] ? [rows[Number(parts[1])]] : [] } : { [path]: data[path] };
  const target = cell ? `${parts[0]}.0.${parts[2]}` : path;
  const result = typingSchemaOf(model, parts[0]).validate(record, model.locale);
  const hit = result.errors.find((e) => e.field === target);
  const error = hit ? { path, message: hit.message, code: hit.code } : undefined;
  model.setError(path, error);
  return error;
}

/** A server answer with field errors (422, or 409 on a duplicate number/code). */
export interface ServerErrorBody {
  code?: number;
  msg?: string;
  errors?: { field?: string; path?: string; message?: string }[];
}

/**
 * Place a server's field errors on the model. Errors whose path is not a field of the form
 * (and a body without field errors) come back as form-level messages for the host to show.
 */
export function mapServerErrors(model: FormModel, body: ServerErrorBody | null | undefined): { fieldErrors: FieldError[]; formErrors: string[] } {
  const fieldErrors: FieldError[] = [];
  const formErrors: string[] = [];
  for (const e of body?.errors ?? []) {
    const path = (e.field ?? e.path ?? '').replace(/^\/?data[./]/, '').replace(/\//g, '.');
    const parts = path.split('.');
    const known = parts.length === 3 ? !!model.fieldAt(`${parts[0]}.${parts[2]}`) && /^\d+$/.test(parts[1]) : !!model.fieldAt(parts[0]);
    if (path && known) fieldErrors.push({ path: parts.length === 3 ? path : parts[0], message: e.message ?? body?.msg ?? '' });
    else if (e.message) formErrors.push(e.message);
  }
  if (!fieldErrors.length && !formErrors.length && body?.msg) formErrors.push(body.msg);
  model.setErrors(fieldErrors);
  return { fieldErrors, formErrors };
}
