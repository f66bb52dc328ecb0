// The approver dry-run (processInstance/dryRun): who would approve a document with these values,
// in which order and why — schemas/process/dryRun.ts run over a directory snapshot — with the
// display names of the people named. By default the form's bound process (its published
// version) with the caller as the applicant. An administrator designing a flow may also run a
// given process (`processCode`: its working draft, else its latest version, so the designer
// tries what is on the canvas before publishing) and name another applicant (`applicantId`:
// "who approves zhangwei's application?" is not answered by the admin's own department).
import { eq } from 'drizzle-orm';
import type { Locale } from '../../../schemas/constants';
import type { ProcessDefinition } from '../../../schemas/process/model';
import type { AppContext, SessionUser } from '../../context';
import { processDefinitions } from '../../db/schema';
import { forbidden, invalid, notFound } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { dryRun } from '../../../schemas/process/dryRun';
import { boundProcess, processVersion } from './definitions';
import { loadDirectory } from './directory';

export interface DryRunOptions {
  /** administrators: the applicant to run as (a user id; default the caller) */
  applicantId?: string;
  /** administrators: run this process (its draft, else its latest version) instead of the form's bound one */
  processCode?: string;
  locale?: Locale;
}

export async function dryRunFor(
  ctx: AppContext,
  me: SessionUser,
  formCode: string,
  data: Record<string, unknown>,
  picks: Record<string, string[]>,
  options: DryRunOptions = {},
) {
  const { applicantId, processCode, locale = 'zh-CN' } = options;
  if ((applicantId !== undefined || processCode !== undefined) && !me.isAdmin) throw forbidden();
  let run: { code: string; version: number | null; definition: ProcessDefinition } | null = null;
  if (processCode !== undefined) {
    const [row] = await ctx.db.select().from(processDefinitions).where(eq(processDefinitions.code, processCode));
    if (!row) throw notFound('process');
    const draft = row.draft as ProcessDefinition | null;
    const latest = row.latestVersion > 0 ? await processVersion(ctx.db, row.code, row.latestVersion) : null;
    const definition = draft ?? latest;
    if (!definition) throw notFound('process');
    run = { code: row.code, version: draft ? null : row.latestVersion, definition };
  } else {
    const bp = await boundProcess(ctx.db, formCode);
    if (bp) run = { code: bp.code, version: bp.version, definition: bp.definition };
  }
  if (!run) {
    const known = await ctx.db.query.formDefinitions.findFirst({ where: (f, { eq: same }) => same(f.code, formCode) });
    if (!known) throw notFound('definition');
    return { processCode: null, processVersion: null, result: null, names: {} };
  }
  const directory = await loadDirectory(ctx.db, run.definition);
  const applicant = applicantId ?? me.userId;
  if (applicantId !== undefined) {
    const u = directory.users[applicantId];
    if (!u || !u.active) throw invalid([{ field: 'applicantId', message: t(locale, 'processAdmin.unknownUser', { id: applicantId }) }]);
  }
  const result = dryRun(run.definition, { data, applicantId: applicant, picks, directory, now: new Date().toISOString() });
  const names: Record<string, string> = {};
  for (const s of result.steps) for (const id of s.approvers) names[id] = directory.users[id]?.name ?? id;
  if (directory.users[applicant]) names[applicant] = directory.users[applicant].name;
  return { processCode: run.code, processVersion: run.version, result, names };
}
