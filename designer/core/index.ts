// designer/core: the form designer's state, commands and undo/redo, in plain TypeScript.
export * from './command';
export * from './defaults';
export * from './definitionCommands';
export * from './designerStore';
export * from './diff';
export * from './errors';
export * from './fieldCommands';
export * from './fieldTree';
export * from './formulaModel';
export * from './newDefinition';
export * from './permissionMatrix';
export * from './references';
export * from './ruleModel';
export * from './formulaChain';
