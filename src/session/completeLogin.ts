// What every successful login does: keep the session values, set the shared state, take the
// user's language, fetch the administrators' texts.
import { localeOfLanguageType } from '../../schemas/constants';
import type { SessionAnswer } from '../api/services';
import { applyLocale, storeLanguageType } from '../i18n/i18n';
import { loadServerKeys } from '../i18n/language';
import { syncSessionAtoms } from './atoms';
import { saveSession } from './session';

export async function completeLogin(answer: SessionAnswer): Promise<void> {
  saveSession(answer);
  syncSessionAtoms();
  if (answer.duoYuYanType !== undefined && answer.duoYuYanType !== null && String(answer.duoYuYanType) !== '') {
    const type = Number(answer.duoYuYanType);
    storeLanguageType(type);
    await applyLocale(localeOfLanguageType(type));
  }
  const locale = localeOfLanguageType(answer.duoYuYanType ?? undefined);
  // The bundled texts stay when the server's cannot be read.
  await loadServerKeys(locale).catch(() => 0);
}
