// Widget texts through react-i18next, namespace `widgets` (schemas/locales/widgets/*.json).
// The host's i18next instance is used when there is one (so texts edited by administrators
// apply); without one — or when the host has not loaded this namespace — the bundled
// messages answer, so a widget never shows a raw key.
import { useContext, useMemo } from 'react';
import { I18nContext, getI18n } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { Locale } from '../schemas';
import { translate } from '../schemas/locales';

export const WIDGETS_NS = 'widgets';

export type WidgetT = (key: string, params?: Record<string, unknown>) => string;

/** Texts of one locale from the bundled messages (no React, no i18next). */
export function widgetT(locale: Locale): WidgetT {
  return (key, params) => translate(locale, WIDGETS_NS, key, params);
}

function hostT(i18n: I18n | undefined, locale: Locale): WidgetT {
  const fallback = widgetT(locale);
  if (!i18n || !i18n.isInitialized || !i18n.hasResourceBundle(locale, WIDGETS_NS)) return fallback;
  const fixed = i18n.getFixedT(locale, WIDGETS_NS);
  return (key, params) => {
    const s = fixed(key, params ?? {}) as unknown;
    return typeof s === 'string' && s !== key ? s : fallback(key, params);
  };
}

/** The widget texts of `locale` (the locale the widget was given). */
export function useWidgetT(locale: Locale): WidgetT {
  const ctx = useContext(I18nContext);
  const i18n = ctx?.i18n ?? (getI18n() as I18n | undefined);
  return useMemo(() => hostT(i18n, locale), [i18n, locale]);
}

/** The text of a localised label for `locale`, falling back to zh-CN (always present). */
export function localText(text: Partial<Record<Locale, string>> | undefined, locale: Locale): string {
  if (!text) return '';
  return text[locale]?.trim() ? text[locale]! : text['zh-CN'] || '';
}
