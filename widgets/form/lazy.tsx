// Long forms render every field's shell (label, red asterisk, value, error) at once, but mount
// the real, heavy edit widget (antd Input, Select, DatePicker, …) only for the fields on or near
// the screen: the ones in view when the form mounts (measured before the first paint, so the
// first frame shows real inputs there), the ones near it right after (a transition), the others
// when they scroll near the viewport (a transition too) or take the focus (Tab, a label click,
// focusing the first error: at once). Once mounted a widget stays.
// Short forms and environments without IntersectionObserver (jsdom) mount every widget at once.
import { createContext, startTransition, useContext, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';

/** From this many fields on, edit widgets mount lazily. */
export const LAZY_FROM = 60;
/** How far outside the viewport (px) a widget already mounts. */
export const LAZY_MARGIN = 600;

export interface LazyMount {
  /** calls `near` once the element comes within LAZY_MARGIN of the viewport */
  observe(el: Element, near: () => void): () => void;
}

const LazyContext = createContext<LazyMount | null>(null);
export const useLazyMount = () => useContext(LazyContext);

/** One IntersectionObserver for the whole form (not one per field). */
export function LazyMountProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const callbacks = useRef(new Map<Element, () => void>());
  const observerRef = useRef<IntersectionObserver | null>(null);
  const lazy = useMemo<LazyMount | null>(() => {
    if (!enabled || typeof IntersectionObserver === 'undefined') return null;
    const observer = () =>
      (observerRef.current ??= new IntersectionObserver(
        (entries) => {
          for (const e of entries) {
            if (!e.isIntersecting) continue;
            const near = callbacks.current.get(e.target);
            callbacks.current.delete(e.target);
            observerRef.current?.unobserve(e.target);
            near?.();
          }
        },
        { rootMargin: `${LAZY_MARGIN}px 0px` },
      ));
    return {
      observe(el, near) {
        callbacks.current.set(el, near);
        observer().observe(el);
        return () => {
          callbacks.current.delete(el);
          observerRef.current?.unobserve(el);
        };
      },
    };
  }, [enabled]);
  useEffect(
    () => () => {
      observerRef.current?.disconnect();
      observerRef.current = null;
    },
    [lazy],
  );
  return <LazyContext.Provider value={lazy}>{children}</LazyContext.Provider>;
}

/** Is the element on the screen right now? */
export function isInViewport(el: Element): boolean {
  const r = el.getBoundingClientRect();
  const h = window.innerHeight || document.documentElement.clientHeight;
  return r.bottom > 0 && r.top < h;
}

/** Is the element within LAZY_MARGIN of the viewport right now? */
export function isNearViewport(el: Element): boolean {
  const r = el.getBoundingClientRect();
  const h = window.innerHeight || document.documentElement.clientHeight;
  return r.bottom > -LAZY_MARGIN && r.top < h + LAZY_MARGIN;
}

/**
 * Stands in for a widget not mounted yet: the value as its View shows it, in a box of the
 * widget's height, focusable under the input's id (so Tab, the label and focusFirstError reach
 * it); focusing it mounts the widget and moves the focus into it.
 */
export function PendingControl({
  id,
  height,
  bordered,
  lazy,
  onNear,
  children,
}: {
  id: string;
  height: number;
  bordered: boolean;
  lazy: LazyMount;
  onNear: (focus: boolean) => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // on the screen at mount: mounted before the first paint (layout is read once for all
    // fields), so nothing visible moves; near it: right after, in a transition React renders in
    // slices (mounting them all in the commit was one long task), the stand-in meanwhile
    if (isInViewport(el)) {
      onNear(false);
      return;
    }
    if (isNearViewport(el)) {
      startTransition(() => onNear(false));
      return;
    }
    return lazy.observe(el, () => startTransition(() => onNear(false)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lazy]);
  return (
    <div
      ref={ref}
      id={id}
      tabIndex={0}
      className="fw-pending-control"
      data-testid={`pending-${id}`}
      aria-labelledby={`${id}-label`}
      onFocus={() => onNear(true)}
      style={{
        minHeight: height,
        boxSizing: 'border-box',
        padding: bordered ? '4px 11px' : '5px 0',
        border: bordered ? '1px solid #d9d9d9' : undefined,
        borderRadius: 6,
        lineHeight: '22px',
        overflow: 'hidden',
      }}
    >
      {children}
    </div>
  );
}
