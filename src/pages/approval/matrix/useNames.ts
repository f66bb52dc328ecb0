// The page's cache of display names: users (from the user search and processDirectory.users by
// ids) and key values (dealers, departments by id). Pickers read labels from it; whatever a
// search answers is learnt, and ids nobody has named yet are fetched once.
import { useCallback, useRef, useState } from 'react';
import type { DirectoryUser, KeyOption, MatrixApi } from './api';
import type { KeySource } from './model';

type Source = Exclude<KeySource, 'text'>;

export interface NameCache {
  user(id: string): DirectoryUser | undefined;
  userLabel(id: string): string | undefined;
  keyLabel(source: KeySource, id: string): string | undefined;
  learnUsers(list: readonly DirectoryUser[]): void;
  learnKeys(source: Source, list: readonly KeyOption[]): void;
  /** fetches the users not known yet (errors are the caller's) */
  ensureUsers(ids: readonly string[]): Promise<void>;
  ensureKeys(source: Source, ids: readonly string[]): Promise<void>;
}

export function useNames(api: MatrixApi): NameCache {
  const users = useRef(new Map<string, DirectoryUser>());
  const keys = useRef(new Map<string, KeyOption>());
  const asked = useRef(new Set<string>());
  const [, setTick] = useState(0);
  const bump = useCallback(() => setTick((n) => n + 1), []);

  const learnUsers = useCallback(
    (list: readonly DirectoryUser[]) => {
      for (const u of list) users.current.set(u.id, u);
      if (list.length) bump();
    },
    [bump],
  );
  const learnKeys = useCallback(
    (source: Source, list: readonly KeyOption[]) => {
      for (const k of list) keys.current.set(`${source}:${k.id}`, k);
      if (list.length) bump();
    },
    [bump],
  );
  const ensureUsers = useCallback(
    async (ids: readonly string[]) => {
      const missing = [...new Set(ids)].filter((id) => !users.current.has(id) && !asked.current.has(`u:${id}`));
      if (!missing.length) return;
      for (const id of missing) asked.current.add(`u:${id}`);
      learnUsers(await api.usersByIds(missing));
    },
    [api, learnUsers],
  );
  const ensureKeys = useCallback(
    async (source: Source, ids: readonly string[]) => {
      const missing = [...new Set(ids)].filter((id) => id && !keys.current.has(`${source}:${id}`) && !asked.current.has(`${source}:${id}`));
      if (!missing.length) return;
      for (const id of missing) asked.current.add(`${source}:${id}`);
      learnKeys(source, await api.keyNames(source, missing));
    },
    [api, learnKeys],
  );

  return {
    user: (id) => users.current.get(id),
    userLabel: (id) => users.current.get(id)?.name,
    keyLabel: (source, id) => (source === 'text' ? undefined : keys.current.get(`${source}:${id}`)?.name),
    learnUsers,
    learnKeys,
    ensureUsers,
    ensureKeys,
  };
}
