// The budget pool routes (schemas/api/budget.ts; spec §7 Budget): enable/disable, delete, the edit
// form, save, the Excel exports, a pool's ledger, change, transfer and allocation. Reading is for
// employees; every change is for administrators and department leaders (the pool menu's role).
// Bodies are checked against the contract with field-level messages in the user's language.
import type { FastifyError, FastifyRequest } from 'fastify';
import { endpoints, pathOf, routeSchema } from '../../../schemas/api';
import type { Locale } from '../../../schemas/constants';
import type { AppContext, TypedApp } from '../../context';
import { AppError, forbidden, invalid, ok, type FieldError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { budgetPoolList } from '../masterData';
import { ledgerWorkbook, poolsWorkbook, XLSX_TYPE } from './poolExport';
import { allocate, changePool, deletePool, ledgerPage, mayManagePools, poolForEdit, savePool, setEnabled, transfer } from './pools';

const E = endpoints.budget;

/** The contract's validation failures as field errors in the user's language. */
function fieldErrors(err: FastifyError, locale: Locale): FieldError[] {
  return (err.validation ?? []).map((v) => {
    const path = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const missing = (v.params as { missingProperty?: string; additionalProperty?: string })?.missingProperty;
    const extra = (v.params as { additionalProperty?: string })?.additionalProperty;
    const field = [path, missing ?? extra].filter(Boolean).join('.') || 'body';
    const key = `budget.field.${field}`;
    const label = t(locale, key);
    const name = label === key ? field : label;
    const rule = v.keyword === 'required' ? 'required' : v.keyword === 'additionalProperties' ? 'unknown' : 'invalid';
    return { field, message: t(locale, `budget.rule.${rule}`, { field: name }), code: v.keyword };
  });
}

function checked(req: FastifyRequest) {
  const err = (req as FastifyRequest & { validationError?: FastifyError }).validationError;
  if (err) throw invalid(fieldErrors(err, req.locale));
}

type Reply = { header(name: string, value: string): unknown; send(payload: Buffer): unknown };
function sendXlsx<R extends Reply>(reply: R, name: string, file: Buffer) {
  reply.header('Content-Type', XLSX_TYPE);
  reply.header('Content-Length', String(file.length));
  reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
  reply.header('X-Content-Type-Options', 'nosniff');
  return reply.send(file);
}

/** The database's code of a failed statement (drizzle may wrap the driver's error in `cause`). */
function pgCode(e: unknown): string | null {
  for (let x: unknown = e, i = 0; x && typeof x === 'object' && i < 4; x = (x as { cause?: unknown }).cause, i++) {
    const code = (x as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/**
 * A constraint the database enforced past the service's own checks (two pools saved with one
 * code at the same moment; a total the check refused) answers 409/422, never 500.
 */
async function guarded<T>(locale: Locale, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    const code = pgCode(e);
    if (code === '23505') throw invalid([{ field: 'code', message: t(locale, 'budget.codeTakenNow') }]);
    if (code === '23514') throw new AppError(422, 'budget.checkRefused');
    if (code === '40P01' || code === '40001') throw new AppError(409, 'errors.staleWrite');
    throw e;
  }
}

export function poolRoutes(app: TypedApp, ctx: AppContext) {
  const p = ctx.config.apiPrefix;
  // employees read; `manager` admits administrators and department leaders to the changes.
  // attachValidation: the contract's failures reach the handler, which words them per field
  const route = { config: { policy: 'employee' as const }, attachValidation: true };
  /** the session's user, when they may change pools (else 403) */
  const manager = async (req: FastifyRequest) => {
    checked(req);
    const me = req.auth!;
    if (!(await mayManagePools(ctx.db, me))) throw forbidden();
    return me;
  };
  const path = (e: Parameters<typeof pathOf>[0]) => pathOf(e, p);

  app.post(path(E.qiYong), { ...route, schema: routeSchema(E.qiYong) }, async (req) => {
    const me = await manager(req);
    return ok(await guarded(req.locale, () => setEnabled(ctx.db, me, req.body.id, req.body.enabled, req.body.version)));
  });
  app.post(path(E.delete), { ...route, schema: routeSchema(E.delete) }, async (req) => {
    await manager(req);
    await guarded(req.locale, () => deletePool(ctx.db, req.body.id));
    return ok(null);
  });
  app.post(path(E.editInit), { ...route, schema: routeSchema(E.editInit) }, async (req) => {
    checked(req);
    return ok(await poolForEdit(ctx.db, req.body?.id));
  });
  app.post(path(E.save), { ...route, schema: routeSchema(E.save) }, async (req) => {
    const me = await manager(req);
    return ok(await guarded(req.locale, () => savePool(ctx.db, me, req.body, req.locale)));
  });
  app.post(path(E.export), { ...route, schema: routeSchema(E.export) }, async (req, reply) => {
    checked(req);
    const params: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(req.body ?? {})) if (k !== 'keyword' && v) params[k] = String(v);
    const keyword = req.body?.keyword?.trim() || undefined;
    const list = await budgetPoolList(ctx.db, { keyword, page: 1, limit: 0, params, locale: req.locale });
    return sendXlsx(reply, `${t(req.locale, 'budget.sheet.pools')}.xlsx`, await poolsWorkbook(list.rows, req.locale));
  });
  app.post(path(E.ledger), { ...route, schema: routeSchema(E.ledger) }, async (req) => {
    checked(req);
    return ok(await ledgerPage(ctx.db, req.body.poolId, req.body.page ?? 1, req.body.limit ?? 20));
  });
  app.post(path(E.ledgerExport), { ...route, schema: routeSchema(E.ledgerExport) }, async (req, reply) => {
    checked(req);
    const { file, name } = await ledgerWorkbook(ctx.db, req.body.poolId, req.locale);
    return sendXlsx(reply, name, file);
  });
  app.post(path(E.change), { ...route, schema: routeSchema(E.change) }, async (req) => {
    const me = await manager(req);
    return ok(await guarded(req.locale, () => changePool(ctx.db, me, req.body.poolId, req.body.amount, req.body.memo, req.locale)));
  });
  app.post(path(E.transfer), { ...route, schema: routeSchema(E.transfer) }, async (req) => {
    const me = await manager(req);
    const b = req.body;
    return ok(await guarded(req.locale, () => transfer(ctx.db, me, b.fromPoolId, b.toPoolId, b.amount, b.memo, req.locale)));
  });
  app.post(path(E.allocate), { ...route, schema: routeSchema(E.allocate) }, async (req) => {
    const me = await manager(req);
    const b = req.body;
    return ok(await guarded(req.locale, () => allocate(ctx.db, me, b.parentPoolId, b.childPoolId, b.amount, b.memo, req.locale)));
  });
}
