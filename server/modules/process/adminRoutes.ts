// Administration routes of approvals (schemas/api/processAdmin.ts): process definitions (draft,
// publish, bind, enable, copy, versions), the forms and fields the designer picks from, approver
// matrices, callback failures and task/del. Admin policy throughout, but the read of one
// published version (an employee's approval screen draws the flow of its instance).
import { endpoints, pathOf, routeSchema } from '../../../schemas/api';
import type { AppContext, TypedApp } from '../../context';
import { invalid, notFound, ok } from '../../lib/errors';
import { t } from '../../lib/i18n';
import {
  bindProcess,
  copyProcess,
  createProcess,
  deleteConditionBranch,
  formFields,
  listFormsWithProcesses,
  listProcesses,
  listProcessVersions,
  processItem,
  processVersion,
  publishProcess,
  saveProcessDraft,
  setProcessEnabled,
} from './definitions';
import { allMatrixCodes, listMatrices, matricesOfProcess, matricesWorkbook, matrixDoc, replaceUser, saveMatrix, XLSX_TYPE } from './matrix';
import { kickDispatcher, listFailures, retryFailed } from './outbox';
import { act } from './steps';

const E = endpoints.processAdmin;

export function adminRoutes(app: TypedApp, ctx: AppContext) {
  const p = ctx.config.apiPrefix;
  const admin = { policy: 'admin' as const };
  const emp = { policy: 'employee' as const };

  // ─── definitions ───────────────────────────────────────────────────────────────────────────
  app.post(pathOf(E.definitionList, p), { config: admin, schema: routeSchema(E.definitionList) }, async (req) => {
    const b = req.body ?? {};
    return ok(await listProcesses(ctx.db, { page: b.page ?? 1, limit: b.limit ?? 20, keyword: b.keyword || undefined, formCode: b.formCode || undefined }));
  });
  app.post(pathOf(E.definitionItem, p), { config: admin, schema: routeSchema(E.definitionItem) }, async (req) => ok(await processItem(ctx.db, req.body.code)));
  app.post(pathOf(E.definitionSave, p), { config: admin, schema: routeSchema(E.definitionSave) }, async (req) =>
    ok(await saveProcessDraft(ctx, req.auth!, req.body, req.locale)),
  );
  app.post(pathOf(E.definitionPublish, p), { config: admin, schema: routeSchema(E.definitionPublish) }, async (req) =>
    ok(await publishProcess(ctx, req.auth!, req.body.code, req.body.draftVersion, req.locale)),
  );
  app.post(pathOf(E.definitionBind, p), { config: admin, schema: routeSchema(E.definitionBind) }, async (req) =>
    ok(await bindProcess(ctx, req.auth!, req.body.code, req.body.formCode)),
  );
  app.post(pathOf(E.conditionDelete, p), { config: admin, schema: routeSchema(E.conditionDelete) }, async (req) =>
    ok(await deleteConditionBranch(ctx, req.auth!, req.body, req.locale)),
  );
  app.post(pathOf(E.enableStatus, p), { config: admin, schema: routeSchema(E.enableStatus) }, async (req) =>
    ok(await setProcessEnabled(ctx, req.auth!, req.body.code, req.body.enabled)),
  );
  app.post(pathOf(E.modelCreate, p), { config: admin, schema: routeSchema(E.modelCreate) }, async (req) => ok(await createProcess(ctx, req.auth!, req.body)));
  app.post(pathOf(E.modelCopy, p), { config: admin, schema: routeSchema(E.modelCopy) }, async (req) => ok(await copyProcess(ctx, req.auth!, req.body)));
  app.post(pathOf(E.definitionVersions, p), { config: admin, schema: routeSchema(E.definitionVersions) }, async (req) =>
    ok(await listProcessVersions(ctx.db, req.body.code)),
  );
  app.post(pathOf(E.definitionVersion, p), { config: emp, schema: routeSchema(E.definitionVersion) }, async (req) => {
    const { code } = req.body;
    let version = req.body.version;
    if (version === undefined) {
      const [latest] = await listProcessVersions(ctx.db, code);
      if (!latest) throw notFound('process');
      version = latest.version;
    }
    const def = await processVersion(ctx.db, code, version);
    if (!def) throw notFound('process');
    return ok(def);
  });

  // ─── forms ─────────────────────────────────────────────────────────────────────────────────
  app.post(pathOf(E.formList, p), { config: admin, schema: routeSchema(E.formList) }, async (req) => {
    const b = req.body ?? {};
    return ok(await listFormsWithProcesses(ctx.db, { page: b.page ?? 1, limit: b.limit ?? 20, keyword: b.keyword || undefined }));
  });
  app.post(pathOf(E.formFields, p), { config: admin, schema: routeSchema(E.formFields) }, async (req) => ok(await formFields(ctx, req.body.formCode)));

  // ─── matrices ──────────────────────────────────────────────────────────────────────────────
  app.post(pathOf(E.matrixList, p), { config: admin, schema: routeSchema(E.matrixList) }, async (req) => {
    const b = req.body ?? {};
    return ok(await listMatrices(ctx.db, { page: b.page ?? 1, limit: b.limit ?? 20, keyword: b.keyword || undefined }));
  });
  app.post(pathOf(E.matrixInit, p), { config: admin, schema: routeSchema(E.matrixInit) }, async (req) => ok(await matrixDoc(ctx.db, req.body.code)));
  app.post(pathOf(E.matrixSave, p), { config: admin, schema: routeSchema(E.matrixSave) }, async (req) =>
    ok(await saveMatrix(ctx, req.auth!, req.body, req.locale)),
  );
  app.post(pathOf(E.matrixReplaceUser, p), { config: admin, schema: routeSchema(E.matrixReplaceUser) }, async (req) =>
    ok(await replaceUser(ctx, req.auth!, req.body.fromUserId, req.body.toUserId, req.locale)),
  );
  app.post(pathOf(E.matrixExport, p), { config: admin, schema: routeSchema(E.matrixExport) }, async (req, reply) => {
    await matrixDoc(ctx.db, req.body.code); // 404 for an unknown matrix
    const file = await matricesWorkbook(ctx.db, [req.body.code], req.locale);
    return sendXlsx(reply, `${req.body.code}.xlsx`, file);
  });
  app.post(pathOf(E.matrixExportAll, p), { config: admin, schema: routeSchema(E.matrixExportAll) }, async (req, reply) => {
    const processCode = req.body?.processCode;
    const codes = processCode ? await matricesOfProcess(ctx.db, processCode) : await allMatrixCodes(ctx.db);
    const file = await matricesWorkbook(ctx.db, codes, req.locale);
    return sendXlsx(reply, `${processCode ?? 'juZhen'}.xlsx`, file);
  });

  // ─── callbacks ─────────────────────────────────────────────────────────────────────────────
  app.post(pathOf(E.callbackFailures, p), { config: admin, schema: routeSchema(E.callbackFailures) }, async (req) => {
    const b = req.body ?? {};
    return ok(
      await listFailures(ctx.db, { page: b.page ?? 1, limit: b.limit ?? 20, keyword: b.keyword || undefined, processCode: b.processCode || undefined }),
    );
  });
  app.post(pathOf(E.callbackRetry, p), { config: admin, schema: routeSchema(E.callbackRetry) }, async (req) => ok(await retryFailed(ctx, req.body.ids)));

  // ─── task/del ──────────────────────────────────────────────────────────────────────────────
  app.post(pathOf(E.taskDelete, p), { config: admin, schema: routeSchema(E.taskDelete) }, async (req) => {
    const { instanceId, recordId, comment } = req.body;
    const target = instanceId ? { instanceId } : recordId ? { recordId } : null;
    if (!target) throw invalid([{ field: 'instanceId', message: t(req.locale, 'processAdmin.targetRequired') }]);
    const me = req.auth!;
    await act(ctx, me, target, { type: 'cancel', by: me.userId, ...(comment ? { comment } : {}) }, req.locale);
    void kickDispatcher(ctx);
    return ok(null);
  });
}

type Reply = { header(name: string, value: string): unknown; send(payload: Buffer): unknown };

function sendXlsx<R extends Reply>(reply: R, name: string, file: Buffer) {
  reply.header('Content-Type', XLSX_TYPE);
  reply.header('Content-Length', String(file.length));
  reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
  reply.header('X-Content-Type-Options', 'nosniff');
  return reply.send(file);
}
