// The records module's file reader grant (files module `registerFileReader`): a user may read a
// file that a valid record they may read refers to (an attachment or image field, sub-form rows
// included) — the record scope decides, so owners, handover persons, approvers and cc readers
// alike. Dealer sessions read files through records of their own portal only (none yet).
import { and, eq } from 'drizzle-orm';
import type { AppContext, SessionUser } from '../../context';
import { recordFiles, records } from '../../db/schema';
import { scopeOf } from './access';

/** At most this many referring records are checked per download (a file is rarely shared wider). */
const MAX_REFERRERS = 20;

export function recordFileReader(ctx: AppContext) {
  return async (me: SessionUser, fileId: string): Promise<boolean> => {
    if (me.kind !== 'employee') return false;
    const scope = scopeOf(ctx, me, null);
    const rows = await ctx.db
      .select({ id: records.id, rowCreateId: records.rowCreateId })
      .from(recordFiles)
      .innerJoin(records, eq(records.id, recordFiles.recordId))
      .where(and(eq(recordFiles.fileId, fileId), eq(records.isYouXiao, '1')))
      .limit(MAX_REFERRERS);
    for (const row of rows) if (await scope.mayRead(row)) return true;
    return false;
  };
}
