import type { FieldDefinition } from './definition';

/**
 * The columns of a sub-form, typed. (`FieldDefinition` is recursive; TypeBox's `Static`
 * types the nested `fields` as `unknown[]`.)
 */
export function columnsOf(field: Pick<FieldDefinition, 'fields'>): FieldDefinition[] {
  return (field.fields ?? []) as FieldDefinition[];
}
