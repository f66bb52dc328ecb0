// Long forms render every field's shell (label, red asterisk, value, error) at once, but mount
// the real, heavy edit widget (antd Input, Select, DatePicker, …) only for the fields on or near
// the screen: the ones in view or near it when the form mounts, right after (measured before the
// first paint), the others when they scroll near the viewport, or at once when they take the
// focus (Tab, a label click, focusing the first error). Once mounted a widget stays.
// Widgets that come near mount a few at a time (MOUNTS_PER_COMMIT, each few in its own commit, in a
// transition): on a slow phone each costs ~10 ms of main thread, and a screenful in one commit was
// a 200 ms task (issue 16: Lighthouse's total blocking time). The stand-in shows the value meanwhile.
// Short forms and environments without IntersectionObserver (jsdom) mount every widget at once.
import { createContext, startTransition, useContext, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';

/** From this many fields on, edit widgets mount lazily. */
export const LAZY_FROM = 60;
/** How far outside the viewport (px) a widget already mounts. */
export const LAZY_MARGIN = 600;

/** How many widgets that came near mount in one commit at most (the next ones in a later task). */
export const MOUNTS_PER_COMMIT = 3;

export interface LazyMount {
  /** calls `near` once the element comes within LAZY_MARGIN of the viewport */
  observe(el: Element, near: () => void): () => void;
  /** queues a widget's mount (MOUNTS_PER_COMMIT a commit); returns a cancel */
  enqueue(mount: () => void): () => void;
  /** a queued widget has committed (its turn is over) */
  committed(): void;
}

/**
 * The queue of widgets waiting to mount: a batch of MOUNTS_PER_COMMIT at a time, in a transition,
 * the next batch in a new task once the batch has committed (or after `patienceMs`, should one
 * never report: a field hidden meanwhile).
 */
export function createMountQueue(perCommit = MOUNTS_PER_COMMIT, patienceMs = 250) {
  const queue: (() => void)[] = [];
  let inFlight = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let patience: ReturnType<typeof setTimeout> | undefined;
  const pump = () => {
    timer = undefined;
    if (inFlight > 0 || !queue.length) return;
    const batch = queue.splice(0, perCommit);
    inFlight = batch.length;
    clearTimeout(patience);
    patience = setTimeout(() => {
      inFlight = 0;
      kick();
    }, patienceMs);
    startTransition(() => batch.forEach((m) => m()));
  };
  const kick = () => {
    if (timer === undefined) timer = setTimeout(pump, 0);
  };
  return {
    enqueue(mount: () => void) {
      queue.push(mount);
      kick();
      return () => {
        const i = queue.indexOf(mount);
        if (i >= 0) queue.splice(i, 1);
      };
    },
    committed() {
      if (inFlight > 0 && --inFlight === 0) {
        clearTimeout(patience);
        kick();
      }
    },
    /** forgets what is queued and in flight; the queue can be used again (StrictMode re-runs effects) */
    dispose() {
      queue.length = 0;
      inFlight = 0;
      clearTimeout(timer);
      clearTimeout(patience);
      timer = undefined;
      patience = undefined;
    },
  };
}

const LazyContext = createContext<LazyMount | null>(null);
export const useLazyMount = () => useContext(LazyContext);

/** One IntersectionObserver for the whole form (not one per field). */
export function LazyMountProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const callbacks = useRef(new Map<Element, () => void>());
  const observerRef = useRef<IntersectionObserver | null>(null);
  const queue = useMemo(() => createMountQueue(), []);
  useEffect(() => () => queue.dispose(), [queue]);
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
      enqueue: queue.enqueue,
      committed: queue.committed,
    };
  }, [enabled, queue]);
  useEffect(
    () => () => {
      observerRef.current?.disconnect();
      observerRef.current = null;
    },
    [lazy],
  );
  return <LazyContext.Provider value={lazy}>{children}</LazyContext.Provider>;
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
  phoneHeight = height,
  bordered,
  lazy,
  onNear,
  children,
}: {
  id: string;
  height: number;
  /** the height on a phone (widgets/form/phone.css reads it) */
  phoneHeight?: number;
  bordered: boolean;
  lazy: LazyMount;
  onNear: (focus: boolean) => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // on or near the screen at mount (layout is read once for all fields): queued at once, the
    // ones on the screen first (document order); the others when they come near
    if (isNearViewport(el)) return lazy.enqueue(() => onNear(false));
    let cancel: (() => void) | undefined;
    const stop = lazy.observe(el, () => {
      cancel = lazy.enqueue(() => onNear(false));
    });
    return () => {
      stop();
      cancel?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lazy]);
  return (
    <div
      ref={ref}
      id={id}
      tabIndex={0}
      className={bordered ? 'fw-pending-control' : 'fw-pending-control fw-pending-bare'}
      data-testid={`pending-${id}`}
      aria-labelledby={`${id}-label`}
      onFocus={() => onNear(true)}
      style={{
        minHeight: height,
        ['--fw-pending-phone-h' as string]: `${phoneHeight}px`,
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
