// Keeping a definition's references consistent when fields change their path (rename, move
// into or out of a sub-form) or disappear: linkage rules, formulas, permissions, list settings,
// sub-form totals and the title template all name fields by path.
import type { FormDefinition, LinkageRule, Formula, ListSettings, PermissionMap, Permissions, RuleAction } from '../../schemas';
import { siblingsOf, splitPath } from './fieldTree';

/** old path → new path, or null when the field was removed. */
export type PathChanges = ReadonlyMap<string, string | null>;

/** Maps one path through the changes; a sub-form's change carries its columns along. */
export function mapPath(changes: PathChanges, path: string): string | null {
  if (changes.has(path)) return changes.get(path)!;
  const { parent, key } = splitPath(path);
  if (parent !== null && changes.has(parent)) {
    const np = changes.get(parent)!;
    if (np === null || np.includes('.')) return null;
    return `${np}.${key}`;
  }
  return path;
}

/**
 * Rewrite the field references of a JSON Logic expression. `scope` is the sub-form of a
 * row-scope formula: there a bare `var` naming one of the sub-form's columns reads the same row.
 * References to removed fields are left as they are (validation reports them).
 */
export function mapExpression(expr: unknown, changes: PathChanges, oldDef: FormDefinition, scope: string | null, newScope: string | null = scope): unknown {
  const columns = new Set(scope === null ? [] : (siblingsOf(oldDef, scope) ?? []).map((c) => c.key));
  const mapVar = (p: string): string => {
    const full = scope !== null && !p.includes('.') && columns.has(p) ? `${scope}.${p}` : p;
    const mapped = mapPath(changes, full);
    if (mapped === null) return p;
    if (newScope !== null && mapped.startsWith(`${newScope}.`)) return mapped.slice(newScope.length + 1);
    return mapped;
  };
  const walk = (e: unknown): unknown => {
    if (Array.isArray(e)) return e.map(walk);
    if (e === null || typeof e !== 'object') return e;
    const keys = Object.keys(e);
    if (keys.length !== 1) return e;
    const op = keys[0];
    const args = (e as Record<string, unknown>)[op];
    if (op === 'var') {
      if (typeof args === 'string' && args !== '') return { var: mapVar(args) };
      if (Array.isArray(args) && typeof args[0] === 'string' && args[0] !== '') return { var: [mapVar(args[0]), ...args.slice(1).map(walk)] };
      return e;
    }
    if ((op === 'colSum' || op === 'colCount') && Array.isArray(args) && typeof args[0] === 'string') {
      const target = typeof args[1] === 'string' ? `${args[0]}.${args[1]}` : args[0];
      const mapped = mapPath(changes, target);
      if (mapped === null) return e;
      const { parent, key } = splitPath(mapped);
      return { [op]: typeof args[1] === 'string' ? (parent === null ? args : [parent, key]) : [mapped] };
    }
    return { [op]: walk(args) };
  };
  return walk(expr);
}

function mapActions(actions: RuleAction[], changes: PathChanges, oldDef: FormDefinition): RuleAction[] {
  const out: RuleAction[] = [];
  for (const a of actions) {
    const target = mapPath(changes, a.target);
    if (target === null) continue;
    const next: RuleAction = { ...a, target };
    if (a.value !== undefined) next.value = mapExpression(a.value, changes, oldDef, null);
    out.push(next);
  }
  return out;
}

function mapRules(rules: LinkageRule[], changes: PathChanges, oldDef: FormDefinition): LinkageRule[] {
  const out: LinkageRule[] = [];
  for (const r of rules) {
    const then = mapActions(r.then, changes, oldDef);
    if (then.length === 0) continue;
    const next: LinkageRule = { ...r, when: mapExpression(r.when, changes, oldDef, null), then };
    if (r.otherwise) next.otherwise = mapActions(r.otherwise, changes, oldDef);
    out.push(next);
  }
  return out;
}

function mapFormulas(formulas: Formula[], changes: PathChanges, oldDef: FormDefinition): Formula[] {
  const out: Formula[] = [];
  for (const f of formulas) {
    const target = mapPath(changes, f.target);
    if (target === null) continue;
    const scope = splitPath(f.target).parent;
    const newScope = splitPath(target).parent;
    out.push({ ...f, target, expression: mapExpression(f.expression, changes, oldDef, scope, newScope) });
  }
  return out;
}

function mapPermissionMap(map: PermissionMap, changes: PathChanges): PermissionMap {
  const out: PermissionMap = {};
  for (const [path, perm] of Object.entries(map)) {
    const np = mapPath(changes, path);
    if (np !== null) out[np] = perm;
  }
  return out;
}

function mapPermissions(p: Permissions, changes: PathChanges): Permissions {
  const out: Permissions = {};
  if (p.modes) out.modes = Object.fromEntries(Object.entries(p.modes).map(([m, map]) => [m, mapPermissionMap(map, changes)]));
  if (p.nodes) out.nodes = Object.fromEntries(Object.entries(p.nodes).map(([n, map]) => [n, mapPermissionMap(map, changes)]));
  return out;
}

/** List columns may also name system and approval fields; only definition paths are mapped. */
function mapList(list: ListSettings, changes: PathChanges): ListSettings {
  const out: ListSettings = { ...list, columns: [] };
  for (const c of list.columns) {
    const k = mapPath(changes, c.key);
    if (k !== null) out.columns.push(k === c.key ? c : { ...c, key: k });
  }
  if (list.filters) {
    out.filters = [];
    for (const f of list.filters) {
      const k = mapPath(changes, f.key);
      if (k !== null) out.filters.push(k === f.key ? f : { ...f, key: k });
    }
  }
  if (list.defaultSort) {
    const k = mapPath(changes, list.defaultSort.key);
    if (k === null) delete out.defaultSort;
    else out.defaultSort = { ...list.defaultSort, key: k };
  }
  return out;
}

/** Sub-form totals name columns of their own sub-form. */
function mapTotals(def: FormDefinition, changes: PathChanges): FormDefinition {
  let touched = false;
  const fields = def.fields.map((f) => {
    if (!f.totals) return f;
    const totals: string[] = [];
    for (const col of f.totals) {
      const mapped = mapPath(changes, `${f.key}.${col}`);
      if (mapped === null) continue;
      const { parent, key } = splitPath(mapped);
      if (parent === f.key) totals.push(key);
    }
    if (totals.length === f.totals.length && totals.every((t, i) => t === f.totals![i])) return f;
    touched = true;
    const next: typeof f = { ...f, totals };
    if (totals.length === 0) delete next.totals;
    return next;
  });
  return touched ? { ...def, fields } : def;
}

function mapTitleTemplate(template: string, changes: PathChanges): string {
  return template.replace(/\{([a-zA-Z][a-zA-Z0-9_]*)\}/g, (all, key: string) => {
    const mapped = mapPath(changes, key);
    return mapped === null || mapped.includes('.') ? all : `{${mapped}}`;
  });
}

/**
 * Apply path changes to every reference of `def` (whose fields already have their new shape).
 * `oldDef` is the definition before the change: it tells which bare vars of a row-scope
 * formula were columns.
 */
export function applyPathChanges(def: FormDefinition, oldDef: FormDefinition, changes: PathChanges): FormDefinition {
  if (changes.size === 0) return def;
  let next: FormDefinition = { ...def };
  if (def.rules) next.rules = mapRules(def.rules, changes, oldDef);
  if (next.rules?.length === 0) delete next.rules;
  if (def.formulas) next.formulas = mapFormulas(def.formulas, changes, oldDef);
  if (next.formulas?.length === 0) delete next.formulas;
  if (def.permissions) next.permissions = mapPermissions(def.permissions, changes);
  if (def.list) next.list = mapList(def.list, changes);
  if (def.titleTemplate) next.titleTemplate = mapTitleTemplate(def.titleTemplate, changes);
  next = mapTotals(next, changes);
  return next;
}
