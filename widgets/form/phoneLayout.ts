// Class names of the phone layout (issue 17). The rules are in phone.css, inside the one phone
// media query (VIEWPORT.tabletMinPx, see widgets/shared/viewport.ts): the classes are on every
// width and only the stylesheet decides, so turning a phone re-renders nothing.
import './phone.css';

/** the form's 24-column grid; below the tablet width one column, every field the full row */
export const FORM_GRID_CLASS = 'fw-form-grid';
/** a popup (select, picker, date) that is a full-width sheet on a phone */
export const PHONE_SHEET_CLASS = 'fw-phone-sheet';
/** a date range's popup: one month at a time on a phone, with both arrows */
export const PHONE_RANGE_CLASS = 'fw-phone-range';

/** `classNames` of an antd Select, TreeSelect or DatePicker whose popup is a sheet on a phone */
export const SHEET_CLASSNAMES: { popup: { root: string } } = { popup: { root: PHONE_SHEET_CLASS } };
/** `classNames` of an antd RangePicker: a sheet with one month at a time on a phone */
export const RANGE_SHEET_CLASSNAMES: { popup: { root: string } } = { popup: { root: `${PHONE_SHEET_CLASS} ${PHONE_RANGE_CLASS}` } };
