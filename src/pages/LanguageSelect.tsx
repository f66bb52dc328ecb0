// The language switch (spec §7 login/duoYuYan): zh-CN, en-US, zh-TW.
import { useState } from 'react';
import { App as AntApp, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../schemas/constants';
import { switchLanguage } from '../i18n/language';
import { ApiError } from '../api/client';
import { LOCALE_LABELS } from './languageLabels';

export { LOCALE_LABELS };

export function LanguageSelect({ size = 'middle' }: { size?: 'small' | 'middle' }) {
  const { t, i18n } = useTranslation('app');
  const { message } = AntApp.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Select<Locale>
      data-testid="language-select"
      aria-label={t('frame.language')}
      size={size}
      style={{ width: 120 }}
      value={i18n.language as Locale}
      loading={busy}
      options={LOCALES.map((l) => ({ value: l, label: LOCALE_LABELS[l] }))}
      onChange={async (value) => {
        setBusy(true);
        try {
          await switchLanguage(value);
        } catch (e) {
          // spec §8: a failed language call shows the server's msg
          if (!(e instanceof ApiError && e.handled)) void message.error(e instanceof Error ? e.message : String(e));
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}
