// Public types of the runtime engine.
import type { FieldDefinition, FormDefinition, FormMode, Locale } from '../../schemas';

/** The signed-in user as the form sees them (from the session values of spec §3). */
export interface SessionUser {
  id: string;
  name?: string | null;
  departmentId?: string | null;
  departmentName?: string | null;
  mobile?: string | null;
  /** comma list or array of handover people (jiaoJieRenIds) */
  handoverIds?: string | string[] | null;
  isAdmin?: boolean;
}

/** The approval node the current user acts on (mode 3 and 4). */
export interface ApprovalNodeRef {
  id: string;
  name?: string;
}

/** One entry of a record's approval history (mode 3/4 show it). */
export interface ApprovalHistoryEntry {
  nodeName?: string;
  approver?: string;
  action?: string;
  comment?: string;
  at?: string;
}

/** A record as the API returns it (docs/api.md "A record"). */
export interface FormRecord {
  id?: string;
  number?: string | null;
  title?: string | null;
  isYouXiao?: string | number | null;
  rowCreateId?: string | null;
  rowCreateBuMenId?: string | null;
  rowCreateDate?: string | null;
  rowModUser?: string | null;
  rowModDate?: string | null;
  rowCreateName?: string | null;
  rowCreateBuMenName?: string | null;
  stateName?: string | null;
  shenPiZhuangTai?: string | null;
  shenPiRen?: string | null;
  shiYongJueSeId?: string | null;
  tiJiaoLiuChengTime?: string | null;
  liuChengGuiDangTime?: string | null;
  shenPiCallBackFailure?: string | null;
  liuChengId?: string | null;
  formCode?: string;
  definitionVersion?: number;
  version?: number;
  data?: Record<string, unknown>;
  /** mode 4: why the record was returned, and its approval history (when the API gives them) */
  returnReason?: string | null;
  history?: ApprovalHistoryEntry[];
  [extra: string]: unknown;
}

/** What the engine knows about one field (or one sub-form column). */
export interface FieldState {
  /** `key`, or `subForm.column` for a column */
  path: string;
  visible: boolean;
  editable: boolean;
  required: boolean;
  /** true for the targets of formulas: computed, never typed */
  computed: boolean;
}

/** A system or approval field in the form's header, already formatted for display. */
export interface HeaderField {
  key: string;
  group: 'system' | 'approval';
  label: string;
  /** display text */
  text: string;
}

export interface FormModelOptions {
  definition: FormDefinition;
  mode: FormMode;
  user: SessionUser;
  node?: ApprovalNodeRef | null;
  record?: FormRecord | null;
  locale?: Locale;
  /** "now" for mode 0's creation date (tests pin it) */
  now?: () => Date;
}

export interface FieldError {
  /** record path: `amount`, `detail.2.qty` */
  path: string;
  message: string;
  code?: string;
}

export type ChangeListener = (changed: ReadonlySet<string>) => void;

export type { FieldDefinition };
