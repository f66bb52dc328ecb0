// The runtime's public API: the engine (plain TypeScript), the form renderer and the list
// renderer. Hosts (src/, designer preview) import from here.
export * from './engine';
export { DefinitionForm, type DefinitionFormProps, type SavePayload, type ApprovalActionContext } from './form/DefinitionForm';
export { watermarkText, exportElementToPdf, pageSlices, pagePixels } from './form/print';
export { DefinitionList, useNarrow, type DefinitionListProps, type ListQuery, type ListPage } from './list/DefinitionList';
export { toFilters, type ListFilter } from './list/filters';
export { listColumns, cellText, fieldText, defaultListSettings, type ListColumn, type ListRow } from './list/columns';
export { escapeExcelCell, buildExportTable, exportTableToXlsx, type ExportTable } from './list/excel';
export { rowActions, ownsRow, modeOfAction, handoverIds, ROW_ACTIONS, type RowAction } from './list/rowActions';
export { useRuntimeT, runtimeT, RUNTIME_NS } from './i18n';
export { ProcessNodeCard, NODE_COLOURS, type ProcessNodeCardProps, type ProcessNodeState } from './approval/diagram/ProcessNodeCard';
export { strategySummary, strategyText, methodText, strategyRefs, namesFromDirectory, type StrategyNames } from './approval/strategySummary';
export { useApprovalT, approvalT, APPROVAL_NS, type ApprovalT } from './approval/i18n';
export { layoutProcess, NODE_SIZE, type Positions, type NodeBox } from './approval/layout';
