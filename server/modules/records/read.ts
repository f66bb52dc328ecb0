// Reading records: one record as the API answers it (the list builds the same JSON in the
// database: repository.ts ROW_JSON_TEXT), and the application lookup by document number.
import type { AppContext, SessionUser } from '../../context';
import { APPLICATION_VIEWS } from '../../../schemas';
import { businessFailure, forbidden, notFound } from '../../lib/errors';
import * as repo from './repository';
import { scopeOf } from './access';
import { definitionOf, formTypeOf } from './definition';

export function toApi(r: repo.RecordRow, names: { users: Map<string, string>; depts: Map<string, string> }) {
  return {
    id: r.id,
    formCode: r.formCode,
    number: r.number,
    title: r.title,
    isYouXiao: r.isYouXiao,
    rowCreateId: r.rowCreateId,
    rowCreateBuMenId: r.rowCreateBuMenId,
    rowCreateDate: r.rowCreateDate,
    rowModUser: r.rowModUser,
    rowModDate: r.rowModDate,
    stateName: r.stateName,
    shenPiZhuangTai: r.shenPiZhuangTai,
    shenPiRen: r.shenPiRen,
    shiYongJueSeId: r.shiYongJueSeId,
    tiJiaoLiuChengTime: r.tiJiaoLiuChengTime,
    liuChengGuiDangTime: r.liuChengGuiDangTime,
    shenPiCallBackFailure: r.shenPiCallBackFailure,
    liuChengId: r.liuChengId,
    definitionVersion: r.definitionVersion,
    version: r.version,
    data: r.data as Record<string, unknown>,
    rowCreateName: names.users.get(r.rowCreateId) ?? null,
    rowCreateBuMenName: r.rowCreateBuMenId ? (names.depts.get(r.rowCreateBuMenId) ?? null) : null,
    rowClick: 0,
  };
}

export async function getRecord(ctx: AppContext, me: SessionUser, formCode: string, id: string) {
  const r = await repo.getRecord(ctx.db, id);
  if (!r || r.formCode !== formCode || r.isYouXiao !== '1') throw notFound();
  const def = await definitionOf(ctx, r.formCode, r.definitionVersion);
  if (!(await scopeOf(ctx, me, def).mayRead(r))) throw forbidden();
  return { record: toApi(r, await repo.displayNames(ctx.db, [r])), definitionVersion: r.definitionVersion };
}

export async function applicationType(ctx: AppContext, me: SessionUser, number: string | undefined, type: number | undefined) {
  if (!number) throw businessFailure('records.numberMissing');
  const scope = scopeOf(ctx, me, null);
  const found = (await repo.findByNumber(ctx.db, number)).filter((r) => scope.canRead(r));
  if (found.length === 0) throw businessFailure('records.applicationNotFound', { number });
  const r = found[0];
  const formType = await formTypeOf(ctx, r.formCode);
  const views = (APPLICATION_VIEWS as Record<number, Record<number, number>>)[formType];
  const feiYongLeiXing = type && views?.[type] ? views[type] : formType;
  return { id: r.id, feiYongLeiXing, formCode: r.formCode, number: r.number };
}
