// Autosave of the process draft: a debounced save after each change, with the draft's
// optimistic version (a stale one answers 409: the page offers reload or overwrite), the save's
// problems (the graph's lint, shown on the nodes) and a flush before publish.
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { ProcessDefinition } from '../../schemas/process/model';
import type { ProcessDesignerStore } from '../core/process/store';
import type { ProcessProblem } from '../core/process/problems';
import type { ProcessDesignerApi, ProcessDesignerApiError } from './api';

export type ProcessSaveState =
  { kind: 'saved'; at?: string } | { kind: 'dirty' } | { kind: 'saving' } | { kind: 'conflict' } | { kind: 'error'; message: string };

export interface ProcessAutosave {
  state: ProcessSaveState;
  /** save now (before publish); answers whether the draft is saved */
  flush: () => Promise<boolean>;
  /** the problems of the last save, with the definition they were found in (their paths index it) */
  lint: { problems: ProcessProblem[]; definition: ProcessDefinition } | null;
  /** the draft's optimistic version */
  draftVersion: RefObject<number>;
  /** after a 409: save over the other copy (with the server's current draftVersion) */
  overwrite: (currentDraftVersion: number) => Promise<boolean>;
}

export function useProcessAutosave(
  store: ProcessDesignerStore,
  api: ProcessDesignerApi,
  code: string,
  initialDraftVersion: number,
  enabled: boolean,
  delayMs = 1200,
): ProcessAutosave {
  const [state, setState] = useState<ProcessSaveState>({ kind: 'saved' });
  const [lint, setLint] = useState<{ problems: ProcessProblem[]; definition: ProcessDefinition } | null>(null);
  const draftVersion = useRef(initialDraftVersion);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inflight = useRef<Promise<boolean> | null>(null);
  const conflict = useRef(false);

  useEffect(() => {
    draftVersion.current = initialDraftVersion;
  }, [initialDraftVersion]);

  const save = useCallback(
    async (force = false): Promise<boolean> => {
      if (inflight.current) await inflight.current;
      if (conflict.current) return false;
      if (!force && !store.getState().dirty) return true;
      const def: ProcessDefinition = store.getState().definition;
      setState({ kind: 'saving' });
      const p = api
        .save(code, draftVersion.current, def)
        .then((res) => {
          draftVersion.current = res.draftVersion;
          store.markSaved(def);
          setLint({ problems: res.problems, definition: def });
          setState(store.getState().dirty ? { kind: 'dirty' } : { kind: 'saved', at: new Date().toISOString() });
          return true;
        })
        .catch((e: unknown) => {
          const err = e as ProcessDesignerApiError;
          if (err?.status === 409) {
            conflict.current = true;
            setState({ kind: 'conflict' });
          } else setState({ kind: 'error', message: err instanceof Error ? err.message : String(e) });
          return false;
        })
        .finally(() => {
          inflight.current = null;
        });
      inflight.current = p;
      return p;
    },
    [api, code, store],
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

  return { state, flush, lint, draftVersion, overwrite };
}
