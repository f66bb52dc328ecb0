// Process monitoring routes (schemas/api/processMonitor.ts), administrators only: the instance
// list of liuChengJianKong and the open-task list of liuChengRenWuDel (monitor.ts). A task is
// deleted through processAdmin's task/del (adminRoutes.ts).
import { endpoints, pathOf, routeSchema } from '../../../schemas/api';
import type { AppContext, TypedApp } from '../../context';
import { ok } from '../../lib/errors';
import { instancePage, openTaskPage } from './monitor';

const E = endpoints.processMonitor;

export function monitorRoutes(app: TypedApp, ctx: AppContext) {
  const p = ctx.config.apiPrefix;
  const config = { policy: 'admin' as const };

  app.post(pathOf(E.instances, p), { config, schema: routeSchema(E.instances) }, async (req) => {
    const b = req.body ?? {};
    const page = b.page ?? 1;
    const limit = b.limit ?? 20;
    const filter = {
      page,
      limit,
      status: b.status || undefined,
      formCode: b.formCode || undefined,
      keyword: b.keyword,
      applicantId: b.applicantId || undefined,
    };
    const { rows, total } = await instancePage(ctx.db, filter, req.locale);
    return ok({ pageSize: limit, currentPage: page, totalRecord: total, rows });
  });

  app.post(pathOf(E.tasks, p), { config, schema: routeSchema(E.tasks) }, async (req) => {
    const b = req.body ?? {};
    const page = b.page ?? 1;
    const limit = b.limit ?? 20;
    const filter = { page, limit, formCode: b.formCode || undefined, keyword: b.keyword, assigneeId: b.assigneeId || undefined };
    const { rows, total } = await openTaskPage(ctx.db, filter, req.locale);
    return ok({ pageSize: limit, currentPage: page, totalRecord: total, rows });
  });
}
