// The language switch of the login pages: a native <select> (no antd on the first page, issue 16;
// the frames keep antd's Select, src/pages/LanguageSelect.tsx). A failed switch shows its message
// beside it (spec §8).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../schemas/constants';
import { switchLanguage } from '../i18n/language';
import { ApiError } from '../api/client';
import { LOCALE_LABELS } from './languageLabels';
import { usePrerendering } from './login/prerendering';

export function LanguageSelect() {
  const { t, i18n } = useTranslation('app');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const prerendering = usePrerendering();
  const value = (LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : 'zh-CN';
  return (
    <>
      {error && (
        <span className="login-lang-error" role="alert">
          {error}
        </span>
      )}
      <select
        data-testid="login-language"
        aria-label={t('frame.language')}
        value={value}
        aria-busy={busy}
        disabled={prerendering || undefined}
        onChange={async (e) => {
          setBusy(true);
          setError(null);
          try {
            await switchLanguage(e.target.value as Locale);
          } catch (err) {
            if (!(err instanceof ApiError && err.handled)) setError(err instanceof Error ? err.message : String(err));
          } finally {
            setBusy(false);
          }
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_LABELS[l]}
          </option>
        ))}
      </select>
    </>
  );
}
