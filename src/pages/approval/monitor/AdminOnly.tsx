// Administrators' pages: anyone else sees why they cannot use the page (the server refuses
// them too, 403).
import type { ReactNode } from 'react';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isAdministrator } from '../../../session/session';

export function AdminOnly({ children, allowed = isAdministrator() }: { children: ReactNode; allowed?: boolean }) {
  const { t } = useTranslation('approval');
  if (!allowed) return <Result status="403" title={t('monitor.adminOnly')} subTitle={t('monitor.adminOnlyHint')} data-testid="admin-only" />;
  return <>{children}</>;
}
