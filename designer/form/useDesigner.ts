// React bindings of the designer store: components subscribe to the slice they draw, so one
// selection change re-renders only the items whose flag changed (300 fields stay responsive).
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { DesignerState, DesignerStore } from '../core';

export const DesignerStoreContext = createContext<DesignerStore | null>(null);

export function useDesignerStore(): DesignerStore {
  const store = useContext(DesignerStoreContext);
  if (!store) throw new Error('DesignerStoreContext missing');
  return store;
}

/** Subscribe to a derived value of the state; the selector must return stable values (primitives or state members). */
export function useDesignerState<T>(selector: (s: DesignerState) => T): T {
  const store = useDesignerStore();
  const get = useCallback(() => selector(store.getState()), [store, selector]);
  return useSyncExternalStore(store.subscribe, get, get);
}

export function useIsSelected(path: string): boolean {
  const store = useDesignerStore();
  const get = useCallback(() => store.getState().selection.includes(path), [store, path]);
  return useSyncExternalStore(store.subscribe, get, get);
}

const selectDefinition = (s: DesignerState) => s.definition;
const selectSelection = (s: DesignerState) => s.selection;
export const useDefinition = () => useDesignerState(selectDefinition);
export const useSelection = () => useDesignerState(selectSelection);
