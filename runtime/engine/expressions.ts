// JSON Logic evaluation for linkage rules and formulas: the implementation lives in
// schemas/logic/expressions.ts, shared with the server (which enforces the same rules on save).
export {
  compileExpression, evaluate, registerOperations, truthy, ExpressionError,
  type CompiledExpression, type Dependency, type ExpressionScope,
} from '../../schemas/logic/expressions';
