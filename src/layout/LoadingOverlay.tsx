// The loading overlay of spec §1: 数据加载中，请稍候 while a page loads or its data does.
import { useSyncExternalStore } from 'react';
import { Spin } from 'antd';
import { useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loadingTracker } from '../api/loadingTracker';

export function useRequestsInFlight(): number {
  return useSyncExternalStore(loadingTracker.subscribe, loadingTracker.count, loadingTracker.count);
}

/** The overlay itself, for any loading state. */
export function LoadingMask({ spinning = true }: { spinning?: boolean }) {
  const { t } = useTranslation('common');
  if (!spinning) return null;
  return (
    <div data-testid="loading-overlay" role="status" aria-live="polite">
      <Spin fullscreen spinning description={t('loading')} size="large" />
    </div>
  );
}

/** Follows the router's navigation and the API's requests in flight. */
export function LoadingOverlay() {
  const navigation = useNavigation();
  const inFlight = useRequestsInFlight();
  return <LoadingMask spinning={navigation.state === 'loading' || inFlight > 0} />;
}
