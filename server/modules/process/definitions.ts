// Process definitions as the engine reads them: the enabled process bound to a form (its latest
// published version) and a pinned version of a process. Published versions are immutable rows of
// process_definition_versions; the administration (adminRoutes.ts) writes drafts and publishes.
import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { resolveParams, type FieldDefinition, type FormDefinition, type LocalizedText } from '../../../schemas';
import { holdsValue, isTypeCode, typeInfo } from '../../../schemas/typeCodes';
import type { ProcessSummary } from '../../../schemas/api/processAdmin';
import type { Locale } from '../../../schemas/constants';
import { PROCESS_SCHEMA_VERSION, upgradeProcessDefinition, validateProcessDefinition, type ProcessDefinition } from '../../../schemas/process';
import type { AppContext, SessionUser } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import {
  approverMatrices,
  departments,
  formDefinitions,
  posts,
  processDefinitions,
  processDefinitionVersions,
  roles,
  userGroups,
  users,
} from '../../db/schema';
import { AppError, conflict, invalid, notFound } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { nowText } from '../../lib/time';
import { getDefinitionRow, publishedDefinition, upgradeDefinition } from '../definitions';
import { checkUrl } from './allowlist';

export interface BoundProcess {
  code: string;
  version: number;
  definition: ProcessDefinition;
  callbackUrl?: string;
}

/** The enabled process bound to `formCode`, at its latest published version; null when none is bound, enabled and published. */
export async function boundProcess(db: DbOrTx, formCode: string): Promise<BoundProcess | null> {
  const [row] = await db
    .select({ code: processDefinitions.code, latest: processDefinitions.latestVersion })
    .from(processDefinitions)
    .where(and(eq(processDefinitions.formCode, formCode), eq(processDefinitions.enabled, true)))
    .orderBy(desc(processDefinitions.latestVersion))
    .limit(1);
  if (!row || row.latest < 1) return null;
  const definition = await processVersion(db, row.code, row.latest);
  if (!definition) return null;
  return { code: row.code, version: row.latest, definition, ...(definition.callbackUrl ? { callbackUrl: definition.callbackUrl } : {}) };
}

/** A published version of a process (null when there is none). */
export async function processVersion(db: DbOrTx, code: string, version: number): Promise<ProcessDefinition | null> {
  const [row] = await db
    .select({ definition: processDefinitionVersions.definition })
    .from(processDefinitionVersions)
    .where(and(eq(processDefinitionVersions.code, code), eq(processDefinitionVersions.version, version)));
  // written only by publish, from a definition that passed validateProcessDefinition
  return row ? (row.definition as ProcessDefinition) : null;
}

// ─── administration (processDefinition/*, model/*, biaoDan/*) ───────────────────────────────
// A process row holds the binding, the enabled flag and the working draft (draftVersion: a stale
// save answers 409); publishing appends an immutable version row. At most one enabled process
// per form: binding or enabling a second one answers 409 (the admin disables the other first),
// checked under a per-form advisory lock so two concurrent binds cannot both pass.

const nameOf = (v: unknown): LocalizedText => v as LocalizedText;

export function summaryOf(r: typeof processDefinitions.$inferSelect, formName: LocalizedText | null): ProcessSummary {
  return {
    code: r.code,
    name: nameOf(r.name),
    formCode: r.formCode,
    formName,
    enabled: r.enabled,
    latestVersion: r.latestVersion,
    hasDraft: r.draft !== null,
    draftVersion: r.draftVersion,
    rowModUser: r.rowModUser ?? '',
    rowModDate: r.rowModDate ?? '',
  };
}

async function formNames(db: DbOrTx, codes: readonly (string | null)[]): Promise<Map<string, LocalizedText>> {
  const list = [...new Set(codes.filter((c): c is string => !!c))];
  if (!list.length) return new Map();
  const rows = await db.select({ code: formDefinitions.code, name: formDefinitions.name }).from(formDefinitions).where(inArray(formDefinitions.code, list));
  return new Map(rows.map((r) => [r.code, nameOf(r.name)]));
}

async function summary(db: DbOrTx, r: typeof processDefinitions.$inferSelect): Promise<ProcessSummary> {
  const names = await formNames(db, [r.formCode]);
  return summaryOf(r, r.formCode ? (names.get(r.formCode) ?? null) : null);
}

const likeOf = (kw: string) => `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listProcesses(db: DbOrTx, q: { page: number; limit: number; keyword?: string; formCode?: string }) {
  const conds: SQL[] = [];
  if (q.keyword) {
    const kw = likeOf(q.keyword);
    conds.push(
      or(ilike(processDefinitions.code, kw), sql`${processDefinitions.name}->>'zh-CN' ilike ${kw}`, sql`${processDefinitions.name}->>'en-US' ilike ${kw}`)!,
    );
  }
  if (q.formCode) conds.push(eq(processDefinitions.formCode, q.formCode));
  const where = conds.length ? and(...conds) : undefined;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(processDefinitions)
    .where(where);
  const list = await db
    .select()
    .from(processDefinitions)
    .where(where)
    .orderBy(asc(processDefinitions.code))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const names = await formNames(
    db,
    list.map((r) => r.formCode),
  );
  return { pageSize: q.limit, currentPage: q.page, totalRecord: n, rows: list.map((r) => summaryOf(r, r.formCode ? (names.get(r.formCode) ?? null) : null)) };
}

async function processRow(db: DbOrTx, code: string) {
  const [row] = await db.select().from(processDefinitions).where(eq(processDefinitions.code, code));
  return row ?? null;
}

async function requireRow(db: DbOrTx, code: string) {
  const row = await processRow(db, code);
  if (!row) throw notFound('process');
  return row;
}

export async function listProcessVersions(db: DbOrTx, code: string) {
  const list = await db
    .select({
      version: processDefinitionVersions.version,
      publishedAt: processDefinitionVersions.publishedAt,
      publishedBy: processDefinitionVersions.publishedBy,
    })
    .from(processDefinitionVersions)
    .where(eq(processDefinitionVersions.code, code))
    .orderBy(desc(processDefinitionVersions.version));
  return list.map((v) => ({ version: v.version, publishedAt: v.publishedAt.toISOString(), publishedBy: v.publishedBy ?? '' }));
}

/** The working copy as stored (the draft), with the row's binding (the binding lives on the row, not in the document). */
function withBinding(def: ProcessDefinition, formCode: string | null): ProcessDefinition {
  const { formCode: _ignored, ...rest } = def;
  return formCode ? { ...rest, formCode } : rest;
}

export async function processItem(db: DbOrTx, code: string) {
  const row = await requireRow(db, code);
  const published = row.latestVersion > 0 ? await processVersion(db, code, row.latestVersion) : null;
  return {
    summary: await summary(db, row),
    // the draft column holds a document saved through saveProcessDraft (shape-checked)
    draft: row.draft ? withBinding(row.draft as ProcessDefinition, row.formCode) : null,
    published,
    versions: await listProcessVersions(db, code),
  };
}

/** The problems of a process definition against the form it is bound to (latest published form version). */
export async function processProblems(ctx: AppContext, def: unknown, formCode: string | null, locale: Locale): Promise<Problem[]> {
  const form = formCode ? await publishedDefinition(ctx, formCode) : null;
  const v = validateProcessDefinition(def, locale, form ?? undefined);
  return v.errors.map((e) => ({ path: e.path, message: e.message, code: e.code }));
}

export interface Problem {
  path: string;
  message: string;
  code?: string;
}

/**
 * What the graph check cannot see: the users, roles, posts, departments, groups and matrices a
 * definition names must exist (a matrix strategy's `by` keys and `column` must be the matrix's).
 */
export async function referenceProblems(db: DbOrTx, def: ProcessDefinition, locale: Locale): Promise<Problem[]> {
  const want = {
    users: new Set<string>(),
    roles: new Set<string>(),
    posts: new Set<string>(),
    depts: new Set<string>(),
    groups: new Set<string>(),
    matrices: new Set<string>(),
  };
  def.nodes.forEach((n) => {
    const a = n.assignee;
    if (n.emptyUserId) want.users.add(n.emptyUserId);
    if (!a) return;
    if (a.kind === 'users') a.userIds.forEach((u) => want.users.add(u));
    if ((a.kind === 'applicantPicks' || a.kind === 'previousPicks') && a.candidates) a.candidates.forEach((u) => want.users.add(u));
    if (a.kind === 'roles') a.roleCodes.forEach((c) => want.roles.add(c));
    if (a.kind === 'posts') a.postCodes.forEach((c) => want.posts.add(c));
    if (a.kind === 'deptMembers') a.deptCodes.forEach((c) => want.depts.add(c));
    if (a.kind === 'groups') a.groupCodes.forEach((c) => want.groups.add(c));
    if (a.kind === 'matrix') want.matrices.add(a.matrix);
  });
  const have = async <T extends string>(list: Set<string>, load: (codes: string[]) => Promise<{ code: T }[]>) =>
    list.size ? new Set((await load([...list])).map((r) => r.code)) : new Set<string>();
  const users_ = await have(want.users, (ids) =>
    db
      .select({ code: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.disabled, false))),
  );
  const roles_ = await have(want.roles, (c) => db.select({ code: roles.code }).from(roles).where(inArray(roles.code, c)));
  const posts_ = await have(want.posts, (c) => db.select({ code: posts.code }).from(posts).where(inArray(posts.code, c)));
  const depts_ = await have(want.depts, (c) => db.select({ code: departments.code }).from(departments).where(inArray(departments.code, c)));
  const groups_ = await have(want.groups, (c) => db.select({ code: userGroups.code }).from(userGroups).where(inArray(userGroups.code, c)));
  const matrices = want.matrices.size
    ? await db
        .select({ code: approverMatrices.code, keys: approverMatrices.keys, columns: approverMatrices.columns })
        .from(approverMatrices)
        .where(inArray(approverMatrices.code, [...want.matrices]))
    : [];
  const out: Problem[] = [];
  const add = (path: string, kind: string, code: string) =>
    out.push({
      path,
      code: 'process.unknownReference',
      message: t(locale, 'processAdmin.unknownReference', { kind: t(locale, `processAdmin.kinds.${kind}`), code }),
    });
  def.nodes.forEach((n, i) => {
    const base = `/nodes/${i}/assignee`;
    if (n.emptyUserId && !users_.has(n.emptyUserId)) add(`/nodes/${i}/emptyUserId`, 'user', n.emptyUserId);
    const a = n.assignee;
    if (!a) return;
    const each = (list: readonly string[] | undefined, key: string, known: Set<string>, kind: string) =>
      (list ?? []).forEach((c, j) => {
        if (!known.has(c)) add(`${base}/${key}/${j}`, kind, c);
      });
    if (a.kind === 'users') each(a.userIds, 'userIds', users_, 'user');
    if (a.kind === 'applicantPicks' || a.kind === 'previousPicks') each(a.candidates, 'candidates', users_, 'user');
    if (a.kind === 'roles') each(a.roleCodes, 'roleCodes', roles_, 'role');
    if (a.kind === 'posts') each(a.postCodes, 'postCodes', posts_, 'post');
    if (a.kind === 'deptMembers') each(a.deptCodes, 'deptCodes', depts_, 'dept');
    if (a.kind === 'groups') each(a.groupCodes, 'groupCodes', groups_, 'group');
    if (a.kind === 'matrix') {
      const m = matrices.find((x) => x.code === a.matrix);
      if (!m) return add(`${base}/matrix`, 'matrix', a.matrix);
      // written by saveMatrix / the seed: [{ key, name }]
      const keys = new Set((m.keys as { key: string }[]).map((k) => k.key));
      const cols = new Set((m.columns as { key: string }[]).map((k) => k.key));
      for (const k of Object.keys(a.by)) if (!keys.has(k)) add(`${base}/by/${k}`, 'matrixKey', `${a.matrix}.${k}`);
      if (!cols.has(a.column)) add(`${base}/column`, 'matrixColumn', `${a.matrix}.${a.column}`);
    }
  });
  return out;
}

const structural = (p: { code?: string }) => !!p.code && p.code.startsWith('schema.');

/** update/rule: saves the draft when `draftVersion` is current (else 409); a malformed document → 422; graph problems are saved and answered. */
export async function saveProcessDraft(
  ctx: AppContext,
  me: SessionUser,
  input: { code: string; draftVersion: number; definition: Record<string, unknown> },
  locale: Locale,
) {
  const row = await requireRow(ctx.db, input.code);
  // a version 2 document (an old export) is upgraded; anything else is checked as it is
  const src = input.definition.schemaVersion === 2 ? upgradeProcessDefinition(input.definition) : input.definition;
  const doc: Record<string, unknown> = { ...src, code: input.code, version: row.latestVersion };
  delete doc.formCode;
  const def = withBinding(doc as ProcessDefinition, row.formCode);
  const problems = await processProblems(ctx, def, row.formCode, locale);
  const bad = problems.filter(structural);
  if (bad.length) throw invalid(bad.map((p) => ({ field: `definition${p.path.replace(/\//g, '.')}`, message: p.message, code: p.code })));
  const now = new Date();
  const saved = await ctx.db
    .update(processDefinitions)
    .set({
      draft: withBinding(def, null),
      name: def.name,
      draftVersion: sql`${processDefinitions.draftVersion} + 1`,
      rowModUser: me.username,
      rowModDate: nowText(now),
    })
    .where(and(eq(processDefinitions.code, input.code), eq(processDefinitions.draftVersion, input.draftVersion)))
    .returning({ draftVersion: processDefinitions.draftVersion });
  if (!saved.length) throw conflict();
  return { code: input.code, draftVersion: saved[0].draftVersion, problems };
}

/**
 * update/liuChengDingYi: publishes the draft as version latest+1. Problems → 422; no draft or a
 * stale draftVersion → 409; of concurrent publishes exactly one wins (the update is conditional
 * on the latest_version read), the others 409. The published document carries its binding.
 */
export async function publishProcess(ctx: AppContext, me: SessionUser, code: string, draftVersion: number | undefined, locale: Locale) {
  const row = await requireRow(ctx.db, code);
  if (!row.draft) throw new AppError(409, 'processAdmin.nothingToPublish');
  if (draftVersion !== undefined && draftVersion !== row.draftVersion) throw conflict();
  const version = row.latestVersion + 1;
  const def: ProcessDefinition = { ...withBinding(row.draft as ProcessDefinition, row.formCode), code, version };
  const problems = await processProblems(ctx, def, row.formCode, locale);
  if (!problems.length) problems.push(...(await referenceProblems(ctx.db, def, locale)));
  if (def.callbackUrl) {
    const target = checkUrl(def.callbackUrl, ctx.config.callbackAllowlist);
    if (!target.ok)
      problems.push({
        path: '/callbackUrl',
        message: t(locale, 'processAdmin.callbackNotAllowed', { url: def.callbackUrl }),
        code: 'process.callbackNotAllowed',
      });
  }
  if (problems.length) throw invalid(problems.map((p) => ({ field: `definition${p.path.replace(/\//g, '.')}`, message: p.message, code: p.code })));
  await ctx.db.transaction(async (tx) => {
    const won = await tx
      .update(processDefinitions)
      .set({ latestVersion: version, draft: null, rowModUser: me.username, rowModDate: nowText() })
      .where(
        and(eq(processDefinitions.code, code), eq(processDefinitions.latestVersion, row.latestVersion), eq(processDefinitions.draftVersion, row.draftVersion)),
      )
      .returning({ code: processDefinitions.code });
    if (!won.length) throw conflict();
    await tx.insert(processDefinitionVersions).values({ code, version, definition: def, publishedBy: me.username });
  });
  return { version };
}

/** Serialises binding/enabling per form (a transaction-scoped advisory lock). */
async function lockForm(tx: Tx, formCode: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`process-form:${formCode}`}))`);
}

async function otherEnabled(tx: Tx, formCode: string, code: string) {
  const [other] = await tx
    .select({ code: processDefinitions.code })
    .from(processDefinitions)
    .where(and(eq(processDefinitions.formCode, formCode), eq(processDefinitions.enabled, true), ne(processDefinitions.code, code)))
    .limit(1);
  return other?.code ?? null;
}

/** bangDingBiaoDan: binds to `formCode` (null unbinds); 404 for an unknown form; 409 when the form has another enabled process and this one is enabled. */
export async function bindProcess(ctx: AppContext, me: SessionUser, code: string, formCode: string | null) {
  return ctx.db.transaction(async (tx) => {
    const row = await requireRow(tx, code);
    if (formCode) {
      const [form] = await tx.select({ code: formDefinitions.code }).from(formDefinitions).where(eq(formDefinitions.code, formCode));
      if (!form) throw notFound('definition');
      await lockForm(tx, formCode);
      const other = row.enabled ? await otherEnabled(tx, formCode, code) : null;
      if (other) throw new AppError(409, 'processAdmin.formHasProcess', { process: other, form: formCode });
    }
    const [next] = await tx
      .update(processDefinitions)
      .set({ formCode, rowModUser: me.username, rowModDate: nowText() })
      .where(eq(processDefinitions.code, code))
      .returning();
    return summary(tx, next);
  });
}

/** updateEnableStatus: enabling a process on a form that has another enabled one → 409. */
export async function setProcessEnabled(ctx: AppContext, me: SessionUser, code: string, enabled: boolean) {
  return ctx.db.transaction(async (tx) => {
    const row = await requireRow(tx, code);
    if (enabled && row.formCode) {
      await lockForm(tx, row.formCode);
      const other = await otherEnabled(tx, row.formCode, code);
      if (other) throw new AppError(409, 'processAdmin.formHasProcess', { process: other, form: row.formCode });
    }
    const [next] = await tx
      .update(processDefinitions)
      .set({ enabled, rowModUser: me.username, rowModDate: nowText() })
      .where(eq(processDefinitions.code, code))
      .returning();
    return summary(tx, next);
  });
}

/** The working copy an edit starts from: the draft, else the latest published version. */
async function workingCopy(db: DbOrTx, row: typeof processDefinitions.$inferSelect): Promise<ProcessDefinition | null> {
  if (row.draft) return row.draft as ProcessDefinition;
  return row.latestVersion > 0 ? processVersion(db, row.code, row.latestVersion) : null;
}

/** The nodes and edges left after dropping edge `edgeId`: everything no longer reachable from the start goes too. */
export function pruneBranch(def: ProcessDefinition, edgeId: string): { definition: ProcessDefinition; removedNodes: string[]; removedEdges: string[] } {
  const edges = def.edges.filter((e) => e.id !== edgeId);
  const start = def.nodes.find((n) => n.type === 'start');
  const seen = new Set<string>(start ? [start.id] : []);
  const queue = [...seen];
  while (queue.length) {
    const at = queue.shift()!;
    for (const e of edges) {
      if (e.source === at && !seen.has(e.target)) {
        seen.add(e.target);
        queue.push(e.target);
      }
    }
  }
  const removedNodes = def.nodes.filter((n) => !seen.has(n.id)).map((n) => n.id);
  const keptEdges = edges.filter((e) => seen.has(e.source) && seen.has(e.target));
  const removedEdges = def.edges.filter((e) => !keptEdges.includes(e)).map((e) => e.id);
  return { definition: { ...def, nodes: def.nodes.filter((n) => seen.has(n.id)), edges: keptEdges }, removedNodes, removedEdges };
}

/** update/tiaoJian-del: deletes a conditional branch out of a condition node from the draft. */
export async function deleteConditionBranch(ctx: AppContext, me: SessionUser, input: { code: string; draftVersion: number; edgeId: string }, locale: Locale) {
  const row = await requireRow(ctx.db, input.code);
  if (row.draftVersion !== input.draftVersion) throw conflict();
  const def = await workingCopy(ctx.db, row);
  if (!def) throw notFound('process');
  const edge = def.edges.find((e) => e.id === input.edgeId);
  const source = edge ? def.nodes.find((n) => n.id === edge.source) : undefined;
  if (!edge || source?.type !== 'condition') throw invalid([{ field: 'edgeId', message: t(locale, 'processAdmin.notConditionBranch') }]);
  if (edge.condition === undefined) throw invalid([{ field: 'edgeId', message: t(locale, 'processAdmin.defaultBranch') }]);
  const pruned = pruneBranch(def, input.edgeId);
  const saved = await ctx.db
    .update(processDefinitions)
    .set({
      draft: withBinding(pruned.definition, null),
      draftVersion: sql`${processDefinitions.draftVersion} + 1`,
      rowModUser: me.username,
      rowModDate: nowText(),
    })
    .where(and(eq(processDefinitions.code, input.code), eq(processDefinitions.draftVersion, input.draftVersion)))
    .returning({ draftVersion: processDefinitions.draftVersion });
  if (!saved.length) throw conflict();
  return { draftVersion: saved[0].draftVersion, removedNodes: pruned.removedNodes, removedEdges: pruned.removedEdges };
}

/** The draft of a new process: start → approver (the applicant's department leader) → end. */
export function starterDefinition(code: string, name: LocalizedText): ProcessDefinition {
  return {
    schemaVersion: PROCESS_SCHEMA_VERSION,
    code,
    name,
    version: 0,
    nodes: [
      { id: 'start', type: 'start', name: { 'zh-CN': '提交', 'en-US': 'Submit', 'zh-TW': '提交' } },
      {
        id: 'approve1',
        type: 'approve',
        name: { 'zh-CN': '部门负责人审批', 'en-US': 'Department leader', 'zh-TW': '部門負責人審批' },
        assignee: { kind: 'deptLeader' },
        method: 'any',
        onEmpty: 'toAdmin',
        returnRule: { targets: ['applicant'], resubmit: 'start' },
      },
      { id: 'end', type: 'end', name: { 'zh-CN': '结束', 'en-US': 'End', 'zh-TW': '結束' } },
    ],
    edges: [
      { id: 'e-start-approve1', source: 'start', target: 'approve1' },
      { id: 'e-approve1-end', source: 'approve1', target: 'end' },
    ],
  };
}

async function insertProcess(tx: Tx, me: SessionUser, code: string, name: LocalizedText, draft: ProcessDefinition, formCode: string | null, enabled: boolean) {
  const [row] = await tx
    .insert(processDefinitions)
    .values({
      code,
      name,
      formCode,
      enabled,
      draft: withBinding(draft, null),
      draftVersion: 1,
      latestVersion: 0,
      rowModUser: me.username,
      rowModDate: nowText(),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError(409, 'processAdmin.codeExists', { code });
  return summary(tx, row);
}

/** model/create: a new process with the starter draft; bound to `formCode` if given (created disabled when that form already has an enabled process). */
export async function createProcess(ctx: AppContext, me: SessionUser, input: { code: string; name: LocalizedText; formCode?: string }) {
  return ctx.db.transaction(async (tx) => {
    let enabled = true;
    if (input.formCode) {
      const [form] = await tx.select({ code: formDefinitions.code }).from(formDefinitions).where(eq(formDefinitions.code, input.formCode));
      if (!form) throw invalid([{ field: 'formCode', message: t('zh-CN', 'errors.notFound') }]);
      await lockForm(tx, input.formCode);
      enabled = !(await otherEnabled(tx, input.formCode, input.code));
    }
    return insertProcess(tx, me, input.code, input.name, starterDefinition(input.code, input.name), input.formCode ?? null, enabled);
  });
}

/** model/copy: the draft (else the latest version) under a new code, as an unbound draft. */
export async function copyProcess(ctx: AppContext, me: SessionUser, input: { code: string; newCode: string; name?: LocalizedText }) {
  const row = await requireRow(ctx.db, input.code);
  const src = await workingCopy(ctx.db, row);
  if (!src) throw notFound('process');
  const name = input.name ?? nameOf(row.name);
  const draft: ProcessDefinition = { ...withBinding(src, null), code: input.newCode, name, version: 0 };
  return ctx.db.transaction((tx) => insertProcess(tx, me, input.newCode, name, draft, null, true));
}

/** biaoDan/list: forms with the processes bound to them. */
export async function listFormsWithProcesses(db: DbOrTx, q: { page: number; limit: number; keyword?: string }) {
  const where = q.keyword
    ? or(
        ilike(formDefinitions.code, likeOf(q.keyword)),
        sql`${formDefinitions.name}->>'zh-CN' ilike ${likeOf(q.keyword)}`,
        sql`${formDefinitions.name}->>'en-US' ilike ${likeOf(q.keyword)}`,
      )
    : undefined;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(formDefinitions)
    .where(where);
  const forms = await db
    .select({ code: formDefinitions.code, name: formDefinitions.name, formType: formDefinitions.formType, latestVersion: formDefinitions.latestVersion })
    .from(formDefinitions)
    .where(where)
    .orderBy(asc(formDefinitions.code))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const bound = forms.length
    ? await db
        .select()
        .from(processDefinitions)
        .where(
          inArray(
            processDefinitions.formCode,
            forms.map((f) => f.code),
          ),
        )
        .orderBy(desc(processDefinitions.enabled), asc(processDefinitions.code))
    : [];
  return {
    pageSize: q.limit,
    currentPage: q.page,
    totalRecord: n,
    rows: forms.map((f) => ({
      code: f.code,
      name: nameOf(f.name),
      formType: f.formType,
      latestVersion: f.latestVersion,
      processes: bound
        .filter((p) => p.formCode === f.code)
        .map((p) => ({ code: p.code, name: nameOf(p.name), enabled: p.enabled, latestVersion: p.latestVersion })),
    })),
  };
}

/** biaoDan/item/list: a form's value fields (latest published version, else the draft; no dividers), sub-form columns as `subForm.column`. */
export async function formFields(ctx: AppContext, formCode: string) {
  let form: FormDefinition | null = await publishedDefinition(ctx, formCode);
  if (!form) {
    const row = await getDefinitionRow(ctx.db, formCode);
    form = row?.draft ? upgradeDefinition(row.draft) : null;
  }
  if (!form) throw notFound('definition');
  type Source = { endpoint: string; params?: Record<string, string>; multiple?: boolean };
  type Out = {
    path: string;
    key: string;
    label: LocalizedText;
    type: number;
    parent?: string;
    options?: { value: unknown; label: LocalizedText }[];
    dataSource?: Source;
  };
  const out: Out[] = [];
  // where the field's values are looked up (as the form's pickers do: the definition's
  // dataSource over the type's source), so the dry-run offers real records instead of ids
  const source = (f: FieldDefinition): Source | null => {
    const type = isTypeCode(f.type) ? typeInfo(f.type).source : null;
    const endpoint = f.dataSource?.endpoint ?? type?.endpoint;
    if (!endpoint) return null;
    // a param that reads another field ({pinPai.id}) has no value in a dry run: left out, the lookup offers all
    const { params } = resolveParams({ ...(type?.params ?? {}), ...(f.dataSource?.params ?? {}) }, () => undefined);
    return { endpoint, ...(Object.keys(params).length ? { params } : {}), ...(f.dataSource?.multiple ? { multiple: true } : {}) };
  };
  const one = (f: FieldDefinition, parent?: string): Out => {
    const ds = source(f);
    return {
      path: parent ? `${parent}.${f.key}` : f.key,
      key: f.key,
      label: f.label,
      type: f.type,
      ...(parent ? { parent } : {}),
      ...(f.options ? { options: f.options.map((o) => ({ value: o.value, label: o.label })) } : {}),
      ...(ds ? { dataSource: ds } : {}),
    };
  };
  // fields that hold a value only: a divider is layout, nothing a condition or a strategy can read
  const holds = (f: FieldDefinition) => isTypeCode(f.type) && holdsValue(f.type);
  for (const f of form.fields) {
    if (!holds(f)) continue;
    out.push(one(f));
    // the schema's recursive field type reads sub-form columns as unknown; they are FieldDefinitions
    for (const c of (f.fields ?? []) as FieldDefinition[]) if (holds(c)) out.push(one(c, f.key));
  }
  return out;
}
