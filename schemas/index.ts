// The metadata model: type codes, constants, definition schemas and their tools.
export * from './typeCodes';
export * from './constants';
export * from './definition';
export * from './expressions';
export * from './values';
export * from './validateDefinition';
export * from './compileRecordSchema';
export * from './columnsOf';
export * from './dataSourceParams';
export * from './migrations';
export * from './catalog';
export * from './ruleEffects';
export * from './lifecycle';
export * from './process';
