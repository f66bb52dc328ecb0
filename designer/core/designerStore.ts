// The designer state — definition, selection, clipboard — and the undo/redo history of the
// commands applied to it (see command.ts for the undo design). Framework-free: the React UI
// subscribes with useSyncExternalStore and selects slices, so a selection change re-renders
// only the canvas items whose selected flag changed.
import type { FieldDefinition, FormDefinition } from '../../schemas';
import type { Command, CommandContext } from './command';
import { DesignerError } from './errors';
import { after, moveFields, pasteFields, removeFields } from './fieldCommands';
import { allPaths, getField, inCanvasOrder, splitPath, type FieldLocation } from './fieldTree';

export interface DesignerState {
  readonly definition: FormDefinition;
  /** selected field paths, in the order they were selected */
  readonly selection: readonly string[];
  /** copies of the last copied fields */
  readonly clipboard: readonly FieldDefinition[];
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** the definition differs from the last saved one */
  readonly dirty: boolean;
}

interface HistoryEntry {
  type: string;
  coalesceKey?: string;
  at: number;
  before: FormDefinition;
  after: FormDefinition;
  selectionBefore: readonly string[];
  selectionAfter: readonly string[];
}

/** Definition properties the server sets (on publish, on upgrade), never edited in the designer. */
const SERVER_ASSIGNED: readonly (keyof FormDefinition)[] = ['version', 'schemaVersion'];

export type DispatchResult = { ok: true } | { ok: false; error: DesignerError };

export interface DesignerStoreOptions extends CommandContext {
  /** consecutive commands with the same coalesce key within this many ms are one undo step */
  coalesceMs?: number;
  /** oldest steps are dropped beyond this */
  historyLimit?: number;
  now?: () => number;
}

export class DesignerStore {
  private state: DesignerState;
  private past: HistoryEntry[] = [];
  private future: HistoryEntry[] = [];
  private saved: FormDefinition;
  private listeners = new Set<() => void>();
  private readonly ctx: CommandContext;
  private readonly coalesceMs: number;
  private readonly historyLimit: number;
  private readonly now: () => number;
  private coalesceOpen = true;

  constructor(definition: FormDefinition, options: DesignerStoreOptions = {}) {
    this.ctx = { defaults: options.defaults };
    this.coalesceMs = options.coalesceMs ?? 1000;
    this.historyLimit = options.historyLimit ?? 500;
    this.now = options.now ?? (() => Date.now());
    this.saved = definition;
    this.state = { definition, selection: [], clipboard: [], canUndo: false, canRedo: false, dirty: false };
  }

  getState = (): DesignerState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<DesignerState>): void {
    const next = { ...this.state, ...patch };
    this.state = {
      ...next,
      canUndo: this.past.length > 0,
      canRedo: this.future.length > 0,
      dirty: next.definition !== this.saved,
    };
    for (const l of [...this.listeners]) l();
  }

  /** Apply a command; refused edits leave everything as it was and return the error. */
  dispatch(command: Command): DispatchResult {
    const before = this.state.definition;
    let result;
    try {
      result = command.apply(before, this.ctx);
    } catch (e) {
      if (e instanceof DesignerError) return { ok: false, error: e };
      throw e;
    }
    if (result.definition === before) {
      if (result.selection) this.set({ selection: result.selection });
      return { ok: true };
    }
    const at = this.now();
    const selectionAfter = result.selection ?? this.keepExisting(result.definition, this.state.selection);
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
  }

  /** End the current coalescing run (e.g. the property input lost focus). */
  breakCoalescing(): void {
    this.coalesceOpen = false;
  }

  undo(): boolean {
    const entry = this.past.pop();
    if (!entry) return false;
    this.future.push(entry);
    this.coalesceOpen = false;
    this.set({ definition: entry.before, selection: this.keepExisting(entry.before, entry.selectionBefore) });
    return true;
  }

  redo(): boolean {
    const entry = this.future.pop();
    if (!entry) return false;
    this.past.push(entry);
    this.coalesceOpen = false;
    this.set({ definition: entry.after, selection: this.keepExisting(entry.after, entry.selectionAfter) });
    return true;
  }

  /** The type of the command undo would revert (for tooltips), or null. */
  undoType(): string | null {
    return this.past[this.past.length - 1]?.type ?? null;
  }
  redoType(): string | null {
    return this.future[this.future.length - 1]?.type ?? null;
  }

  // ---- selection (not part of the undo history) ----

  select(paths: readonly string[]): void {
    this.set({ selection: this.keepExisting(this.state.definition, paths) });
  }

  /** Ctrl/Cmd-click: add or remove one field. */
  toggleSelect(path: string): void {
    const sel = this.state.selection;
    this.select(sel.includes(path) ? sel.filter((p) => p !== path) : [...sel, path]);
  }

  /** Shift-click: everything between the last selected field and this one, in canvas order. */
  selectRange(path: string): void {
    const anchor = this.state.selection[this.state.selection.length - 1];
    if (!anchor) return this.select([path]);
    const order = allPaths(this.state.definition);
    const a = order.indexOf(anchor);
    const b = order.indexOf(path);
    if (a < 0 || b < 0) return this.select([path]);
    const [lo, hi] = a < b ? [a, b] : [b, a];
    const range = order.slice(lo, hi + 1).filter((p) => splitPath(p).parent === splitPath(path).parent);
    this.select([...this.state.selection.filter((p) => !range.includes(p)), ...range]);
  }

  selectAll(): void {
    this.select(this.state.definition.fields.map((f) => f.key));
  }

  clearSelection(): void {
    if (this.state.selection.length) this.select([]);
  }

  isSelected(path: string): boolean {
    return this.state.selection.includes(path);
  }

  // ---- clipboard and selection-wide edits ----

  /** Copy the selected (or given) fields; a column and its sub-form both selected copies the sub-form. */
  copy(paths: readonly string[] = this.state.selection): number {
    const def = this.state.definition;
    const ordered = inCanvasOrder(def, paths).filter((p) => {
      const { parent } = splitPath(p);
      return parent === null || !paths.includes(parent);
    });
    if (ordered.length === 0) return 0;
    this.set({ clipboard: ordered.map((p) => structuredClone(getField(def, p)!)) });
    return ordered.length;
  }

  cut(paths: readonly string[] = this.state.selection): DispatchResult {
    if (this.copy(paths) === 0) return { ok: false, error: new DesignerError('nothingSelected') };
    return this.dispatch(removeFields(paths));
  }

  /**
   * Paste the clipboard: at a place if given, else after the last selected field (into its
   * sub-form when a column is selected), else at the end of the form.
   */
  paste(at?: FieldLocation): DispatchResult {
    const def = this.state.definition;
    const anchor = this.state.selection[this.state.selection.length - 1];
    const place = at ?? (anchor ? after(def, anchor) : undefined);
    return this.dispatch(pasteFields(this.state.clipboard, place));
  }

  deleteSelection(): DispatchResult {
    return this.dispatch(removeFields(this.state.selection));
  }

  moveSelection(to: FieldLocation): DispatchResult {
    return this.dispatch(moveFields(this.state.selection, to));
  }

  // ---- persistence ----

  /** The current definition was saved (autosave or publish): it becomes the clean state. */
  markSaved(definition: FormDefinition = this.state.definition): void {
    this.saved = definition;
    this.set({});
  }

  /**
   * The server's copy of the definition being edited, after a publish (its new version number)
   * or an upgrade (schemaVersion): when it differs from the current definition only in those
   * server-assigned properties, the undo/redo history is kept and rebased onto it (every state of
   * the history takes the server's values) and it becomes the clean state; an undo after
   * publishing then edits the published version's draft. A copy that differs in content (someone
   * else changed the form) cannot carry the history: it is loaded as by `reset`.
   * Returns whether the history was kept.
   */
  rebase(definition: FormDefinition): boolean {
    const current = this.state.definition;
    if (current.code !== definition.code) {
      this.reset(definition);
      return false;
    }
    const keys = new Set([...Object.keys(current), ...Object.keys(definition)] as (keyof FormDefinition)[]);
    const patch: Partial<FormDefinition> = {};
    for (const k of keys) {
      if (JSON.stringify(current[k]) === JSON.stringify(definition[k])) continue;
      if (!SERVER_ASSIGNED.includes(k)) {
        this.reset(definition);
        return false;
      }
      (patch as Record<string, unknown>)[k] = definition[k];
    }
    // one rebased object per history state (an entry's `after` is the next one's `before`), and
    // the current state becomes the server's copy itself, so returning to it is clean again
    const rebased = new Map<FormDefinition, FormDefinition>([[current, definition]]);
    const moved = (d: FormDefinition): FormDefinition => {
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
  reset(definition: FormDefinition): void {
    this.past = [];
    this.future = [];
    this.saved = definition;
    this.set({ definition, selection: [] });
  }

  private keepExisting(def: FormDefinition, paths: readonly string[]): string[] {
    return paths.filter((p, i) => paths.indexOf(p) === i && getField(def, p) !== undefined);
  }
}
