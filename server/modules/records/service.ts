// The records module's service face (routes.ts and the list bench call these names). The work
// is split by concern:
//   access.ts     record scopes (who reads / writes which records), scope providers
//   definition.ts the published definition a record is read or written under
//   prepare.ts    sanitize, validate, files, title, unique values of a write
//   save.ts       create / update / submit / delete through the lifecycle and the hooks
//   hooks.ts      the hook registry (beforeWrite, onTransition, afterWrite) on the app context
//   listQuery.ts  filters, sort, scope and paging of a list; the page envelope
//   read.ts       one record as the API answers it; the application lookup
//   repository.ts the statements
export { saveRecord, deleteRecord, type SaveInput } from './save';
export { getRecord, toApi, applicationType } from './read';
export { listRecords, listPageSql, listPageBody, type ListInput, type ListPage } from './listQuery';
export { recordScope, scopeOf, registerScopeProvider, type RecordScope, type ScopeProvider, type ScopeGrant } from './access';
export { registerRecordHooks, recordHooksOf, type RecordHooks, type RecordWriteEvent, type RecordTransitionEvent, type TransitionStep } from './hooks';
export { deriveRecord, linksOf, type RecordLink } from './links';
