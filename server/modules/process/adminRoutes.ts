// Administration routes of approvals (schemas/api/processAdmin.ts).
import type { AppContext, TypedApp } from '../../context';

export function adminRoutes(_app: TypedApp, _ctx: AppContext) {}
