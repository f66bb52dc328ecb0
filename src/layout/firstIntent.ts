// "Once the user starts doing something": for code a page does not show at first but may need at
// the next press (a phone's header menus, the sign-in's next page). Fetched then, not with the
// page, so the page's load keeps the network and the main thread (issue 16: Lighthouse on a phone).

const INTENT_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Calls `then` once, at the first press, key or focus anywhere in the document (listened to in the
 * capture phase, before the page's own handlers). Returns a cancel.
 */
export function onFirstIntent(then: () => void): () => void {
  if (typeof document === 'undefined') return () => {};
  const run = () => {
    stop();
    then();
  };
  const stop = () => INTENT_EVENTS.forEach((e) => document.removeEventListener(e, run, true));
  INTENT_EVENTS.forEach((e) => document.addEventListener(e, run, true));
  return stop;
}
