// The language switch of the login pages, loaded after the page shows: antd's Select (with its
// virtual list and dropdown) is the largest piece of the sign-in form and not needed to sign in
// (issue 16 bundle budget). The current language stands in at the same size meanwhile.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../schemas/constants';
import { LOCALE_LABELS } from './languageLabels';

const Select = lazy(() => import('./LanguageSelect').then((m) => ({ default: m.LanguageSelect })));

export function LanguageSelect({ size = 'middle' }: { size?: 'small' | 'middle' }) {
  return (
    <Suspense fallback={<StandIn size={size} />}>
      <Select size={size} />
    </Suspense>
  );
}

function StandIn({ size }: { size: 'small' | 'middle' }) {
  const { t, i18n } = useTranslation('app');
  return (
    <span
      aria-label={t('frame.language')}
      aria-busy="true"
      style={{
        display: 'inline-block',
        width: 120,
        height: size === 'small' ? 24 : 32,
        lineHeight: size === 'small' ? '22px' : '30px',
        padding: '0 7px',
        border: '1px solid #d9d9d9',
        borderRadius: 6,
        boxSizing: 'border-box',
        fontSize: 14,
      }}
    >
      {LOCALE_LABELS[i18n.language as Locale] ?? LOCALE_LABELS['zh-CN']}
    </span>
  );
}
