// What a new field starts with. The widget registry's `meta.defaults` are passed in by the UI
// (designer/core does not import React widgets); `baseField` is the fallback from the type-code
// registry so that the core works, and is tested, on its own.
import { LOCALES, TC, typeInfo, type FieldDefinition, type LocalizedText, type TypeCode } from '../../schemas';
import { translate } from '../../schemas/locales';

/** The defaults of a type code (the widget meta's `defaults`). */
export type FieldDefaults = (code: TypeCode) => Partial<FieldDefinition> | undefined;

/** A designer-namespace text in every locale, as definitions store labels. */
export function localizedText(key: string, params?: Record<string, unknown>): LocalizedText {
  const out: Record<string, string> = {};
  for (const l of LOCALES) out[l] = translate(l, 'designer', key, params);
  return out as LocalizedText;
}

const FULL_WIDTH: ReadonlySet<number> = new Set<number>([TC.SUB_FORM, TC.DIVIDER, TC.TEXTAREA, TC.RICH_TEXT, TC.TIER, TC.ATTACHMENT, TC.IMAGE, TC.MAP]);

export function baseField(code: TypeCode, key: string): FieldDefinition {
  const info = typeInfo(code);
  const field: FieldDefinition = {
    key,
    type: code,
    label: { 'zh-CN': info.name['zh-CN'], 'en-US': info.name['en-US'], 'zh-TW': info.name['zh-TW'] },
    width: FULL_WIDTH.has(code) ? 24 : 12,
  };
  if (code === TC.DECIMAL) field.precision = 2;
  if (code === TC.SUB_FORM) field.fields = [];
  if (code === TC.SELECT || code === TC.RADIO) {
    field.options = [1, 2].map((n) => ({ value: String(n), label: localizedText('defaults.option', { n }) }));
  }
  return field;
}

/** A new field: the base, then the widget's defaults; key and type always win. */
export function newField(code: TypeCode, key: string, defaults?: FieldDefaults): FieldDefinition {
  const base = baseField(code, key);
  const extra = defaults?.(code) ?? {};
  const field: FieldDefinition = { ...base, ...structuredClone(extra), key, type: code };
  if (code === TC.SUB_FORM && !field.fields) field.fields = [];
  return field;
}
