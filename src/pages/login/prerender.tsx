// Build-time prerender of the sign-in pages (scripts/build-client.mjs): the employee and dealer
// login in zh-CN (the default language) as static HTML, put into the index.html the server sends
// for /web/login and /web/dp/login, so they paint with the HTML and login.css alone (issue 16:
// Lighthouse FCP / LCP). The browser's first render replaces this markup with the same page; until
// then the inputs are read-only and the buttons disabled (nothing can be typed that would be lost,
// no form submits without the script).
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../../i18n/i18n';
import { LoginPage } from '../LoginPage';
import { DealerLoginPage } from '../DealerLoginPage';
import { Prerendering } from './prerendering';

export interface PrerenderedPage {
  /** the path the server answers with this page */
  path: string;
  /** the document title */
  title: string;
  /** the markup of #root */
  html: string;
}

function render(path: string, page: React.ReactNode): string {
  return renderToString(
    <Prerendering.Provider value={true}>
      <I18nextProvider i18n={i18n}>
        <div data-testid="app-root" className="app-root">
          <StaticRouter location={path}>{page}</StaticRouter>
        </div>
      </I18nextProvider>
    </Prerendering.Provider>,
  );
}

export async function prerenderLoginPages(): Promise<PrerenderedPage[]> {
  await i18n.changeLanguage('zh-CN');
  return [
    { path: '/web/login', title: i18n.t('app:title.employee'), html: render('/web/login', <LoginPage />) },
    { path: '/web/dp/login', title: i18n.t('app:title.dealer'), html: render('/web/dp/login', <DealerLoginPage />) },
  ];
}
