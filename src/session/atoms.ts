// The shared state of spec §3 (userId, dealerId, tableList, OrderNumber, offWeb) as jotai atoms
// in one store the app provides; logout resets them.
import { atom, createStore } from 'jotai';
import type { MenuNode } from '../api/services';
import { getSessionValue } from './session';

/** One open page of the employee frame's tab bar. */
export interface OpenTab {
  /** pathname + search: the tab's identity */
  key: string;
  title: string;
}

export const userIdAtom = atom<string | null>(getSessionValue('userId'));
export const dealerIdAtom = atom<string | null>(getSessionValue('dealerId'));
/** the pages open as tabs in the employee frame */
export const tableListAtom = atom<OpenTab[]>([]);
/** the document number being looked up (spec §5, §8) */
export const OrderNumberAtom = atom<string | null>(null);
/** true when the page runs outside the web portal frame (embedded or opened from a link) */
export const offWebAtom = atom<boolean>(false);
/** the signed-in employee's menu (GET {prefix}/system/menu.action); null until it is loaded */
export const menuAtom = atom<MenuNode[] | null>(null);

export type AppStore = ReturnType<typeof createStore>;
export const appStore: AppStore = createStore();

/** Put the session's ids into the shared state (after login or on start). */
export function syncSessionAtoms(store: AppStore = appStore): void {
  store.set(userIdAtom, getSessionValue('userId'));
  store.set(dealerIdAtom, getSessionValue('dealerId'));
}

/** Forget the shared state (logout, expired session). */
export function resetSharedState(store: AppStore = appStore): void {
  store.set(userIdAtom, null);
  store.set(dealerIdAtom, null);
  store.set(tableListAtom, []);
  store.set(OrderNumberAtom, null);
  store.set(offWebAtom, false);
  store.set(menuAtom, null);
}
