// The routes' texts: the login pages render with the first page's texts (zh-CN's first-page
// namespaces, or the chosen locale); every other route loads all of its language's texts
// (ensureAllTexts) with its module (one small request, once, fetched beside the module's), so it
// renders with them.
import type { RouteObject } from 'react-router';
import { ensureAllTexts } from './i18n';

/** Route paths that render with the first page's texts only (the login pages, maintenance). */
export const FIRST_PAGE_ROUTES: ReadonlySet<string> = new Set(['login', 'loginWx', 'dp/login', 'maintenance']);

/** The routes with every lazy route (but the first-page ones) loading its texts before its module. */
export function withTexts(routes: RouteObject[], ensure: () => Promise<void> = ensureAllTexts): RouteObject[] {
  return routes.map((route) => {
    const out = { ...route } as RouteObject;
    const lazy = route.lazy;
    if (typeof lazy === 'function' && !(route.path !== undefined && FIRST_PAGE_ROUTES.has(route.path)))
      out.lazy = async () => {
        // both at once (one after the other was a round trip more before the first paint: issue 16);
        // the route renders once both are in, and no module translates as it is evaluated (texts
        // are read in render: the widgets', runtime's and designer's useXxxT hooks)
        const [, mod] = await Promise.all([ensure(), lazy()]);
        return mod;
      };
    if (route.children) out.children = withTexts(route.children, ensure);
    return out;
  });
}
