// A form definition → what a plain @rjsf/core <Form> needs to render it with our widgets: the
// definition's compiled record schema (schemas/compileRecordSchema.ts, the server's) as the
// JSON Schema, and a uiSchema that draws every field through the registry (theme.tsx).
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { compileRecordSchema, holdsValue, type FieldDefinition, type FormDefinition, type FormMode } from '../../schemas';

/** uiSchema options every field carries (not `field`: rjsf reads `ui:options.field` as a component). */
export interface FormworkUiOptions {
  fwField: FieldDefinition;
  /** draw the read-only View */
  view?: boolean;
}

/** The root's options: the definition's fields in order (full-row types hold no value and have no property). */
export interface FormworkRootOptions {
  fwFields: readonly FieldDefinition[];
  view?: boolean;
}

export const FORMWORK_FIELD = 'formworkField';

export interface ToRjsfOptions {
  /** the form mode the record schema is compiled for (what it requires); 0 (add) by default */
  mode?: FormMode;
  /** every field draws its View */
  view?: boolean;
}

export function toRjsf(def: FormDefinition, { mode = 0, view }: ToRjsfOptions = {}): { schema: RJSFSchema; uiSchema: UiSchema } {
  const schema = compileRecordSchema(def, mode).schema as RJSFSchema;
  const root: FormworkRootOptions = { fwFields: def.fields, ...(view ? { view } : {}) };
  const uiSchema: UiSchema = { 'ui:options': root as never, 'ui:order': [...def.fields.filter((f) => holdsValue(f.type)).map((f) => f.key), '*'] };
  for (const field of def.fields) {
    if (!holdsValue(field.type)) continue;
    const opts: FormworkUiOptions = { fwField: field, ...(view ? { view } : {}) };
    uiSchema[field.key] = { 'ui:field': FORMWORK_FIELD, 'ui:options': opts as never, ...(field.readonly ? { 'ui:readonly': true } : {}) };
  }
  return { schema, uiSchema };
}

/** The Formwork options of a uiSchema entry, if it has them. */
export function formworkOptions(uiSchema: UiSchema | undefined): FormworkUiOptions | undefined {
  const o = uiSchema?.['ui:options'] as Partial<FormworkUiOptions> | undefined;
  return o && o.fwField ? (o as FormworkUiOptions) : undefined;
}

/** The root options of a uiSchema, if it has them. */
export function rootOptions(uiSchema: UiSchema | undefined): FormworkRootOptions | undefined {
  const o = uiSchema?.['ui:options'] as Partial<FormworkRootOptions> | undefined;
  return o && o.fwFields ? (o as FormworkRootOptions) : undefined;
}
