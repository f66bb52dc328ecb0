import { useEffect, useState } from 'react';
import type { WidgetServices } from '../types';

export type RemainingState = { status: 'idle' } | { status: 'unavailable' } | { status: 'loading' } | { status: 'done'; amount: string } | { status: 'failed' };

/** The remaining amount of a budget pool (68) through `services.budgetRemaining`. */
export function useRemaining(poolId: string | undefined, services: WidgetServices): RemainingState {
  const [state, setState] = useState<{ key: string | undefined; value: RemainingState }>({ key: undefined, value: { status: 'idle' } });
  const fetcher = services.budgetRemaining;
  useEffect(() => {
    if (!poolId || !fetcher) return;
    let live = true;
    fetcher(poolId).then(
      (amount) => live && setState({ key: poolId, value: { status: 'done', amount } }),
      () => live && setState({ key: poolId, value: { status: 'failed' } }),
    );
    return () => {
      live = false;
    };
  }, [poolId, fetcher]);
  if (!poolId) return { status: 'idle' };
  if (!fetcher) return { status: 'unavailable' };
  return state.key === poolId ? state.value : { status: 'loading' };
}
