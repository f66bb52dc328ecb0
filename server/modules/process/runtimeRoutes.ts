// Runtime routes of approvals (schemas/api/process.ts).
import type { AppContext, TypedApp } from '../../context';

export function runtimeRoutes(_app: TypedApp, _ctx: AppContext) {}
