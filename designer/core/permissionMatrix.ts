// The permission matrix as the designer shows it: one row per field path (down to sub-form
// columns), one column per form mode 0–4 and per approval node; each cell is the explicit
// permission or empty (the scope's default applies).
import { FORM_MODE_CODES, holdsValue, type FieldPermission, type FormDefinition } from '../../schemas';
import type { PermissionScope } from './definitionCommands';
import { columnsOf, isSubForm } from './fieldTree';

export interface MatrixRow {
  path: string;
  depth: 0 | 1;
}

/** Rows: every field that holds a value, each sub-form followed by its columns. */
export function permissionRows(def: FormDefinition): MatrixRow[] {
  const rows: MatrixRow[] = [];
  for (const f of def.fields) {
    if (!holdsValue(f.type)) continue;
    rows.push({ path: f.key, depth: 0 });
    if (isSubForm(f)) for (const c of columnsOf(f)) if (holdsValue(c.type)) rows.push({ path: `${f.key}.${c.key}`, depth: 1 });
  }
  return rows;
}

/** Columns: the five modes, then the given approval nodes and any node already in the definition. */
export function permissionScopes(def: FormDefinition, nodeIds: readonly string[] = []): PermissionScope[] {
  const modes = FORM_MODE_CODES.map((m) => ({ kind: 'mode', id: String(m) }) as PermissionScope);
  const nodes = [...new Set([...nodeIds, ...Object.keys(def.permissions?.nodes ?? {})])].map((id) => ({ kind: 'node', id }) as PermissionScope);
  return [...modes, ...nodes];
}

export function permissionCell(def: FormDefinition, scope: PermissionScope, path: string): FieldPermission | undefined {
  const group = scope.kind === 'mode' ? def.permissions?.modes : def.permissions?.nodes;
  return group?.[scope.id]?.[path];
}

export function scopeId(scope: PermissionScope): string {
  return `${scope.kind}:${scope.id}`;
}
