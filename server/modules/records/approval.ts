// The records' side of an approval step (the approval module calls it inside its step's
// transaction, through the records face): the document's lifecycle step (schemas/lifecycle.ts
// `transition`, never a status written by the caller) with the approval fields of spec §3,
// conditional on the row version read, the record hook registry's `onTransition` for the step
// (the business hooks — budgets — plug in there), and an approver's edits of the fields the
// node's permission map opens (mode 3), validated like any write.
import type { AppContext, SessionUser } from '../../context';
import type { Tx } from '../../db/client';
import {
  FORM_MODES,
  evaluateRuleEffects,
  SUB_FORM_ROW_ID,
  transition,
  TC,
  type FormDefinition,
  type LifecycleAction,
  type RuleEffects,
} from '../../../schemas';
import type { Locale } from '../../../schemas/constants';
import { AppError, conflict, invalid, notFound } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { writeRecordFiles } from '../files';
import * as repo from './repository';
import { runWriteHooks, type TransitionStep } from './hooks';
import { checkFiles, sanitizeData, titleOf, validateData } from './prepare';

/** The approval fields of spec §3 an approval step sets (shenPiZhuangTai comes from the lifecycle step). */
export type ApprovalFields = Partial<
  Pick<repo.RecordRow, 'stateName' | 'shenPiRen' | 'shiYongJueSeId' | 'liuChengId' | 'liuChengGuiDangTime' | 'tiJiaoLiuChengTime' | 'shenPiCallBackFailure'>
>;

export interface ApprovalStepInput {
  /** the record's definition (the version it was written under), loaded before the transaction */
  definition: FormDefinition;
  recordId: string;
  /** the lifecycle step the decision makes (approve, return, reject, withdraw …), if any */
  action?: LifecycleAction;
  fields: ApprovalFields;
  /** an approver's edits, already checked by approverEdits: the data to store */
  data?: Record<string, unknown>;
  /** the files that data refers to (approverEdits answers them) */
  fileIds?: Map<string, string>;
  /**
   * inside the record's own write (the submit hook): the row is updated without a second
   * version bump, so the save answers the version the client holds
   */
  sameWrite?: boolean;
}

/**
 * One approval step on the record, in the caller's transaction: the lifecycle step (a refused
 * transition answers 409 process.statusConflict), the approval fields, the approver's data; the
 * row version bumped (unless sameWrite) on the version read here, and the hooks of the step run.
 * Answers the record as written. A hook's error rolls the caller's transaction back.
 */
export async function applyApprovalStep(ctx: AppContext, tx: Tx, user: SessionUser, input: ApprovalStepInput, locale: Locale): Promise<repo.RecordRow> {
  const before = await repo.getRecord(tx, input.recordId);
  if (!before || before.isYouXiao !== '1') throw notFound();
  const def = input.definition;
  const steps: TransitionStep[] = [];
  if (input.action) {
    const r = transition(before.shenPiZhuangTai, input.action);
    if (!r.ok) throw new AppError(409, 'process.statusConflict');
    steps.push({ action: input.action, from: r.from, to: r.to, removes: r.removes });
  }
  const set: Partial<repo.NewRecord> = { ...input.fields };
  if (steps.length) set.shenPiZhuangTai = steps[steps.length - 1].to;
  if (input.data) {
    set.data = input.data;
    set.title = titleOf(def, input.data, before.title ?? undefined, before.number ?? '');
    set.rowModUser = user.userId;
  }
  const update = async () => {
    if (input.sameWrite) {
      const r = await repo.setWithoutBump(tx, before.id, before.version, set);
      if (!r) throw conflict();
      return { ...before, ...set, version: before.version } as repo.RecordRow;
    }
    const r = await repo.updateRecord(tx, before.id, before.version, set);
    if (!r) throw conflict();
    return { ...before, ...set, version: r.version } as repo.RecordRow;
  };
  if (!steps.length && !input.data) {
    // nothing of the record changes (an urge, a cc read, a transfer within the node): no write, no
    // version bump — an owner editing a returned document keeps a valid version
    const changed = (Object.keys(input.fields) as (keyof ApprovalFields)[]).some((k) => (input.fields[k] ?? null) !== (before[k] ?? null));
    return changed ? update() : before;
  }
  const planned: repo.RecordRow = { ...before, ...set, version: input.sameWrite ? before.version : before.version + 1 } as repo.RecordRow;
  return runWriteHooks(ctx, { tx, user, definition: def, before, after: planned, transitions: steps, locale }, async () => {
    const after = await update();
    if (input.fileIds) await writeRecordFiles(tx, before.id, input.fileIds);
    return { result: after, after };
  });
}

type Row = Record<string, unknown>;
const rowsOf = (v: unknown): Row[] => (Array.isArray(v) ? v.filter((r): r is Row => !!r && typeof r === 'object') : []);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The paths of a sub-form edit the node does not open: rows added or removed while the sub-form
 * itself is closed, and changed values of closed columns (rows matched by their row id).
 */
function subFormEdits(key: string, effects: RuleEffects, open: (path: string) => boolean, before: unknown, after: unknown): string[] {
  // computed columns are recomputed from the others; unknown ones the record schema refuses
  const checked = (p: string) => {
    const st = effects.states.get(p);
    return !!st && !st.computed;
  };
  const old = new Map(rowsOf(before).map((r) => [String(r[SUB_FORM_ROW_ID] ?? ''), r]));
  const rows = rowsOf(after);
  const bad: string[] = [];
  if (!open(key) && (rows.length !== old.size || rows.some((r) => !old.has(String(r[SUB_FORM_ROW_ID] ?? ''))))) return [key];
  rows.forEach((row, i) => {
    const prev = old.get(String(row[SUB_FORM_ROW_ID] ?? '')) ?? {};
    for (const col of new Set([...Object.keys(row), ...Object.keys(prev)])) {
      if (col === SUB_FORM_ROW_ID || !checked(`${key}.${col}`)) continue;
      if (!open(`${key}.${col}`) && !same(row[col], prev[col])) bad.push(`${key}.${i}.${col}`);
    }
  });
  return bad;
}

/**
 * An approver's edits (approve with `data`): only the fields (and sub-form columns) the node's
 * permission map opens in mode 3 may be sent (others: 422 on the field); the edits are merged
 * into the record's data and the whole validated in mode 3 for the node, like a submit.
 * Answers the data to store and the files it refers to.
 */
export async function approverEdits(
  ctx: AppContext,
  me: SessionUser,
  def: FormDefinition,
  record: repo.RecordRow,
  nodeId: string,
  edits: Record<string, unknown>,
  locale: Locale,
): Promise<{ data: Record<string, unknown>; fileIds: Map<string, string> }> {
  const current = (record.data ?? {}) as Record<string, unknown>;
  const effects = evaluateRuleEffects(def, current, FORM_MODES.APPROVE, { node: nodeId });
  const open = (path: string) => {
    const st = effects.states.get(path);
    return !!st && st.visible && st.editable && !st.computed;
  };
  const bad: string[] = [];
  for (const key of Object.keys(edits)) {
    const field = def.fields.find((f) => f.key === key);
    if (!field) bad.push(key);
    else if (field.type === TC.SUB_FORM) bad.push(...subFormEdits(key, effects, open, current[key], edits[key]));
    else if (!open(key)) bad.push(key);
  }
  if (bad.length) throw invalid(bad.map((field) => ({ field, code: 'readonly', message: t(locale, 'process.fieldNotEditable', { field }) })));
  const merged = { ...structuredClone(current), ...structuredClone(edits) };
  sanitizeData(def.fields, merged);
  const data = validateData(def, FORM_MODES.APPROVE, false, merged, locale, nodeId);
  const fileIds = await checkFiles(ctx, me, def, data, record.id, locale);
  return { data, fileIds };
}
