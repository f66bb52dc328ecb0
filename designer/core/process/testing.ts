// Helpers for the process designer's tests: apply a command through a store and check that
// undo and redo restore exactly, and that the result validates.
import { expect } from 'vitest';
import type { ProcessDefinition } from '../../../schemas/process/model';
import { validateProcessDefinition } from '../../../schemas/process/validate';
import type { ProcessCommand } from './command';
import { ProcessDesignerStore } from './store';

export function problemsOf(def: ProcessDefinition): string[] {
  return validateProcessDefinition(def).errors.map((e) => `${e.path} ${e.code ?? ''} ${e.message}`);
}

/** Apply `command` in a fresh store; undo gives back the input, redo the result; the result validates. */
export function applyChecked(def: ProcessDefinition, command: ProcessCommand, { validates = true } = {}): ProcessDefinition {
  const store = new ProcessDesignerStore(def);
  const r = store.dispatch(command);
  if (!r.ok) throw r.error;
  const after = store.getState().definition;
  expect(store.undo()).toBe(true);
  expect(store.getState().definition).toBe(def);
  expect(store.getState().dirty).toBe(false);
  expect(store.redo()).toBe(true);
  expect(store.getState().definition).toBe(after);
  if (validates) expect(problemsOf(after)).toEqual([]);
  return after;
}
