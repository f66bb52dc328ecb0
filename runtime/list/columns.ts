// List columns and cell texts from a definition's list settings. One pure function formats a
// cell for the grid and for the Excel export alike: amounts with two decimals and thousands
// separators, dates as in spec §9 (yyyy-MM-dd HH:mm:ss generally), pickers by name, options
// by label, approval status by name.
import {
  APPROVAL_FIELDS,
  APPROVAL_STATUS,
  SYSTEM_FIELDS,
  TC,
  holdsValue,
  type FieldDefinition,
  type FormDefinition,
  type ListSettings,
  type Locale,
  type PickerValue,
} from '../../schemas';
import { formatAmount, formatDate, formatDateRange, formatDecimal, formatInteger, formatPicker } from '../../widgets/format';
import { columnsOf, localized, type FormRecord } from '../engine';

/** A list row (docs/api.md): a record plus its highlight flag. */
export type ListRow = FormRecord & { rowClick?: 0 | 1 | number };

export type ColumnKind = 'system' | 'approval' | 'field';
export interface ListColumn {
  key: string;
  label: string;
  width?: number;
  sortable: boolean;
  kind: ColumnKind;
  field?: FieldDefinition;
  /** right-aligned numbers */
  numeric: boolean;
}

const DATE_KEYS = new Set(['rowCreateDate', 'rowModDate', 'tiJiaoLiuChengTime', 'liuChengGuiDangTime']);
/** Row-level keys a list may show besides the system and approval fields (display names). */
const ROW_EXTRAS: Record<string, keyof typeof SYSTEM_FIELDS | null> = {
  rowCreateName: 'rowCreateId',
  rowCreateBuMenName: 'rowCreateBuMenId',
  formCode: null,
  definitionVersion: null,
};

/** The default columns when a definition has no list settings: number, title, creator, date. */
export function defaultListSettings(def: FormDefinition): ListSettings {
  const firstFields = def.fields.filter((f) => holdsValue(f.type) && f.type !== TC.SUB_FORM && !f.hidden).slice(0, 4);
  return {
    columns: [{ key: 'number' }, ...firstFields.map((f) => ({ key: f.key })), { key: 'rowCreateId' }, { key: 'rowCreateDate', sortable: true }],
  };
}

export function listColumns(def: FormDefinition, settings: ListSettings, locale: Locale): ListColumn[] {
  const byKey = new Map(def.fields.map((f) => [f.key, f]));
  return settings.columns.map((c) => {
    const field = byKey.get(c.key);
    const extra = c.key in ROW_EXTRAS;
    const kind: ColumnKind = c.key in SYSTEM_FIELDS || extra ? 'system' : c.key in APPROVAL_FIELDS ? 'approval' : 'field';
    const label = c.label
      ? localized(c.label, locale)
      : extra
        ? ROW_EXTRAS[c.key]
          ? SYSTEM_FIELDS[ROW_EXTRAS[c.key]!].name[locale]
          : c.key
        : kind === 'system'
          ? SYSTEM_FIELDS[c.key as keyof typeof SYSTEM_FIELDS].name[locale]
          : kind === 'approval'
            ? APPROVAL_FIELDS[c.key as keyof typeof APPROVAL_FIELDS].name[locale]
            : field
              ? localized(field.label, locale)
              : c.key;
    const numeric = kind === 'field' && !!field && (field.type === TC.DECIMAL || field.type === TC.INTEGER);
    return { key: c.key, label, width: c.width, sortable: c.sortable ?? kind !== 'field', kind, field, numeric };
  });
}

function optionLabel(field: FieldDefinition, v: unknown, locale: Locale): string {
  const o = field.options?.find((x) => x.value === v);
  return o ? localized(o.label, locale) : String(v);
}

/** The value of a column in a row: system/approval fields on the row, others in `data`. */
export function rawCell(row: ListRow, col: Pick<ListColumn, 'key' | 'kind'>): unknown {
  return col.kind === 'field' ? row.data?.[col.key] : row[col.key];
}

/** The display text of a field value. */
export function fieldText(field: FieldDefinition, v: unknown, locale: Locale): string {
  if (v === undefined || v === null || v === '') return '';
  switch (field.type) {
    case TC.DECIMAL:
      return field.money || (field.precision ?? 2) === 2 ? formatAmount(v as string) : formatDecimal(v as string, field.precision ?? 2);
    case TC.INTEGER:
      return formatInteger(v as number);
    case TC.DATE:
      if (Array.isArray(v)) return formatDateRange(v as string[], { withTime: field.withTime, locale });
      return String(v);
    case TC.SELECT:
    case TC.RADIO:
      return Array.isArray(v) ? v.map((x) => optionLabel(field, x, locale)).join('、') : optionLabel(field, v, locale);
    case TC.SUB_FORM:
      return Array.isArray(v) ? String(v.length) : '';
    case TC.ATTACHMENT:
    case TC.IMAGE:
      return Array.isArray(v) ? v.map((f) => (f as { name?: string }).name ?? '').join('、') : '';
    case TC.RICH_TEXT:
      return String(v)
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    case TC.MAP:
      return typeof v === 'object' ? ((v as { address?: string }).address ?? '') : String(v);
    default:
      if (typeof v === 'object') {
        if (Array.isArray(v) || 'name' in (v as object)) return formatPicker(v as PickerValue | PickerValue[], locale);
        return JSON.stringify(v);
      }
      return String(v);
  }
}

/** The display text of a cell. */
export function cellText(row: ListRow, col: ListColumn, locale: Locale): string {
  const v = rawCell(row, col);
  if (col.kind !== 'field') {
    if (col.key === 'rowCreateId') return String(row.rowCreateName ?? v ?? '');
    if (col.key === 'rowCreateBuMenId') return String(row.rowCreateBuMenName ?? v ?? '');
    if (col.key === 'rowModUser') return String((row.rowModUserName as string | undefined) ?? v ?? '');
    if (DATE_KEYS.has(col.key)) return formatDate(v as string, 'general');
    if (col.key === 'shenPiZhuangTai') {
      const s = Object.values(APPROVAL_STATUS).find((x) => x.code === v);
      return s ? s.name[locale] : String(v ?? '');
    }
    return v === undefined || v === null ? '' : String(v);
  }
  return col.field ? fieldText(col.field, v, locale) : v === undefined || v === null ? '' : String(v);
}

/** The filterable fields (for filter inputs): main fields and sub-form-less keys. */
export function filterField(def: FormDefinition, key: string): FieldDefinition | undefined {
  for (const f of def.fields) {
    if (f.key === key) return f;
    if (f.type === TC.SUB_FORM) for (const c of columnsOf(f)) if (`${f.key}.${c.key}` === key) return c;
  }
  return undefined;
}
