// The language switch (spec §7 login/duoYuYan): zh-CN, en-US, zh-TW.
import { lazy, Suspense, useState } from 'react';
import { App as AntApp, Button } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../schemas/constants';
import { switchLanguage } from '../i18n/language';
import { ApiError } from '../api/client';
import { LOCALE_LABELS } from './languageLabels';
import { LazyDropdown } from '../layout/LazyDropdown';

export { LOCALE_LABELS };

// antd's Select loads with the frames' desktop parts (src/layout/FrameParts.tsx): a phone's header
// shows the globe button instead
const Select = lazy(() => import('../layout/FrameParts').then((m) => ({ default: m.Select })));

/** `iconOnly`: a globe button with a menu of the languages (a phone's header, issue 17). */
export function LanguageSelect({ size = 'middle', iconOnly = false }: { size?: 'small' | 'middle'; iconOnly?: boolean }) {
  const { t, i18n } = useTranslation('app');
  const { message } = AntApp.useApp();
  const [busy, setBusy] = useState(false);
  const choose = async (value: Locale) => {
    setBusy(true);
    try {
      await switchLanguage(value);
    } catch (e) {
      // spec §8: a failed language call shows the server's msg
      if (!(e instanceof ApiError && e.handled)) void message.error(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  if (iconOnly) {
    return (
      <LazyDropdown
        menu={{
          selectable: true,
          selectedKeys: [i18n.language],
          items: LOCALES.map((l) => ({ key: l, label: <span lang={l}>{LOCALE_LABELS[l]}</span> })),
          onClick: ({ key }) => void choose(key as Locale),
        }}
      >
        <Button type="text" data-testid="language-button" aria-label={t('frame.language')} icon={<GlobalOutlined />} loading={busy} />
      </LazyDropdown>
    );
  }
  return (
    <Suspense fallback={<span style={{ display: 'inline-block', width: 120 }} />}>
      <Select
        data-testid="language-select"
        aria-label={t('frame.language')}
        size={size}
        style={{ width: 120 }}
        value={i18n.language as Locale}
        loading={busy}
        options={LOCALES.map((l) => ({ value: l, label: LOCALE_LABELS[l] }))}
        onChange={(value) => void choose(value as Locale)}
      />
    </Suspense>
  );
}
