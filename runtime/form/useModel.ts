// Subscriptions of React components to one path of the field model: a component re-renders
// only when its own value, state or error changes (the engine reports changed paths).
import { useCallback, useSyncExternalStore } from 'react';
import type { FieldState, FormModel } from '../engine';

function usePath<T>(model: FormModel, path: string, read: () => T): T {
  const subscribe = useCallback((cb: () => void) => model.subscribe(path, cb), [model, path]);
  return useSyncExternalStore(subscribe, read, read);
}

export function useFieldValue(model: FormModel, path: string): unknown {
  return usePath(model, path, () => model.getValue(path));
}
export function useFieldState(model: FormModel, path: string): FieldState {
  return usePath(model, path, () => model.getState(path));
}
export function useFieldError(model: FormModel, path: string): string | undefined {
  return usePath(model, path, () => model.getError(path));
}
/** the row ids of a sub-form: changes when rows are added or removed */
export function useRowIds(model: FormModel, subForm: string): readonly string[] {
  return usePath(model, subForm, () => model.getRowIds(subForm));
}
/** every error (for the summary); changes whenever errors are replaced */
export function useErrorCount(model: FormModel): number {
  return usePath(model, 'errors', () => model.getErrors().length);
}
