import type { Preview } from '@storybook/react-vite';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import zhTW from 'antd/locale/zh_TW';

const antdLocales = { 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW } as const;
type Locale = keyof typeof antdLocales;

const preview: Preview = {
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
  parameters: {
    a11y: { test: 'error' },
    controls: { expanded: true },
  },
  decorators: [
    (Story, context) => {
      const locale = ((context.globals.locale as Locale) ?? 'zh-CN') in antdLocales ? (context.globals.locale as Locale) : 'zh-CN';
      return (
        <ConfigProvider locale={antdLocales[locale]}>
          <Story />
        </ConfigProvider>
      );
    },
  ],
};
export default preview;
