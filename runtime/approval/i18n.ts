// The approval screens' texts through react-i18next, namespace `approval`
// (schemas/locales/approval/*.json). Like runtime/i18n.ts: the host's i18next instance answers
// when it has the namespace, otherwise the bundled messages do, so a raw key never shows.
import { useContext, useMemo } from 'react';
import { I18nContext, getI18n } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { Locale } from '../../schemas';
import { translate } from '../../schemas/locales';

export const APPROVAL_NS = 'approval';
export type ApprovalT = (key: string, params?: Record<string, unknown>) => string;

/** Texts of one locale from the bundled messages (no React). */
export function approvalT(locale: Locale): ApprovalT {
  return (key, params) => translate(locale, APPROVAL_NS, key, params);
}

export function useApprovalT(locale: Locale): ApprovalT {
  const ctx = useContext(I18nContext);
  const i18n = ctx?.i18n ?? (getI18n() as I18n | undefined);
  return useMemo(() => {
    const fallback = approvalT(locale);
    if (!i18n || !i18n.isInitialized || !i18n.hasResourceBundle(locale, APPROVAL_NS)) return fallback;
    const fixed = i18n.getFixedT(locale, APPROVAL_NS);
    return (key: string, params?: Record<string, unknown>) => {
      const s = fixed(key, params ?? {}) as unknown;
      return typeof s === 'string' && s !== key ? s : fallback(key, params);
    };
  }, [i18n, locale]);
}
