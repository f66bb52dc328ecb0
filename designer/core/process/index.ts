// The process designer's model (plain TypeScript, no React): commands, the store, problems on
// nodes, version diffs. designer/process renders it.
export * from './command';
export * from './errors';
export * from './graph';
export * from './commands';
export * from './store';
export * from './problems';
export * from './diff';
export * from './layout';
