// Autosave of the process draft: designer/useDraftAutosave (debounce, optimistic
// draftVersion, 409 → the page offers reload or overwrite, flush before publish), plus the save's
// problems (the graph's lint, shown on the nodes).
import { useCallback, useState } from 'react';
import type { ProcessDefinition } from '../../schemas/process/model';
import type { ProcessDesignerStore } from '../core/process/store';
import type { ProcessProblem } from '../core/process/problems';
import { useDraftAutosave, type DraftAutosave, type DraftSaveState } from '../useDraftAutosave';
import type { ProcessDesignerApi } from './api';

export type ProcessSaveState = DraftSaveState;

export interface ProcessAutosave extends DraftAutosave {
  /** the problems of the last save, with the definition they were found in (their paths index it) */
  lint: { problems: ProcessProblem[]; definition: ProcessDefinition } | null;
}

export function useProcessAutosave(
  store: ProcessDesignerStore,
  api: ProcessDesignerApi,
  code: string,
  initialDraftVersion: number,
  enabled: boolean,
  delayMs = 1200,
): ProcessAutosave {
  const [lint, setLint] = useState<{ problems: ProcessProblem[]; definition: ProcessDefinition } | null>(null);
  const save = useCallback(
    async (def: ProcessDefinition, draftVersion: number) => {
      const res = await api.save(code, draftVersion, def);
      setLint({ problems: res.problems, definition: def });
      return { draftVersion: res.draftVersion };
    },
    [api, code],
  );
  return { ...useDraftAutosave(store, save, initialDraftVersion, enabled, delayMs), lint };
}
