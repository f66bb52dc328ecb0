// Refusals of process designer commands. `code` is a key under `errors.` in the process
// namespace (schemas/locales/process/*.json); the UI translates it with `params`.
export type ProcessDesignerErrorCode =
  | 'unknownNode'
  | 'unknownEdge'
  | 'notDeletable'
  | 'notInsertable'
  | 'notABranch'
  | 'defaultBranch'
  | 'idExists'
  | 'idInvalid'
  // property edits (propertyCommands.ts)
  | 'notApplicable'
  | 'branchOrder'
  | 'conditionRequired'
  | 'nameRequired';

export class ProcessDesignerError extends Error {
  readonly code: ProcessDesignerErrorCode;
  readonly params: Record<string, string>;
  constructor(code: ProcessDesignerErrorCode, params: Record<string, string> = {}) {
    super(`${code}${Object.keys(params).length ? ` ${JSON.stringify(params)}` : ''}`);
    this.name = 'ProcessDesignerError';
    this.code = code;
    this.params = params;
  }
}
