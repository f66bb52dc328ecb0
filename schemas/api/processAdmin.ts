// Process administration (docs/api.md "Process administration"): spec §7's processDefinition,
// biaoDan, model, juZhen, callback/failure and task/del calls. Filled by server/modules/process.
export const processAdmin = {} as const;
