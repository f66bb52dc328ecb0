// Record routes (docs/api.md "Records"), employee sessions only; ownership is checked per record.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { invalid, ok } from '../../lib/errors';
import { Id, Paging } from '../../lib/schemas';
import { t } from '../../lib/i18n';
import * as svc from './service';

const FormCode = Type.String({ minLength: 1, maxLength: 64 });
const Filter = Type.Object({ key: Type.String({ minLength: 1, maxLength: 64 }), op: Type.String({ maxLength: 8 }), value: Type.Optional(Type.Unknown()) });

export function recordRoutes(app: FastifyInstance, ctx: AppContext) {
  const tags = ['records'];
  const config = { policy: 'employee' as const };

  app.post('/emp/api/v2/biaoDan/record/list', {
    config,
    schema: {
      tags,
      body: Type.Object({
        formCode: FormCode,
        ...Paging,
        sort: Type.Optional(Type.String({ maxLength: 64 })),
        order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
        filters: Type.Optional(Type.Union([Type.Array(Filter, { maxItems: 20 }), Type.String({ maxLength: 10_000 })])),
        cursor: Type.Optional(Type.String({ maxLength: 19 })),
      }),
    },
  }, async (req, reply) => {
    const b = req.body as svc.ListInput & { filters?: unknown };
    let filters = b.filters ?? [];
    if (typeof filters === 'string') {
      try {
        filters = filters ? JSON.parse(filters) : [];
      } catch {
        throw invalid([{ field: 'filters', message: t(req.locale, 'records.badFilters') }]);
      }
    }
    if (!Array.isArray(filters) || filters.some((f) => !f || typeof f !== 'object' || typeof f.key !== 'string' || typeof f.op !== 'string')) {
      throw invalid([{ field: 'filters', message: t(req.locale, 'records.badFilters') }]);
    }
    const page = await svc.listRecords(ctx, req.auth!, { ...b, page: b.page ?? 1, limit: b.limit ?? 20, filters: filters as svc.ListInput['filters'] }, req.locale);
    // the rows come from the database as JSON text and go out as they are
    return reply.type('application/json; charset=utf-8').send(svc.listPageBody(page));
  });

  app.post('/emp/api/v2/biaoDan/record/get', { config, schema: { tags, body: Type.Object({ formCode: FormCode, id: Id }) } }, async (req) => {
    const b = req.body as { formCode: string; id: string };
    return ok(await svc.getRecord(ctx, req.auth!, b.formCode, b.id));
  });

  app.post('/emp/api/v2/biaoDan/record/save', {
    config,
    schema: {
      tags,
      body: Type.Object({
        formCode: FormCode,
        id: Type.Optional(Id),
        version: Type.Optional(Type.Integer({ minimum: 1 })),
        title: Type.Optional(Type.String({ maxLength: 200 })),
        data: Type.Object({}, { additionalProperties: true }),
        submit: Type.Optional(Type.Boolean()),
        derivedFrom: Type.Optional(Id),
      }),
    },
  }, async (req) => ok(await svc.saveRecord(ctx, req.auth!, req.body as svc.SaveInput, req.locale)));

  app.post('/emp/api/v2/biaoDan/record/delete', {
    config,
    schema: { tags, body: Type.Object({ formCode: FormCode, id: Id, version: Type.Integer({ minimum: 1 }) }) },
  }, async (req) => {
    const b = req.body as { formCode: string; id: string; version: number };
    await svc.deleteRecord(ctx, req.auth!, b.formCode, b.id, b.version);
    return ok(null);
  });

  app.post('/emp/api/v2/biaoDan/record/derive', { config, schema: { tags, body: Type.Object({ formCode: FormCode, fromId: Id }) } }, async (req) => {
    const b = req.body as { formCode: string; fromId: string };
    return ok(await svc.deriveRecord(ctx, req.auth!, b.formCode, b.fromId, req.locale));
  });

  app.post('/emp/api/v2/feiYong/yinQing/shenQing/getShenQingDanLeiXing', {
    config,
    schema: { tags, body: Type.Object({ number: Type.Optional(Type.String({ maxLength: 50 })), type: Type.Optional(Type.Integer()) }) },
  }, async (req) => {
    const b = (req.body ?? {}) as { number?: string; type?: number };
    return ok(await svc.applicationType(ctx, req.auth!, b.number, b.type));
  });
}
