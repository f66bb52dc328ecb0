// antd theme tokens that meet WCAG AA contrast (axe 'color-contrast'): antd's default blue
// (#1677ff, 4.1:1 on white), secondary text (45 % black, 3.4:1) and error red (#ff4d4f,
// 3.2:1) are too light for text. Storybook uses this; the app should pass it to its
// ConfigProvider too so widgets look and read the same everywhere.
import type { ThemeConfig } from 'antd';

export const accessibleTheme: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    colorInfo: '#0958d9',
    colorError: '#cf1322',
    colorWarning: '#ad4e00',
    colorSuccess: '#237804',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.65)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  },
};
