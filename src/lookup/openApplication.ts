// The document-number lookup flow (spec §5, §7, §8, §9): number → getShenQingDanLeiXing →
// { id, feiYongLeiXing } → the page of the right definition with the id. An application
// (80021) opens its settlement (type 1 → 80022) or write-off (type 2 → 810510) view.
import type { TFunction } from 'i18next';
import { APPLICATION_VIEWS, VIEW_TYPE_VIEW_ONLY } from '../../schemas/typeCodes';
import { ApiError } from '../api/client';
import type { ApplicationType } from '../api/services';
import { APP_ROUTES, FORM_TYPE_PAGES } from '../routes/routeTable';

export type LookupType = 1 | 2;
export type LookupOutcome =
  | { ok: true; path: string }
  /** message null: the error catalogue has already acted (expired session, maintenance) */
  | { ok: false; message: string | null };

/** The lookup page's address for a number (and optional settlement/write-off type). */
export function lookupPath(number: string, type?: LookupType): string {
  const q = new URLSearchParams({ number });
  if (type) q.set('type', String(type));
  return `${APP_ROUTES.lookup}?${q.toString()}`;
}

export function parseLookupType(v: string | null): LookupType | undefined {
  return v === '1' ? 1 : v === '2' ? 2 : undefined;
}

/** The form type to open: the application's own, or its settlement / write-off view. */
export function targetFormType(feiYongLeiXing: number, type?: LookupType): number {
  const views = (APPLICATION_VIEWS as Record<number, Record<LookupType, number> | undefined>)[feiYongLeiXing];
  return type && views ? views[type] : feiYongLeiXing;
}

export async function resolveApplication(
  number: string | null | undefined,
  type: LookupType | undefined,
  lookup: (number: string, type?: LookupType) => Promise<ApplicationType>,
  t: TFunction,
): Promise<LookupOutcome> {
  const n = (number ?? '').trim();
  if (!n) return { ok: false, message: t('app:lookup.missingNumber') };
  let found: ApplicationType;
  try {
    found = await lookup(n, type);
  } catch (e) {
    if (e instanceof ApiError && e.handled) return { ok: false, message: null };
    if (e instanceof ApiError && e.kind === 'business') return { ok: false, message: t('app:lookup.failedWithMsg', { msg: e.message }) };
    return { ok: false, message: t('app:lookup.failed') };
  }
  const formType = targetFormType(Number(found.feiYongLeiXing), type);
  const page = FORM_TYPE_PAGES[formType];
  if (!page || !found.id) return { ok: false, message: t('app:lookup.unknownType', { type: String(found.feiYongLeiXing) }) };
  const q = new URLSearchParams();
  if (type && found.linkedId) {
    // the application's settlement / write-off exists already: open it (view only)
    q.set('id', String(found.linkedId));
    q.set('viewType', String(VIEW_TYPE_VIEW_ONLY));
  } else if (type) {
    // the settlement / write-off view of the application: a new document of that form, linked
    // to the application (the answer may name the application's type or already the view's)
    q.set('shenQingId', String(found.id));
  } else {
    q.set('id', String(found.id));
    q.set('viewType', String(VIEW_TYPE_VIEW_ONLY));
  }
  return { ok: true, path: `${page}?${q.toString()}` };
}
