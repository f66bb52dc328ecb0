// Drag-and-drop ids and the translation of a drop into a designer command.
import { closestCenter, pointerWithin, type CollisionDetection } from '@dnd-kit/core';
import { isTypeCode, type FormDefinition, type TypeCode } from '../../schemas';
import { addField, getField, locate, moveFields, columnsOf, siblingsOf, splitPath, type Command, type FieldLocation } from '../core';

export const ROOT_ZONE = 'zone:';
export const paletteId = (code: TypeCode) => `palette:${code}`;
export const zoneId = (subForm: string) => `zone:${subForm}`;

export function paletteCode(id: string): TypeCode | null {
  if (!id.startsWith('palette:')) return null;
  const code = Number(id.slice('palette:'.length));
  return isTypeCode(code) ? code : null;
}

/**
 * Where a drop over `overId` puts things. `moving` are the paths being moved (empty for a new
 * field from the palette): the index is counted without them, and a field dragged down its own
 * list lands after the field it is over (the sortable preview's arrayMove semantics).
 */
export function dropLocation(def: FormDefinition, overId: string, activeId: string | null, moving: readonly string[]): FieldLocation | null {
  if (overId === ROOT_ZONE) {
    return { parent: null, index: def.fields.filter((f) => !moving.includes(f.key)).length };
  }
  if (overId.startsWith('zone:')) {
    const sub = overId.slice('zone:'.length);
    if (!getField(def, sub)) return null;
    return { parent: sub, index: columnsOf(getField(def, sub)).filter((c) => !moving.includes(`${sub}.${c.key}`)).length };
  }
  const over = locate(def, overId);
  if (!over) return null;
  const list = siblingsOf(def, over.parent) ?? [];
  const before = list.slice(0, over.index).filter((f) => !moving.includes(over.parent === null ? f.key : `${over.parent}.${f.key}`)).length;
  const active = activeId ? locate(def, activeId) : undefined;
  const down = active !== undefined && active.parent === over.parent && active.index < over.index;
  return { parent: over.parent, index: before + (down ? 1 : 0) };
}

/** The command a drop means, or null when nothing is to be done. */
export function dropCommand(def: FormDefinition, activeId: string, overId: string, selection: readonly string[]): Command | null {
  const code = paletteCode(activeId);
  if (code !== null) {
    const at = dropLocation(def, overId, null, []);
    return at ? addField(code, at) : null;
  }
  if (activeId === overId) return null;
  const moving = selection.includes(activeId) && selection.length > 1 ? [...selection] : [activeId];
  const at = dropLocation(def, overId, activeId, moving);
  if (!at) return null;
  if (moving.length === 1) {
    const from = locate(def, activeId);
    if (from && from.parent === at.parent && from.index === at.index) return null;
  }
  return moveFields(moving, at);
}

/**
 * Pointer: the innermost target under the pointer (a column before its sub-form's zone,
 * before a main field, before the end zone), never the dragged sub-form's own inside.
 * Keyboard (no pointer): the closest centre.
 */
export const designerCollision: CollisionDetection = (args) => {
  const activeId = String(args.active.id);
  const own = (id: string) => id === zoneId(activeId) || splitPath(id).parent === activeId;
  const filtered = { ...args, droppableContainers: args.droppableContainers.filter((c) => !own(String(c.id))) };
  const within = pointerWithin(filtered);
  if (within.length) {
    const rank = (id: string) => (id.includes('.') ? 0 : id === ROOT_ZONE ? 3 : id.startsWith('zone:') ? 1 : 2);
    return [...within].sort((a, b) => rank(String(a.id)) - rank(String(b.id)));
  }
  return closestCenter(filtered);
};
