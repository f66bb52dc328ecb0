// The approver dry-run of a form's bound process: who would approve a document with these
// values, in which order and why (schemas/process/dryRun.ts over a directory snapshot), with the
// display names of the people named.
import type { AppContext, SessionUser } from '../../context';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { decide } from '../../../schemas/process/engine';
import { boundProcess } from './definitions';
import { loadDirectory } from './directory';

export async function dryRunFor(ctx: AppContext, me: SessionUser, formCode: string, data: Record<string, unknown>, picks: Record<string, string[]>) {
  const bp = await boundProcess(ctx.db, formCode);
  if (!bp) {
    const known = await ctx.db.query.formDefinitions.findFirst({ where: (f, { eq }) => eq(f.code, formCode) });
    if (!known) throw notFound('definition');
    return { processCode: null, processVersion: null, result: null, names: {} };
  }
  const dir = await loadDirectory(ctx.db, bp.definition);
  const d = decide(bp.definition, null, { type: 'submit', by: me.userId, data, picks }, { directory: dir, now: new Date().toISOString(), newId });
  const result: Record<string, unknown> = d.ok
    ? {
        ok: true,
        status: d.state.status,
        runs: d.state.runs.map((r) => ({ nodeId: r.nodeId, status: r.status, method: r.method, resolution: r.resolution ?? null })),
      }
    : { ok: false, code: d.code, params: d.params ?? {}, field: d.field ?? null };
  const names: Record<string, string> = {};
  for (const r of d.ok ? d.state.runs : []) for (const id of r.resolution?.userIds ?? []) names[id] = dir.users[id]?.name ?? id;
  return { processCode: bp.code, processVersion: bp.version, result, names };
}
