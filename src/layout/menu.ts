// The menu tree of `GET {prefix}/system/menu.action` → antd items, titles and breadcrumbs.
import type { MenuProps } from 'antd';
import type { Locale } from '../../schemas/constants';
import type { LocalizedText } from '../../schemas/definition';
import type { MenuNode } from '../api/services';

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
