// Language switch and the server's language keys (spec §7, §8).
import { languageTypeOfLocale, type Locale } from '../../schemas/constants';
import { endpoints } from '../api/paths';
import { call } from '../api/call';
import { hasToken } from '../session/session';
import { applyLocale, overlayServerKeys, storeLanguageType } from './i18n';

/** Fetch the administrators' texts for a locale and overlay them. Throws ApiError (its msg is shown, spec §8). */
export async function loadServerKeys(locale: Locale): Promise<number> {
  // the texts that differ from the bundled ones (the rest would overlay themselves)
  const bundles = await call(endpoints.languages.keys, { duoYuYanType: languageTypeOfLocale(locale), changed: true }, { silent: true });
  return overlayServerKeys(locale, bundles ?? {});
}

/**
 * Switch the language: signed in, the choice is saved on the server (login/duoYuYan); it is
 * always kept in this browser; then the UI, dayjs and antd follow.
 */
export async function switchLanguage(locale: Locale): Promise<void> {
  const type = languageTypeOfLocale(locale);
  if (hasToken()) await call(endpoints.languages.switch, { update: 1, duoYuYanType: type });
  storeLanguageType(type);
  try {
    sessionStorage.setItem('duoYuYanType', String(type));
  } catch {
    /* no session storage */
  }
  await applyLocale(locale);
  await loadServerKeys(locale);
}
