// The menu (docs/api.md "Menu"): the signed-in user's menu tree from the role grants.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { LocalizedText } from '../definition';
import { endpoint, PREFIX } from './contract';

/** One menu entry; `name` is text per locale (or plain text). The server sends every field; a leaf's `children` is empty. */
export interface MenuNode {
  id: string;
  name: LocalizedText | string;
  path?: string | null;
  icon?: string | null;
  children?: MenuNode[];
}

const node = (children: TSchema) =>
  Type.Object({
    id: Type.String(),
    name: Type.Unknown({ description: 'text per locale' }),
    path: Type.Union([Type.String(), Type.Null()]),
    icon: Type.Union([Type.String(), Type.Null()]),
    children,
  });
/** A tree of MenuNode (documented two levels deep, typed as the whole tree). */
export const MenuTree = Type.Unsafe<MenuNode[]>(Type.Array(node(Type.Array(node(Type.Array(Type.Object({}, { additionalProperties: true })))))));
export type MenuTree = Static<typeof MenuTree>;

export const menu = {
  tree: endpoint({
    method: 'GET',
    path: `${PREFIX}/system/menu.action`,
    tag: 'menu',
    summary: "The signed-in user's menu tree",
    data: MenuTree,
    errors: [401],
  }),
} as const;
