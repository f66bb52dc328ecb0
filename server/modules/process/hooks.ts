// The records seam: record hooks (submit/resubmit start or resume an instance in the record's
// transaction) and the record scope provider (approvers and cc readers may read the document).
import type { AppContext } from '../../context';

export function registerProcessHooks(_ctx: AppContext) {}
