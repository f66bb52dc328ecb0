// Autosave of the draft: a debounced saveDraft after each change, and a flush before publish.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormDefinition } from '../../schemas';
import type { DesignerStore } from '../core';
import type { DesignerApi } from '../api';

export type SaveState = { kind: 'saved'; at?: string } | { kind: 'dirty' } | { kind: 'saving' } | { kind: 'error'; message: string };

export function useAutosave(store: DesignerStore, api: DesignerApi, enabled: boolean, delayMs = 1200): { state: SaveState; flush: () => Promise<boolean> } {
  const [state, setState] = useState<SaveState>({ kind: 'saved' });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inflight = useRef<Promise<boolean> | null>(null);

  const save = useCallback(async (): Promise<boolean> => {
    if (inflight.current) await inflight.current;
    const def: FormDefinition = store.getState().definition;
    if (!store.getState().dirty) return true;
    setState({ kind: 'saving' });
    const p = api
      .saveDraft(def)
      .then((res) => {
        store.markSaved(def);
        setState(store.getState().dirty ? { kind: 'dirty' } : { kind: 'saved', at: res.savedAt });
        return true;
      })
      .catch((e: unknown) => {
        setState({ kind: 'error', message: e instanceof Error ? e.message : String(e) });
        return false;
      })
      .finally(() => {
        inflight.current = null;
      });
    inflight.current = p;
    return p;
  }, [api, store]);

  useEffect(() => {
    if (!enabled) return;
    let last = store.getState().definition;
    const off = store.subscribe(() => {
      const s = store.getState();
      if (s.definition === last) return;
      last = s.definition;
      if (!s.dirty) {
        if (timer.current) clearTimeout(timer.current);
        setState((prev) => (prev.kind === 'dirty' ? { kind: 'saved' } : prev));
        return;
      }
      setState({ kind: 'dirty' });
      if (timer.current) clearTimeout(timer.current);
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

  return { state, flush };
}
