// The page that opens a record of a form in a mode (the task center, the summary approval, the
// monitoring drawer): the route table's form page of that form (the one whose own mode is the
// mode asked for, else the first), with `?id=` and `?mode=`; a form without one opens on the
// generic engine page (engineFormPath, `?type=`).
import type { FormMode } from '../../schemas/typeCodes';
import { engineFormPath, ROUTE_TABLE } from './routeTable';

/** The route table's form pages of a form, in table order. */
export function formPagesOf(
  formCode: string,
  table: Readonly<Record<string, { formCode: string; kind: string; mode: number }>> = ROUTE_TABLE,
): { path: string; mode: number }[] {
  return Object.entries(table)
    .filter(([, e]) => e.kind === 'form' && e.formCode === formCode)
    .map(([path, e]) => ({ path, mode: e.mode }));
}

/** The path that opens record `recordId` of `formCode` in `mode`. */
export function recordPagePath(formCode: string, recordId: string, mode: FormMode, table = ROUTE_TABLE): string {
  const pages = formPagesOf(formCode, table);
  const page = pages.find((p) => p.mode === mode) ?? pages[0];
  if (!page) return engineFormPath(formCode, { id: recordId, mode });
  return `${page.path}?${new URLSearchParams({ id: recordId, mode: String(mode) }).toString()}`;
}
