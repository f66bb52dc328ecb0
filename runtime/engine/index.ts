// The runtime engine: plain TypeScript, no React.
export * from './types';
export { createFormModel, type FormModel } from './formModel';
export {
  compileExpression,
  evaluate,
  registerOperations,
  truthy,
  ExpressionError,
  type CompiledExpression,
  type Dependency,
  type ExpressionScope,
} from '../../schemas/logic/expressions';
export { Decimal, toDecimal, toFixedString, sum, isNumeric } from '../../schemas/logic/decimal';
export { baseStateOf, columnBaseStateOf, permissionOf, APPLICANT_EDIT_MODES, type BaseState } from '../../schemas/logic/permissions';
export { headerFields, isMissingDocumentNumber, returnInfo } from './header';
export {
  validateModel,
  validatePath,
  prepareValidation,
  typingSchemaOf,
  mapServerErrors,
  requiredPathsOf,
  type ServerErrorBody,
  type ValidationResult,
} from './validation';
export { newRowId } from './ids';
export { columnsOf, localized } from './fields';
export { recordTitle } from './title';
