// A page may name itself (a definition page: the definition's name); the frame's tab and
// breadcrumb use that name when the menu has none for the path.
import { useEffect } from 'react';
import { atom, useSetAtom } from 'jotai';
import { useLocation } from 'react-router';

export const pageTitleAtom = atom<{ key: string; title: string } | null>(null);

export function usePageTitle(title: string | null | undefined): void {
  const setTitle = useSetAtom(pageTitleAtom);
  const { pathname, search } = useLocation();
  const key = pathname + search;
  useEffect(() => {
    if (title) setTitle({ key, title });
  }, [title, key, setTitle]);
}
