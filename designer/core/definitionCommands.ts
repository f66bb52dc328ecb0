// Commands on the rest of a definition: form properties, linkage rules, formulas, the
// permission matrix and the list settings.
import type { FieldPermission, FormDefinition, Formula, LinkageRule, ListSettings, PermissionMap, Permissions } from '../../schemas';
import type { Command } from './command';
import { DesignerError } from './errors';

type FormProperty = 'name' | 'description' | 'formType' | 'viewOf' | 'numberRule' | 'titleTemplate' | 'processCode' | 'code';

/** Set (or remove, with undefined) a form-level property; typing coalesces. */
export function setFormProperty<K extends FormProperty>(name: K, value: FormDefinition[K] | undefined): Command {
  return {
    type: 'setFormProperty',
    coalesceKey: `form:${name}`,
    apply(def) {
      const next: Record<string, unknown> = { ...def };
      if (value === undefined) delete next[name];
      else next[name] = value;
      return { definition: next as FormDefinition };
    },
  };
}

// ---- linkage rules ---------------------------------------------------------------------------

/** Add a rule, or replace the rule with the same id (edits of one rule coalesce). */
export function upsertRule(rule: LinkageRule): Command {
  return {
    type: 'upsertRule',
    coalesceKey: `rule:${rule.id}`,
    apply(def) {
      const rules = def.rules ?? [];
      const i = rules.findIndex((r) => r.id === rule.id);
      const next = i < 0 ? [...rules, rule] : rules.map((r, j) => (j === i ? rule : r));
      return { definition: { ...def, rules: next } };
    },
  };
}

export function removeRule(id: string): Command {
  return {
    type: 'removeRule',
    apply(def) {
      const rules = def.rules ?? [];
      if (!rules.some((r) => r.id === id)) throw new DesignerError('unknownRule', { id });
      const next = rules.filter((r) => r.id !== id);
      const out: FormDefinition = { ...def, rules: next };
      if (next.length === 0) delete out.rules;
      return { definition: out };
    },
  };
}

export function moveRule(id: string, index: number): Command {
  return {
    type: 'moveRule',
    apply(def) {
      const rules = [...(def.rules ?? [])];
      const from = rules.findIndex((r) => r.id === id);
      if (from < 0) throw new DesignerError('unknownRule', { id });
      const [r] = rules.splice(from, 1);
      rules.splice(Math.max(0, Math.min(index, rules.length)), 0, r);
      return { definition: { ...def, rules } };
    },
  };
}

// ---- formulas --------------------------------------------------------------------------------

/** Add a formula or replace the one with the same id; one target has at most one formula. */
export function upsertFormula(formula: Formula): Command {
  return {
    type: 'upsertFormula',
    coalesceKey: `formula:${formula.id}`,
    apply(def) {
      const others = (def.formulas ?? []).filter((f) => f.id !== formula.id && f.target !== formula.target);
      const i = (def.formulas ?? []).findIndex((f) => f.id === formula.id);
      const next = [...others];
      next.splice(i < 0 ? next.length : Math.min(i, next.length), 0, formula);
      return { definition: { ...def, formulas: next } };
    },
  };
}

export function removeFormula(id: string): Command {
  return {
    type: 'removeFormula',
    apply(def) {
      const formulas = def.formulas ?? [];
      if (!formulas.some((f) => f.id === id)) throw new DesignerError('unknownFormula', { id });
      const next = formulas.filter((f) => f.id !== id);
      const out: FormDefinition = { ...def, formulas: next };
      if (next.length === 0) delete out.formulas;
      return { definition: out };
    },
  };
}

// ---- permission matrix -----------------------------------------------------------------------

/** One column of the permission matrix: a form mode ('0'–'4') or an approval node id. */
export type PermissionScope = { kind: 'mode'; id: '0' | '1' | '2' | '3' | '4' } | { kind: 'node'; id: string };

/**
 * Set cells of the permission matrix: in one scope, path → permission, `undefined` clearing
 * the cell (the field then takes the scope's default). Empty maps are dropped.
 */
export function setPermissions(scope: PermissionScope, cells: Readonly<Record<string, FieldPermission | undefined>>): Command {
  return {
    type: 'setPermissions',
    apply(def) {
      const perms: Permissions = { ...(def.permissions ?? {}) };
      const group = scope.kind === 'mode' ? 'modes' : 'nodes';
      const maps: Record<string, PermissionMap> = { ...(perms[group] ?? {}) };
      const map: PermissionMap = { ...(maps[scope.id] ?? {}) };
      for (const [path, perm] of Object.entries(cells)) {
        if (perm === undefined) delete map[path];
        else map[path] = perm;
      }
      if (Object.keys(map).length === 0) delete maps[scope.id];
      else maps[scope.id] = map;
      if (Object.keys(maps).length === 0) delete perms[group];
      else perms[group] = maps;
      const out: FormDefinition = { ...def, permissions: perms };
      if (!perms.modes && !perms.nodes) delete out.permissions;
      return { definition: out };
    },
  };
}

export function setPermission(scope: PermissionScope, path: string, perm: FieldPermission | undefined): Command {
  return { ...setPermissions(scope, { [path]: perm }), type: 'setPermission' };
}

/** Remove a node's column (e.g. the node left the process). */
export function clearPermissionScope(scope: PermissionScope): Command {
  return {
    type: 'clearPermissionScope',
    apply(def) {
      const group = scope.kind === 'mode' ? 'modes' : 'nodes';
      const current = def.permissions?.[group];
      if (!current?.[scope.id]) return { definition: def };
      return setPermissions(scope, Object.fromEntries(Object.keys(current[scope.id]).map((p) => [p, undefined]))).apply(def, {});
    },
  };
}

// ---- list settings ---------------------------------------------------------------------------

function withList(def: FormDefinition, fn: (l: ListSettings) => ListSettings): FormDefinition {
  return { ...def, list: fn(def.list ?? { columns: [] }) };
}

/** Replace the list settings wholesale (the list-settings form); edits coalesce. */
export function setListSettings(list: ListSettings): Command {
  return { type: 'setListSettings', coalesceKey: 'list', apply: (def) => ({ definition: { ...def, list } }) };
}

export function addListColumn(key: string, index?: number): Command {
  return {
    type: 'addListColumn',
    apply(def) {
      return {
        definition: withList(def, (l) => {
          if (l.columns.some((c) => c.key === key)) return l;
          const cols = [...l.columns];
          cols.splice(index === undefined ? cols.length : Math.max(0, Math.min(index, cols.length)), 0, { key });
          return { ...l, columns: cols };
        }),
      };
    },
  };
}

export function removeListColumn(key: string): Command {
  return {
    type: 'removeListColumn',
    apply: (def) => ({ definition: withList(def, (l) => ({ ...l, columns: l.columns.filter((c) => c.key !== key) })) }),
  };
}

export function moveListColumn(key: string, index: number): Command {
  return {
    type: 'moveListColumn',
    apply: (def) => ({
      definition: withList(def, (l) => {
        const cols = [...l.columns];
        const from = cols.findIndex((c) => c.key === key);
        if (from < 0) return l;
        const [c] = cols.splice(from, 1);
        cols.splice(Math.max(0, Math.min(index, cols.length)), 0, c);
        return { ...l, columns: cols };
      }),
    }),
  };
}

export function setListColumn(key: string, patch: Partial<ListSettings['columns'][number]>): Command {
  return {
    type: 'setListColumn',
    coalesceKey: `listColumn:${key}`,
    apply: (def) => ({
      definition: withList(def, (l) => ({
        ...l,
        columns: l.columns.map((c) => {
          if (c.key !== key) return c;
          const out: Record<string, unknown> = { ...c, ...patch, key };
          for (const [k, v] of Object.entries(patch)) if (v === undefined) delete out[k];
          return out as ListSettings['columns'][number];
        }),
      })),
    }),
  };
}

export function setListFilters(filters: NonNullable<ListSettings['filters']>): Command {
  return {
    type: 'setListFilters',
    apply: (def) => ({
      definition: withList(def, (l) => {
        const out: ListSettings = { ...l, filters };
        if (filters.length === 0) delete out.filters;
        return out;
      }),
    }),
  };
}

export function setDefaultSort(sort: ListSettings['defaultSort'] | undefined): Command {
  return {
    type: 'setDefaultSort',
    apply: (def) => ({
      definition: withList(def, (l) => {
        const out = { ...l };
        if (sort) out.defaultSort = sort;
        else delete out.defaultSort;
        return out;
      }),
    }),
  };
}

export function setPageSize(pageSize: ListSettings['pageSize'] | undefined): Command {
  return {
    type: 'setPageSize',
    apply: (def) => ({
      definition: withList(def, (l) => {
        const out = { ...l };
        if (pageSize) out.pageSize = pageSize;
        else delete out.pageSize;
        return out;
      }),
    }),
  };
}
