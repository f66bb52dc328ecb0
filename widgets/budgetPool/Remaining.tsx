import Decimal from 'decimal.js';
import type { Locale } from '../../schemas';
import type { WidgetServices } from '../types';
import { useRemaining } from '../shared/useRemaining';
import { useWidgetT } from '../i18n';
import { formatAmount } from '../format';

/** "Remaining: 1,285,000.00" under a budget pool; red when the pool is exhausted. */
export function Remaining({ poolId, services, locale, id }: { poolId: string | undefined; services: WidgetServices; locale: Locale; id?: string }) {
  const t = useWidgetT(locale);
  const state = useRemaining(poolId, services);
  if (state.status === 'idle') return null;
  let text: string;
  let color = 'rgba(0,0,0,0.65)';
  if (state.status === 'unavailable') text = t('budgetPool.unavailable');
  else if (state.status === 'loading') text = t('budgetPool.loading');
  else if (state.status === 'failed') text = t('budgetPool.failed');
  else {
    text = t('budgetPool.remaining', { amount: formatAmount(state.amount) });
    if (new Decimal(state.amount).lte(0)) color = '#cf1322';
  }
  return (
    <div id={id} role="status" aria-live="polite" data-testid="budget-remaining" style={{ fontSize: 12, marginTop: 4, color }}>
      {text}
    </div>
  );
}
