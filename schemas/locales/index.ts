// Translation resources, one folder per namespace (each top-level folder owns its own), one
// JSON file per locale, gathered per locale in ./zh-CN.ts, ./en-US.ts, ./zh-TW.ts. The server
// seeds its language-key table from them so administrators can edit any text (spec §7
// duoYuYanKey). In the browser bundle the first page carries zh-CN's first-page namespaces only
// (./zh-CN.ts: the default language, every lookup's fallback); the rest of zh-CN
// (./zh-CN-screens.ts) and the other locales (one chunk each) load on demand (loadLocale, before
// a screen renders: src/i18n ensureLocale). The server, the tests and the dev server have every
// locale at once.
import type { Locale } from '../constants';
import zhCNFirstPage from './zh-CN';

export const NAMESPACES = ['common', 'schemas', 'widgets', 'runtime', 'designer', 'app', 'server', 'process', 'approval'] as const;
export type Namespace = (typeof NAMESPACES)[number];
/** Nested JSON of strings. */
export type Messages = { [key: string]: string | Messages };
/** Every namespace of one locale. */
export type LocaleBundle = Record<Namespace, Messages>;
/** The namespaces of the screens (forms, widgets, designer, process, approval) and of the server's messages. */
export const SCREEN_NAMESPACES = ['schemas', 'widgets', 'runtime', 'designer', 'server', 'process', 'approval'] as const satisfies readonly Namespace[];
/** zh-CN's namespaces on the first page (the login page). */
export type FirstPageBundle = Omit<LocaleBundle, (typeof SCREEN_NAMESPACES)[number]>;
export type ScreensBundle = Pick<LocaleBundle, (typeof SCREEN_NAMESPACES)[number]>;

/**
 * The loaded resources. In the browser, a locale not loaded yet is an empty object (its lookups
 * fall back to zh-CN) and zh-CN has its first-page namespaces; loadLocale fills them in place.
 */
export const RESOURCES: Record<Locale, LocaleBundle> = {
  'zh-CN': { ...zhCNFirstPage } as LocaleBundle,
  'en-US': {} as LocaleBundle,
  'zh-TW': {} as LocaleBundle,
};

/** What loadLocale adds to each locale. */
const LOADERS: Record<Locale, () => Promise<{ default: Partial<LocaleBundle> }>> = {
  'zh-CN': () => import('./zh-CN-screens'),
  'en-US': () => import('./en-US'),
  'zh-TW': () => import('./zh-TW'),
};

const loaded = new Set<Locale>();

/** Whether a locale's bundled texts are loaded. */
export function isLocaleLoaded(locale: Locale): boolean {
  return loaded.has(locale);
}

const loading = new Map<Locale, Promise<LocaleBundle>>();

/** Loads a locale's namespaces into RESOURCES (once); resolves to them. */
export function loadLocale(locale: Locale): Promise<LocaleBundle> {
  if (isLocaleLoaded(locale)) return Promise.resolve(RESOURCES[locale]);
  let p = loading.get(locale);
  if (!p) {
    p = LOADERS[locale]().then(({ default: bundle }) => {
      // keep keys already overlaid onto this locale (the server's texts win over the bundled ones)
      for (const ns of NAMESPACES) {
        const messages = bundle[ns];
        if (messages) RESOURCES[locale][ns] = RESOURCES[locale][ns] ? deepMerge(structuredClone(messages), RESOURCES[locale][ns]) : messages;
      }
      loaded.add(locale);
      return RESOURCES[locale];
    });
    p.catch(() => loading.delete(locale));
    loading.set(locale, p);
  }
  return p;
}

function deepMerge(target: Messages, source: Messages): Messages {
  for (const [k, v] of Object.entries(source)) {
    const t = target[k];
    target[k] = typeof v === 'object' && t !== undefined && typeof t === 'object' ? deepMerge(t, v) : v;
  }
  return target;
}

/** Whether this module runs in the browser bundle of a production build (Vite replaces both flags). */
const BROWSER_BUILD = import.meta.env !== undefined && import.meta.env.PROD && !import.meta.env.SSR;
// The server, the tests and the dev server have every locale from the start.
if (!BROWSER_BUILD) await Promise.all([loadLocale('zh-CN'), loadLocale('en-US'), loadLocale('zh-TW')]);

/** Flatten nested messages into dotted keys: { a: { b: 'x' } } → { 'a.b': 'x' }. */
export function flattenMessages(messages: Messages, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(messages)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else Object.assign(out, flattenMessages(v, key));
  }
  return out;
}

/** Interpolate `{{name}}` placeholders (i18next syntax) for callers outside i18next (server, schemas). */
export function formatMessage(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => (name in params ? String(params[name]) : `{{${name}}}`));
}

/** Look a dotted key up in one namespace of one locale, falling back to zh-CN, then the key. */
export function translate(locale: Locale, ns: Namespace, key: string, params?: Record<string, unknown>): string {
  const find = (m: Messages | undefined): string | undefined => {
    let cur: string | Messages | undefined = m;
    for (const part of key.split('.')) {
      if (cur === undefined || typeof cur === 'string') return undefined;
      cur = cur[part];
    }
    return typeof cur === 'string' ? cur : undefined;
  };
  const t = find(RESOURCES[locale]?.[ns]) ?? find(RESOURCES['zh-CN'][ns]) ?? key;
  return formatMessage(t, params);
}
