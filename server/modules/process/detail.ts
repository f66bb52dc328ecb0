// A record's approval as the approval screen (mode 3) and the history panel read it: the
// instance (live, else the newest), its pinned definition (the diagram), the history with actor
// and node names, the tasks, the caller's open task with what they may do (allowedActions,
// returnTargets, the node's comment/signature rules and field permissions). Whoever may read the
// record may read this (records' scope: owner, admin, approvers, cc readers). earlierRounds: the
// record's earlier instances (a withdrawn/rejected/cancelled document submitted again starts a
// new one), newest first, each with its whole history, so every step of every round shows.
import { inArray } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context';
import { users } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import { t } from '../../lib/i18n';
import type { Locale } from '../../../schemas/constants';
import type { InstanceDetail } from '../../../schemas/api/process';
import type { Attachment, ProcessDefinition, Task } from '../../../schemas/process';
import { allowedActions, currentNodeIds, returnTargets as returnOptions } from '../../../schemas/process/views';
import { getRecordRow, recordDefinition, scopeOf } from '../records';
import { processVersion } from './definitions';
import * as repo from './repository';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function nodeLabel(def: ProcessDefinition | null, id: string | null | undefined, locale: Locale): string | null {
  if (!id) return null;
  const n = def?.nodes.find((x) => x.id === id);
  return n ? n.name[locale] || n.name['zh-CN'] || n.id : id;
}

const isAttachment = (v: unknown): v is Attachment => !!v && typeof v === 'object' && typeof (v as Attachment).id === 'string';

export async function instanceDetail(ctx: AppContext, me: SessionUser, recordId: string, locale: Locale): Promise<InstanceDetail> {
  const record = await getRecordRow(ctx.db, recordId);
  if (!record || record.isYouXiao !== '1') throw notFound();
  const formDef = await recordDefinition(ctx, record.formCode, record.definitionVersion);
  if (!(await scopeOf(ctx, me, formDef).mayRead(record))) throw forbidden();
  const inst = (await repo.liveInstanceOf(ctx.db, recordId)) ?? (await repo.latestInstanceOf(ctx.db, recordId));
  const empty: InstanceDetail = {
    instance: null,
    definition: null,
    history: [],
    tasks: [],
    myTask: null,
    allowedActions: [],
    returnTargets: [],
    nodeRules: null,
    fieldPermissions: null,
    isCcReader: false,
  };
  if (!inst) return empty;
  const def = inst.processCode ? await processVersion(ctx.db, inst.processCode, inst.processVersion) : null;
  const state = repo.stateOf(inst);
  const history = await repo.historyOf(ctx.db, inst.id);
  // the record's earlier rounds (withdrawn, rejected, cancelled … then submitted again): each
  // with its history and its own pinned definition's node names
  const earlier = await repo.earlierRoundsOf(ctx.db, recordId, inst.id);
  const defs = new Map<string, ProcessDefinition | null>([[`${inst.processCode}@${inst.processVersion}`, def]]);
  for (const { instance: e } of earlier) {
    const key = `${e.processCode}@${e.processVersion}`;
    if (!defs.has(key)) defs.set(key, e.processCode ? await processVersion(ctx.db, e.processCode, e.processVersion) : null);
  }
  const ids = new Set<string>([inst.applicantId, ...state.tasks.map((x) => x.assigneeId)]);
  for (const h of history) if (h.actorId) ids.add(h.actorId);
  for (const r of earlier) for (const h of r.history) if (h.actorId) ids.add(h.actorId);
  const names = new Map(
    ids.size
      ? (
          await ctx.db
            .select({ id: users.id, name: users.displayName })
            .from(users)
            .where(inArray(users.id, [...ids]))
        ).map((u) => [u.id, u.name])
      : [],
  );
  const historyRow = (h: repo.HistoryRow, d: ProcessDefinition | null) => ({
    seq: h.seq,
    action: h.action,
    actorId: h.actorId,
    actorName: h.actorId ? (names.get(h.actorId) ?? null) : null,
    nodeId: h.nodeId,
    nodeName: nodeLabel(d, h.nodeId, locale),
    taskId: h.taskId,
    comment: h.comment,
    attachments: Array.isArray(h.attachments) ? h.attachments.filter(isAttachment).map((a) => ({ id: a.id, name: a.name })) : [],
    detail: h.detail && typeof h.detail === 'object' && !Array.isArray(h.detail) ? (h.detail as Record<string, unknown>) : null,
    at: h.at.toISOString(),
  });
  const taskInfo = (x: Task) => ({
    id: x.id,
    nodeId: x.nodeId,
    nodeName: nodeLabel(def, x.nodeId, locale),
    assigneeId: x.assigneeId,
    assigneeName: names.get(x.assigneeId) ?? null,
    status: x.status,
    origin: x.origin,
    createdAt: x.createdAt,
    completedAt: x.completedAt ?? null,
    comment: x.comment ?? null,
  });
  const isCcReader = await repo.isCcReader(ctx.db, inst.id, me.userId);
  const mine = state.tasks.find((x) => x.assigneeId === me.userId && x.status === 'pending') ?? null;
  const node = mine ? def?.nodes.find((n) => n.id === mine.nodeId) : undefined;
  // what the engine's views offer (schemas/process/views.ts), the same answers as the client's
  const allowed: string[] = def ? allowedActions(def, state, me.userId) : [];
  const returnTargets =
    mine && def
      ? returnOptions(def, state, mine.id).map((o) =>
          o.kind === 'applicant'
            ? { id: 'applicant', name: t(locale, 'process.applicantTarget') }
            : { id: o.to, name: o.name[locale] || o.name['zh-CN'] || o.to },
        )
      : [];
  const pickNodes = (def?.nodes ?? [])
    .filter((n) => n.assignee?.kind === 'previousPicks')
    .map((n) => ({ id: n.id, name: nodeLabel(def, n.id, locale) ?? n.id }));
  const perms = mine ? formDef?.permissions?.nodes?.[mine.nodeId] : undefined;
  return {
    instance: {
      id: inst.id,
      status: inst.status,
      processCode: inst.processCode,
      processVersion: inst.processVersion,
      formCode: inst.formCode,
      formVersion: inst.formVersion,
      applicantId: inst.applicantId,
      applicantName: names.get(inst.applicantId) ?? null,
      revision: inst.revision,
      startedAt: inst.startedAt.toISOString(),
      endedAt: iso(inst.endedAt),
      currentNodes: (state.status === 'running' ? currentNodeIds(state) : []).map((id) => ({ id, name: nodeLabel(def, id, locale) ?? id })),
      returnedFrom:
        state.status === 'returned' && state.returnedFrom
          ? { id: state.returnedFrom, name: nodeLabel(def, state.returnedFrom, locale) ?? state.returnedFrom }
          : null,
    },
    definition: def,
    history: history.map((h) => historyRow(h, def)),
    tasks: state.tasks.map(taskInfo),
    myTask: mine ? taskInfo(mine) : null,
    allowedActions: allowed,
    returnTargets,
    nodeRules: node ? { commentRequired: !!node.commentRequired, signatureRequired: !!node.signatureRequired, picks: pickNodes } : null,
    fieldPermissions: perms ? { ...perms } : null,
    isCcReader,
    earlierRounds: earlier.map(({ instance: e, history: rows }) => {
      const d = defs.get(`${e.processCode}@${e.processVersion}`) ?? null;
      return {
        instanceId: e.id,
        status: e.status,
        processCode: e.processCode,
        processVersion: e.processVersion,
        startedAt: e.startedAt.toISOString(),
        endedAt: iso(e.endedAt),
        history: rows.map((h) => historyRow(h, d)),
      };
    }),
  };
}
