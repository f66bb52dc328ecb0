// The command contract. Every edit of the designer is a Command: a pure function from one
// immutable definition to the next.
//
// Undo design (the documented choice): definitions are never mutated, and commands rebuild only
// the path from the root to what they change, so the previous definition stays valid and shares
// every untouched field with the next one. The history therefore records, per command, the
// definition before and after it (references, not copies): undo restores `before`, redo
// restores `after`. This is an exact inverse for every command, big or small (rename with its
// reference updates, multi-remove, paste), without a hand-written `invert` per command that
// could drift from its `apply`, and it costs memory only for the changed path.
import type { FormDefinition } from '../../schemas';
import type { FieldDefaults } from './defaults';

export interface CommandContext {
  /** the widget metas' defaults by type code */
  defaults?: FieldDefaults;
}

export interface CommandResult {
  definition: FormDefinition;
  /** the selection after the command (field paths); unchanged when absent */
  selection?: string[];
}

export interface Command {
  /** a stable name (for tests, logs and the undo menu: `commands.<type>` in the locale files) */
  readonly type: string;
  /**
   * Consecutive commands with the same coalesce key, within the coalescing window, become one
   * undo step (typing a label letter by letter is undone at once).
   */
  readonly coalesceKey?: string;
  /** Throws DesignerError when the edit is refused. */
  apply(definition: FormDefinition, ctx: CommandContext): CommandResult;
}
