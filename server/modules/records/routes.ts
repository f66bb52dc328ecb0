// Record routes (docs/api.md "Records"), employee sessions only; ownership is checked per record.
// Paths, bodies and answers come from the contract (schemas/api/records.ts).
import { endpoints, pathOf, routeSchema } from '../../../schemas/api';
import type { AppContext, TypedApp } from '../../context';
import { invalid, ok } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { deleteRecord, saveRecord, voidRecord } from './save';
import { applicationType, getRecord } from './read';
import { listPageBody, listRecords, type ListInput } from './listQuery';
import { deriveRecord } from './links';

const E = endpoints.records;

export function recordRoutes(app: TypedApp, ctx: AppContext) {
  const p = ctx.config.apiPrefix;
  const config = { policy: 'employee' as const };

  app.post(pathOf(E.list, p), { config, schema: routeSchema(E.list) }, async (req, reply) => {
    const b = req.body;
    let filters: unknown = b.filters ?? [];
    if (typeof filters === 'string') {
      try {
        filters = filters ? JSON.parse(filters) : [];
      } catch {
        throw invalid([{ field: 'filters', message: t(req.locale, 'records.badFilters') }]);
      }
    }
    if (!isFilterList(filters)) throw invalid([{ field: 'filters', message: t(req.locale, 'records.badFilters') }]);
    const page = await listRecords(ctx, req.auth!, { ...b, page: b.page ?? 1, limit: b.limit ?? 20, filters }, req.locale);
    // the rows come from the database as JSON text and go out as they are
    return reply.type('application/json; charset=utf-8').send(listPageBody(page));
  });

  app.post(pathOf(E.get, p), { config, schema: routeSchema(E.get) }, async (req) => ok(await getRecord(ctx, req.auth!, req.body.formCode, req.body.id)));

  app.post(pathOf(E.save, p), { config, schema: routeSchema(E.save) }, async (req) => ok(await saveRecord(ctx, req.auth!, req.body, req.locale)));

  app.post(pathOf(E.delete, p), { config, schema: routeSchema(E.delete) }, async (req) => {
    await deleteRecord(ctx, req.auth!, req.body.formCode, req.body.id, req.body.version, req.locale);
    return ok(null);
  });

  app.post(pathOf(E.void, p), { config, schema: routeSchema(E.void) }, async (req) =>
    ok(await voidRecord(ctx, req.auth!, req.body.formCode, req.body.id, req.body.version, req.locale)),
  );

  app.post(pathOf(E.derive, p), { config, schema: routeSchema(E.derive) }, async (req) =>
    ok(await deriveRecord(ctx, req.auth!, req.body.formCode, req.body.fromId, req.locale)),
  );

  app.post(pathOf(E.applicationType, p), { config, schema: routeSchema(E.applicationType) }, async (req) => {
    const b = req.body ?? {};
    return ok(await applicationType(ctx, req.auth!, b.number, b.type));
  });
}

/** The filters of a list call: objects with a key and an operator (the operator itself is checked by the list query). */
function isFilterList(v: unknown): v is ListInput['filters'] & object {
  return Array.isArray(v) && v.every((f) => !!f && typeof f === 'object' && typeof f.key === 'string' && typeof f.op === 'string');
}
