// The form mode a generic page opens in: ?viewType=2 is view only (spec §9), ?mode= wins,
// an ?id= turns an add page into modify; otherwise the route table's mode.
import { FORM_MODES, VIEW_TYPE_VIEW_ONLY, isFormMode, type FormMode } from '../../schemas/typeCodes';
import type { RouteEntry } from '../routes/routeTable';

export function resolveMode(entry: RouteEntry, params: URLSearchParams): FormMode {
  if (params.get('viewType') === String(VIEW_TYPE_VIEW_ONLY)) return FORM_MODES.VIEW;
  const m = params.get('mode');
  if (m !== null && isFormMode(Number(m))) return Number(m) as FormMode;
  if (params.get('id') && entry.mode === FORM_MODES.ADD) return FORM_MODES.MODIFY;
  return entry.mode;
}
