// The frames' antd parts that a phone does not show at first paint (issue 16: Lighthouse on a
// phone): the side menu (in a drawer there, closed), the breadcrumbs, the language Select and the
// header's dropdown menus (src/layout/LazyDropdown.tsx). They
// load apart from the frame (one file: scripts/chunkPlan.ts): a desktop starts fetching them with
// the frame's module, a phone at the user's first press, key or focus (src/layout/firstIntent.ts).
import type { ReactNode, RefObject } from 'react';
import { Drawer } from 'antd';

export { Breadcrumb, Dropdown, Menu, Select } from 'antd';

/**
 * The navigation drawer of a frame below the tablet width (issue 17): from the left, 288 px, the
 * portal's name as its title; Esc closes it and the focus goes back to the button that opened it.
 */
export function MenuDrawer({
  open,
  title,
  onClose,
  returnFocus,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  returnFocus: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}) {
  return (
    <Drawer
      open={open}
      placement="left"
      size={288}
      title={title}
      className="frame-drawer"
      onClose={onClose}
      afterOpenChange={(o) => {
        if (!o) returnFocus.current?.focus();
      }}
    >
      {children}
    </Drawer>
  );
}
