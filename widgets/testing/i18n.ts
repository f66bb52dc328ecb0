// A ready i18next instance with every bundled namespace, for stories and tests.
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '../../schemas';
import { NAMESPACES, RESOURCES } from '../../schemas/locales';

let instance: I18n | undefined;

/** The shared test/story instance (created on first call, registered with react-i18next). */
export function testI18n(locale: Locale = 'zh-CN'): I18n {
  if (!instance) {
    instance = i18next.createInstance();
    void instance.use(initReactI18next).init({
      resources: RESOURCES,
      lng: locale,
      fallbackLng: 'zh-CN',
      supportedLngs: [...LOCALES],
      ns: [...NAMESPACES],
      defaultNS: 'widgets',
      initAsync: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  } else if (instance.language !== locale) {
    void instance.changeLanguage(locale);
  }
  return instance;
}
