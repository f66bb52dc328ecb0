// Small helpers over field definitions.
import type { FieldDefinition, LocalizedText, Locale } from '../../schemas';

/** The columns of a sub-form (the recursive schema types them loosely). */
export function columnsOf(field: FieldDefinition): FieldDefinition[] {
  return (field.fields ?? []) as FieldDefinition[];
}

/** A localized text in the locale, falling back to zh-CN. */
export function localized(text: LocalizedText | undefined, locale: Locale): string {
  if (!text) return '';
  return text[locale] || text['zh-CN'];
}
