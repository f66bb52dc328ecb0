// The process designer's state — definition and selection — with the undo/redo history of the
// commands applied to it (command.ts). Like the form designer's store (../designerStore.ts): each
// history entry keeps the definition before and after (references, not copies), so undo and redo
// are exact; commands with the same `coalesceKey` in quick succession (arrow-key moves, typing a
// name) are one step. Framework-free: the canvas subscribes with useSyncExternalStore.
import type { ProcessDefinition } from '../../../schemas/process/model';
import { EMPTY_SELECTION, type ProcessCommand, type ProcessSelection } from './command';
import { ProcessDesignerError } from './errors';

export interface ProcessDesignerState {
  readonly definition: ProcessDefinition;
  readonly selection: ProcessSelection;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** the definition differs from the last saved one */
  readonly dirty: boolean;
}

interface Entry {
  type: string;
  coalesceKey?: string;
  at: number;
  before: ProcessDefinition;
  after: ProcessDefinition;
  selectionBefore: ProcessSelection;
  selectionAfter: ProcessSelection;
}

export type ProcessDispatchResult = { ok: true } | { ok: false; error: ProcessDesignerError };

export interface ProcessDesignerStoreOptions {
  coalesceMs?: number;
  historyLimit?: number;
  now?: () => number;
}

/** Properties the server sets (publish, upgrade), never edited in the designer. */
const SERVER_ASSIGNED: readonly (keyof ProcessDefinition)[] = ['version', 'schemaVersion'];

export class ProcessDesignerStore {
  private state: ProcessDesignerState;
  private past: Entry[] = [];
  private future: Entry[] = [];
  private saved: ProcessDefinition;
  private listeners = new Set<() => void>();
  private readonly coalesceMs: number;
  private readonly historyLimit: number;
  private readonly now: () => number;
  private coalesceOpen = true;

  constructor(definition: ProcessDefinition, options: ProcessDesignerStoreOptions = {}) {
    this.coalesceMs = options.coalesceMs ?? 1000;
    this.historyLimit = options.historyLimit ?? 500;
    this.now = options.now ?? (() => Date.now());
    this.saved = definition;
    this.state = { definition, selection: EMPTY_SELECTION, canUndo: false, canRedo: false, dirty: false };
  }

  getState = (): ProcessDesignerState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<ProcessDesignerState>): void {
    const next = { ...this.state, ...patch };
    this.state = { ...next, canUndo: this.past.length > 0, canRedo: this.future.length > 0, dirty: next.definition !== this.saved };
    for (const l of [...this.listeners]) l();
  }

  /** Apply a command; a refused edit leaves everything as it was and answers the error. */
  dispatch = (command: ProcessCommand): ProcessDispatchResult => {
    const before = this.state.definition;
    let result;
    try {
      result = command.apply(before);
    } catch (e) {
      if (e instanceof ProcessDesignerError) return { ok: false, error: e };
      throw e;
    }
    if (result.definition === before) {
      if (result.selection) this.set({ selection: this.keepExisting(before, result.selection) });
      return { ok: true };
    }
    const at = this.now();
    const selectionAfter = this.keepExisting(result.definition, result.selection ?? this.state.selection);
    const last = this.past[this.past.length - 1];
    if (
      this.coalesceOpen &&
      last &&
      command.coalesceKey &&
      last.coalesceKey === command.coalesceKey &&
      at - last.at <= this.coalesceMs &&
      this.future.length === 0
    ) {
      last.after = result.definition;
      last.at = at;
      last.selectionAfter = selectionAfter;
    } else {
      this.past.push({
        type: command.type,
        coalesceKey: command.coalesceKey,
        at,
        before,
        after: result.definition,
        selectionBefore: this.state.selection,
        selectionAfter,
      });
      if (this.past.length > this.historyLimit) this.past.shift();
    }
    this.coalesceOpen = true;
    this.future = [];
    this.set({ definition: result.definition, selection: selectionAfter });
    return { ok: true };
  };

  /** End the current coalescing run (e.g. an input lost focus). */
  breakCoalescing(): void {
    this.coalesceOpen = false;
  }

  undo = (): boolean => {
    const entry = this.past.pop();
    if (!entry) return false;
    this.future.push(entry);
    this.coalesceOpen = false;
    this.set({ definition: entry.before, selection: this.keepExisting(entry.before, entry.selectionBefore) });
    return true;
  };

  redo = (): boolean => {
    const entry = this.future.pop();
    if (!entry) return false;
    this.past.push(entry);
    this.coalesceOpen = false;
    this.set({ definition: entry.after, selection: this.keepExisting(entry.after, entry.selectionAfter) });
    return true;
  };

  undoType(): string | null {
    return this.past[this.past.length - 1]?.type ?? null;
  }
  redoType(): string | null {
    return this.future[this.future.length - 1]?.type ?? null;
  }

  // ---- selection (not in the history) ----

  select = (selection: ProcessSelection): void => {
    const next = this.keepExisting(this.state.definition, selection);
    const cur = this.state.selection;
    if (sameList(next.nodes, cur.nodes) && sameList(next.edges, cur.edges)) return;
    this.set({ selection: next });
  };

  selectNode = (id: string | null): void => this.select(id ? { nodes: [id], edges: [] } : EMPTY_SELECTION);
  selectEdge = (id: string | null): void => this.select(id ? { nodes: [], edges: [id] } : EMPTY_SELECTION);
  clearSelection = (): void => this.select(EMPTY_SELECTION);

  // ---- persistence ----

  /** `definition` (default: the current one) was saved: it is the clean state. */
  markSaved(definition: ProcessDefinition = this.state.definition): void {
    this.saved = definition;
    this.set({});
  }

  /**
   * The server's copy after a publish (a new `version`): when it differs from the current
   * definition only in server-assigned properties the history is kept and rebased onto it;
   * otherwise it is loaded as by `reset`. Answers whether the history was kept.
   */
  rebase(definition: ProcessDefinition): boolean {
    const current = this.state.definition;
    const keys = new Set([...Object.keys(current), ...Object.keys(definition)] as (keyof ProcessDefinition)[]);
    const patch: Partial<ProcessDefinition> = {};
    for (const k of keys) {
      if (JSON.stringify(current[k]) === JSON.stringify(definition[k])) continue;
      if (!SERVER_ASSIGNED.includes(k)) {
        this.reset(definition);
        return false;
      }
      (patch as Record<string, unknown>)[k] = definition[k];
    }
    const rebased = new Map<ProcessDefinition, ProcessDefinition>([[current, definition]]);
    const moved = (d: ProcessDefinition): ProcessDefinition => {
      let r = rebased.get(d);
      if (!r) rebased.set(d, (r = { ...d, ...patch }));
      return r;
    };
    for (const e of [...this.past, ...this.future]) {
      e.before = moved(e.before);
      e.after = moved(e.after);
    }
    this.coalesceOpen = false;
    this.saved = definition;
    this.set({ definition, selection: this.keepExisting(definition, this.state.selection) });
    return true;
  }

  /** Load another definition: history and selection are cleared. */
  reset(definition: ProcessDefinition): void {
    this.past = [];
    this.future = [];
    this.saved = definition;
    this.set({ definition, selection: EMPTY_SELECTION });
  }

  private keepExisting(def: ProcessDefinition, sel: ProcessSelection): ProcessSelection {
    if (sel.nodes.length === 0 && sel.edges.length === 0) return EMPTY_SELECTION;
    const nodes = new Set(def.nodes.map((n) => n.id));
    const edges = new Set(def.edges.map((e) => e.id));
    const n = sel.nodes.filter((id, i) => nodes.has(id) && sel.nodes.indexOf(id) === i);
    const e = sel.edges.filter((id, i) => edges.has(id) && sel.edges.indexOf(id) === i);
    if (n.length === sel.nodes.length && e.length === sel.edges.length) return sel;
    return { nodes: n, edges: e };
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
