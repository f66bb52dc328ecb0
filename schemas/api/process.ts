// The approval runtime (docs/api.md "Approvals"): the task center lists (to-do, done, cc,
// started, with counts), an instance's history and current nodes, the actions on a task, the
// dry-run, and spec §7's task-all. Filled by the process runtime (server/modules/process).
export const process = {} as const;
