// Runtime texts through react-i18next, namespace `runtime` (schemas/locales/runtime/*.json).
// The host's i18next instance answers when it has the namespace (administrators' edits apply);
// otherwise the bundled messages do, so the runtime never shows a raw key.
import { useContext, useMemo } from 'react';
import { I18nContext, getI18n } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { Locale } from '../schemas';
import { translate } from '../schemas/locales';

export const RUNTIME_NS = 'runtime';
export type RuntimeT = (key: string, params?: Record<string, unknown>) => string;

/** Texts of one locale from the bundled messages (no React). */
export function runtimeT(locale: Locale): RuntimeT {
  return (key, params) => translate(locale, RUNTIME_NS, key, params);
}

export function useRuntimeT(locale: Locale): RuntimeT {
  const ctx = useContext(I18nContext);
  const i18n = ctx?.i18n ?? (getI18n() as I18n | undefined);
  return useMemo(() => {
    const fallback = runtimeT(locale);
    if (!i18n || !i18n.isInitialized || !i18n.hasResourceBundle(locale, RUNTIME_NS)) return fallback;
    const fixed = i18n.getFixedT(locale, RUNTIME_NS);
    return (key: string, params?: Record<string, unknown>) => {
      const s = fixed(key, params ?? {}) as unknown;
      return typeof s === 'string' && s !== key ? s : fallback(key, params);
    };
  }, [i18n, locale]);
}
