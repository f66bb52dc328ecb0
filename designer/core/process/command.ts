// The process designer's command contract: like the form designer's (../command.ts), every edit
// of a process definition is a pure function from one immutable definition to the next, so the
// store's undo restores `before` and redo `after` — an exact inverse with nothing hand-written.
// Graph edits (insert on an edge, delete, move, layout) and property edits (a node's strategy,
// rules and permissions, an edge's condition, branch order, the default branch) are both
// commands on this contract; the React UI (designer/process) only dispatches them.
import type { ProcessDefinition } from '../../../schemas/process/model';

/** What is selected on the canvas. */
export interface ProcessSelection {
  readonly nodes: readonly string[];
  readonly edges: readonly string[];
}

export const EMPTY_SELECTION: ProcessSelection = { nodes: [], edges: [] };

export interface ProcessCommandResult {
  definition: ProcessDefinition;
  /** the selection after the command; unchanged when absent */
  selection?: ProcessSelection;
}

export interface ProcessCommand {
  /** a stable name (tests, logs, the undo menu: `process:commands.<type>`) */
  readonly type: string;
  /** consecutive commands with the same key within the coalescing window are one undo step */
  readonly coalesceKey?: string;
  /** Throws ProcessDesignerError (./errors.ts) when the edit is refused. */
  apply(definition: ProcessDefinition): ProcessCommandResult;
}
