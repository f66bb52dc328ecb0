// The menu tree of `GET {prefix}/system/menu.action` → antd items, titles and breadcrumbs.
import type { MenuProps } from 'antd';
import type { Locale } from '../../schemas/constants';
import type { LocalizedText } from '../../schemas/definition';
import type { MenuNode } from '../api/services';
import { APP_ROUTES } from '../routes/routeTable';

export function localText(text: LocalizedText | string | null | undefined, locale: Locale): string {
  if (!text) return '';
  if (typeof text === 'string') return text;
  return text[locale] || text['zh-CN'];
}

/** The chain of menu nodes from the root to the node whose path is `pathname`. */
export function menuTrail(nodes: readonly MenuNode[], pathname: string): MenuNode[] {
  for (const n of nodes) {
    if (n.path && n.path === pathname) return [n];
    const sub = menuTrail(n.children ?? [], pathname);
    if (sub.length) return [n, ...sub];
  }
  return [];
}

export type MenuItem = NonNullable<MenuProps['items']>[number];

export function toMenuItems(nodes: readonly MenuNode[], locale: Locale): MenuItem[] {
  return nodes.map((n): MenuItem => {
    const key = n.path || `menu-${n.id}`;
    const label = localText(n.name, locale);
    return n.children?.length ? { key, label, children: toMenuItems(n.children, locale) } : { key, label };
  });
}

/** Keys of the submenus to open for a path. */
export function openKeysFor(nodes: readonly MenuNode[], pathname: string): string[] {
  return menuTrail(nodes, pathname)
    .slice(0, -1)
    .map((n) => n.path || `menu-${n.id}`);
}

/** Pages every signed-in employee may open, whatever the menu grants. */
const ALWAYS_OPEN: readonly string[] = [APP_ROUTES.workbench, APP_ROUTES.personalCenter, APP_ROUTES.lookup];

/** Every path of a menu tree. */
export function menuPaths(nodes: readonly MenuNode[]): Set<string> {
  const out = new Set<string>();
  const walk = (list: readonly MenuNode[]) => {
    for (const n of list) {
      if (n.path) out.add(n.path);
      walk(n.children ?? []);
    }
  };
  walk(nodes);
  return out;
}

/**
 * Whether a link (a shortcut, a quick link) may be offered: its page is in the user's menu (the
 * server builds it from the role grants), or every user has it. `menu` null: not loaded yet.
 */
export function mayOpen(path: string, menu: readonly MenuNode[] | null): boolean {
  const p = path.split('?')[0];
  if (ALWAYS_OPEN.includes(p)) return true;
  return !!menu && menuPaths(menu).has(p);
}
