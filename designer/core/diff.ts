// The difference between two versions of a definition, shown before publishing: fields added,
// removed, changed (with which properties) and renamed (through `renamedFrom`), plus which
// form-level parts changed.
import type { FieldDefinition, FormDefinition } from '../../schemas';
import { columnsOf, isSubForm, joinPath } from './fieldTree';

export interface FieldChange {
  path: string;
  /** the names of the properties that differ (sub-form columns are reported as fields of their own) */
  properties: string[];
}

export interface DefinitionDiff {
  added: { path: string; field: FieldDefinition }[];
  removed: { path: string; field: FieldDefinition }[];
  changed: FieldChange[];
  renamed: { from: string; to: string }[];
  /** fields whose position changed (same parent, different order) */
  moved: string[];
  /** form-level properties that differ: name, rules, formulas, permissions, list, … */
  form: string[];
}

/** Key-order-insensitive structural equality of JSON values. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => jsonEqual(x, bb[i]));
  }
  const ka = Object.keys(a as object).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b as object).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => jsonEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

const IGNORED_FIELD_PROPS = new Set(['key', 'renamedFrom', 'fields']);

function changedProperties(a: FieldDefinition, b: FieldDefinition): string[] {
  const names = new Set([...Object.keys(a), ...Object.keys(b)]);
  const out: string[] = [];
  for (const n of names) {
    if (IGNORED_FIELD_PROPS.has(n)) continue;
    if (!jsonEqual((a as Record<string, unknown>)[n], (b as Record<string, unknown>)[n])) out.push(n);
  }
  return out.sort();
}

/**
 * The keys that moved: those outside a longest common subsequence of the two orders (so moving
 * one field reports that field, not every field it jumped over).
 */
function movedKeys(orderA: string[], orderB: string[]): Set<string> {
  const pos = new Map(orderA.map((k, i) => [k, i]));
  const seq = orderB.map((k) => pos.get(k)!);
  // longest increasing subsequence, O(n log n), with back-pointers
  const tails: number[] = [];
  const prev: number[] = new Array(seq.length).fill(-1);
  for (let i = 0; i < seq.length; i++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (seq[tails[mid]] < seq[i]) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[i] = tails[lo - 1];
    tails[lo] = i;
  }
  const keep = new Set<number>();
  for (let i = tails.length ? tails[tails.length - 1] : -1; i >= 0; i = prev[i]) keep.add(i);
  return new Set(orderB.filter((_, i) => !keep.has(i)));
}

/** Match the fields of two lists by key, then by `renamedFrom`; recurse into matched sub-forms. */
function diffLists(a: FieldDefinition[], b: FieldDefinition[], parentA: string | null, parentB: string | null, out: DefinitionDiff): void {
  const byKeyA = new Map(a.map((f) => [f.key, f]));
  const matched = new Set<string>();
  const pairs: [FieldDefinition, FieldDefinition][] = [];
  for (const fb of b) {
    let fa = byKeyA.get(fb.key);
    if (fa && !matched.has(fa.key)) {
      matched.add(fa.key);
      pairs.push([fa, fb]);
      continue;
    }
    fa = undefined;
    for (const old of [...(fb.renamedFrom ?? [])].reverse()) {
      const cand = byKeyA.get(old);
      if (cand && !matched.has(old) && !b.some((x) => x.key === old)) {
        fa = cand;
        break;
      }
    }
    if (fa) {
      matched.add(fa.key);
      pairs.push([fa, fb]);
      out.renamed.push({ from: joinPath(parentA, fa.key), to: joinPath(parentB, fb.key) });
    } else out.added.push({ path: joinPath(parentB, fb.key), field: fb });
  }
  for (const fa of a) if (!matched.has(fa.key)) out.removed.push({ path: joinPath(parentA, fa.key), field: fa });
  // order: compare the relative order of the matched fields
  const orderA = a.filter((f) => matched.has(f.key)).map((f) => f.key);
  const orderB = pairs.map(([fa]) => fa.key);
  const moved = movedKeys(orderA, orderB);
  for (const [fa, fb] of pairs) {
    const path = joinPath(parentB, fb.key);
    if (moved.has(fa.key)) out.moved.push(path);
    const props = changedProperties(fa, fb);
    if (props.length) out.changed.push({ path, properties: props });
    if (isSubForm(fa) && isSubForm(fb)) diffLists(columnsOf(fa), columnsOf(fb), fa.key, fb.key, out);
  }
}

const FORM_PROPS = [
  'code',
  'name',
  'formType',
  'viewOf',
  'description',
  'numberRule',
  'titleTemplate',
  'rules',
  'formulas',
  'permissions',
  'list',
  'processCode',
] as const;

/** What changed from `a` (e.g. the last published version) to `b` (e.g. the draft). */
export function diffDefinitions(a: FormDefinition, b: FormDefinition): DefinitionDiff {
  const out: DefinitionDiff = { added: [], removed: [], changed: [], renamed: [], moved: [], form: [] };
  diffLists(a.fields, b.fields, null, null, out);
  for (const p of FORM_PROPS) if (!jsonEqual(a[p], b[p])) out.form.push(p);
  return out;
}

export function isEmptyDiff(d: DefinitionDiff): boolean {
  return !d.added.length && !d.removed.length && !d.changed.length && !d.renamed.length && !d.moved.length && !d.form.length;
}
