// A form definition's fields → the JSON Schema and uiSchema an rjsf <Form> renders through the
// widget registry. The schema here only shapes the data; validation is the compiled record
// schema's (schemas/) job — pass the runtime's errors as `extraErrors`.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { holdsValue, typeInfo, TC, type FieldDefinition } from '../../schemas';

/** uiSchema options every adapted field carries. */
export interface FormworkUiOptions {
  /** (not `field`: rjsf reads `ui:options.field` as the field component) */
  fwField: FieldDefinition;
  /** draw the read-only View */
  view?: boolean;
}

export const FORMWORK_WIDGET = 'formwork';
export const FORMWORK_FIELD = 'formworkField';
export const SUB_FORM_FIELD = 'formworkSubForm';
export const DIVIDER_FIELD = 'formworkDivider';

/** The JSON type of a field's value (values.ts); rjsf needs one to place the field. */
function valueSchema(field: FieldDefinition): RJSFSchema {
  const info = typeInfo(field.type);
  if (field.type === TC.SUB_FORM) return { type: 'array', items: { type: 'object' } };
  if (field.type === TC.DATE) return field.range ? { type: 'array', items: { type: 'string' } } : { type: 'string' };
  if (info.source) return field.dataSource?.multiple ? { type: 'array', items: { type: 'object' } } : { type: 'object' };
  if (field.type === TC.ATTACHMENT || field.type === TC.IMAGE || field.type === TC.TIER) return { type: 'array', items: { type: 'object' } };
  if (field.type === TC.MAP) return { type: 'object' };
  if (field.type === TC.CUSTOM) return { type: ['string', 'number', 'boolean', 'object', 'array', 'null'] };
  switch (info.valueType) {
    case 'Integer':
      return { type: 'integer' };
    case 'Boolean':
      return { type: 'boolean' };
    default:
      return { type: 'string' };
  }
}

export interface ToRjsfOptions {
  /** view/approve modes: every field draws its View */
  view?: boolean;
}

export function toRjsf(fields: readonly FieldDefinition[], options: ToRjsfOptions = {}): { schema: RJSFSchema; uiSchema: UiSchema } {
  const properties: Record<string, RJSFSchema> = {};
  const uiSchema: UiSchema = { 'ui:order': [] as string[] };
  const required: string[] = [];
  for (const field of fields) {
    if (field.hidden) continue;
    (uiSchema['ui:order'] as string[]).push(field.key);
    const opts: FormworkUiOptions = { fwField: field, ...(options.view ? { view: true } : {}) };
    if (!holdsValue(field.type)) {
      properties[field.key] = { type: 'null' };
      uiSchema[field.key] = { 'ui:field': DIVIDER_FIELD, 'ui:options': opts };
      continue;
    }
    properties[field.key] = valueSchema(field);
    if (field.required) required.push(field.key);
    uiSchema[field.key] =
      field.type === TC.SUB_FORM ? { 'ui:field': SUB_FORM_FIELD, 'ui:options': opts } : { 'ui:field': FORMWORK_FIELD, 'ui:options': opts, ...(field.readonly ? { 'ui:readonly': true } : {}) };
  }
  return { schema: { type: 'object', properties, ...(required.length ? { required } : {}) }, uiSchema };
}

/** The Formwork options of a uiSchema entry, if it has them. */
export function formworkOptions(uiSchema: UiSchema | undefined): FormworkUiOptions | undefined {
  const o = uiSchema?.['ui:options'] as Partial<FormworkUiOptions> | undefined;
  return o && o.fwField ? (o as FormworkUiOptions) : undefined;
}
