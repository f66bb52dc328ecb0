// The process designer's texts (namespace `process`) and the UI locale. The translation hook is
// shared with the property drawer (./drawer/i18n.ts).
import { useContext } from 'react';
import { I18nContext, getI18n } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { LOCALES, type Locale } from '../../schemas/constants';

export { useProcessT, processT, textOf, type ProcessT } from './drawer/i18n';

/** The current UI locale (the host's i18next language; zh-CN by default). */
export function useProcessLocale(): Locale {
  const ctx = useContext(I18nContext);
  const i18n = ctx?.i18n ?? (getI18n() as I18n | undefined);
  const lng = i18n?.language;
  return (LOCALES as readonly string[]).includes(lng ?? '') ? (lng as Locale) : 'zh-CN';
}
