// The dry-run panel's inputs, in plain TypeScript: which of the bound form's fields the process
// reads (its conditions, expression strategies, field strategies and matrix keys), what input
// each field type takes, and the values as the record holds them (an amount as a decimal string;
// a looked-up record — a dealer picked by name — as the picker stores it: `{id, name}`).
import type { ProcessDefinition } from '../../schemas/process/model';
import { typeInfo } from '../../schemas/typeCodes';
import type { LookupRow, ProcessFormField } from './api';

/** `lookup`: records searched in the field's source (a dealer by name), see `lookupValue`. */
export type DryRunInputKind = 'integer' | 'decimal' | 'boolean' | 'select' | 'lookup' | 'text';

/** The `var` names a JSON Logic expression reads. */
export function varsOf(logic: unknown, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(logic)) for (const x of logic) varsOf(x, out);
  else if (logic !== null && typeof logic === 'object') {
    for (const [op, args] of Object.entries(logic as Record<string, unknown>)) {
      if (op === 'var') {
        const name = Array.isArray(args) ? args[0] : args;
        if (typeof name === 'string' && name) out.add(name);
      } else varsOf(args, out);
    }
  }
  return out;
}

/** The form field paths the process reads, in the order met. */
export function fieldsReadBy(def: Pick<ProcessDefinition, 'nodes' | 'edges'>): string[] {
  const out = new Set<string>();
  for (const e of def.edges) if (e.condition !== undefined) varsOf(e.condition, out);
  for (const n of def.nodes) {
    const a = n.assignee;
    if (!a) continue;
    if (a.kind === 'fieldUser' || a.kind === 'fieldDeptLeader') out.add(a.field);
    if (a.kind === 'matrix') for (const f of Object.values(a.by)) out.add(f);
    if (a.kind === 'expression') varsOf(a.logic, out);
  }
  return [...out];
}

export function inputKind(field: Pick<ProcessFormField, 'type' | 'options' | 'dataSource'>): DryRunInputKind {
  if (field.options && field.options.length) return 'select';
  if (field.dataSource?.endpoint) return 'lookup';
  let valueType: string;
  try {
    valueType = typeInfo(field.type).valueType;
  } catch {
    return 'text';
  }
  if (valueType === 'Integer') return 'integer';
  if (valueType === 'BigDecimal') return 'decimal';
  if (valueType === 'Boolean') return 'boolean';
  return 'text';
}

/** A master-data picker type (dealer 87, outlet, employee …): its value is `{id, name}`, not a bare id. */
function isPickerType(type: number): boolean {
  try {
    return typeInfo(type).source !== null;
  } catch {
    return false;
  }
}

/**
 * The picked records as the record holds them: a picker type's `{id, name}` (the form's pickers
 * store that; strategies and matrices read its id), another field's id; a list when the field
 * holds several. Nothing picked: undefined.
 */
export function lookupValue(field: Pick<ProcessFormField, 'type' | 'dataSource'>, picked: readonly LookupRow[]): unknown {
  if (picked.length === 0) return undefined;
  const one = (r: LookupRow) => (isPickerType(field.type) ? { id: r.id, name: r.name } : r.id);
  return field.dataSource?.multiple ? picked.map(one) : one(picked[0]);
}

export const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

/**
 * The record values to send: main fields only (sub-form columns are not inputs here), empty
 * inputs left out, decimals kept as strings. Answers the paths whose input is not valid.
 */
export function dryRunData(
  fields: readonly ProcessFormField[],
  values: Readonly<Record<string, unknown>>,
): { data: Record<string, unknown>; invalid: string[] } {
  const data: Record<string, unknown> = {};
  const invalid: string[] = [];
  for (const f of fields) {
    if (f.parent) continue;
    const v = values[f.path];
    if (v === undefined || v === null || v === '') continue;
    const kind = inputKind(f);
    if (kind === 'decimal') {
      const s = String(v).trim();
      if (!DECIMAL_PATTERN.test(s)) invalid.push(f.path);
      else data[f.key] = s;
    } else if (kind === 'integer') {
      const n = typeof v === 'number' ? v : Number(v);
      if (!Number.isInteger(n)) invalid.push(f.path);
      else data[f.key] = n;
    } else if (kind === 'lookup') {
      const value = lookupValue(f, (Array.isArray(v) ? v : [v]) as LookupRow[]);
      if (value !== undefined) data[f.key] = value;
    } else data[f.key] = v;
  }
  return { data, invalid };
}

/** The fields to offer: those the process reads first, then (when asked) the other main fields. */
export function dryRunFields(fields: readonly ProcessFormField[], read: readonly string[], all: boolean): ProcessFormField[] {
  const main = fields.filter((f) => !f.parent);
  const first = read.map((p) => main.find((f) => f.path === p)).filter((f): f is ProcessFormField => !!f);
  if (!all) return first;
  return [...first, ...main.filter((f) => !read.includes(f.path))];
}
