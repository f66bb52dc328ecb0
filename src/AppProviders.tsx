// Providers every page sits in: jotai store, i18next, antd (locale follows the language),
// and the wiring of the error catalogue to the router and antd's modal.
import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { Provider as JotaiProvider } from 'jotai';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../schemas/constants';
import { configureCatalogue } from './api/errorCatalogue';
import { appStore } from './session/atoms';
import { accessibleTheme } from '../widgets/theme';
import { i18n } from './i18n/i18n';
import { antdLocaleOf } from './i18n/antdLocales';

function CatalogueWiring({ navigate }: { navigate?: (path: string) => void }) {
  const { modal } = AntApp.useApp();
  useEffect(() => {
    configureCatalogue({
      alert: ({ title, content, okText, onOk }) => {
        modal.warning({ title, content, okText, onOk, keyboard: false, maskClosable: false, centered: true, className: 'session-expired-dialog' });
      },
      ...(navigate ? { navigate } : {}),
    });
  }, [modal, navigate]);
  return null;
}

/** The widgets' WCAG AA tokens (readable secondary text, error red) with the portal's brand blue. */
const BRAND = '#1f5fbf';
const appTheme = {
  ...accessibleTheme,
  token: { ...accessibleTheme.token, colorPrimary: BRAND, colorLink: BRAND, colorInfo: BRAND },
};

function LocalisedAntd({ children, navigate }: { children: ReactNode; navigate?: (path: string) => void }) {
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

export function AppProviders({ children, navigate }: { children: ReactNode; navigate?: (path: string) => void }) {
  return (
    <JotaiProvider store={appStore}>
      <I18nextProvider i18n={i18n}>
        <LocalisedAntd navigate={navigate}>{children}</LocalisedAntd>
      </I18nextProvider>
    </JotaiProvider>
  );
}
