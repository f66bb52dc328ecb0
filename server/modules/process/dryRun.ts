// The approver dry-run of a form's bound process (processInstance/dryRun): who would approve a
// document with these values, in which order and why — schemas/process/dryRun.ts run over a
// directory snapshot, the caller as the applicant — with the display names of the people named.
import type { AppContext, SessionUser } from '../../context';
import { notFound } from '../../lib/errors';
import { dryRun } from '../../../schemas/process/dryRun';
import { boundProcess } from './definitions';
import { loadDirectory } from './directory';

export async function dryRunFor(ctx: AppContext, me: SessionUser, formCode: string, data: Record<string, unknown>, picks: Record<string, string[]>) {
  const bp = await boundProcess(ctx.db, formCode);
  if (!bp) {
    const known = await ctx.db.query.formDefinitions.findFirst({ where: (f, { eq }) => eq(f.code, formCode) });
    if (!known) throw notFound('definition');
    return { processCode: null, processVersion: null, result: null, names: {} };
  }
  const directory = await loadDirectory(ctx.db, bp.definition);
  const result = dryRun(bp.definition, { data, applicantId: me.userId, picks, directory, now: new Date().toISOString() });
  const names: Record<string, string> = {};
  for (const s of result.steps) for (const id of s.approvers) names[id] = directory.users[id]?.name ?? id;
  return { processCode: bp.code, processVersion: bp.version, result, names };
}
