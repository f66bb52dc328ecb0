// Which canvas items are near the screen (within one screen height above or below it), with
// one shared IntersectionObserver. Only those are dnd-kit sortables: dnd-kit draws every
// sortable again each time a drag's target changes, so a 300-field form would draw 300 items
// per step of a drag; items far off screen are plain elements until the page scrolls near them.
// While a drag is on nothing leaves (the dragged item and the places it passed stay sortable);
// when it ends, items that went out of reach leave. Without IntersectionObserver (jsdom, old
// browsers) every item counts as near.
type Listener = (near: boolean) => void;

const listeners = new Map<Element, Listener>();
const lastNear = new Map<Element, boolean>();
let observer: IntersectionObserver | null = null;
let holding = false;

export const canObserveNear = (): boolean => typeof IntersectionObserver !== 'undefined';

function io(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        lastNear.set(e.target, e.isIntersecting);
        if (e.isIntersecting || !holding) listeners.get(e.target)?.(e.isIntersecting);
      }
    },
    { rootMargin: '100% 0px' },
  );
  return observer;
}

/** Tell `listener` whenever `el` comes near the screen or leaves; returns the unsubscribe. */
export function observeNear(el: Element, listener: Listener): () => void {
  if (!canObserveNear()) {
    listener(true);
    return () => {};
  }
  listeners.set(el, listener);
  io().observe(el);
  return () => {
    listeners.delete(el);
    lastNear.delete(el);
    observer?.unobserve(el);
  };
}

/** During a drag (`true`) no item leaves; afterwards (`false`) those out of reach do. */
export function holdNear(on: boolean): void {
  holding = on;
  if (on) return;
  for (const [el, near] of lastNear) if (!near) listeners.get(el)?.(false);
}
