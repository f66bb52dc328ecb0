// Autosave of the draft: a debounced saveDraft after each change, with the draft's optimistic
// version (a stale one answers 409: the page offers reload or overwrite, the process designer's
// pattern — designer/process/useProcessAutosave.ts), and a flush before publish.
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { FormDefinition } from '../../schemas';
import type { DesignerStore } from '../core';
import type { DesignerApi, DesignerApiError } from '../api';

export type SaveState = { kind: 'saved'; at?: string } | { kind: 'dirty' } | { kind: 'saving' } | { kind: 'conflict' } | { kind: 'error'; message: string };

export interface Autosave {
  state: SaveState;
  /** save now (before publish); answers whether the draft is saved */
  flush: () => Promise<boolean>;
  /** the draft's optimistic version (sent with every save and with publish) */
  draftVersion: RefObject<number>;
  /** after a 409: save over the other copy, naming the server's current draftVersion */
  overwrite: (currentDraftVersion: number) => Promise<boolean>;
  /** after a reload: the loaded draft's version, and the conflict is over */
  reset: (draftVersion: number) => void;
}

export function useAutosave(store: DesignerStore, api: DesignerApi, initialDraftVersion: number, enabled: boolean, delayMs = 1200): Autosave {
  const [state, setState] = useState<SaveState>({ kind: 'saved' });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inflight = useRef<Promise<boolean> | null>(null);
  const draftVersion = useRef(initialDraftVersion);
  const conflict = useRef(false);

  useEffect(() => {
    draftVersion.current = initialDraftVersion;
  }, [initialDraftVersion]);

  const save = useCallback(
    async (force = false): Promise<boolean> => {
      if (inflight.current) await inflight.current;
      if (conflict.current) return false;
      const def: FormDefinition = store.getState().definition;
      if (!force && !store.getState().dirty) return true;
      setState({ kind: 'saving' });
      const p = api
        .saveDraft(def, draftVersion.current)
        .then((res) => {
          draftVersion.current = res.draftVersion;
          store.markSaved(def);
          setState(store.getState().dirty ? { kind: 'dirty' } : { kind: 'saved', at: res.savedAt });
          return true;
        })
        .catch((e: unknown) => {
          const err = e as DesignerApiError;
          if (err?.status === 409) {
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
    [api, store],
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
      timer.current = setTimeout(() => void save(), delayMs);
    });
    return () => {
      off();
      if (timer.current) clearTimeout(timer.current);
    };
  }, [store, enabled, delayMs, save]);

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    return save();
  }, [save]);

  const overwrite = useCallback(
    async (current: number) => {
      draftVersion.current = current;
      conflict.current = false;
      return save(true);
    },
    [save],
  );

  const reset = useCallback((v: number) => {
    if (timer.current) clearTimeout(timer.current);
    draftVersion.current = v;
    conflict.current = false;
    setState({ kind: 'saved' });
  }, []);

  return { state, flush, draftVersion, overwrite, reset };
}
