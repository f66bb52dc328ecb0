// One definition of "phone" for every screen (issue 17): below VIEWPORT.tabletMinPx the runtime
// stacks fields, shows detail rows and list rows as cards and folds the side menu into a drawer.
// CSS uses the same width through the `fw-phone` media query strings below; React code uses
// usePhone(), which follows the window as it is resized or rotated.
import { useSyncExternalStore } from 'react';
import { VIEWPORT } from '../../schemas/constants';

/** matches below the tablet width */
export const PHONE_QUERY = `(max-width: ${VIEWPORT.tabletMinPx - 0.02}px)`;

function mediaList(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const mq = mediaList();
  if (!mq) return () => {};
  mq.addEventListener?.('change', onChange);
  return () => mq.removeEventListener?.('change', onChange);
}

/** true below the tablet width (false where there is no window, e.g. on the server) */
export function isPhone(): boolean {
  return mediaList()?.matches ?? false;
}

/** usePhone(): the viewport is narrower than a tablet; re-renders when that changes */
export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
