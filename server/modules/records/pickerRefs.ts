// Picker values checked against master data: every picker field of a record (the type codes
// with a master-data source, schemas/typeCodes.ts, and a field's own `dataSource.endpoint`;
// sub-form rows included) holds {id, name}. On a write the id must be a row the picker itself
// would offer — the autocomplete source's table and kind, its static params (`level`,
// `refType`), active / enabled — and the name stored is that row's (in the writer's language),
// never the client's. A value the record already held before the write is kept when its row
// has been deactivated since (the record stays editable), with the row's current name.
// Unknown or unoffered ids: a field-level 422 in the writer's language.
// One query per source (endpoint and static params), however many rows a detail table has.
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { TC, typeInfo, isTypeCode, type FieldDefinition } from '../../../schemas';
import type { Locale } from '../../../schemas/constants';
import type { DbOrTx } from '../../db/client';
import { budgetPools, dealers, departments, employees, masterData, posts, roles, users } from '../../db/schema';
import { invalid } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { MASTER_KINDS } from '../masterData';

/** A picker's source: the autocomplete name and the params that are not references to other fields. */
export interface PickerSource {
  endpoint: string;
  params: Record<string, string>;
}

interface Lookup {
  table: PgTable;
  id: PgColumn;
  name: PgColumn;
  /** localized names (jsonb by locale), when the table has them */
  names?: PgColumn;
  /** what makes a row this source's (always applied) */
  identity: SQL[];
  /** what makes it offered (active, enabled): not applied to values the record already held */
  offered: SQL[];
}

function lookupOf(src: PickerSource): Lookup | null {
  const p = src.params;
  switch (src.endpoint) {
    case 'employee':
    case 'employee-all':
    case 'area-manger':
      return {
        table: employees,
        id: employees.id,
        name: employees.name,
        identity: src.endpoint === 'area-manger' ? [eq(employees.isAreaManager, true)] : [],
        offered: src.endpoint === 'employee-all' ? [] : [eq(employees.isActive, true)],
      };
    case 'department':
      return { table: departments, id: departments.id, name: departments.name, identity: [], offered: [eq(departments.isActive, true)] };
    case 'dealerConnTable':
      return { table: dealers, id: dealers.id, name: dealers.name, identity: [], offered: [eq(dealers.isActive, true)] };
    case 'gangWei':
      return { table: posts, id: posts.id, name: posts.name, identity: [], offered: [] };
    case 'role':
      return { table: roles, id: roles.id, name: roles.code, names: roles.name, identity: [], offered: [] };
    case 'dealerUser':
      return { table: users, id: users.id, name: users.displayName, identity: [eq(users.kind, 'dealer')], offered: [eq(users.disabled, false)] };
    case 'yuSuanChi':
      // a disabled pool is the budget rules' to refuse, with their own message (预算池“…”已停用)
      return { table: budgetPools, id: budgetPools.id, name: budgetPools.name, identity: [], offered: [] };
  }
  const m = MASTER_KINDS[src.endpoint];
  if (!m) return null;
  const identity: SQL[] = [eq(masterData.kind, m.kind)];
  const level = m.level ?? (p.level && /^[0-9]{1,4}$/.test(p.level) ? Number(p.level) : undefined);
  if (level !== undefined) identity.push(eq(masterData.level, level));
  if (p.refType) identity.push(eq(masterData.refType, p.refType));
  return { table: masterData, id: masterData.id, name: masterData.name, names: masterData.names, identity, offered: [eq(masterData.isActive, true)] };
}

const REFERENCE = /\{[^}]*\}/;

/** The source of a picker field, or null when the field is not a picker. */
export function pickerSourceOf(field: FieldDefinition): PickerSource | null {
  if (!isTypeCode(field.type)) return null;
  const info = typeInfo(field.type);
  if (!info.source || field.type === TC.SUB_FORM) return null;
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...(info.source.params ?? {}), ...(field.dataSource?.params ?? {}) })) {
    if (typeof v === 'string' && !REFERENCE.test(v)) params[k] = v;
  }
  return { endpoint: field.dataSource?.endpoint ?? info.source.endpoint, params };
}

const sourceKey = (s: PickerSource) =>
  `${s.endpoint}\u0000${Object.entries(s.params)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`)
    .join('&')}`;

interface Slot {
  /** the record path of the field (`jingXiaoShang`, `mingXi.3.danPin`) */
  path: string;
  field: FieldDefinition;
  /** the object holding the field's value */
  holder: Record<string, unknown>;
}

/** Every picker field holding a value, sub-form rows included. */
function slotsOf(fields: readonly FieldDefinition[], data: Record<string, unknown>, out: Slot[] = [], prefix = ''): Slot[] {
  for (const f of fields) {
    const v = data?.[f.key];
    if (f.type === TC.SUB_FORM) {
      if (Array.isArray(v) && f.fields) {
        v.forEach((row, i) => {
          if (row && typeof row === 'object') slotsOf(f.fields as FieldDefinition[], row as Record<string, unknown>, out, `${prefix}${f.key}.${i}.`);
        });
      }
      continue;
    }
    if (v === undefined || v === null) continue;
    if (pickerSourceOf(f)) out.push({ path: `${prefix}${f.key}`, field: f, holder: data });
  }
  return out;
}

const valuesOf = (v: unknown): { id: string; name?: unknown }[] =>
  (Array.isArray(v) ? v : [v]).filter((x): x is { id: string } => !!x && typeof x === 'object' && typeof (x as { id?: unknown }).id === 'string');

/** The ids each source held in a record's data before the write (kept when deactivated since). */
function heldIds(fields: readonly FieldDefinition[], before: Record<string, unknown> | null): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  if (!before) return out;
  for (const s of slotsOf(fields, before)) {
    const key = sourceKey(pickerSourceOf(s.field)!);
    const set = out.get(key) ?? new Set<string>();
    for (const v of valuesOf(s.holder[s.field.key])) set.add(v.id);
    out.set(key, set);
  }
  return out;
}

async function namesOf(db: DbOrTx, lookup: Lookup, ids: string[], offeredOnly: boolean, locale: Locale): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = (await db
    .select({ id: lookup.id, name: lookup.name, ...(lookup.names ? { names: lookup.names } : {}) })
    .from(lookup.table)
    .where(and(inArray(lookup.id, ids), ...lookup.identity, ...(offeredOnly ? lookup.offered : [])))) as { id: string; name: string; names?: unknown }[];
  return new Map(
    rows.map((r) => {
      const n = r.names as Record<string, string> | null | undefined;
      return [r.id, (n && (n[locale] || n['zh-CN'])) || r.name];
    }),
  );
}

/**
 * Checks and rewrites the picker values of a record's data in place: each id must be a row its
 * picker offers (or one the record held before), and its name becomes the row's. Throws a
 * field-level 422 naming every value that is not.
 */
export async function resolvePickerRefs(
  db: DbOrTx,
  fields: readonly FieldDefinition[],
  data: Record<string, unknown>,
  before: Record<string, unknown> | null,
  locale: Locale,
): Promise<void> {
  const slots = slotsOf(fields, data);
  if (!slots.length) return;
  const held = heldIds(fields, before);
  // the distinct ids per source
  const bySource = new Map<string, { source: PickerSource; ids: Set<string> }>();
  for (const s of slots) {
    const source = pickerSourceOf(s.field)!;
    const key = sourceKey(source);
    const entry = bySource.get(key) ?? { source, ids: new Set<string>() };
    for (const v of valuesOf(s.holder[s.field.key])) entry.ids.add(v.id);
    bySource.set(key, entry);
  }
  const resolved = new Map<string, Map<string, string>>();
  for (const [key, { source, ids }] of bySource) {
    const lookup = lookupOf(source);
    if (!lookup) {
      resolved.set(key, new Map());
      continue;
    }
    const names = await namesOf(db, lookup, [...ids], true, locale);
    const kept = [...ids].filter((id) => !names.has(id) && held.get(key)?.has(id));
    if (kept.length) for (const [id, name] of await namesOf(db, lookup, kept, false, locale)) names.set(id, name);
    resolved.set(key, names);
  }
  const errors: { field: string; code: string; message: string }[] = [];
  for (const s of slots) {
    const key = sourceKey(pickerSourceOf(s.field)!);
    const names = resolved.get(key)!;
    const label = s.field.label?.[locale] || s.field.label?.['zh-CN'] || s.field.key;
    const rewrite = (v: unknown): unknown => {
      if (!v || typeof v !== 'object' || typeof (v as { id?: unknown }).id !== 'string') return v;
      const id = (v as { id: string }).id;
      const name = names.get(id);
      if (name === undefined) {
        errors.push({ field: s.path, code: 'invalidValue', message: t(locale, 'records.pickerNotFound', { label, id }) });
        return v;
      }
      return { id, name: name.slice(0, 200) };
    };
    const v = s.holder[s.field.key];
    s.holder[s.field.key] = Array.isArray(v) ? v.map(rewrite) : rewrite(v);
  }
  if (errors.length) throw invalid(errors);
}
