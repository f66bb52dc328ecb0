// Definition routes (docs/api.md "Definitions"): list for everyone signed in as an employee,
// published definitions for the runtime, everything that changes a definition for admins.
// Paths, bodies and answers come from the contract (schemas/api/definitions.ts).
import { endpoints, pathOf, routeSchema } from '../../../schemas/api';
import type { AppContext, TypedApp } from '../../context';
import { notFound, ok } from '../../lib/errors';
import * as repo from './repository';
import * as svc from './service';

const E = endpoints.definitions;

export function definitionRoutes(app: TypedApp, ctx: AppContext) {
  const p = ctx.config.apiPrefix;
  const emp = { policy: 'employee' as const };
  const admin = { policy: 'admin' as const };

  app.route({
    method: E.list.method,
    url: pathOf(E.list, p),
    schema: routeSchema(E.list),
    config: emp,
    handler: async (req) => {
      const b = req.body ?? {};
      return ok(await repo.listDefinitions(ctx.db, { page: b.page ?? 1, limit: b.limit ?? 20, keyword: b.keyword || undefined, formType: b.formType }));
    },
  });

  app.route({
    method: E.editInit.method,
    url: pathOf(E.editInit, p),
    schema: routeSchema(E.editInit),
    config: admin,
    handler: async (req) => ok(await svc.editInit(ctx, req.body.code)),
  });
  app.route({
    method: E.saveDraft.method,
    url: pathOf(E.saveDraft, p),
    schema: routeSchema(E.saveDraft),
    config: admin,
    handler: async (req) => ok(await svc.saveDraft(ctx, req.auth!, req.body.definition, req.body.draftVersion)),
  });
  app.route({
    method: E.delete.method,
    url: pathOf(E.delete, p),
    schema: routeSchema(E.delete),
    config: admin,
    handler: async (req) => {
      await svc.deleteDefinition(ctx, req.body.code);
      return ok(null);
    },
  });
  app.route({
    method: E.validate.method,
    url: pathOf(E.validate, p),
    schema: routeSchema(E.validate),
    config: admin,
    handler: async (req) => ok({ errors: svc.definitionProblems(req.body.definition, req.locale) }),
  });
  app.route({
    method: E.publish.method,
    url: pathOf(E.publish, p),
    schema: routeSchema(E.publish),
    config: admin,
    handler: async (req) => ok(await svc.publish(ctx, req.auth!, req.body.code, req.locale, req.body.draftVersion)),
  });
  app.route({
    method: E.get.method,
    url: pathOf(E.get, p),
    schema: routeSchema(E.get),
    config: emp,
    handler: async (req) => {
      const def = await svc.publishedDefinition(ctx, req.body.code, req.body.version);
      if (!def) throw notFound('definition');
      return ok(def);
    },
  });
  app.route({
    method: E.versions.method,
    url: pathOf(E.versions, p),
    schema: routeSchema(E.versions),
    config: emp,
    handler: async (req) => {
      const rows = await repo.listVersions(ctx.db, req.body.code);
      return ok(rows.map((r) => ({ version: r.version, publishedAt: r.publishedAt.toISOString(), publishedBy: r.publishedBy ?? '' })));
    },
  });
  app.route({
    method: E.export.method,
    url: pathOf(E.export, p),
    schema: routeSchema(E.export),
    config: admin,
    handler: async (req) => ok(await svc.exportDefinition(ctx, req.body.code)),
  });
  app.route({
    method: E.import.method,
    url: pathOf(E.import, p),
    schema: routeSchema(E.import),
    config: admin,
    handler: async (req) => ok(await svc.importDefinition(ctx, req.auth!, req.body.definition, req.locale)),
  });
}
