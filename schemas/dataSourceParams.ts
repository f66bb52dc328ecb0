// Dependent pickers: a picker's `dataSource.params` may read other fields of the form with
// `{key}` or `{key.prop}` (`{pinPai.id}`, `{caiWuNian.id}`). A sub-form column's reference reads
// the same row's column first, then the main form's field of that key. A picker value
// ({id, name}) stands for its id (`{pinPai}` = `{pinPai.id}`); several picked values are joined
// with commas. A reference that reads nothing leaves its param out, and the picker waits for
// that field (it is disabled until then). When a field a picker depends on changes from one
// value to another (or is cleared), the picker's value no longer belongs and is cleared;
// a dependency going from empty to a value keeps it (there is nothing to compare it with, and
// the server checks what belongs anyway).
import type { FieldDefinition } from './definition';
import { TC } from './typeCodes';
import { columnsOf } from './columnsOf';

/** `{key}` or `{key.prop}` inside a param value. */
const REFERENCE = /\{([A-Za-z_][A-Za-z0-9_]*)(?:\.([A-Za-z_][A-Za-z0-9_]*))?\}/g;

export interface ParamReference {
  /** the param's name */
  param: string;
  /** the referenced field's key */
  key: string;
  /** the property read from a picker value (`id` unless given) */
  prop: string;
}

/** The references in a set of params, in order. */
export function paramReferences(params: Record<string, string> | undefined): ParamReference[] {
  const out: ParamReference[] = [];
  for (const [param, template] of Object.entries(params ?? {})) {
    if (typeof template !== 'string') continue;
    for (const m of template.matchAll(REFERENCE)) out.push({ param, key: m[1], prop: m[2] ?? 'id' });
  }
  return out;
}

/** The distinct field keys the params read. */
export function paramKeys(params: Record<string, string> | undefined): string[] {
  return [...new Set(paramReferences(params).map((r) => r.key))];
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** The text one referenced value stands for in a param ('' when it reads nothing). */
export function referenceText(value: unknown, prop = 'id'): string {
  if (isEmpty(value)) return '';
  if (Array.isArray(value)) {
    return value
      .map((v) => referenceText(v, prop))
      .filter((s) => s !== '')
      .join(',');
  }
  if (typeof value === 'object') {
    const v = (value as Record<string, unknown>)[prop];
    return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

export interface ResolvedParams {
  /** the params with their references filled in; unresolved ones are left out */
  params: Record<string, string>;
  /** the keys of the referenced fields that read nothing yet (the picker waits for them) */
  missing: string[];
}

/** Fill in the references of `params` from `valueOf(key)` (the row's column, else the main field). */
export function resolveParams(params: Record<string, string> | undefined, valueOf: (key: string) => unknown): ResolvedParams {
  const out: Record<string, string> = {};
  const missing = new Set<string>();
  for (const [param, template] of Object.entries(params ?? {})) {
    if (typeof template !== 'string') continue;
    let complete = true;
    const text = template.replace(REFERENCE, (_m, key: string, prop: string | undefined) => {
      const t = referenceText(valueOf(key), prop ?? 'id');
      if (t === '') {
        complete = false;
        missing.add(key);
      }
      return t;
    });
    if (complete) out[param] = text;
  }
  return { params: out, missing: [...missing] };
}

/**
 * Where a field's references read: key → record path. A column (`row` = `mingXi.2`, `rowKeys`
 * its sub-form's column keys) reads its row's column when there is one, else the main field.
 */
export function referencePaths(field: FieldDefinition, row?: { path: string; keys: { has(key: string): boolean } }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of paramKeys(field.dataSource?.params)) out[key] = row && row.keys.has(key) ? `${row.path}.${key}` : key;
  return out;
}

/** Does a change of a dependency from `prev` to `next` make the dependent's value not belong? */
export function dependencyChangeClears(prev: unknown, next: unknown, prop = 'id'): boolean {
  const before = referenceText(prev, prop);
  return before !== '' && before !== referenceText(next, prop);
}

/** A field that depends on another: where it is and what it reads. */
interface Dependent {
  /** main field key, or the sub-form's key for a column */
  subForm?: string;
  key: string;
  refs: ParamReference[];
}

// A definition's fields are never changed in place (the designer replaces the array), so the
// dependents are worked out once per fields array, not on every key.
const dependentsCache = new WeakMap<readonly FieldDefinition[], Dependent[]>();

function dependentsOf(fields: readonly FieldDefinition[]): Dependent[] {
  const hit = dependentsCache.get(fields);
  if (hit) return hit;
  const out: Dependent[] = [];
  for (const f of fields) {
    const refs = paramReferences(f.dataSource?.params);
    if (refs.length) out.push({ key: f.key, refs });
    if (f.type === TC.SUB_FORM) {
      for (const c of columnsOf(f)) {
        const crefs = paramReferences(c.dataSource?.params);
        if (crefs.length) out.push({ subForm: f.key, key: c.key, refs: crefs });
      }
    }
  }
  dependentsCache.set(fields, out);
  return out;
}

/**
 * The paths whose values no longer belong after `path` changed from `prev` to `next`
 * (`pinPai` of row 2 → `mingXi.2.danPin`; the header's `caiWuNian` → `yuSuanChi` and every
 * row's `mingXi.<i>.yuSuanChi` that does not read a column of its own). `rowCount` tells how
 * many rows a sub-form has. Only direct dependents: the caller clears them and asks again.
 */
export function pathsToClear(fields: readonly FieldDefinition[], path: string, prev: unknown, next: unknown, rowCount: (subForm: string) => number): string[] {
  const seg = path.split('.');
  const out: string[] = [];
  const columnKeys = (subForm: string) => new Set(columnsOf(fields.find((f) => f.key === subForm) ?? {}).map((c) => c.key));
  for (const d of dependentsOf(fields)) {
    if (seg.length === 1) {
      const refs = d.refs.filter((r) => r.key === seg[0]);
      if (!refs.length || !refs.some((r) => dependencyChangeClears(prev, next, r.prop))) continue;
      if (d.subForm === undefined) out.push(d.key);
      else if (!columnKeys(d.subForm).has(seg[0])) {
        for (let i = 0; i < rowCount(d.subForm); i++) out.push(`${d.subForm}.${i}.${d.key}`);
      }
    } else if (seg.length === 3 && d.subForm === seg[0]) {
      const refs = d.refs.filter((r) => r.key === seg[2]);
      if (refs.some((r) => dependencyChangeClears(prev, next, r.prop))) out.push(`${seg[0]}.${seg[1]}.${d.key}`);
    }
  }
  return out;
}

/**
 * Param references that read no field of the definition, and dependency cycles, for the
 * designer: `{ path, key }` with the JSON pointer of the param.
 */
export function paramReferenceProblems(fields: readonly FieldDefinition[]): { path: string; key: string; cycle?: boolean }[] {
  const out: { path: string; key: string; cycle?: boolean }[] = [];
  const main = new Set(fields.map((f) => f.key));
  const edges = new Map<string, string[]>();
  const check = (f: FieldDefinition, base: string, columns?: Set<string>, subForm?: string) => {
    const node = subForm ? `${subForm}.${f.key}` : f.key;
    for (const r of paramReferences(f.dataSource?.params)) {
      const target = columns?.has(r.key) ? `${subForm}.${r.key}` : main.has(r.key) ? r.key : null;
      if (target === null) out.push({ path: `${base}/dataSource/params/${r.param}`, key: r.key });
      else edges.set(node, [...(edges.get(node) ?? []), target]);
    }
  };
  fields.forEach((f, i) => {
    check(f, `/fields/${i}`);
    if (f.type === TC.SUB_FORM) {
      const columns = new Set(columnsOf(f).map((c) => c.key));
      columnsOf(f).forEach((c, ci) => check(c, `/fields/${i}/fields/${ci}`, columns, f.key));
    }
  });
  // a field that (through others) depends on itself could never be filled in
  const reaches = (from: string, to: string, seen = new Set<string>()): boolean => {
    for (const n of edges.get(from) ?? []) {
      if (n === to) return true;
      if (!seen.has(n)) {
        seen.add(n);
        if (reaches(n, to, seen)) return true;
      }
    }
    return false;
  };
  fields.forEach((f, i) => {
    if (reaches(f.key, f.key)) out.push({ path: `/fields/${i}/dataSource/params`, key: f.key, cycle: true });
    columnsOf(f).forEach((c, ci) => {
      const node = `${f.key}.${c.key}`;
      if (reaches(node, node)) out.push({ path: `/fields/${i}/fields/${ci}/dataSource/params`, key: c.key, cycle: true });
    });
  });
  return out;
}

/** autoPickSingle: the one row of a complete query without a keyword, or nothing. */
export function singleMatch<T>(rows: readonly T[], total: number): T | undefined {
  return total === 1 && rows.length === 1 ? rows[0] : undefined;
}
