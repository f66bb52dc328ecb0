// antd's locale per UI language: zh-CN is bundled (the default); en-US and zh-TW load with their
// language (ensureLocale in ./i18n), so the first page carries one antd locale, not three.
import type { Locale as AntLocale } from 'antd/es/locale';
import zhCN from 'antd/locale/zh_CN';
import type { Locale } from '../../schemas/constants';

/** A module's default export through CommonJS interop (antd/locale/* are CommonJS). */
const unwrap = (m: { default: unknown }): AntLocale => {
  const v = m.default as AntLocale & { default?: AntLocale };
  return v && typeof v.locale === 'string' ? v : (v.default as AntLocale);
};

const LOADERS: Record<Locale, () => Promise<AntLocale>> = {
  'zh-CN': () => Promise.resolve(zhCN),
  'en-US': () => import('antd/locale/en_US').then(unwrap),
  'zh-TW': () => import('antd/locale/zh_TW').then(unwrap),
};

const loaded: Partial<Record<Locale, AntLocale>> = { 'zh-CN': zhCN };

/** Loads antd's locale of a UI language (once). */
export async function loadAntdLocale(locale: Locale): Promise<AntLocale> {
  return (loaded[locale] ??= await LOADERS[locale]());
}

/** antd's locale of a UI language, zh-CN's until that language's is loaded. */
export function antdLocaleOf(locale: Locale): AntLocale {
  return loaded[locale] ?? zhCN;
}
