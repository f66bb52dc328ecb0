// GET {prefix}/system/menu.action: the signed-in user's menu tree from the role grants.
import { and, eq, inArray } from 'drizzle-orm';
import { endpoints, pathOf, routeSchema } from '../../../schemas/api';
import type { LocalizedText } from '../../../schemas';
import type { AppContext, SessionUser, TypedApp } from '../../context';
import { menus, roleMenus, userRoles } from '../../db/schema';
import { ok } from '../../lib/errors';

/** A menu entry as built here: every field present (the contract's MenuNode, schemas/api/menu.ts). */
export interface MenuNode {
  id: string;
  name: LocalizedText | string;
  path: string | null;
  icon: string | null;
  children: MenuNode[];
}

export async function menuTree(ctx: AppContext, me: SessionUser): Promise<MenuNode[]> {
  const portal = me.kind === 'dealer' ? 'dp' : 'emp';
  const all = await ctx.db.select().from(menus).where(eq(menus.portal, portal));
  let allowed: Set<string>;
  if (me.isAdmin && me.kind === 'employee') {
    allowed = new Set(all.map((m) => m.id));
  } else {
    const granted = await ctx.db
      .selectDistinct({ id: roleMenus.menuId })
      .from(roleMenus)
      .innerJoin(userRoles, eq(userRoles.roleId, roleMenus.roleId))
      .where(and(eq(userRoles.userId, me.userId), inArray(roleMenus.menuId, all.map((m) => m.id).length ? all.map((m) => m.id) : ['-'])));
    allowed = new Set(granted.map((g) => g.id));
    // a granted entry brings its ancestors
    const byId = new Map(all.map((m) => [m.id, m]));
    for (const id of [...allowed]) {
      let p = byId.get(id)?.parentId;
      while (p && !allowed.has(p)) {
        allowed.add(p);
        p = byId.get(p)?.parentId;
      }
    }
  }
  const nodes = new Map<string, MenuNode & { sort: number; parentId: string | null }>();
  // the name column is jsonb text per locale
  for (const m of all)
    if (allowed.has(m.id))
      nodes.set(m.id, { id: m.id, name: m.name as LocalizedText, path: m.path, icon: m.icon, children: [], sort: m.sort, parentId: m.parentId });
  const roots: (MenuNode & { sort: number })[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId ? nodes.get(n.parentId) : undefined;
    if (parent) parent.children.push(n);
    else if (!n.parentId) roots.push(n);
  }
  const clean = (list: (MenuNode & { sort?: number; parentId?: string | null })[]): MenuNode[] =>
    [...list].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0)).map((n) => ({ id: n.id, name: n.name, path: n.path, icon: n.icon, children: clean(n.children) }));
  return clean(roots);
}

export function menuRoutes(app: TypedApp, ctx: AppContext) {
  const E = endpoints.menu.tree;
  app.get(pathOf(E, ctx.config.apiPrefix), { config: { policy: 'any' }, schema: routeSchema(E) }, async (req) => ok(await menuTree(ctx, req.auth!)));
}
