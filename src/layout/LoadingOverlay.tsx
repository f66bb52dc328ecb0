// The loading overlay of spec §1: 数据加载中，请稍候 while a page loads or its data does.
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loadingTracker } from '../api/loadingTracker';

// antd's Spin loads on the first wait, not with the sign-in page (the text shows meanwhile)
const Spin = lazy(() => import('antd/es/spin'));

export function useRequestsInFlight(): number {
  return useSyncExternalStore(loadingTracker.subscribe, loadingTracker.count, loadingTracker.count);
}

/** The overlay itself, for any loading state. */
export function LoadingMask({ spinning = true }: { spinning?: boolean }) {
  const { t } = useTranslation('common');
  if (!spinning) return null;
  return (
    <div data-testid="loading-overlay" role="status" aria-live="polite">
      {/* until antd's Spin is in, the text alone, fixed like the Spin's mask: nothing below it moves */}
      <Suspense fallback={<span className="fw-loading-text">{t('loading')}</span>}>
        <Spin fullscreen spinning description={t('loading')} size="large" />
      </Suspense>
    </div>
  );
}

/** Follows the router's navigation and the API's requests in flight. */
export function LoadingOverlay() {
  const navigation = useNavigation();
  const inFlight = useRequestsInFlight();
  return <LoadingMask spinning={navigation.state === 'loading' || inFlight > 0} />;
}
