// A page may name itself (a definition page: the definition's name); the frame's tab and
// breadcrumb use that name when the menu has none for the path.
import { useEffect } from 'react';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../schemas/constants';
import { menuAtom } from '../session/atoms';
import { localText, menuTrail } from './menu';

export const pageTitleAtom = atom<{ key: string; title: string } | null>(null);

export function usePageTitle(title: string | null | undefined): void {
  const setTitle = useSetAtom(pageTitleAtom);
  const { pathname, search } = useLocation();
  const key = pathname + search;
  useEffect(() => {
    if (title) setTitle({ key, title });
  }, [title, key, setTitle]);
}

/**
 * The heading of the current page by its menu entry, in the UI language (null when the path is
 * in no menu entry of the user). A page of the menu is headed by its entry's name: a filtered
 * list (the applications awaiting settlement) is not the definition's own list.
 */
export function useMenuHeading(): string | null {
  const menu = useAtomValue(menuAtom);
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const trail = menuTrail(menu ?? [], p);
  return trail.length ? localText(trail[trail.length - 1].name, i18n.language as Locale) || null : null;
}
