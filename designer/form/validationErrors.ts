// validateDefinition's errors, placed: a JSON pointer under /fields/i (/fields/j) belongs to a
// field path on the canvas; the others (rules, formulas, permissions, list) are listed apart.
import type { DefinitionError, FormDefinition } from '../../schemas';
import { columnsOf } from '../core';

export interface PlacedErrors {
  byPath: Map<string, string[]>;
  other: DefinitionError[];
}

export function fieldPathOfPointer(def: FormDefinition, pointer: string): string | null {
  const m = /^\/fields\/(\d+)(?:\/fields\/(\d+))?/.exec(pointer);
  if (!m) return null;
  const f = def.fields[Number(m[1])];
  if (!f) return null;
  if (m[2] === undefined) return f.key;
  const c = columnsOf(f)[Number(m[2])];
  return c ? `${f.key}.${c.key}` : f.key;
}

export function placeErrors(def: FormDefinition, errors: readonly DefinitionError[]): PlacedErrors {
  const byPath = new Map<string, string[]>();
  const other: DefinitionError[] = [];
  for (const e of errors) {
    const p = fieldPathOfPointer(def, e.path);
    if (p === null) other.push(e);
    else byPath.set(p, [...(byPath.get(p) ?? []), e.message]);
  }
  return { byPath, other };
}
