// The process model, the engine's vocabulary and the engine (pure TS, shared by server and client).
export * from './model';
export * from './state';
export * from './approvers';
export * from './validate';
export * from './engine';
export * from './migrate';
export * from './views';
export * from './dryRun';
