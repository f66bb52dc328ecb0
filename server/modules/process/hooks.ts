// The records seam: record hooks (submit/resubmit start or resume an instance in the record's
// transaction) and the record scope provider (approvers and cc readers may read the document).
// The instance starts in `afterWrite`, once every hook has seen the submit step: a decision that
// moves the document on at once (no process bound: approved; an auto-passed flow) is a second
// step of the same transaction, and business hooks see submit before approve.
import type { AppContext } from '../../context';
import { registerFileReader } from '../files';
import { registerRecordHooks, registerScopeProvider } from '../records';
import { historyFileReader, processScope } from './scope';
import { closeForDeletedRecord, resubmitInstance, startInstance } from './steps';

export function registerProcessHooks(ctx: AppContext) {
  registerRecordHooks(ctx, {
    formTypes: '*',
    async afterWrite(e) {
      // a deleted document's live approval ends with it
      // a deleted or voided document's live approval (a returned one's) ends with it
      if (e.transitions.some((x) => x.action === 'delete' || x.action === 'void')) return closeForDeletedRecord(ctx, e.tx, e.user, e.after.id, e.locale);
      const step = e.transitions.find((x) => x.action === 'submit' || x.action === 'resubmit');
      if (!step) return;
      const input = { user: e.user, record: e.after, formDef: e.definition, picks: e.picks, locale: e.locale };
      if (step.action === 'submit') await startInstance(ctx, e.tx, input);
      else await resubmitInstance(ctx, e.tx, input);
    },
  });
  registerScopeProvider(ctx, processScope(ctx));
  registerFileReader(ctx, historyFileReader(ctx));
}
