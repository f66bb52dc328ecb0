// The phone variant of the antd theme (issue 17): below the tablet width a nested ConfigProvider
// adds widgets/theme's phoneTheme (44 px controls, 16 px input text) to the app's theme; from
// the tablet width up it adds nothing, so desktop sizes stay antd's. The frames wrap their
// content in it; pages outside the frames rely on src/layout/phone.css.
import type { ReactNode } from 'react';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { phoneTheme } from '../../widgets/theme';
import { usePhone } from '../../widgets/shared/viewport';
import './phone.css';

const NO_CHANGE: ThemeConfig = {};

export function PhoneTheme({ children }: { children: ReactNode }) {
  const phone = usePhone();
  return <ConfigProvider theme={phone ? phoneTheme : NO_CHANGE}>{children}</ConfigProvider>;
}
