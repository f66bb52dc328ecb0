// The router: React Router 7 data router in history mode. Every page under /web is loaded on
// demand; the root loader runs the login guard on every navigation (spec §4).
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { captureEmpSessionId, hasToken, isDealerSession } from '../session/session';
import { appStore, offWebAtom } from '../session/atoms';
import { RootErrorBoundary, RootHydrateFallback, RootLayout } from '../layout/RootLayout';
import { guardRedirect, loginRedirect, mainPageFor, shellRedirect } from './guard';
import { APP_ROUTES, BUDGET_POOL_ROUTES, ENGINE_ROUTES, FORM_BUILDER_ROUTES, FORM_SETTINGS_ROUTES, PROCESS_ROUTES } from './routeTable';
import { BUDGET_PAGES } from './budgetRoutes';
import { withTexts } from '../i18n/routeTexts';
import { engineEntryOf, routeEntryOf } from './routeTable';
import { prefetchDefinition } from '../pages/usePublishedDefinition';

export function rootLoader({ request }: LoaderFunctionArgs): null {
  const url = new URL(request.url);
  captureEmpSessionId(url.search);
  // ?offWeb=1: the page is embedded elsewhere and shows without the portal's frame
  if (url.searchParams.has('offWeb')) appStore.set(offWebAtom, url.searchParams.get('offWeb') === '1');
  const to = guardRedirect(url.pathname, url.search, hasToken()) ?? shellRedirect(url.pathname, hasToken(), isDealerSession());
  if (to) throw redirect(to);
  return null;
}

/** Welcome: with a session the main page, without one the login page. */
export function welcomeLoader({ request }: LoaderFunctionArgs): never {
  if (!hasToken()) throw redirect(loginRedirect(new URL(request.url).pathname));
  throw redirect(mainPageFor(isDealerSession()));
}

const rel = (p: string) => p.replace(/^\/web\//, '');

/**
 * A page that renders a published definition: its definition is asked for as soon as the address
 * is known, while the page's chunks load (the page takes that request, usePublishedDefinition).
 */
export function definitionPrefetchLoader({ request }: LoaderFunctionArgs): null {
  if (!hasToken()) return null;
  const url = new URL(request.url);
  prefetchDefinition(engineEntryOf(url.pathname, url.searchParams)?.entry.formCode ?? routeEntryOf(url.pathname)?.formCode);
  return null;
}
/** …only when the address names another form (not on every search change of the same page) */
const definitionPrefetchRevalidates = ({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }) =>
  currentUrl.pathname !== nextUrl.pathname || currentUrl.searchParams.get('code') !== nextUrl.searchParams.get('code');

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: RootLayout,
    HydrateFallback: RootHydrateFallback,
    ErrorBoundary: RootErrorBoundary,
    loader: rootLoader,
    shouldRevalidate: () => true,
    children: [
      { index: true, loader: () => redirect(APP_ROUTES.welcome) },
      { path: 'maintenance', lazy: async () => ({ Component: (await import('../pages/MaintenancePage')).MaintenancePage }) },
      {
        path: 'web',
        children: [
          { index: true, loader: () => redirect(APP_ROUTES.welcome) },
          { path: 'welcome', loader: welcomeLoader },
          { path: 'login', lazy: async () => ({ Component: (await import('../pages/LoginPage')).LoginPage }) },
          { path: 'loginWx', lazy: async () => ({ Component: (await import('../pages/LoginWxPage')).LoginWxPage }) },
          { path: 'dp/login', lazy: async () => ({ Component: (await import('../pages/DealerLoginPage')).DealerLoginPage }) },
          {
            path: 'dp',
            lazy: async () => ({ Component: (await import('../dealer/DealerFrame')).DealerFrame }),
            children: [
              { index: true, loader: () => redirect(APP_ROUTES.dealerHome) },
              { path: '*', lazy: async () => ({ Component: (await import('../dealer/DealerPage')).DealerPage }) },
            ],
          },
          { path: 'activitiesconfirmation/*', lazy: async () => ({ Component: (await import('../pages/ActivityConfirmationPage')).ActivityConfirmationPage }) },
          {
            lazy: async () => ({ Component: (await import('../layout/EmployeeFrame')).EmployeeFrame }),
            children: [
              { path: rel(APP_ROUTES.workbench), lazy: async () => ({ Component: (await import('../pages/WorkbenchPage')).WorkbenchPage }) },
              { path: rel(APP_ROUTES.personalCenter), lazy: async () => ({ Component: (await import('../pages/PersonalCenterPage')).PersonalCenterPage }) },
              {
                path: rel(APP_ROUTES.userInitPassword),
                lazy: async () => ({ Component: (await import('../pages/system/UserInitPasswordPage')).UserInitPasswordPage }),
              },
              { path: rel(APP_ROUTES.lookup), lazy: async () => ({ Component: (await import('../lookup/LookupPage')).LookupPage }) },
              { path: rel(FORM_BUILDER_ROUTES.list), lazy: async () => ({ Component: (await import('../pages/FormListRoutePage')).FormListRoutePage }) },
              ...Object.values(FORM_BUILDER_ROUTES)
                .filter((p) => p !== FORM_BUILDER_ROUTES.list)
                .map((p) => ({
                  path: rel(p),
                  lazy: async () => ({ Component: (await import('../pages/FormBuilderPage')).FormBuilderPage }),
                })),
              // the form-settings pages under shiShi/ and ziDingYi/: the designer of ?code= on a tab
              ...Object.keys(FORM_SETTINGS_ROUTES).map((p) => ({
                path: rel(p),
                lazy: async () => ({ Component: (await import('../pages/FormSettingsRoutePage')).FormSettingsRoutePage }),
              })),
              // the approval pages: the process designer (designer/process) and the approval screens (runtime/approval)
              {
                path: rel(PROCESS_ROUTES.settings),
                lazy: async () => ({ Component: (await import('../pages/process/ProcessRoutePages')).ProcessSettingsRoutePage }),
              },
              {
                path: rel(PROCESS_ROUTES.diagram),
                lazy: async () => ({ Component: (await import('../pages/process/ProcessRoutePages')).ProcessDiagramRoutePage }),
              },
              {
                path: rel(PROCESS_ROUTES.formProcess),
                lazy: async () => ({ Component: (await import('../pages/process/ProcessRoutePages')).FormProcessRoutePage }),
              },
              { path: rel(PROCESS_ROUTES.tasks), lazy: async () => ({ Component: (await import('../pages/approval/TaskCenterPage')).TaskCenterPage }) },
              { path: rel(PROCESS_ROUTES.monitor), lazy: async () => ({ Component: (await import('../pages/approval/MonitorPage')).MonitorPage }) },
              { path: rel(PROCESS_ROUTES.taskDelete), lazy: async () => ({ Component: (await import('../pages/approval/TaskDeletePage')).TaskDeletePage }) },
              { path: rel(PROCESS_ROUTES.callbackLog), lazy: async () => ({ Component: (await import('../pages/approval/CallbackLogPage')).CallbackLogPage }) },
              { path: rel(PROCESS_ROUTES.matrices), lazy: async () => ({ Component: (await import('../pages/approval/MatrixPage')).MatrixPage }) },
              {
                path: rel(PROCESS_ROUTES.batchWhitelist),
                lazy: async () => ({ Component: (await import('../pages/approval/whitelist/BatchWhitelistPage')).BatchWhitelistPage }),
              },
              {
                path: rel(PROCESS_ROUTES.summaryApproval),
                lazy: async () => ({ Component: (await import('../pages/approval/SummaryApprovalPage')).SummaryApprovalPage }),
              },
              { path: rel(BUDGET_POOL_ROUTES.pools), lazy: async () => ({ Component: (await import('../pages/budget/BudgetPoolsPage')).BudgetPoolsPage }) },
              {
                path: rel(BUDGET_POOL_ROUTES.poolSettings),
                lazy: async () => ({ Component: (await import('../pages/budget/BudgetPoolsPage')).BudgetPoolsPage }),
              },
              {
                path: rel(BUDGET_PAGES.proposalImport),
                lazy: async () => ({ Component: (await import('../pages/budget/ProposalImportPage')).ProposalImportPage }),
              },
              // the generic engine: any published form by ?code= (list, form, view)
              ...Object.values(ENGINE_ROUTES).map((p) => ({
                path: rel(p),
                loader: definitionPrefetchLoader,
                shouldRevalidate: definitionPrefetchRevalidates,
                lazy: async () => ({ Component: (await import('../pages/EnginePage')).EnginePage }),
              })),
              {
                path: '*',
                loader: definitionPrefetchLoader,
                shouldRevalidate: definitionPrefetchRevalidates,
                lazy: async () => ({ Component: (await import('../pages/GenericRoutePage')).GenericRoutePage }),
              },
            ],
          },
        ],
      },
      { path: '*', lazy: async () => ({ Component: (await import('../pages/NotFoundPage')).NotFoundPage }) },
    ],
  },
];

export function createAppRouter() {
  // a route's lazy module loads with its texts (src/i18n/routeTexts.ts): the login pages need the first page's only
  return createBrowserRouter(withTexts(routes));
}
