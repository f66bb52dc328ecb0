// /maintenance (spec §8: errorCode -999999 lands here).
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { services } from '../api/services';
import { APP_ROUTES } from '../routes/routeTable';
// outside the frames: the phone rules (issue 17) come with the page
import '../layout/phone.css';

export function MaintenancePage() {
  const { t } = useTranslation('app');
  return (
    <Result
      data-testid="maintenance-page"
      status="warning"
      title={t('maintenance.title')}
      subTitle={t('maintenance.text')}
      extra={
        <Button
          type="primary"
          onClick={async () => {
            // the status route answers even in maintenance; leave only when it is over
            const s = await services.maintenanceStatus().catch(() => ({ enabled: true }));
            if (!s.enabled) window.location.assign(APP_ROUTES.welcome);
          }}
        >
          {t('maintenance.retry')}
        </Button>
      }
    />
  );
}
