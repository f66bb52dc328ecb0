// Budget proposal routes (spec §7 Budget; contract schemas/api/budgetProposal.ts): the list,
// one proposal, save, the detail with the pools its lines loaded; the template years, the
// template model, the four template workbooks and the import of a filled one.
import { sql } from 'drizzle-orm';
import { endpoints, pathOf, routeSchema } from '../../../schemas/api';
import type { AppContext, SessionUser, TypedApp } from '../../context';
import { rows } from '../../db/client';
import { forbidden, invalid, notFound, ok } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { getRecordRow, recordDefinition, saveRecord, scopeOf, type RecordRow } from '../records';
import { fiscalYearOf, importProposal, PROPOSAL_FORM, proposalDetail, registerProposalHooks } from './proposals';
import { dimensions, kindLabel, TEMPLATE_COLUMNS, TEMPLATE_KINDS, templateWorkbook, columnLabel, type TemplateKind } from './templates';
import { fmt } from './money';

const E = endpoints.budgetProposal;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const config = { policy: 'employee' as const };

/** A proposal the user may read (404 when it is not one, 403 outside the user's record scope). */
async function readProposal(ctx: AppContext, me: SessionUser, id: string): Promise<RecordRow> {
  const r = await getRecordRow(ctx.db, id);
  if (!r || r.formCode !== PROPOSAL_FORM || r.isYouXiao !== '1') throw notFound();
  const def = await recordDefinition(ctx, r.formCode, r.definitionVersion);
  if (!(await scopeOf(ctx, me, def ?? null).mayRead(r))) throw forbidden();
  return r;
}

export function proposalRoutes(app: TypedApp, ctx: AppContext) {
  registerProposalHooks(ctx);
  const p = ctx.config.apiPrefix;

  app.post(pathOf(E.list, p), { config, schema: routeSchema(E.list) }, async (req) => {
    const b = req.body ?? {};
    const page = Number(b.page ?? 1);
    const limit = Number(b.limit ?? 20);
    const def = await recordDefinition(ctx, PROPOSAL_FORM);
    const scope = scopeOf(ctx, req.auth!, def ?? null);
    const where = [sql`records.form_code = ${PROPOSAL_FORM}`, sql`records.is_you_xiao = '1'`];
    if (scope.where) where.push(sql`(${scope.where})`);
    if (b.keyword?.trim()) {
      const like = `%${b.keyword.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(sql`(records.number ilike ${like} or records.title ilike ${like})`);
    }
    if (b.caiWuNian) where.push(sql`records.data->'caiWuNian'->>'id' = ${b.caiWuNian}`);
    if (b.shenPiZhuangTai) where.push(sql`records.shen_pi_zhuang_tai = ${b.shenPiZhuangTai}`);
    const cond = sql.join(where, sql` and `);
    // the scope's predicate names the table "records": no alias
    const from = sql`records`;
    const list = await rows<{
      id: string;
      number: string;
      title: string;
      caiWuNian: string | null;
      muBanLeiXing: string | null;
      heJi: string | null;
      lineCount: number;
      shenPiZhuangTai: string | null;
      loaded: boolean;
      rowCreateDate: string | null;
    }>(
      ctx.db,
      sql`select records.id, records.number, coalesce(records.title, '') as title, records.data->'caiWuNian'->>'name' as "caiWuNian", records.data->>'muBanLeiXing' as "muBanLeiXing",
        records.data->>'heJi' as "heJi", coalesce(jsonb_array_length(case when jsonb_typeof(records.data->'mingXi') = 'array' then records.data->'mingXi' end), 0)::int as "lineCount",
        records.shen_pi_zhuang_tai as "shenPiZhuangTai",
        exists (select 1 from budget_ledger l where l.record_id = records.id and l.kind = 'load') as loaded, records.row_create_date as "rowCreateDate"
        from ${from} where ${cond} order by records.row_create_date desc, records.id desc limit ${limit} offset ${(page - 1) * limit}`,
    );
    const [{ n }] = await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from ${from} where ${cond}`);
    return ok({
      pageSize: limit,
      currentPage: page,
      totalRecord: n,
      rows: list.map((r) => ({ ...r, heJi: fmt(r.heJi && /^-?\d+(\.\d+)?$/.test(r.heJi) ? r.heJi : 0) })),
    });
  });

  app.post(pathOf(E.findDataById, p), { config, schema: routeSchema(E.findDataById) }, async (req) =>
    ok((await readProposal(ctx, req.auth!, req.body.id)) as unknown as Record<string, unknown>),
  );

  app.post(pathOf(E.save, p), { config, schema: routeSchema(E.save) }, async (req) => {
    const r = await saveRecord(ctx, req.auth!, { formCode: PROPOSAL_FORM, ...req.body }, req.locale);
    return ok((r ?? {}) as Record<string, unknown>);
  });

  app.post(pathOf(E.detail, p), { config, schema: routeSchema(E.detail) }, async (req) => {
    const record = await readProposal(ctx, req.auth!, req.body.id);
    return ok(await proposalDetail(ctx.db, record));
  });

  app.post(pathOf(E.fiscalYears, p), { config, schema: routeSchema(E.fiscalYears) }, async (req) => ok((await dimensions(ctx.db, req.locale)).fiscalYear));

  app.post(pathOf(E.model, p), { config, schema: routeSchema(E.model) }, async (req) =>
    ok({
      columns: TEMPLATE_COLUMNS.map((c) => ({
        key: c.key,
        label: columnLabel(c.key, req.locale),
        required: 'required' in c && c.required,
        code: 'dim' in c,
      })),
      kinds: TEMPLATE_KINDS.map((kind) => ({ kind, label: kindLabel(kind, req.locale) })),
    }),
  );

  const templates: [TemplateKind, (typeof E)['templateRegion' | 'templateChannel' | 'templateSubject' | 'templateProduct']][] = [
    ['quYu', E.templateRegion],
    ['quDao', E.templateChannel],
    ['feiYong', E.templateSubject],
    ['chanPin', E.templateProduct],
  ];
  for (const [kind, e] of templates) {
    app.post(pathOf(e, p), { config, schema: routeSchema(e) }, async (req, reply) => {
      const fy = await fiscalYearOf(ctx.db, req.body.caiWuNian, req.locale);
      const file = await templateWorkbook(ctx.db, kind, fy, req.locale);
      const name = `${t(req.locale, 'budgetProposal.fileName', { year: fy.name, kind: kindLabel(kind, req.locale) })}.xlsx`;
      reply.header('Content-Type', XLSX_TYPE);
      reply.header('Content-Length', String(file.length));
      reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
      reply.header('X-Content-Type-Options', 'nosniff');
      return reply.send(file);
    });
  }

  app.post(pathOf(E.import, p), { config, schema: routeSchema(E.import), bodyLimit: 20 * 1024 * 1024 }, async (req) => {
    const b = req.body;
    const content = Buffer.from(b.content, 'base64');
    if (content.length === 0) throw invalid([{ field: 'content', message: t(req.locale, 'budgetProposal.error.notWorkbook') }]);
    return ok(await importProposal(ctx, req.auth!, { kind: b.kind, fiscalYearId: b.caiWuNian, fileName: b.fileName, content, title: b.title }, req.locale));
  });
}
