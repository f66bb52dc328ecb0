// The system and approval fields of a record, placed in the form's header and formatted:
// the document number reads 自动生成 until the record is saved; applicant, department and
// creation date come from the session in mode 0 and from the record otherwise; the approval
// node, status and approver are read-only text.
import dayjs from 'dayjs';
import { APPROVAL_FIELDS, APPROVAL_STATUS, DATE_FORMATS, DISPLAY_TEXT, FORM_MODES, SYSTEM_FIELDS, type Locale } from '../../schemas';
import type { FormModel } from './formModel';
import type { ApprovalHistoryEntry, HeaderField } from './types';

const dateText = (v: string | Date | null | undefined, format: string = DATE_FORMATS.form): string => {
  if (!v) return '';
  const d = dayjs(v);
  return d.isValid() ? d.format(format) : String(v);
};

function statusName(code: string | null | undefined, locale: Locale): string {
  if (!code) return '';
  const s = Object.values(APPROVAL_STATUS).find((x) => x.code === code);
  return s ? s.name[locale] : code;
}

/** The header fields of the model, formatted for display. */
export function headerFields(model: FormModel, now: Date = new Date()): HeaderField[] {
  const { record, user, mode, locale, node } = model;
  const adding = mode === FORM_MODES.ADD || !record;
  const sys = (key: keyof typeof SYSTEM_FIELDS, text: string): HeaderField => ({ key, group: 'system', label: SYSTEM_FIELDS[key].name[locale], text });
  const out: HeaderField[] = [
    sys('number', record?.number || DISPLAY_TEXT.emptyNumber),
    sys('rowCreateId', adding ? user.name || DISPLAY_TEXT.unknownUser : record?.rowCreateName || record?.rowCreateId || ''),
    sys('rowCreateBuMenId', adding ? user.departmentName || '' : record?.rowCreateBuMenName || record?.rowCreateBuMenId || ''),
    sys('rowCreateDate', adding ? dateText(now) : dateText(record?.rowCreateDate)),
  ];
  const inProcess = !!record && (mode === FORM_MODES.APPROVE || mode === FORM_MODES.MODIFY_ON_RETURN || !!record.liuChengId || !!record.shenPiZhuangTai);
  if (inProcess) {
    const appr = (key: keyof typeof APPROVAL_FIELDS, text: string): HeaderField => ({ key, group: 'approval', label: APPROVAL_FIELDS[key].name[locale], text });
    out.push(
      appr('stateName', (mode === FORM_MODES.APPROVE && node?.name) || record?.stateName || ''),
      appr('shenPiZhuangTai', statusName(record?.shenPiZhuangTai, locale)),
      appr('shenPiRen', record?.shenPiRen || ''),
    );
  }
  return out;
}

/**
 * A saved application must have its document number before it can be viewed (spec §5): true
 * when a saved record without a number is opened in a mode other than add.
 */
export function isMissingDocumentNumber(model: FormModel): boolean {
  return model.mode !== FORM_MODES.ADD && !!model.record?.id && !model.record.number;
}

/** Mode 4: why the record came back, and its history (empty when the API gave none). */
export function returnInfo(model: FormModel): { reason: string; history: ApprovalHistoryEntry[] } | null {
  if (model.mode !== FORM_MODES.MODIFY_ON_RETURN) return null;
  return { reason: model.record?.returnReason ?? '', history: model.record?.history ?? [] };
}
