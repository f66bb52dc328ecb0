// The pager of a list (issue 17, spec §9): on a phone antd's simple pager (‹ page / pages ›) with
// 44 px targets (list.css, VIEWPORT.touchTargetPx) and no size changer; from the tablet width up
// the full pager, 5 buttons below 992 px and 7 from there (PAGINATION). For antd's Pagination
// and a Table's `pagination` alike.
import { useEffect, useState } from 'react';
import type { PaginationProps } from 'antd';
import { PAGINATION } from '../../schemas/constants';
import { usePhone } from '../../widgets/shared/viewport';
import './list.css';

export const THUMB_PAGER_CLASS = 'fw-thumb-pager';
const NARROW_QUERY = `(max-width: ${PAGINATION.narrowBreakpointPx - 0.02}px)`;

/** Below 992 px wide: 5 pager buttons, otherwise 7 (spec §9). */
export function useNarrow(): boolean {
  const get = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;
  const [narrow, setNarrow] = useState(get);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const mq = window.matchMedia(NARROW_QUERY);
    const on = () => setNarrow(mq.matches);
    mq.addEventListener?.('change', on);
    return () => mq.removeEventListener?.('change', on);
  }, []);
  return narrow;
}

export type ThumbPagerProps = Pick<PaginationProps, 'simple' | 'showLessItems' | 'className' | 'showSizeChanger'>;

/** `phone`: usePhone(); `narrow`: below PAGINATION.narrowBreakpointPx (useNarrow) */
export function thumbPager(phone: boolean, narrow: boolean): ThumbPagerProps {
  return phone
    ? { simple: true, showLessItems: true, showSizeChanger: false, className: THUMB_PAGER_CLASS }
    : { showLessItems: narrow, className: THUMB_PAGER_CLASS };
}

/** the pager props for the current window; spread them last into a Pagination or a Table's pagination */
export function useThumbPager(): ThumbPagerProps {
  return thumbPager(usePhone(), useNarrow());
}
