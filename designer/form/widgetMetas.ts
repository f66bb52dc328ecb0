// The widget metadata the designer reads from the widget registry: palette entries (the spec's
// two lists: field types, then form component types), each type's defaults for a new field,
// and the JSON Schema of the properties the property panel edits.
import { COMPONENT_TYPES, FIELD_TYPES, isTypeCode, type FieldDefinition, type LocalizedText, type TypeCode } from '../../schemas';
import { widgetRegistry } from '../../widgets/registry';
import type { WidgetMeta } from '../../widgets/types';

export function metaOf(code: TypeCode): WidgetMeta {
  return widgetRegistry[code].meta;
}

/** The defaults of a new field of a type (the designer store's FieldDefaults). */
export function metaDefaults(code: TypeCode): Partial<FieldDefinition> {
  return metaOf(code).defaults;
}

/** Palette entries in the spec's order: the field-type list, then the form-component list. */
export function paletteGroups(): { field: WidgetMeta[]; component: WidgetMeta[] } {
  return {
    field: Object.values(FIELD_TYPES).map((t) => metaOf(t.code)),
    component: Object.values(COMPONENT_TYPES).map((t) => metaOf(t.code)),
  };
}

/** The option labels a new field of a type starts with (the widget's defaults: 是/否, 选项一/选项二). */
export function metaOptionLabels(code: number): LocalizedText[] {
  return isTypeCode(code) ? (metaOf(code).defaults.options ?? []).map((o) => o.label) : [];
}
