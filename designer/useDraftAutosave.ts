// Autosave of a designer's draft, shared by the form and the process designers: a debounced save
// after each change, with the draft's optimistic version (a stale one answers 409: nothing saves
// until the page reloads or overwrites), and a flush before publish. The designer gives its store
// and how one save goes; the hook keeps the timer, the one save in flight and the conflict.
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

export type DraftSaveState =
  { kind: 'saved'; at?: string } | { kind: 'dirty' } | { kind: 'saving' } | { kind: 'conflict' } | { kind: 'error'; message: string };

/** what the hook needs of a designer store */
export interface DraftStore<D> {
  getState(): { definition: D; dirty: boolean };
  subscribe(listener: () => void): () => void;
  markSaved(definition: D): void;
}

export interface DraftAutosave {
  state: DraftSaveState;
  /** save now (before publish); answers whether the draft is saved */
  flush: () => Promise<boolean>;
  /** the draft's optimistic version (sent with every save and with publish) */
  draftVersion: RefObject<number>;
  /** after a 409: save over the other copy, naming the server's current draftVersion */
  overwrite: (currentDraftVersion: number) => Promise<boolean>;
  /** after a reload: the loaded draft's version, and the conflict is over */
  reset: (draftVersion: number) => void;
}

/**
 * save(definition, draftVersion) stores the draft and answers its new version (and when, if the
 * server says); a rejection with `status: 409` is a conflict, any other one an error shown as is.
 */
export function useDraftAutosave<D>(
  store: DraftStore<D>,
  save: (definition: D, draftVersion: number) => Promise<{ draftVersion: number; savedAt?: string }>,
  initialDraftVersion: number,
  enabled: boolean,
  delayMs = 1200,
): DraftAutosave {
  const [state, setState] = useState<DraftSaveState>({ kind: 'saved' });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inflight = useRef<Promise<boolean> | null>(null);
  const draftVersion = useRef(initialDraftVersion);
  const conflict = useRef(false);

  useEffect(() => {
    draftVersion.current = initialDraftVersion;
  }, [initialDraftVersion]);

  const saveNow = useCallback(
    async (force = false): Promise<boolean> => {
      if (inflight.current) await inflight.current;
      if (conflict.current) return false;
      if (!force && !store.getState().dirty) return true;
      const def = store.getState().definition;
      setState({ kind: 'saving' });
      const p = save(def, draftVersion.current)
        .then((res) => {
          draftVersion.current = res.draftVersion;
          store.markSaved(def);
          setState(store.getState().dirty ? { kind: 'dirty' } : { kind: 'saved', at: res.savedAt ?? new Date().toISOString() });
          return true;
        })
        .catch((e: unknown) => {
          if ((e as { status?: number } | null)?.status === 409) {
            conflict.current = true;
            if (timer.current) clearTimeout(timer.current);
            setState({ kind: 'conflict' });
          } else setState({ kind: 'error', message: e instanceof Error ? e.message : String(e) });
          return false;
        })
        .finally(() => {
          inflight.current = null;
        });
      inflight.current = p;
      return p;
    },
    [save, store],
  );

  useEffect(() => {
    if (!enabled) return;
    let last = store.getState().definition;
    const off = store.subscribe(() => {
      const s = store.getState();
      if (s.definition === last) return;
      last = s.definition;
      if (timer.current) clearTimeout(timer.current);
      if (!s.dirty) {
        setState((prev) => (prev.kind === 'dirty' ? { kind: 'saved' } : prev));
        return;
      }
      // in a conflict nothing saves until the user reloads or overwrites
      if (conflict.current) return;
      setState({ kind: 'dirty' });
      timer.current = setTimeout(() => void saveNow(), delayMs);
    });
    return () => {
      off();
      if (timer.current) clearTimeout(timer.current);
    };
  }, [store, enabled, delayMs, saveNow]);

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    return saveNow();
  }, [saveNow]);

  const overwrite = useCallback(
    async (current: number) => {
      draftVersion.current = current;
      conflict.current = false;
      return saveNow(true);
    },
    [saveNow],
  );

  const reset = useCallback((v: number) => {
    if (timer.current) clearTimeout(timer.current);
    draftVersion.current = v;
    conflict.current = false;
    setState({ kind: 'saved' });
  }, []);

  return { state, flush, draftVersion, overwrite, reset };
}
