// The title of a table's selection column ("select all") that stays out of antd's measure row.
// A table that scrolls (scroll.x, a fixed header, sticky) renders every column title a second
// time in a hidden row it measures widths with (`<tr aria-hidden="true">`); the select-all
// checkbox there is a focusable control inside aria-hidden content (axe: aria-hidden-focus,
// serious), reached by Tab with nothing visible. The title looks where it was mounted and renders
// nothing inside aria-hidden content (the selection column has a fixed width: nothing to
// measure). Found from the DOM rather than antd's internal measure-row context, whose module a
// bundler may load twice (es and lib).
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

function OutsideHidden({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [hidden, setHidden] = useState(false);
  useLayoutEffect(() => {
    if (ref.current?.closest('[aria-hidden="true"]')) setHidden(true);
  }, []);
  return hidden ? null : (
    <span ref={ref} style={{ display: 'contents' }}>
      {children}
    </span>
  );
}

/** `rowSelection.columnTitle`: antd's select-all checkbox, left out of the hidden measure row. */
export const selectionTitle = (checkbox: ReactNode): ReactNode => <OutsideHidden>{checkbox}</OutsideHidden>;
