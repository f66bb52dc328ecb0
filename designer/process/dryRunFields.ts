// The dry-run panel's inputs, in plain TypeScript: which of the bound form's fields the process
// reads (its conditions, expression strategies, field strategies and matrix keys), what input
// each field type takes, and the values as the record holds them (an amount as a decimal string).
import type { ProcessDefinition } from '../../schemas/process/model';
import { typeInfo } from '../../schemas/typeCodes';
import type { ProcessFormField } from './api';

export type DryRunInputKind = 'integer' | 'decimal' | 'boolean' | 'select' | 'text';

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

export function inputKind(field: Pick<ProcessFormField, 'type' | 'options'>): DryRunInputKind {
  if (field.options && field.options.length) return 'select';
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
