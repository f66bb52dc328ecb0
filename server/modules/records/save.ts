// Writing records: create (numbered), update (row version, lifecycle), submit, soft delete.
// Every status change is a lifecycle step of schemas/lifecycle.ts (never a status written
// here), every write checks the user's record scope (access.ts) and runs the hook registry
// (hooks.ts) inside its transaction, so a hook's error rolls the write back.
import dayjs from 'dayjs';
import type { AppContext, SessionUser } from '../../context';
import {
  APPROVAL_STATUS,
  DEFAULT_NUMBER_RULE,
  FORM_MODES,
  can,
  ownerEditMode,
  statusOf,
  submitActionOf,
  transition,
  type LifecycleAction,
} from '../../../schemas';
import type { Locale } from '../../../schemas/constants';
import { AppError, conflict, forbidden, invalid, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { nowText } from '../../lib/time';
import { t } from '../../lib/i18n';
import { writeRecordFiles } from '../files';
import * as repo from './repository';
import { scopeOf } from './access';
import { definitionOrFail } from './definition';
import { runWriteHooks, type TransitionStep } from './hooks';
import { linkConflict, removeLinksTo, sourceForDerive, writeLink } from './links';
import { checkFiles, sanitizeData, titleOf, uniqueConflict, uniqueValues, validateData } from './prepare';

export interface SaveInput {
  formCode: string;
  id?: string;
  version?: number;
  title?: string;
  data: Record<string, unknown>;
  submit?: boolean;
  /** a new document made from this record (its form's `derive`): the link is written with it */
  derivedFrom?: string;
  /** a submit's approver picks (nodes whose approvers the applicant picks): node id → user ids */
  picks?: Record<string, string[]>;
}

/** The lifecycle step of `action` from `status`, or the refusal as a 409 with `refusal`'s message. */
function step(status: string | null, action: LifecycleAction, refusal: string): TransitionStep {
  const r = transition(status, action);
  if (!r.ok) throw new AppError(409, refusal);
  return { action, from: r.from, to: r.to, removes: r.removes };
}

export async function saveRecord(ctx: AppContext, me: SessionUser, input: SaveInput, locale: Locale) {
  if (!input.id) return createRecord(ctx, me, input, locale);
  if (input.derivedFrom) throw invalid([{ field: 'derivedFrom', message: t(locale, 'records.notDerivable', { formCode: input.formCode }) }]);
  return updateRecord(ctx, me, { ...input, id: input.id }, locale);
}

async function createRecord(ctx: AppContext, me: SessionUser, input: SaveInput, locale: Locale) {
  let data = structuredClone(input.data ?? {});
  const now = new Date();
  const nowStr = nowText(now);
  const def = await definitionOrFail(ctx, input.formCode);
  const steps = [step(null, 'create', 'records.notEditable')];
  if (input.submit) steps.push(step(steps[0].to, 'submit', 'records.notEditable'));
  const status = steps[steps.length - 1].to;
  sanitizeData(def.fields, data);
  data = validateData(def, FORM_MODES.ADD, !input.submit, data, locale);
  const fileIds = await checkFiles(ctx, me, def, data, null, locale);
  const derived = input.derivedFrom ? await sourceForDerive(ctx, me, def, input.derivedFrom, locale) : null;
  const link = derived ? { kind: derived.derive.kind, fromId: derived.source.id } : undefined;
  const rule = { ...DEFAULT_NUMBER_RULE, ...(def.numberRule ?? {}) };
  const period = dayjs(now).format(rule.dateFormat);
  const deptId = await repo.departmentOfEmployee(ctx.db, me.employeeId);
  const id = newId();
  try {
    return await ctx.db.transaction(async (tx) => {
      const seq = await repo.nextSequence(tx, def.code, period);
      const number = `${rule.prefix}${period}${String(seq).padStart(rule.sequenceLength, '0')}`;
      const row: repo.RecordRow = {
        id,
        formCode: def.code,
        number,
        title: titleOf(def, data, input.title, number),
        isYouXiao: '1',
        rowCreateId: me.userId,
        rowCreateBuMenId: deptId,
        rowCreateDate: nowStr,
        rowModUser: me.userId,
        rowModDate: nowStr,
        stateName: null,
        shenPiZhuangTai: status,
        shenPiRen: null,
        shiYongJueSeId: null,
        tiJiaoLiuChengTime: input.submit ? nowStr : null,
        liuChengGuiDangTime: null,
        shenPiCallBackFailure: '0',
        liuChengId: null,
        definitionVersion: def.version,
        version: 1,
        data,
      };
      return runWriteHooks(ctx, { tx, user: me, definition: def, before: null, after: row, transitions: steps, link, picks: input.picks, locale }, async () => {
        await repo.insertRecord(tx, row);
        await repo.writeUniqueValues(tx, def.code, id, uniqueValues(def, data));
        await writeRecordFiles(tx, id, fileIds);
        if (link) await writeLink(tx, link.kind, link.fromId, id, me.userId);
        return { result: { id, number, version: 1 }, after: row };
      });
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw linkConflict(err, def, locale) ?? (await uniqueConflict(err, def, data, ctx, locale));
  }
}

async function updateRecord(ctx: AppContext, me: SessionUser, input: SaveInput & { id: string }, locale: Locale) {
  let data = structuredClone(input.data ?? {});
  const nowStr = nowText(new Date());
  const existing = await repo.getRecord(ctx.db, input.id);
  if (!existing || existing.formCode !== input.formCode || existing.isYouXiao !== '1') throw notFound();
  // a record is validated under the definition version it was written under
  const def = await definitionOrFail(ctx, existing.formCode, existing.definitionVersion);
  if (!scopeOf(ctx, me, def).canWrite(existing)) throw forbidden();
  if (input.version === undefined) throw invalid([{ field: 'version', message: t(locale, 'records.versionRequired') }]);
  if (input.version !== existing.version) throw conflict();
  const steps = [step(existing.shenPiZhuangTai, 'save', 'records.notEditable')];
  if (input.submit) steps.push(step(existing.shenPiZhuangTai, submitActionOf(existing.shenPiZhuangTai), 'records.notEditable'));
  const status = steps[steps.length - 1].to;
  const mode = ownerEditMode(existing.shenPiZhuangTai) ?? FORM_MODES.MODIFY;
  sanitizeData(def.fields, data);
  data = validateData(def, mode, !input.submit, data, locale);
  const fileIds = await checkFiles(ctx, me, def, data, existing.id, locale);
  const set = {
    data,
    title: titleOf(def, data, input.title ?? existing.title ?? undefined, existing.number),
    rowModUser: me.userId,
    rowModDate: nowStr,
    ...(input.submit ? { shenPiZhuangTai: status, tiJiaoLiuChengTime: nowStr } : {}),
  };
  const planned: repo.RecordRow = { ...existing, ...set, version: existing.version + 1 };
  try {
    return await ctx.db.transaction(async (tx) =>
      runWriteHooks(ctx, { tx, user: me, definition: def, before: existing, after: planned, transitions: steps, picks: input.picks, locale }, async () => {
        const r = await repo.updateRecord(tx, existing.id, input.version!, set);
        if (!r) throw conflict();
        await repo.writeUniqueValues(tx, def.code, existing.id, uniqueValues(def, data));
        await writeRecordFiles(tx, existing.id, fileIds);
        return { result: { id: r.id, number: r.number, version: r.version }, after: { ...planned, version: r.version } };
      }),
    );
  } catch (err) {
    if (err instanceof AppError) throw err;
    return uniqueConflict(err, def, data, ctx, locale);
  }
}

/** Why a document may not be deleted: in approval it is withdrawn first; otherwise its status refuses it. */
function deleteRefusal(status: string | null) {
  return statusOf(status) === APPROVAL_STATUS.IN_APPROVAL.code ? 'records.withdrawFirst' : 'records.notDeletable';
}

export async function deleteRecord(ctx: AppContext, me: SessionUser, formCode: string, id: string, version: number, locale: Locale = 'zh-CN') {
  const existing = await repo.getRecord(ctx.db, id);
  if (!existing || existing.formCode !== formCode || existing.isYouXiao !== '1') throw notFound();
  const def = await definitionOrFail(ctx, existing.formCode, existing.definitionVersion);
  if (!scopeOf(ctx, me, def).canWrite(existing)) throw forbidden();
  if (existing.version !== version) throw conflict();
  // the edit rule (schemas/lifecycle.ts): draft, returned or withdrawn; in approval → withdraw first
  const steps = [step(existing.shenPiZhuangTai, 'delete', deleteRefusal(existing.shenPiZhuangTai))];
  const nowStr = nowText();
  const planned: repo.RecordRow = { ...existing, isYouXiao: '0', rowModUser: me.userId, rowModDate: nowStr, version: existing.version + 1 };
  await ctx.db.transaction((tx) =>
    runWriteHooks(ctx, { tx, user: me, definition: def, before: existing, after: planned, transitions: steps, locale }, async () => {
      // conditional on the version and the deletable statuses: checked by the write itself
      const r = await repo.softDelete(tx, id, version, formCode, me.userId, nowStr);
      if (!r) {
        const now = await repo.getRecord(tx, id);
        if (now && now.isYouXiao === '1' && now.version === version && !can(now.shenPiZhuangTai, 'delete')) {
          throw new AppError(409, deleteRefusal(now.shenPiZhuangTai));
        }
        throw conflict();
      }
      await removeLinksTo(tx, id);
      return { result: undefined, after: { ...planned, version: r.version } };
    }),
  );
}

/**
 * Voids a document that is not in approval (schemas/lifecycle.ts `void`: draft, returned,
 * withdrawn, approved): its status becomes 作废 in one conditional write, the hooks see the step
 * in the same transaction (an expense document releases its budget; the process module closes a
 * returned document's live approval), and it stays listed.
 */
export async function voidRecord(ctx: AppContext, me: SessionUser, formCode: string, id: string, version: number, locale: Locale = 'zh-CN') {
  const existing = await repo.getRecord(ctx.db, id);
  if (!existing || existing.formCode !== formCode || existing.isYouXiao !== '1') throw notFound();
  const def = await definitionOrFail(ctx, existing.formCode, existing.definitionVersion);
  if (!scopeOf(ctx, me, def).canWrite(existing)) throw forbidden();
  if (existing.version !== version) throw conflict();
  const steps = [step(existing.shenPiZhuangTai, 'void', 'records.notVoidable')];
  const nowStr = nowText();
  const set = { shenPiZhuangTai: steps[0].to, rowModUser: me.userId, rowModDate: nowStr };
  const planned: repo.RecordRow = { ...existing, ...set, version: existing.version + 1 };
  return ctx.db.transaction((tx) =>
    runWriteHooks(ctx, { tx, user: me, definition: def, before: existing, after: planned, transitions: steps, locale }, async () => {
      const r = await repo.updateRecord(tx, id, version, set);
      if (!r) throw conflict();
      const after = { ...planned, version: r.version };
      return { result: { id, version: r.version }, after };
    }),
  );
}
