// Language keys are dotted paths (`approval.title`) that administrators choose. A path is a
// place in a nested object, so a segment `__proto__`, `constructor` or `prototype` would reach
// Object.prototype when the bundle is built: such keys are refused on save, skipped when a bundle
// is built (into null-prototype objects), and removed from the table at start.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { languageKeys } from '../../db/schema';
import { invalid } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { flattenMessages, NAMESPACES, RESOURCES, type Messages } from '../../../schemas/locales';
import type { Locale } from '../../../schemas/constants';

export const UNSAFE_SEGMENTS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** A dotted key every segment of which is non-empty and none names the prototype chain. */
export function isSafeKeyPath(key: string): boolean {
  return key.split('.').every((s) => s !== '' && !UNSAFE_SEGMENTS.has(s));
}

/** The language types of the API: 1 zh-CN, 2 zh-TW, 3 en-US (a number or its text). */
const LANGUAGE_TYPES: ReadonlySet<number> = new Set([1, 2, 3]);

/** The request's language type as a number, or a field error (422) for anything but 1, 2 or 3. */
export function parseLanguageType(value: unknown, locale: Locale, field = 'duoYuYanType'): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d{1,4}\s*$/.test(value) ? Number(value) : NaN;
  if (!LANGUAGE_TYPES.has(n)) throw invalid([{ field, message: t(locale, 'languages.badType') }]);
  return n;
}

interface KeyRow {
  namespace: string;
  key: string;
  value: string;
}

const shipped = new Map<string, Record<string, string>>();

/** The texts the app ships with for a locale's namespace, flattened (`a.b` → text), computed once. */
function shippedTexts(locale: string, namespace: string): Record<string, string> {
  const k = `${locale}/${namespace}`;
  let flat = shipped.get(k);
  if (!flat) {
    const messages = (RESOURCES as Record<string, Record<string, Messages | undefined> | undefined>)[locale]?.[namespace];
    flat = messages ? flattenMessages(messages) : {};
    shipped.set(k, flat);
  }
  return flat;
}

/** The rows whose text differs from the one the app ships with (an administrator's edits, new keys). */
export function changedRows<R extends KeyRow & { locale: string }>(rows: readonly R[]): R[] {
  return rows.filter((r) => {
    const shippedOnes = shippedTexts(r.locale, r.namespace);
    return !Object.hasOwn(shippedOnes, r.key) || shippedOnes[r.key] !== r.value;
  });
}

/**
 * `{ namespace: nested messages }` from the table's rows, built only from null-prototype
 * objects and only through safe segments: no row, whatever it holds, can write outside them.
 */
export function buildBundles(rows: readonly KeyRow[]): Record<string, Messages> {
  const out = Object.create(null) as Record<string, Messages>;
  for (const r of rows) {
    if (!(NAMESPACES as readonly string[]).includes(r.namespace) || !isSafeKeyPath(r.key)) continue;
    const ns = (out[r.namespace] ??= Object.create(null) as Messages);
    const parts = r.key.split('.');
    let cur: Messages | undefined = ns;
    for (let i = 0; i < parts.length - 1 && cur; i++) {
      const next: string | Messages | undefined = Object.hasOwn(cur, parts[i]) ? cur[parts[i]] : undefined;
      if (typeof next === 'string')
        cur = undefined; // a key both leaf and branch: keep the leaf
      else cur = next ?? (cur[parts[i]] = Object.create(null) as Messages);
    }
    if (cur) cur[parts[parts.length - 1]] = r.value;
  }
  return out;
}

/** Start-up: delete the rows whose key could not have been saved (written before the check, or by hand). */
export async function removeUnsafeLanguageKeys(db: Db): Promise<number> {
  const removed = await db
    .delete(languageKeys)
    .where(
      sql`${languageKeys.key} ~ '(^|[.])(__proto__|constructor|prototype)([.]|$)' or ${languageKeys.key} ~ '(^[.]|[.][.]|[.]$)' or ${languageKeys.key} = ''`,
    )
    .returning({ key: languageKeys.key });
  return removed.length;
}

/** The save's field error for a key that is not `namespace:dotted.key` with safe segments. */
export function keyError(locale: Locale) {
  return invalid([{ field: 'key', message: t(locale, 'languages.unsafeKey') }]);
}
