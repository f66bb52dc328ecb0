// The list's 作废 of one row: a plain record/void, or — for a form that keeps a void reason
// (`zuoFeiYuanYin`: prepayments and repayments) — a dialog that asks for the reason first and
// voids through the expense module's route, which keeps it on the record. Answers whether the row
// was voided (false: the user cancelled the dialog).
import { Input } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';
import type { TFunction } from 'i18next';
import type { FormDefinition } from '../../schemas/definition';
import { endpoints } from '../api/paths';
import type { ListRow } from '../../runtime/list/columns';
import { api } from '../api/client';
import { endpointUrl } from '../api/call';

export const VOID_REASON_KEY = 'zuoFeiYuanYin';

/** Whether the form keeps a reason with a void (asked for before voiding). */
export const keepsVoidReason = (definition: FormDefinition) => definition.fields.some((f) => f.key === VOID_REASON_KEY);

function askReason(modal: HookAPI, t: TFunction): Promise<string | null> {
  let reason = '';
  return new Promise((resolve) => {
    void modal.confirm({
      title: t('generic.voidReasonTitle'),
      content: (
        <Input.TextArea
          autoFocus
          rows={3}
          maxLength={500}
          aria-label={t('generic.voidReason')}
          placeholder={t('generic.voidReason')}
          data-testid="void-reason"
          onChange={(e) => (reason = e.target.value)}
        />
      ),
      okText: t('generic.voidOk'),
      okButtonProps: { danger: true },
      onOk: () => {
        if (!reason.trim()) return Promise.reject(new Error(t('generic.voidReasonRequired')));
        resolve(reason.trim());
        return undefined;
      },
      onCancel: () => resolve(null),
    });
  });
}

export async function voidRow(modal: HookAPI, t: TFunction, definition: FormDefinition, row: ListRow): Promise<boolean> {
  if (keepsVoidReason(definition)) {
    const reason = await askReason(modal, t);
    if (reason === null) return false;
    await api.post(endpointUrl(endpoints.expense.prepaymentVoid), { formCode: definition.code, id: row.id, version: row.version, reason });
    return true;
  }
  await api.post(endpointUrl(endpoints.records.void), { formCode: definition.code, id: row.id, version: row.version });
  return true;
}
