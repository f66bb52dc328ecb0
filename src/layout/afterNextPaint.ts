// "Once this frame is painted": for work a page should not start before its first paint (the
// form's code), so that paint gets the network and the main thread to itself (issue 16:
// Lighthouse LCP on a phone).

/**
 * Calls `then` once the next frame has been painted: after the next animation frame, a task (a
 * frame's paint follows its animation frame callbacks). A hidden tab paints nothing, so there it
 * calls at once. Returns a cancel.
 */
export function afterNextPaint(then: () => void): () => void {
  if (typeof document === 'undefined' || document.visibilityState === 'hidden' || typeof requestAnimationFrame !== 'function') {
    const t = setTimeout(then, 0);
    return () => clearTimeout(t);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const raf = requestAnimationFrame(() => {
    timer = setTimeout(then, 0);
  });
  return () => {
    cancelAnimationFrame(raf);
    if (timer !== undefined) clearTimeout(timer);
  };
}
