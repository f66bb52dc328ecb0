// A click-to-open menu on a button whose antd Dropdown loads apart (issue 16: Lighthouse on a
// phone). antd's Dropdown brings its Menu and the popup code along (@rc-component/menu, trigger,
// overflow, tooltip: a third of the frames' antd), and a header's menus are not needed for the
// first paint: the button shows at once and the Dropdown comes with the frames' later parts
// (src/layout/FrameParts.tsx): on a desktop at once (its frame fetches them with its own module),
// on a phone at the user's first press, key or focus. A press before it is in opens the menu once
// it is; a button that had the focus keeps it when the Dropdown takes its place.
import { cloneElement, lazy, Suspense, useEffect, useRef, useState, type ReactElement, type Ref } from 'react';
import type { DropdownProps } from 'antd';
import { isPhone } from '../../widgets/shared/viewport';
import { onFirstIntent } from './firstIntent';

const Dropdown = lazy(() => import('./FrameParts').then((m) => ({ default: m.Dropdown })));

interface TriggerProps {
  onClick?: () => void;
  onFocus?: () => void;
  onBlur?: () => void;
  ref?: Ref<HTMLElement>;
}

export function LazyDropdown({ menu, children }: { menu: NonNullable<DropdownProps['menu']>; children: ReactElement<TriggerProps> }) {
  const [open, setOpen] = useState(false);
  // the Dropdown is rendered (and so fetched): see above
  const [armed, setArmed] = useState(() => !isPhone());
  useEffect(() => (armed ? undefined : onFirstIntent(() => setArmed(true))), [armed]);
  const focused = useRef(false);
  const stand = cloneElement(children, {
    onClick: () => {
      setArmed(true);
      setOpen(true);
    },
    onFocus: () => {
      focused.current = true;
    },
    onBlur: () => {
      focused.current = false;
    },
  });
  const trigger = cloneElement(children, {
    ref: (el: HTMLElement | null) => {
      if (el && focused.current) {
        focused.current = false;
        el.focus();
      }
    },
  });
  if (!armed) return stand;
  return (
    <Suspense fallback={stand}>
      <Dropdown trigger={['click']} menu={menu} open={open} onOpenChange={setOpen}>
        {trigger}
      </Dropdown>
    </Suspense>
  );
}
