// Refusals of designer commands. `code` is a key under `errors.` in the designer namespace
// (schemas/locales/designer/*.json); the UI translates it with `params`.
export type DesignerErrorCode =
  | 'unknownField'
  | 'unknownSubForm'
  | 'subFormInSubForm'
  | 'dividerInSubForm'
  | 'keyExists'
  | 'keyInvalid'
  | 'keyReserved'
  | 'propertyNotEditable'
  | 'clipboardEmpty'
  | 'unknownRule'
  | 'unknownFormula'
  | 'nothingSelected';

export class DesignerError extends Error {
  readonly code: DesignerErrorCode;
  readonly params: Record<string, string>;
  constructor(code: DesignerErrorCode, params: Record<string, string> = {}) {
    super(`${code}${Object.keys(params).length ? ` ${JSON.stringify(params)}` : ''}`);
    this.name = 'DesignerError';
    this.code = code;
    this.params = params;
  }
}
