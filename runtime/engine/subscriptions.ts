// Who hears of a change: listeners of one path (its value, state or error), of any path ('*'),
// and of every change batch (the set of changed paths).
import type { ChangeListener } from './types';

export interface Subscriptions {
  subscribe(path: string, listener: () => void): () => void;
  onChange(listener: ChangeListener): () => void;
  /** tell the listeners of the changed paths, then '*' and the batch listeners */
  notify(changed: ReadonlySet<string>): void;
}

export function createSubscriptions(): Subscriptions {
  const pathListeners = new Map<string, Set<() => void>>();
  const changeListeners = new Set<ChangeListener>();
  return {
    subscribe(path, listener) {
      let set = pathListeners.get(path);
      if (!set) pathListeners.set(path, (set = new Set()));
      set.add(listener);
      return () => void set!.delete(listener);
    },
    onChange(listener) {
      changeListeners.add(listener);
      return () => void changeListeners.delete(listener);
    },
    notify(changed) {
      if (changed.size === 0) return;
      for (const p of changed) for (const l of pathListeners.get(p) ?? []) l();
      for (const l of pathListeners.get('*') ?? []) l();
      for (const l of changeListeners) l(changed);
    },
  };
}
