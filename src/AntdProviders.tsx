// antd's providers (split from src/AppProviders.tsx, issue 16): ConfigProvider (theme, locale
// following the language) and App (modal, message), with the error catalogue's alert wired to
// antd's themed modal. Its own module: the sign-in pages paint and run without antd, this loads
// once a page that uses antd shows (src/AppProviders.tsx AntdGate) or around the QR sign-in.
import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../schemas/constants';
import { configureCatalogue, type AlertOptions } from './api/errorCatalogue';
import { accessibleTheme } from '../widgets/theme';
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

export default function AntdProviders({ children, navigate }: { children: ReactNode; navigate?: (path: string) => void }) {
  const { i18n: inst } = useTranslation();
  const locale: Locale = (LOCALES as readonly string[]).includes(inst.language) ? (inst.language as Locale) : 'zh-CN';
  // loaded with the language (applyLocale → ensureLocale) before i18next switches to it
  return (
    <ConfigProvider locale={antdLocaleOf(locale)} theme={appTheme}>
      <AntApp>
        <CatalogueWiring navigate={navigate} />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
