// The server's messages come from its locale namespace (schemas/locales/server).
import { translate } from '../../schemas/locales';
import { LOCALES, localeOfLanguageType, type Locale } from '../../schemas/constants';

export function t(locale: Locale, key: string, params?: Record<string, unknown>): string {
  return translate(locale, 'server', key, params);
}

/** The request's language: the session's language type, else Accept-Language, else zh-CN. */
export function pickLocale(acceptLanguage: string | undefined, duoYuYanType?: number | null): Locale {
  if (duoYuYanType != null) return localeOfLanguageType(duoYuYanType);
  if (acceptLanguage) {
    for (const part of acceptLanguage.split(',')) {
      const tag = part.split(';')[0].trim().toLowerCase();
      const hit = LOCALES.find((l) => l.toLowerCase() === tag);
      if (hit) return hit;
      if (tag === 'en' || tag.startsWith('en-')) return 'en-US';
      if (tag === 'zh-hk' || tag === 'zh-hant' || tag.startsWith('zh-hant')) return 'zh-TW';
      if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN';
    }
  }
  return 'zh-CN';
}
