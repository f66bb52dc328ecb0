// Providers every story (and every composed story in Vitest) runs inside: antd's locale and
// an i18next instance whose language follows the toolbar's `locale` global.
import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import zhTW from 'antd/locale/zh_TW';
import { I18nextProvider } from 'react-i18next';
import { LOCALES, type Locale } from '../../schemas';
import { testI18n } from './i18n';
import { accessibleTheme } from '../theme';

const ANTD_LOCALES = { 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW } as const;

export function asLocale(v: unknown): Locale {
  return (LOCALES as readonly string[]).includes(String(v)) ? (v as Locale) : 'zh-CN';
}

export function StoryProviders({ locale, children }: { locale: Locale; children: ReactNode }) {
  const i18n = testI18n(locale);
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={ANTD_LOCALES[locale]} theme={accessibleTheme}>
        {children}
      </ConfigProvider>
    </I18nextProvider>
  );
}

/** The project-level story annotations: the locale global and its providers. */
export const storyAnnotations = {
  globalTypes: {
    locale: {
      description: 'Language',
      toolbar: {
        icon: 'globe',
        items: [
          { value: 'zh-CN', title: '简体中文' },
          { value: 'en-US', title: 'English' },
          { value: 'zh-TW', title: '繁體中文' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'zh-CN' },
  decorators: [
    (Story: () => ReactNode, context: { globals: Record<string, unknown> }) => {
      const locale = asLocale(context.globals.locale);
      return (
        <StoryProviders key={locale} locale={locale}>
          <Story />
        </StoryProviders>
      );
    },
  ],
};
