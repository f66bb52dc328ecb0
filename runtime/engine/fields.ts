// Small helpers over field definitions.
import type { LocalizedText, Locale } from '../../schemas';

export { columnsOf } from '../../schemas';

/** A localized text in the locale, falling back to zh-CN. */
export function localized(text: LocalizedText | undefined, locale: Locale): string {
  if (!text) return '';
  return text[locale]?.trim() ? text[locale]! : text['zh-CN'];
}
