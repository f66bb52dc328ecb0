// Runtime routes of approvals (schemas/api/process.ts), employee sessions: the task center
// (task-all, counts), an instance's detail, the actions on the caller's own tasks (the engine
// refuses someone else's: 403), withdraw/urge/cc read by record, batch decisions for the
// batch-approval whitelist, and the approver dry-run.
import { eq, inArray } from 'drizzle-orm';
import { endpoints, pathOf, routeSchema } from '../../../schemas/api';
import type { AppContext, SessionUser, TypedApp } from '../../context';
import { batchApprovers, files } from '../../db/schema';
import { AppError, forbidden, invalid, ok } from '../../lib/errors';
import { t } from '../../lib/i18n';
import type { Locale } from '../../../schemas/constants';
import type { Attachment, ProcessAction } from '../../../schemas/process';
import { unreadableNewFiles } from '../files';
import { act, type ActTarget, type ActOptions } from './steps';
import { instanceDetail } from './detail';
import { taskCounts, taskPage, validDay } from './taskCenter';
import { dryRunFor } from './dryRun';

const E = endpoints.process;

/** File ids → attachments (names from the files module's table); a file the caller may not read: 422. */
async function attachmentsOf(ctx: AppContext, me: SessionUser, ids: readonly string[] | undefined, locale: Locale): Promise<Attachment[] | undefined> {
  if (!ids?.length) return undefined;
  const unique = [...new Set(ids)];
  const bad = await unreadableNewFiles(ctx, me, new Map(unique.map((id) => [id, 'attachments'])), null);
  if (bad.length) throw invalid(bad.map((id) => ({ field: 'attachments', code: 'invalidValue', message: t(locale, 'records.fileNotReadable', { id }) })));
  const found = await ctx.db.select({ id: files.id, name: files.name }).from(files).where(inArray(files.id, unique));
  const names = new Map(found.map((f) => [f.id, f.name]));
  return unique.map((id) => ({ id, name: names.get(id) ?? id }));
}

export function runtimeRoutes(app: TypedApp, ctx: AppContext) {
  const p = ctx.config.apiPrefix;
  const config = { policy: 'employee' as const };
  const run = (me: SessionUser, target: ActTarget, action: ProcessAction, locale: Locale, opts?: ActOptions) => act(ctx, me, target, action, locale, opts);

  app.post(pathOf(E.taskAll, p), { config, schema: routeSchema(E.taskAll) }, async (req) => {
    const me = req.auth!.userId;
    const b = req.body;
    const page = b.page ?? 1;
    const limit = b.limit ?? 20;
    // the contract checks the days' shape; a day that does not exist (2026-02-30) is a field error
    const bad = (['from', 'to'] as const).filter((k) => b[k] && !validDay(b[k]));
    if (bad.length) throw invalid(bad.map((k) => ({ field: k, code: 'invalidValue', message: t(req.locale, 'records.badFilterValue', { key: k }) })));
    const input = {
      tab: b.tab,
      page,
      limit,
      keyword: b.keyword,
      formCode: b.formCode || undefined,
      applicantId: b.applicantId || undefined,
      from: b.from || undefined,
      to: b.to || undefined,
      amountField: b.amountField,
    };
    const { rows, total } = await taskPage(ctx.db, me, input, req.locale);
    return ok({ pageSize: limit, currentPage: page, totalRecord: total, rows, counts: await taskCounts(ctx.db, me) });
  });

  app.post(pathOf(E.counts, p), { config, schema: routeSchema(E.counts) }, async (req) => ok(await taskCounts(ctx.db, req.auth!.userId)));

  app.post(pathOf(E.detail, p), { config, schema: routeSchema(E.detail) }, async (req) =>
    ok(await instanceDetail(ctx, req.auth!, req.body.recordId, req.locale)),
  );

  app.post(pathOf(E.approve, p), { config, schema: routeSchema(E.approve) }, async (req) => {
    const me = req.auth!;
    const b = req.body;
    const attachments = await attachmentsOf(ctx, me, b.attachments, req.locale);
    const action: ProcessAction = { type: 'approve', by: me.userId, taskId: b.taskId, comment: b.comment, attachments, picks: b.picks, signature: b.signature };
    return ok(await run(me, { taskId: b.taskId }, action, req.locale, { edits: b.data }));
  });

  app.post(pathOf(E.reject, p), { config, schema: routeSchema(E.reject) }, async (req) => {
    const me = req.auth!;
    const b = req.body;
    const attachments = await attachmentsOf(ctx, me, b.attachments, req.locale);
    return ok(await run(me, { taskId: b.taskId }, { type: 'reject', by: me.userId, taskId: b.taskId, comment: b.comment, attachments }, req.locale));
  });

  app.post(pathOf(E.return, p), { config, schema: routeSchema(E.return) }, async (req) => {
    const me = req.auth!;
    const b = req.body;
    const attachments = await attachmentsOf(ctx, me, b.attachments, req.locale);
    return ok(await run(me, { taskId: b.taskId }, { type: 'return', by: me.userId, taskId: b.taskId, to: b.to, comment: b.comment, attachments }, req.locale));
  });

  app.post(pathOf(E.transfer, p), { config, schema: routeSchema(E.transfer) }, async (req) => {
    const me = req.auth!;
    const b = req.body;
    return ok(await run(me, { taskId: b.taskId }, { type: 'transfer', by: me.userId, taskId: b.taskId, to: b.to, comment: b.comment }, req.locale));
  });

  app.post(pathOf(E.delegate, p), { config, schema: routeSchema(E.delegate) }, async (req) => {
    const me = req.auth!;
    const b = req.body;
    return ok(await run(me, { taskId: b.taskId }, { type: 'delegate', by: me.userId, taskId: b.taskId, to: b.to, comment: b.comment }, req.locale));
  });

  app.post(pathOf(E.addSign, p), { config, schema: routeSchema(E.addSign) }, async (req) => {
    const me = req.auth!;
    const b = req.body;
    const action: ProcessAction = { type: 'addSign', by: me.userId, taskId: b.taskId, users: [...new Set(b.users)], position: b.position, comment: b.comment };
    return ok(await run(me, { taskId: b.taskId }, action, req.locale));
  });

  app.post(pathOf(E.withdraw, p), { config, schema: routeSchema(E.withdraw) }, async (req) => {
    const me = req.auth!;
    const b = req.body;
    return ok(await run(me, { recordId: b.recordId }, { type: 'withdraw', by: me.userId, taskId: b.taskId, comment: b.comment }, req.locale));
  });

  app.post(pathOf(E.urge, p), { config, schema: routeSchema(E.urge) }, async (req) => {
    const me = req.auth!;
    return ok(await run(me, { recordId: req.body.recordId }, { type: 'urge', by: me.userId, comment: req.body.comment }, req.locale));
  });

  app.post(pathOf(E.ccRead, p), { config, schema: routeSchema(E.ccRead) }, async (req) => {
    const me = req.auth!;
    return ok(await run(me, { recordId: req.body.recordId }, { type: 'ccRead', by: me.userId }, req.locale));
  });

  app.post(pathOf(E.batch, p), { config, schema: routeSchema(E.batch) }, async (req) => {
    const me = req.auth!;
    const b = req.body;
    const [listed] = await ctx.db.select({ u: batchApprovers.userId }).from(batchApprovers).where(eq(batchApprovers.userId, me.userId));
    if (!listed) throw forbidden();
    const results = [];
    // one transaction per task: a refused task does not hold the others back
    for (const taskId of [...new Set(b.taskIds)]) {
      const action: ProcessAction =
        b.decision === 'approve'
          ? { type: 'approve', by: me.userId, taskId, comment: b.comment }
          : { type: 'reject', by: me.userId, taskId, comment: b.comment };
      try {
        await act(ctx, me, { taskId }, action, req.locale);
        results.push({ taskId, ok: true, status: 200, code: null, message: null });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const field = err.extra.errors?.[0];
        results.push({
          taskId,
          ok: false,
          status: err.status,
          code: field?.code ?? err.msgKey,
          message: field?.message ?? t(req.locale, err.msgKey, err.params),
        });
      }
    }
    return ok({ results });
  });

  app.post(pathOf(E.dryRun, p), { config, schema: routeSchema(E.dryRun) }, async (req) => {
    const b = req.body;
    return ok(
      await dryRunFor(ctx, req.auth!, b.formCode, b.data, b.picks ?? {}, { applicantId: b.applicantId, processCode: b.processCode, locale: req.locale }),
    );
  });
}
