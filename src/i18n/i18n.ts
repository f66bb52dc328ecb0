// i18next with the bundled resources of every namespace (schemas/locales) as the fallback,
// overlaid by the keys the server answers (administrators edit them, spec §7 duoYuYanKey).
// zh-CN is in the first page's bundle; another locale is loaded (ensureLocale) before the app
// first renders in it (src/main.tsx) and before a switch to it (applyLocale).
// zh-CN is the default (language type 1), en-US type 3, zh-TW any other type (spec §9).
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import { DEFAULT_LANGUAGE_TYPE, LOCALES, localeOfLanguageType, type Locale } from '../../schemas/constants';
import { NAMESPACES, RESOURCES, loadLocale, type Messages } from '../../schemas/locales';
import { loadAntdLocale } from './antdLocales';

/** localStorage key of the chosen language type (persists across sessions). */
export const LANGUAGE_STORAGE_KEY = 'duoYuYanType';

export const DAYJS_LOCALES: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en', 'zh-TW': 'zh-tw' };

export function storedLanguageType(): number {
  try {
    const v = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return v === null || v === '' || Number.isNaN(Number(v)) ? DEFAULT_LANGUAGE_TYPE : Number(v);
  } catch {
    return DEFAULT_LANGUAGE_TYPE;
  }
}

export function storeLanguageType(type: number): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, String(type));
  } catch {
    /* storage unavailable: the choice lasts for this page only */
  }
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: RESOURCES as unknown as Record<string, Record<string, Messages>>,
  lng: localeOfLanguageType(storedLanguageType()),
  fallbackLng: 'zh-CN',
  supportedLngs: [...LOCALES],
  ns: [...NAMESPACES],
  defaultNS: 'app',
  fallbackNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  react: { useSuspense: false },
});
dayjs.locale(DAYJS_LOCALES[i18n.language as Locale] ?? 'zh-cn');
if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

export function currentLocale(): Locale {
  const l = i18n.language as Locale;
  return (LOCALES as readonly string[]).includes(l) ? l : 'zh-CN';
}

/** dayjs's locales other than the bundled zh-cn and en, loaded with their locale. */
const DAYJS_LOADERS: Partial<Record<Locale, () => Promise<unknown>>> = { 'zh-TW': () => import('dayjs/locale/zh-tw') };

/** Loads a locale's bundled texts into i18next, and its dayjs and antd locales; a no-op once loaded. */
export async function ensureLocale(locale: Locale): Promise<void> {
  const [bundle] = await Promise.all([loadLocale(locale), DAYJS_LOADERS[locale]?.(), loadAntdLocale(locale)]);
  for (const ns of NAMESPACES) if (bundle[ns] && !i18n.hasResourceBundle(locale, ns)) i18n.addResourceBundle(locale, ns, bundle[ns], true, false);
}

/**
 * Every namespace of the current language and of zh-CN (the fallback): the screens' texts (designer,
 * process, approval, server) are not on the login page; a route that shows them awaits this
 * before it renders (src/i18n/routeTexts.ts), as widgets and the engines translate synchronously.
 */
export async function ensureAllTexts(): Promise<void> {
  await Promise.all([ensureLocale('zh-CN'), ensureLocale(currentLocale())]);
}

/** Switch the UI language (its texts loaded first): i18next, dayjs and the page's lang follow; antd follows via AppProviders. */
export async function applyLocale(locale: Locale): Promise<void> {
  await ensureLocale(locale);
  await i18n.changeLanguage(locale);
  dayjs.locale(DAYJS_LOCALES[locale]);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** A copy of network data as messages: strings and nested objects only, no key that names the prototype chain. */
function safeMessages(value: unknown, depth = 0): Messages | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value) || depth > 16) return undefined;
  const out: Messages = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === '' || UNSAFE_KEYS.has(k)) continue;
    if (typeof v === 'string') out[k] = v;
    else {
      const nested = safeMessages(v, depth + 1);
      if (nested) out[k] = nested;
    }
  }
  return out;
}

/** Overlay the server's keys (`{ namespace: messages }`) onto the bundled ones (known namespaces, safe keys only). */
export function overlayServerKeys(locale: Locale, bundles: Record<string, unknown>): number {
  let n = 0;
  for (const [ns, value] of Object.entries(bundles ?? {})) {
    if (!(NAMESPACES as readonly string[]).includes(ns)) continue;
    const messages = safeMessages(value);
    if (!messages) continue;
    i18n.addResourceBundle(locale, ns, messages, true, true);
    n += 1;
  }
  return n;
}
