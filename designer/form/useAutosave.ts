// Autosave of the form draft: designer/useDraftAutosave (debounce, optimistic draftVersion,
// 409 → the page offers reload or overwrite, flush before publish) saving through saveDraft.
import { useCallback } from 'react';
import type { FormDefinition } from '../../schemas';
import type { DesignerStore } from '../core';
import { useDraftAutosave, type DraftAutosave, type DraftSaveState } from '../useDraftAutosave';
import type { DesignerApi } from '../api';

export type SaveState = DraftSaveState;
export type Autosave = DraftAutosave;

export function useAutosave(store: DesignerStore, api: DesignerApi, initialDraftVersion: number, enabled: boolean, delayMs = 1200): Autosave {
  const save = useCallback((def: FormDefinition, draftVersion: number) => api.saveDraft(def, draftVersion), [api]);
  return useDraftAutosave(store, save, initialDraftVersion, enabled, delayMs);
}
