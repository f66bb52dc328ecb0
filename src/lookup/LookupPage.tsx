// /web/emp/feiYong/shenQing/shenQingDanChaKan?number=…&type=…: runs the lookup flow and opens
// the page it finds, or says why it cannot.
import { useEffect, useState } from 'react';
import { App as AntApp, Button, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSetAtom } from 'jotai';
import { services } from '../api/services';
import { OrderNumberAtom } from '../session/atoms';
import { APP_ROUTES } from '../routes/routeTable';
import { parseLookupType, resolveApplication } from './openApplication';

export function LookupPage() {
  const { t } = useTranslation('app');
  const { message } = AntApp.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const number = params.get('number');
  const type = parseLookupType(params.get('type'));
  const [error, setError] = useState<string | null>(null);
  const setOrderNumber = useSetAtom(OrderNumberAtom);

  useEffect(() => {
    let live = true;
    setError(null);
    setOrderNumber(number);
    void resolveApplication(number, type, services.applicationType, t).then((r) => {
      if (!live) return;
      if (r.ok) navigate(r.path, { replace: true });
      else if (r.message) {
        setError(r.message);
        void message.error(r.message);
      }
    });
    return () => {
      live = false;
    };
  }, [number, type, navigate, t, message, setOrderNumber]);

  if (!error) return null;
  return (
    <Result
      status="warning"
      title={<span data-testid="lookup-message">{error}</span>}
      extra={<Button onClick={() => navigate(APP_ROUTES.workbench)}>{t('notConfigured.home')}</Button>}
    />
  );
}
