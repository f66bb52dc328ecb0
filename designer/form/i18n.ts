// Designer texts through react-i18next, namespace `designer` (schemas/locales/designer/*.json).
// The host's i18next instance answers when it has the namespace (administrators' edits apply);
// otherwise the bundled messages do, so the designer never shows a raw key.
import { useContext, useMemo } from 'react';
import { I18nContext, getI18n } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { LOCALES, type Locale, type LocalizedText } from '../../schemas';
import { translate } from '../../schemas/locales';

export const DESIGNER_NS = 'designer';
export type DesignerT = (key: string, params?: Record<string, unknown>) => string;

export function designerT(locale: Locale): DesignerT {
  return (key, params) => translate(locale, DESIGNER_NS, key, params);
}

/** The current UI locale (the host's i18next language; zh-CN by default). */
export function useDesignerLocale(): Locale {
  const ctx = useContext(I18nContext);
  const i18n = ctx?.i18n ?? (getI18n() as I18n | undefined);
  const lng = i18n?.language;
  return (LOCALES as readonly string[]).includes(lng ?? '') ? (lng as Locale) : 'zh-CN';
}

export function useDesignerT(): { t: DesignerT; locale: Locale } {
  const ctx = useContext(I18nContext);
  const i18n = ctx?.i18n ?? (getI18n() as I18n | undefined);
  const locale = useDesignerLocale();
  const t = useMemo<DesignerT>(() => {
    const fallback = designerT(locale);
    if (!i18n || !i18n.isInitialized || !i18n.hasResourceBundle(locale, DESIGNER_NS)) return fallback;
    const fixed = i18n.getFixedT(locale, DESIGNER_NS);
    return (key, params) => {
      const s = fixed(key, params ?? {}) as unknown;
      return typeof s === 'string' && s !== key ? s : fallback(key, params);
    };
  }, [i18n, locale]);
  return { t, locale };
}

/** A definition text in the UI locale, falling back to zh-CN. */
export function textOf(text: LocalizedText | undefined, locale: Locale): string {
  if (!text) return '';
  return text[locale] || text['zh-CN'];
}
