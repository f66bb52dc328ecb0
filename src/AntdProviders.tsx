// antd's providers (split from src/AppProviders.tsx, issue 16): ConfigProvider (theme, locale
// following the language) and App (modal, message), with the error catalogue's alert wired to
// antd's themed modal. Its own module: the sign-in pages paint and run without antd, this loads
// once a page that uses antd shows (src/AppProviders.tsx AntdGate) or around the QR sign-in.
import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../schemas/constants';
import { configureCatalogue, type AlertOptions } from './api/errorCatalogue';
import { accessibleTheme, phoneTheme } from '../widgets/theme';
import { usePhone } from '../widgets/shared/viewport';
import { antdLocaleOf } from './i18n/antdLocales';
import { takePendingAlert } from './AppProviders';

function CatalogueWiring({ navigate }: { navigate?: (path: string) => void }) {
  const { modal } = AntApp.useApp();
  useEffect(() => {
    const alert = ({ title, content, okText, onOk }: AlertOptions) => {
      modal.warning({ title, content, okText, onOk, keyboard: false, maskClosable: false, centered: true, className: 'session-expired-dialog' });
    };
    configureCatalogue({ alert, ...(navigate ? { navigate } : {}) });
    // an alert asked for before these providers were mounted (src/AppProviders.tsx)
    const pending = takePendingAlert();
    if (pending) alert(pending);
  }, [modal, navigate]);
  return null;
}

/** The widgets' WCAG AA tokens (readable secondary text, error red) with the portal's brand blue. */
const BRAND = '#1f5fbf';
const appTheme = {
  ...accessibleTheme,
  // hover darker than the brand, not antd's lighter derived #417dcc (4.2:1 on white: a hovered
  // default button's text failed axe color-contrast)
  token: { ...accessibleTheme.token, colorPrimary: BRAND, colorLink: BRAND, colorInfo: BRAND, colorPrimaryHover: '#1a4fa0', colorLinkHover: '#1a4fa0' },
};

/**
 * Below the tablet width the phone sizes (widgets/theme phoneTheme: 44 px controls, 16 px input
 * text) join the app's theme in this one provider: every antd part of a phone page, the frames'
 * content as well as dialogs and the QR sign-in, gets them. One provider, not a nested one for
 * the phone: antd derives a theme's tokens and writes its CSS variables once per provider, which
 * was a sixth of a form page's first render on a phone (issue 16).
 */
const phoneAppTheme = {
  ...appTheme,
  token: { ...appTheme.token, ...phoneTheme.token },
  components: phoneTheme.components,
};

export default function AntdProviders({ children, navigate }: { children: ReactNode; navigate?: (path: string) => void }) {
  const { i18n: inst } = useTranslation();
  const phone = usePhone();
  const locale: Locale = (LOCALES as readonly string[]).includes(inst.language) ? (inst.language as Locale) : 'zh-CN';
  // loaded with the language (applyLocale → ensureLocale) before i18next switches to it
  return (
    <ConfigProvider locale={antdLocaleOf(locale)} theme={phone ? phoneAppTheme : appTheme}>
      <AntApp>
        <CatalogueWiring navigate={navigate} />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
