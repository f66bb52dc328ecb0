// The pager of a list on a phone (issue 17): antd's simple pager (‹ page / pages ›) with 44 px
// targets (list.css, VIEWPORT.touchTargetPx) and no size changer; from the tablet width up the
// full pager, 5 buttons below 992 px and 7 from there (spec §9, PAGINATION). For antd's
// Pagination and a Table's `pagination` alike.
import type { PaginationProps } from 'antd';
import './list.css';

export const THUMB_PAGER_CLASS = 'fw-thumb-pager';

/** `phone`: usePhone(); `narrow`: below PAGINATION.narrowBreakpointPx (useNarrow, or !screens.lg) */
export function thumbPager(phone: boolean, narrow: boolean): Pick<PaginationProps, 'simple' | 'showLessItems' | 'className' | 'showSizeChanger' | 'size'> {
  return phone
    ? { simple: true, showLessItems: true, showSizeChanger: false, className: THUMB_PAGER_CLASS }
    : { showLessItems: narrow, className: THUMB_PAGER_CLASS };
}
