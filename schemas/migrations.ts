// Stored definitions carry `schemaVersion`; older documents are upgraded on load by an
// ordered chain of steps, each taking version n to n + 1. A document without
// `schemaVersion` is version 1. Migration changes the format only: run `validateDefinition`
// on the result (the server does on import and publish).
//
// ## Format version 1 (Formwork 0.x, before `schemaVersion` existed)
//
// ```jsonc
// {
//   "code": "feiYongShenQing",
//   "name": "费用申请",                // plain zh-CN string (v2: LocalizedText)
//   "version": 3,                      // optional (v2: required, 0 for never published)
//   "formType": 80021,                 // optional (v2: required, 0 for generic forms)
//   "fields": [
//     {
//       "key": "jinE",
//       "typeCode": 16,                // v2: `type`
//       "label": "申请金额",            // plain zh-CN string (v2: LocalizedText)
//       "span": 1,                     // 1 = half row, 2 = full row (v2: `width` 12 | 24)
//       "maxLength": 18,               // v2: `length`
//       "decimals": 2,                 // v2: `precision`
//       "multiple": true,              // pickers (v2: `dataSource.multiple`)
//       "options": ["现金", {"value": "zz", "label": "转账"}],   // strings or {value, label: string}
//       "children": [ /* columns of a sub-form (v2: `fields`) */ ],
//       "required": true, "placeholder": "…", "hidden": false, "readonly": false
//     }
//   ],
//   "listColumns": ["number", "jinE"], // v2: `list.columns` of {key}
//   "rules": [ … ], "formulas": [ … ]  // already in the v2 shape
// }
// ```
import type { FormDefinition } from './definition';
import { DEFINITION_SCHEMA_VERSION } from './definition';

type Doc = Record<string, unknown>;
const isObj = (v: unknown): v is Doc => v !== null && typeof v === 'object' && !Array.isArray(v);

export interface DefinitionMigration {
  /** the version it upgrades from; it produces `from + 1` */
  from: number;
  description: string;
  migrate(doc: Doc): Doc;
}

/** A v1 text (plain string) as LocalizedText; objects are kept as they are. */
function text(v: unknown): unknown {
  return typeof v === 'string' ? { 'zh-CN': v } : v;
}

function fieldV1toV2(f: unknown): unknown {
  if (!isObj(f)) return f;
  const { typeCode, span, maxLength, decimals, multiple, children, options, label, placeholder, help, ...rest } = f;
  const out: Doc = { ...rest };
  if (out.type === undefined && typeCode !== undefined) out.type = typeCode;
  if (label !== undefined) out.label = text(label);
  if (placeholder !== undefined) out.placeholder = text(placeholder);
  if (help !== undefined) out.help = text(help);
  if (span !== undefined && out.width === undefined) out.width = span === 1 ? 12 : span === 2 ? 24 : span;
  if (maxLength !== undefined && out.length === undefined) out.length = maxLength;
  if (decimals !== undefined && out.precision === undefined) out.precision = decimals;
  if (multiple !== undefined) out.dataSource = { ...(isObj(out.dataSource) ? out.dataSource : {}), multiple: multiple === true };
  if (Array.isArray(options)) {
    out.options = options.map((o) => (typeof o === 'string' ? { value: o, label: { 'zh-CN': o } } : isObj(o) ? { ...o, label: text(o.label) } : o));
  }
  const cols = children ?? out.fields;
  if (Array.isArray(cols)) out.fields = cols.map(fieldV1toV2);
  return out;
}

export const MIGRATIONS: readonly DefinitionMigration[] = [
  {
    from: 1,
    description:
      'typeCode → type, string labels → LocalizedText, span 1|2 → width 12|24, children → fields, maxLength → length, decimals → precision, multiple → dataSource.multiple, listColumns → list.columns',
    migrate(doc) {
      const { listColumns, ...rest } = doc;
      const out: Doc = {
        ...rest,
        name: text(doc.name),
        version: typeof doc.version === 'number' ? doc.version : 0,
        formType: typeof doc.formType === 'number' ? doc.formType : 0,
        fields: Array.isArray(doc.fields) ? doc.fields.map(fieldV1toV2) : [],
      };
      if (doc.description !== undefined) out.description = text(doc.description);
      if (Array.isArray(listColumns) && !isObj(doc.list)) {
        out.list = { columns: listColumns.map((k) => (typeof k === 'string' ? { key: k } : k)) };
      }
      return out;
    },
  },
];

/** The format version of a stored document (missing = 1). */
export function schemaVersionOf(doc: unknown): number {
  return isObj(doc) && typeof doc.schemaVersion === 'number' ? doc.schemaVersion : 1;
}

/**
 * Upgrade a stored definition to the current format (`DEFINITION_SCHEMA_VERSION`). The input
 * is not modified. Throws for a non-object, or a document newer than this software knows.
 */
export function migrateDefinition(doc: unknown): FormDefinition {
  if (!isObj(doc)) throw new TypeError('a form definition must be a JSON object');
  let version = schemaVersionOf(doc);
  if (!Number.isInteger(version) || version < 1) throw new RangeError(`unknown definition schemaVersion ${String(doc.schemaVersion)}`);
  if (version > DEFINITION_SCHEMA_VERSION) {
    throw new RangeError(`definition schemaVersion ${version} is newer than this software (${DEFINITION_SCHEMA_VERSION})`);
  }
  let cur: Doc = structuredClone(doc);
  while (version < DEFINITION_SCHEMA_VERSION) {
    const step = MIGRATIONS.find((m) => m.from === version);
    if (!step) throw new RangeError(`no migration from definition schemaVersion ${version}`);
    cur = step.migrate(cur);
    version += 1;
    cur.schemaVersion = version;
  }
  return cur as unknown as FormDefinition;
}
