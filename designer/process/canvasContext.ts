// What the canvas's node and edge components read besides their own data: the locale and
// texts, the names strategies show, and the actions (insert on an edge, add a branch, open an
// edge's properties). One stable object per canvas, so the memoised components re-render only
// when their own node or edge changed. The open "+" menu is a tiny store of its own: opening
// one re-renders that edge, not the canvas.
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Locale } from '../../schemas/constants';
import type { ProcessNode } from '../../schemas/process/model';
import type { InsertKind } from '../core/process/commands';
import type { StrategyNames } from '../../runtime/approval/strategySummary';
import type { ApprovalT } from '../../runtime/approval/i18n';
import type { ProcessT } from './drawer/i18n';

export interface CanvasActions {
  insert(edgeId: string, kind: InsertKind): void;
  addBranch(nodeId: string): void;
  openEdge(edgeId: string): void;
  openNode(nodeId: string): void;
}

export interface CanvasContextValue {
  locale: Locale;
  t: ProcessT;
  approvalT: ApprovalT;
  names: StrategyNames;
  readOnly: boolean;
  nodeName(id: string): string;
  actions: CanvasActions;
  menu: OpenMenuStore;
}

/** Which edge's "+" menu is open (at most one). */
export class OpenMenuStore {
  private open: string | null = null;
  private listeners = new Set<() => void>();
  get = () => this.open;
  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  set(edgeId: string | null): void {
    if (this.open === edgeId) return;
    this.open = edgeId;
    for (const l of [...this.listeners]) l();
  }
}

export const CanvasContext = createContext<CanvasContextValue | null>(null);

export function useCanvas(): CanvasContextValue {
  const v = useContext(CanvasContext);
  if (!v) throw new Error('process canvas components need a CanvasContext');
  return v;
}

export function useMenuOpen(menu: OpenMenuStore, edgeId: string): boolean {
  return useSyncExternalStore(
    menu.subscribe,
    () => menu.get() === edgeId,
    () => false,
  );
}

/** A node's name in the UI locale. */
export function nodeText(node: ProcessNode | undefined, locale: Locale): string {
  if (!node) return '';
  return node.name[locale] || node.name['zh-CN'] || node.id;
}
