// /web/activitiesconfirmation and /info: opened from a link without signing in (spec §4).
// Activity confirmation has no definition yet; the page says so.
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NotConfiguredPage } from './NotConfiguredPage';

export function ActivityConfirmationPage() {
  const { t } = useTranslation('app');
  return (
    <div data-testid="activity-confirmation" style={{ padding: 24 }}>
      <Typography.Title level={3}>{t('activity.title')}</Typography.Title>
      <NotConfiguredPage formCode="huoDongQueRen" />
    </div>
  );
}
