// antd theme tokens that meet WCAG AA contrast (axe 'color-contrast'): antd's default blue
// (#1677ff, 4.1:1 on white), secondary text (45 % black, 3.4:1) and error red (#ff4d4f,
// 3.2:1) are too light for text. Storybook uses this; the app should pass it to its
// ConfigProvider too so widgets look and read the same everywhere.
import type { ThemeConfig } from 'antd';
import { VIEWPORT } from '../schemas/constants';

export const accessibleTheme: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    colorInfo: '#0958d9',
    colorError: '#cf1322',
    colorWarning: '#ad4e00',
    colorSuccess: '#237804',
    // the tints antd derives from these darker seeds are greyish (success bg #adb8a5: 2.7:1 for
    // the green text of a tag on it); antd's own light tints keep tags and alerts ≥ 4.5:1
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarningBg: '#fff7e6',
    colorWarningBorder: '#ffd591',
    colorErrorBg: '#fff1f0',
    colorErrorBorder: '#ffa39e',
    colorInfoBg: '#e6f4ff',
    colorInfoBorder: '#91caff',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.65)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  },
};

/**
 * Below the tablet width (issue 17): actions at least VIEWPORT.touchTargetPx square (buttons,
 * pagination items, menu items) and inputs' text at VIEWPORT.phoneInputFontPx so a phone does not
 * zoom on focus. Merged into the app's theme (src/AntdProviders.tsx) only while usePhone()
 * holds — desktop sizes stay antd's.
 */
const TOUCH = VIEWPORT.touchTargetPx;
const INPUT_FONT = VIEWPORT.phoneInputFontPx;
const inputFont = { inputFontSize: INPUT_FONT, inputFontSizeSM: INPUT_FONT, inputFontSizeLG: INPUT_FONT };
export const phoneTheme: ThemeConfig = {
  token: {
    controlHeight: TOUCH,
    controlHeightSM: TOUCH,
    controlHeightLG: TOUCH + 4,
  },
  components: {
    Input: inputFont,
    InputNumber: inputFont,
    DatePicker: inputFont,
    Mentions: { fontSize: INPUT_FONT },
    Select: { fontSize: INPUT_FONT, optionFontSize: INPUT_FONT, optionHeight: TOUCH },
    TreeSelect: { fontSize: INPUT_FONT },
    Cascader: { fontSize: INPUT_FONT },
    Menu: { itemHeight: TOUCH },
    Pagination: { itemSize: TOUCH, itemSizeSM: TOUCH },
    Tabs: { cardHeight: TOUCH, cardHeightSM: TOUCH },
  },
};
