// Commands on the fields of the canvas: add, remove, move (also into and out of sub-forms),
// width, properties, dividers, paste and key renames.
import {
  COMPONENT_TYPES,
  FIELD_TYPES,
  FieldKey,
  RESERVED_KEYS,
  TC,
  isTypeCode,
  type FieldDefinition,
  type FormDefinition,
  type PageWidth,
  type TypeCode,
} from '../../schemas';
import type { Command } from './command';
import { newField } from './defaults';
import { DesignerError } from './errors';
import {
  columnsOf,
  getField,
  inCanvasOrder,
  isSubForm,
  joinPath,
  locate,
  siblingsOf,
  splitPath,
  uniqueKey,
  updateField,
  usedKeys,
  withSiblings,
  type FieldLocation,
} from './fieldTree';
import { applyPathChanges } from './references';

const KEY_PATTERN = new RegExp(FieldKey.pattern as string);

/** Refuse what may not go into a sub-form: another sub-form, a divider. */
function assertFitsParent(field: FieldDefinition, parent: string | null): void {
  if (parent === null) return;
  if (field.type === TC.SUB_FORM) throw new DesignerError('subFormInSubForm');
  if (field.type === TC.DIVIDER) throw new DesignerError('dividerInSubForm');
}

function targetList(def: FormDefinition, parent: string | null): FieldDefinition[] {
  const list = siblingsOf(def, parent);
  if (!list) throw new DesignerError('unknownSubForm', { key: parent ?? '' });
  return list;
}

function clampIndex(index: number | undefined, length: number): number {
  if (index === undefined || index < 0 || index > length) return length;
  return Math.floor(index);
}

/** Add a field of a type (widget defaults, unique generated key) at a place (default: the end of the form). */
export function addField(code: TypeCode, at?: Partial<FieldLocation>, overrides: Partial<FieldDefinition> = {}): Command {
  return {
    type: 'addField',
    apply(def, ctx) {
      if (!isTypeCode(code)) throw new DesignerError('unknownField', { key: String(code) });
      const parent = at?.parent ?? null;
      const list = targetList(def, parent);
      const used = usedKeys(def);
      const key = overrides.key && !used.has(overrides.key) ? overrides.key : uniqueKey(typeIdOf(code), used);
      const field: FieldDefinition = { ...newField(code, key, ctx.defaults), ...overrides, key, type: code };
      assertFitsParent(field, parent);
      const index = clampIndex(at?.index, list.length);
      const next = [...list.slice(0, index), field, ...list.slice(index)];
      return { definition: withSiblings(def, parent, next), selection: [joinPath(parent, key)] };
    },
  };
}

function typeIdOf(code: TypeCode): string {
  // the key stem of a new field is the type's stable id (decimal1, subForm1, dealer1 …)
  return typeIdCache.get(code) ?? 'field';
}
const typeIdCache = new Map<number, string>();
for (const t of [...Object.values(FIELD_TYPES), ...Object.values(COMPONENT_TYPES)]) typeIdCache.set(t.code, t.id);

/** Insert a divider (main form only). */
export function insertDivider(at?: Partial<FieldLocation>): Command {
  const cmd = addField(TC.DIVIDER, at);
  return { ...cmd, type: 'insertDivider' };
}

/** Remove fields (and, for a sub-form, its columns); references to them are cleaned up. Stored data is kept. */
export function removeFields(paths: readonly string[]): Command {
  return {
    type: 'removeFields',
    apply(def) {
      const ordered = inCanvasOrder(def, paths);
      if (ordered.length === 0) throw new DesignerError('nothingSelected');
      const gone = new Set(ordered);
      const changes = new Map<string, null>();
      for (const p of ordered) changes.set(p, null);
      const fields: FieldDefinition[] = [];
      for (const f of def.fields) {
        if (gone.has(f.key)) {
          for (const c of columnsOf(f)) changes.set(`${f.key}.${c.key}`, null);
          continue;
        }
        if (isSubForm(f) && columnsOf(f).some((c) => gone.has(`${f.key}.${c.key}`))) {
          fields.push({ ...f, fields: columnsOf(f).filter((c) => !gone.has(`${f.key}.${c.key}`)) });
        } else fields.push(f);
      }
      return { definition: applyPathChanges({ ...def, fields }, def, changes), selection: [] };
    },
  };
}

/**
 * Move fields to a place. `to.index` is the position in the destination list once the moved
 * fields have been taken out (the position the first moved field ends up at), so a reorder
 * within one list is `moveFields([p], { parent, index: newIndex })` as with arrayMove.
 * Moving into a sub-form refuses sub-forms and dividers; a key already used in the
 * destination is refused. References follow the new paths.
 */
export function moveFields(paths: readonly string[], to: FieldLocation): Command {
  return {
    type: 'moveFields',
    apply(def) {
      const ordered = inCanvasOrder(def, paths);
      if (ordered.length === 0) throw new DesignerError('nothingSelected');
      // a sub-form moved together with its own columns: the columns travel inside it
      const moving = ordered.filter((p) => {
        const { parent } = splitPath(p);
        return parent === null || !ordered.includes(parent);
      });
      const fields = moving.map((p) => getField(def, p)!);
      if (to.parent !== null) {
        if (moving.includes(to.parent)) throw new DesignerError('subFormInSubForm');
        targetList(def, to.parent);
      }
      fields.forEach((f) => assertFitsParent(f, to.parent));
      // take them out
      const movingSet = new Set(moving);
      let next: FormDefinition = {
        ...def,
        fields: def.fields
          .filter((f) => !movingSet.has(f.key))
          .map((f) =>
            isSubForm(f) && columnsOf(f).some((c) => movingSet.has(`${f.key}.${c.key}`))
              ? { ...f, fields: columnsOf(f).filter((c) => !movingSet.has(`${f.key}.${c.key}`)) }
              : f,
          ),
      };
      const dest = targetList(next, to.parent);
      const seen = new Set(dest.map((f) => f.key));
      for (const f of fields) {
        if (seen.has(f.key)) throw new DesignerError('keyExists', { key: f.key });
        seen.add(f.key);
      }
      const index = clampIndex(to.index, dest.length);
      next = withSiblings(next, to.parent, [...dest.slice(0, index), ...fields, ...dest.slice(index)]);
      const changes = new Map<string, string>();
      const selection: string[] = [];
      moving.forEach((p, i) => {
        const np = joinPath(to.parent, fields[i].key);
        selection.push(np);
        if (np !== p) changes.set(p, np);
      });
      return { definition: applyPathChanges(next, def, changes), selection };
    },
  };
}

/** Set the page width (12 or 24 columns) of fields. */
export function setWidth(paths: readonly string[], width: PageWidth): Command {
  return {
    type: 'setWidth',
    apply(def) {
      const ordered = inCanvasOrder(def, paths);
      if (ordered.length === 0) throw new DesignerError('nothingSelected');
      let next = def;
      for (const p of ordered) next = updateField(next, p, (f) => (f.width === width ? f : { ...f, width }));
      return { definition: next };
    },
  };
}

/** Properties edited through their own commands (key: renameKey; fields: add/move/remove). */
const NOT_SETTABLE = new Set(['key', 'type', 'fields', 'renamedFrom']);

/**
 * Set (or, with `undefined`, remove) properties of one field. Successive edits of the same
 * properties of the same field coalesce into one undo step.
 */
export function setFieldProperties(path: string, patch: Partial<FieldDefinition>): Command {
  const names = Object.keys(patch).sort();
  return {
    type: 'setFieldProperties',
    coalesceKey: `field:${path}:${names.join(',')}`,
    apply(def) {
      if (!getField(def, path)) throw new DesignerError('unknownField', { key: path });
      for (const n of names) if (NOT_SETTABLE.has(n)) throw new DesignerError('propertyNotEditable', { name: n });
      const { parent } = splitPath(path);
      const next = updateField(def, path, (f) => {
        const out: Record<string, unknown> = { ...f };
        for (const n of names) {
          const v = (patch as Record<string, unknown>)[n];
          if (v === undefined) delete out[n];
          else out[n] = v;
        }
        return out as FieldDefinition;
      });
      // totals name columns; keep them on existing columns only
      if (parent === null && 'totals' in patch && patch.totals) {
        const cols = new Set(columnsOf(getField(def, path)).map((c) => c.key));
        if (patch.totals.some((t) => !cols.has(t))) throw new DesignerError('unknownField', { key: patch.totals.find((t) => !cols.has(t))! });
      }
      return { definition: next };
    },
  };
}

/** Set one property (see setFieldProperties). */
export function setFieldProperty<K extends keyof FieldDefinition>(path: string, name: K, value: FieldDefinition[K] | undefined): Command {
  const cmd = setFieldProperties(path, { [name]: value } as Partial<FieldDefinition>);
  return { ...cmd, type: 'setFieldProperty' };
}

/** Why a key cannot be used for the field at `path`, or null if it can. */
export function keyProblem(def: FormDefinition, path: string, key: string): DesignerError | null {
  if (!KEY_PATTERN.test(key)) return new DesignerError('keyInvalid', { key });
  const { parent, key: current } = splitPath(path);
  if (parent === null && RESERVED_KEYS.has(key)) return new DesignerError('keyReserved', { key });
  if (key === current) return null;
  const siblings = siblingsOf(def, parent) ?? [];
  if (siblings.some((f) => f.key === key || (f.key !== current && f.renamedFrom?.includes(key)))) return new DesignerError('keyExists', { key });
  return null;
}

/**
 * Rename a field's key. Stored data stays readable: the old key is recorded in `renamedFrom`
 * (renaming back removes it), and every reference (rules, formulas, permissions, list settings,
 * totals, title template) follows.
 */
export function renameKey(path: string, newKey: string): Command {
  return {
    type: 'renameKey',
    apply(def) {
      const field = getField(def, path);
      if (!field) throw new DesignerError('unknownField', { key: path });
      const problem = keyProblem(def, path, newKey);
      if (problem) throw problem;
      if (newKey === field.key) return { definition: def };
      const { parent } = splitPath(path);
      const former = (field.renamedFrom ?? []).filter((k) => k !== newKey);
      if (!former.includes(field.key)) former.push(field.key);
      const next = updateField(def, path, (f) => ({ ...f, key: newKey, renamedFrom: former }));
      const newPath = joinPath(parent, newKey);
      return { definition: applyPathChanges(next, def, new Map([[path, newPath]])), selection: [newPath] };
    },
  };
}

/** Paste copies of fields: new unique keys (columns of a pasted sub-form keep theirs), no former keys. */
export function pasteFields(clipboard: readonly FieldDefinition[], at?: Partial<FieldLocation>): Command {
  return {
    type: 'pasteFields',
    apply(def) {
      if (clipboard.length === 0) throw new DesignerError('clipboardEmpty');
      const parent = at?.parent ?? null;
      const list = targetList(def, parent);
      const used = usedKeys(def);
      const copies = clipboard.map((src) => {
        assertFitsParent(src, parent);
        const copy = structuredClone(src) as FieldDefinition;
        copy.key = uniqueKey(src.key, used);
        delete copy.renamedFrom;
        for (const c of columnsOf(copy)) delete c.renamedFrom;
        return copy;
      });
      const index = clampIndex(at?.index, list.length);
      return {
        definition: withSiblings(def, parent, [...list.slice(0, index), ...copies, ...list.slice(index)]),
        selection: copies.map((c) => joinPath(parent, c.key)),
      };
    },
  };
}

/** The place right after a field (where paste and duplicate go). */
export function after(def: FormDefinition, path: string): FieldLocation | undefined {
  const loc = locate(def, path);
  return loc ? { parent: loc.parent, index: loc.index + 1 } : undefined;
}
