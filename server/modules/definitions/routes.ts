// Definition routes (docs/api.md "Definitions"): list for everyone signed in as an employee,
// published definitions for the runtime, everything that changes a definition for admins.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { notFound, ok } from '../../lib/errors';
import { Paging } from '../../lib/schemas';
import * as repo from './repository';
import * as svc from './service';

const Code = Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) });
const WithDefinition = Type.Object({ definition: Type.Object({}, { additionalProperties: true }) });

export function definitionRoutes(app: FastifyInstance, ctx: AppContext) {
  const p = ctx.config.apiPrefix;
  const tags = ['definitions'];
  const emp = { policy: 'employee' as const };
  const admin = { policy: 'admin' as const };

  app.post('/emp/api/v2/biaoDan/list', {
    config: emp,
    schema: { tags, body: Type.Optional(Type.Object({ ...Paging, keyword: Type.Optional(Type.String({ maxLength: 100 })), formType: Type.Optional(Type.Integer()) })) },
  }, async (req) => {
    const b = (req.body ?? {}) as { page?: number; limit?: number; keyword?: string; formType?: number };
    return ok(await repo.listDefinitions(ctx.db, { page: b.page ?? 1, limit: b.limit ?? 20, keyword: b.keyword || undefined, formType: b.formType }));
  });

  app.post(`${p}/emp/system/commons/biaoDan/edit-init.action`, { config: admin, schema: { tags, body: Code } }, async (req) => {
    return ok(await svc.editInit(ctx, (req.body as { code: string }).code));
  });
  app.post(`${p}/emp/system/commons/biaoDan/edit-save.action`, { config: admin, schema: { tags, body: WithDefinition } }, async (req) => {
    return ok(await svc.saveDraft(ctx, req.auth!, (req.body as { definition: unknown }).definition));
  });
  app.post(`${p}/emp/system/commons/biaoDan/delete-row.action`, { config: admin, schema: { tags, body: Code } }, async (req) => {
    await svc.deleteDefinition(ctx, (req.body as { code: string }).code);
    return ok(null);
  });
  app.post('/emp/api/v2/biaoDan/validate', { config: admin, schema: { tags, body: WithDefinition } }, async (req) => {
    return ok({ errors: svc.definitionProblems((req.body as { definition: unknown }).definition, req.locale) });
  });
  app.post('/emp/api/v2/biaoDan/publish', { config: admin, schema: { tags, body: Code } }, async (req) => {
    return ok(await svc.publish(ctx, req.auth!, (req.body as { code: string }).code, req.locale));
  });
  app.post('/emp/api/v2/biaoDan/get', {
    config: emp,
    schema: { tags, body: Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }), version: Type.Optional(Type.Integer({ minimum: 1 })) }) },
  }, async (req) => {
    const b = req.body as { code: string; version?: number };
    const def = await svc.publishedDefinition(ctx, b.code, b.version);
    if (!def) throw notFound('definition');
    return ok(def);
  });
  app.post('/emp/api/v2/biaoDan/versions', { config: emp, schema: { tags, body: Code } }, async (req) => {
    const rows = await repo.listVersions(ctx.db, (req.body as { code: string }).code);
    return ok(rows.map((r) => ({ version: r.version, publishedAt: r.publishedAt.toISOString(), publishedBy: r.publishedBy ?? '' })));
  });
  app.post('/emp/api/v2/biaoDan/export', { config: admin, schema: { tags, body: Code } }, async (req) => {
    return ok(await svc.exportDefinition(ctx, (req.body as { code: string }).code));
  });
  app.post('/emp/api/v2/biaoDan/import', { config: admin, schema: { tags, body: WithDefinition } }, async (req) => {
    return ok(await svc.importDefinition(ctx, req.auth!, (req.body as { definition: unknown }).definition, req.locale));
  });
}
