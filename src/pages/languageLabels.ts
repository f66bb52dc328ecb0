import type { Locale } from '../../schemas/constants';

/** Each language in its own script, as the language switch lists them. */
export const LOCALE_LABELS: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-US': 'English', 'zh-TW': '繁體中文' };
