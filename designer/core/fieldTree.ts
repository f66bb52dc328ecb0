// Addressing fields of a definition: a field path is `key` for a main field and
// `subFormKey.columnKey` for a sub-form column (schemas FieldPath). Every helper here is pure
// and immutable: updates copy only the path from the root to the changed field, so unchanged
// fields keep their identity (the canvas memoises on it, undo keeps references).
import { RESERVED_KEYS, TC, type FieldDefinition, type FormDefinition } from '../../schemas';

/** Where a field sits: `parent` is the sub-form's key (null for the main form), `index` its position. */
export interface FieldLocation {
  parent: string | null;
  index: number;
}

export function splitPath(path: string): { parent: string | null; key: string } {
  const dot = path.indexOf('.');
  return dot < 0 ? { parent: null, key: path } : { parent: path.slice(0, dot), key: path.slice(dot + 1) };
}

export function joinPath(parent: string | null, key: string): string {
  return parent === null ? key : `${parent}.${key}`;
}

/**
 * The columns of a sub-form. (The recursive TypeBox schema types `fields` as unknown[]; the
 * schema guarantees they are FieldDefinitions.)
 */
export function columnsOf(field: FieldDefinition | undefined): FieldDefinition[] {
  return (field?.fields ?? []) as FieldDefinition[];
}

export function isSubForm(field: FieldDefinition | undefined): boolean {
  return field?.type === TC.SUB_FORM;
}

/** The fields of the main form (parent null) or of a sub-form; undefined if there is no such sub-form. */
export function siblingsOf(def: FormDefinition, parent: string | null): FieldDefinition[] | undefined {
  if (parent === null) return def.fields;
  const sub = def.fields.find((f) => f.key === parent);
  return isSubForm(sub) ? columnsOf(sub) : undefined;
}

export function getField(def: FormDefinition, path: string): FieldDefinition | undefined {
  const { parent, key } = splitPath(path);
  return siblingsOf(def, parent)?.find((f) => f.key === key);
}

export function locate(def: FormDefinition, path: string): FieldLocation | undefined {
  const { parent, key } = splitPath(path);
  const list = siblingsOf(def, parent);
  const index = list ? list.findIndex((f) => f.key === key) : -1;
  return index < 0 ? undefined : { parent, index };
}

/** Every field path in canvas order: each main field, followed by its columns if it is a sub-form. */
export function allPaths(def: FormDefinition): string[] {
  const out: string[] = [];
  for (const f of def.fields) {
    out.push(f.key);
    if (isSubForm(f)) for (const c of columnsOf(f)) out.push(`${f.key}.${c.key}`);
  }
  return out;
}

/** Every key in use anywhere (main fields, columns, former keys) plus the reserved record keys. */
export function usedKeys(def: FormDefinition): Set<string> {
  const used = new Set<string>(RESERVED_KEYS);
  const add = (f: FieldDefinition): void => {
    used.add(f.key);
    for (const k of f.renamedFrom ?? []) used.add(k);
    for (const c of columnsOf(f)) add(c);
  };
  def.fields.forEach(add);
  return used;
}

/** `base` followed by the smallest number ≥ 1 that makes it unused; adds the result to `used`. */
export function uniqueKey(base: string, used: Set<string>): string {
  let stem = base.replace(/[^a-zA-Z0-9_]/g, '').replace(/\d+$/, '');
  if (!/^[a-zA-Z]/.test(stem)) stem = `field${stem}`;
  stem = stem.slice(0, 56);
  for (let n = 1; ; n++) {
    const candidate = `${stem}${n}`;
    if (!used.has(candidate)) {
      used.add(candidate);
      return candidate;
    }
  }
}

/** Replace the list of fields of the main form or of one sub-form. */
export function withSiblings(def: FormDefinition, parent: string | null, fields: FieldDefinition[]): FormDefinition {
  if (parent === null) return { ...def, fields };
  return { ...def, fields: def.fields.map((f) => (f.key === parent ? { ...f, fields } : f)) };
}

/** Apply `fn` to one field; the definition is returned unchanged if the path is unknown. */
export function updateField(def: FormDefinition, path: string, fn: (f: FieldDefinition) => FieldDefinition): FormDefinition {
  const { parent, key } = splitPath(path);
  const list = siblingsOf(def, parent);
  if (!list) return def;
  let changed = false;
  const next = list.map((f) => {
    if (f.key !== key) return f;
    changed = true;
    return fn(f);
  });
  return changed ? withSiblings(def, parent, next) : def;
}

/** Paths ordered as they appear on the canvas (unknown paths dropped, duplicates removed). */
export function inCanvasOrder(def: FormDefinition, paths: readonly string[]): string[] {
  const wanted = new Set(paths);
  return allPaths(def).filter((p) => wanted.has(p));
}
