// Reading records: one record as the API answers it (the list builds the same JSON in the
// database: repository.ts ROW_JSON_TEXT), and the application lookup by document number.
import { sql } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context';
import { rows } from '../../db/client';
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
  const linkedId = type && views?.[type] ? await linkedDocument(ctx, r.id, type) : null;
  return { id: r.id, feiYongLeiXing, formCode: r.formCode, number: r.number, linkedId };
}

/**
 * The application's newest valid settlement (type 1: link settles) or write-off (type 2: link
 * writesOff, from the application or from its settlement), for the lookup's views; null when
 * none exists yet (the view then makes a new one).
 */
async function linkedDocument(ctx: AppContext, applicationId: string, type: number): Promise<string | null> {
  const q =
    type === 1
      ? sql`select r.id from record_links l join records r on r.id = l.to_id
          where l.kind = 'settles' and l.from_id = ${applicationId} and r.is_you_xiao = '1' order by r.id desc limit 1`
      : sql`select r.id from record_links l join records r on r.id = l.to_id
          where l.kind = 'writesOff' and r.is_you_xiao = '1' and (l.from_id = ${applicationId}
            or l.from_id in (select s.to_id from record_links s where s.kind = 'settles' and s.from_id = ${applicationId}))
          order by r.id desc limit 1`;
  const [hit] = await rows<{ id: string }>(ctx.db, q);
  return hit?.id ?? null;
}
