// The drawer's texts through react-i18next, namespace `process` (schemas/locales/process/*.json),
// in the locale the page passes. The host's i18next instance answers when it has the namespace
// (administrators' edits apply); otherwise the bundled messages do, so no raw key shows.
import { useContext, useMemo } from 'react';
import { I18nContext, getI18n } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { Locale } from '../../../schemas/constants';
import type { LocalizedText } from '../../../schemas/definition';
import { translate } from '../../../schemas/locales';

export const PROCESS_NS = 'process';
export type ProcessT = (key: string, params?: Record<string, unknown>) => string;

export function processT(locale: Locale): ProcessT {
  return (key, params) => translate(locale, PROCESS_NS, key, params);
}

export function useProcessT(locale: Locale): ProcessT {
  const ctx = useContext(I18nContext);
  const i18n = ctx?.i18n ?? (getI18n() as I18n | undefined);
  return useMemo<ProcessT>(() => {
    const fallback = processT(locale);
    if (!i18n || !i18n.isInitialized || !i18n.hasResourceBundle(locale, PROCESS_NS)) return fallback;
    const fixed = i18n.getFixedT(locale, PROCESS_NS);
    return (key, params) => {
      const s = fixed(key, params ?? {}) as unknown;
      return typeof s === 'string' && s !== key ? s : fallback(key, params);
    };
  }, [i18n, locale]);
}

/** A definition text in the UI locale, falling back to zh-CN. */
export function textOf(text: LocalizedText | undefined, locale: Locale): string {
  if (!text) return '';
  return text[locale] || text['zh-CN'];
}
