// The routes' texts: the login pages render with the first page's texts (zh-CN's first-page
// namespaces, or the chosen locale); every other route loads all of its language's texts
// (ensureAllTexts) together with its module, before it renders.
import type { RouteObject } from 'react-router';
import { ensureAllTexts } from './i18n';

/** Route paths that render with the first page's texts only (the login pages, maintenance). */
export const FIRST_PAGE_ROUTES: ReadonlySet<string> = new Set(['login', 'loginWx', 'dp/login', 'maintenance']);

/** The routes with every lazy route (but the first-page ones) awaiting its texts as well as its module. */
export function withTexts(routes: RouteObject[], ensure: () => Promise<void> = ensureAllTexts): RouteObject[] {
  return routes.map((route) => {
    const out = { ...route } as RouteObject;
    const lazy = route.lazy;
    if (typeof lazy === 'function' && !(route.path !== undefined && FIRST_PAGE_ROUTES.has(route.path)))
      out.lazy = async () => {
        const [module] = await Promise.all([lazy(), ensure()]);
        return module;
      };
    if (route.children) out.children = withTexts(route.children, ensure);
    return out;
  });
}
