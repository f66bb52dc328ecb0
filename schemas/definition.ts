// The definition schemas: FormDefinition, ListDefinition (ProcessDefinition: schemas/process/model.ts).
// TypeBox gives both the JSON Schema (for ajv, the server and the designer) and the TS types
// (`Static`); there is no hand-written twin of these types anywhere.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { LOCALES } from './constants';

/** Current format version of stored definitions; older documents are migrated on load. */
export const DEFINITION_SCHEMA_VERSION = 2;

export const LocalizedText = Type.Object(
  {
    'zh-CN': Type.String({ minLength: 1, maxLength: 200 }),
    'en-US': Type.Optional(Type.String({ maxLength: 200 })),
    'zh-TW': Type.Optional(Type.String({ maxLength: 200 })),
  },
  { $id: 'LocalizedText', additionalProperties: false, description: 'Text per locale; zh-CN is required' },
);
export type LocalizedText = Static<typeof LocalizedText>;
export const LOCALE_KEYS = LOCALES;

/** JSON Logic expression: data, never code. */
export const JsonLogic = Type.Unknown({ description: 'A JSON Logic expression (https://jsonlogic.com)' });
export type JsonLogic = unknown;

export const FieldKey = Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9_]{0,63}$', description: 'Unique key of the field within its form (or sub-form)' });
/** A field path: `key` for a main field, `subFormKey.columnKey` for a sub-form column. */
export const FieldPath = Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9_]{0,63}(\\.[a-zA-Z][a-zA-Z0-9_]{0,63})?$' });

export const FieldOption = Type.Object(
  {
    value: Type.String({ minLength: 1, maxLength: 64 }),
    label: LocalizedText,
    disabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type FieldOption = Static<typeof FieldOption>;

/** Overrides the master-data source of a picker (the type code gives the default, see typeCodes). */
export const DataSource = Type.Object(
  {
    endpoint: Type.Optional(Type.String({ maxLength: 100 })),
    /**
     * query params; `{key}` / `{key.prop}` read another field (a column reads its row first):
     * `{ "brandId": "{pinPai.id}" }` (schemas/dataSourceParams.ts)
     */
    params: Type.Optional(Type.Record(Type.String(), Type.String())),
    multiple: Type.Optional(Type.Boolean()),
    /** when the params are complete and the query answers exactly one row, an empty field takes it */
    autoPickSingle: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type DataSource = Static<typeof DataSource>;

export const FileRules = Type.Object(
  {
    maxSizeMb: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 200 })),
    accept: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { description: 'MIME types or extensions such as .pdf' })),
    maxCount: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
);
export type FileRules = Static<typeof FileRules>;

const fieldProperties = (Self: TSchema) => ({
  key: FieldKey,
  type: Type.Integer({ description: 'Field or component type code (spec §3)' }),
  label: LocalizedText,
  required: Type.Optional(Type.Boolean()),
  /** maximum length of a text value (defaults to the type's default length) */
  length: Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })),
  width: Type.Optional(Type.Union([Type.Literal(12), Type.Literal(24)])),
  default: Type.Optional(Type.Unknown()),
  placeholder: Type.Optional(LocalizedText),
  help: Type.Optional(LocalizedText),
  options: Type.Optional(Type.Array(FieldOption)),
  dataSource: Type.Optional(DataSource),
  /** decimal places of a decimal (16) field; 2 for amounts */
  precision: Type.Optional(Type.Integer({ minimum: 0, maximum: 8 })),
  /** bounds of a number; decimal strings for decimals */
  min: Type.Optional(Type.Union([Type.Number(), Type.String()])),
  max: Type.Optional(Type.Union([Type.Number(), Type.String()])),
  unique: Type.Optional(Type.Boolean()),
  /** date (80): a range [start, end] instead of one date; `withTime` adds HH:mm */
  range: Type.Optional(Type.Boolean()),
  withTime: Type.Optional(Type.Boolean()),
  /** amount formatting (two decimals and thousands separators) for decimals */
  money: Type.Optional(Type.Boolean()),
  file: Type.Optional(FileRules),
  /** custom component (77): the registered component name */
  component: Type.Optional(Type.String({ maxLength: 100 })),
  /** sub-form (99997): its columns */
  fields: Type.Optional(Type.Array(Self)),
  /** sub-form (99997): the column keys whose totals are shown under the table */
  totals: Type.Optional(Type.Array(FieldKey)),
  minRows: Type.Optional(Type.Integer({ minimum: 0 })),
  maxRows: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000 })),
  /** always hidden / always read-only, whatever the mode */
  hidden: Type.Optional(Type.Boolean()),
  readonly: Type.Optional(Type.Boolean()),
  /** the key this field had before a rename: stored data under the old key is read through it */
  renamedFrom: Type.Optional(Type.Array(FieldKey)),
});

export const FieldDefinition = Type.Recursive((Self) => Type.Object(fieldProperties(Self), { additionalProperties: false }), { $id: 'FieldDefinition' });
export type FieldDefinition = Static<typeof FieldDefinition>;

export const RULE_ACTIONS = ['show', 'hide', 'require', 'optional', 'readonly', 'editable', 'setValue'] as const;
export type RuleActionKind = (typeof RULE_ACTIONS)[number];

export const RuleAction = Type.Object(
  {
    action: Type.Union(RULE_ACTIONS.map((a) => Type.Literal(a))),
    target: FieldPath,
    /** for setValue: a JSON Logic expression whose result is assigned */
    value: Type.Optional(JsonLogic),
  },
  { additionalProperties: false },
);
export type RuleAction = Static<typeof RuleAction>;

/** Linkage rule: when `when` holds, apply `then`; otherwise apply `otherwise` (if any). */
export const LinkageRule = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    name: Type.Optional(Type.String({ maxLength: 200 })),
    when: JsonLogic,
    then: Type.Array(RuleAction, { minItems: 1 }),
    otherwise: Type.Optional(Type.Array(RuleAction)),
  },
  { additionalProperties: false },
);
export type LinkageRule = Static<typeof LinkageRule>;

/**
 * A calculated field. `target` is a main field (form scope) or `subForm.column` (row scope:
 * evaluated per row, `{"var": "column"}` reads the same row). Decimal-exact operators and
 * `colSum` (see expressions.ts) are available.
 */
export const Formula = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    target: FieldPath,
    expression: JsonLogic,
    /** decimal places of the result (defaults to the target field's precision) */
    precision: Type.Optional(Type.Integer({ minimum: 0, maximum: 8 })),
  },
  { additionalProperties: false },
);
export type Formula = Static<typeof Formula>;

export const FIELD_PERMISSIONS = ['hidden', 'readonly', 'editable', 'required'] as const;
export type FieldPermission = (typeof FIELD_PERMISSIONS)[number];
export const FieldPermissionSchema = Type.Union(FIELD_PERMISSIONS.map((p) => Type.Literal(p)));
/** field path → permission */
export const PermissionMap = Type.Record(FieldPath, FieldPermissionSchema);
export type PermissionMap = Static<typeof PermissionMap>;

/**
 * Field permissions per form mode ('0'..'4') and per approval node id (mode 3 and 4 read the
 * node's map over the mode's). A path missing from a map takes the mode's default.
 */
export const Permissions = Type.Object(
  {
    modes: Type.Optional(Type.Record(Type.String({ pattern: '^[0-4]$' }), PermissionMap)),
    nodes: Type.Optional(Type.Record(Type.String({ minLength: 1, maxLength: 64 }), PermissionMap)),
  },
  { additionalProperties: false },
);
export type Permissions = Static<typeof Permissions>;

export const FILTER_OPS = ['eq', 'like', 'in', 'range', 'gte', 'lte'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

/** Columns and filters refer to definition field keys or system/approval field keys. */
export const ListSettings = Type.Object(
  {
    columns: Type.Array(
      Type.Object(
        {
          key: Type.String({ minLength: 1, maxLength: 64 }),
          label: Type.Optional(LocalizedText),
          width: Type.Optional(Type.Integer({ minimum: 40, maximum: 1000 })),
          sortable: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
    ),
    filters: Type.Optional(
      Type.Array(
        Type.Object(
          {
            key: Type.String({ minLength: 1, maxLength: 64 }),
            op: Type.Union(FILTER_OPS.map((o) => Type.Literal(o))),
            label: Type.Optional(LocalizedText),
          },
          { additionalProperties: false },
        ),
      ),
    ),
    defaultSort: Type.Optional(
      Type.Object(
        { key: Type.String({ minLength: 1, maxLength: 64 }), order: Type.Union([Type.Literal('asc'), Type.Literal('desc')]) },
        { additionalProperties: false },
      ),
    ),
    pageSize: Type.Optional(Type.Union([Type.Literal(10), Type.Literal(20), Type.Literal(30), Type.Literal(50)])),
  },
  { $id: 'ListSettings', additionalProperties: false },
);
export type ListSettings = Static<typeof ListSettings>;

export const NumberRule = Type.Object(
  {
    prefix: Type.String({ pattern: '^[A-Za-z0-9-]{0,20}$' }),
    dateFormat: Type.Optional(Type.Union([Type.Literal('YYYYMMDD'), Type.Literal('YYYYMM'), Type.Literal('YYYY')])),
    sequenceLength: Type.Optional(Type.Integer({ minimum: 3, maximum: 10 })),
  },
  { additionalProperties: false },
);
export type NumberRule = Static<typeof NumberRule>;

/**
 * The kinds of link between two documents (server table `record_links`, from = the source
 * document, to = the one made from it): a settlement settles an application, a write-off writes
 * it off, a payment pays a write-off, and `derives` is any other document made from another.
 */
export const LINK_KINDS = ['settles', 'writesOff', 'pays', 'derives'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/** One value copied from the source document: a main field of the source or a system key (`number`, `title`, …). */
export const DeriveFieldMap = Type.Object(
  {
    /** a main field of this form */
    to: Type.String({ minLength: 1, maxLength: 64 }),
    /** a main field of the source form, or a system/approval key of the source record */
    from: Type.String({ minLength: 1, maxLength: 64 }),
  },
  { additionalProperties: false },
);
export type DeriveFieldMap = Static<typeof DeriveFieldMap>;

/**
 * How a document of this form is made from another (a settlement or write-off from its
 * application): done by the server (`record/derive` answers the prefilled data; saving it with
 * `derivedFrom` writes the link in the save's transaction).
 */
export const DeriveSettings = Type.Object(
  {
    /** the forms a document of this form may be made from */
    from: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 10 }),
    /** the link written between the source and the new document */
    kind: Type.Union(LINK_KINDS.map((k) => Type.Literal(k))),
    /** main values copied */
    fields: Type.Array(DeriveFieldMap, { maxItems: 200 }),
    /** sub-form rows copied: each source row becomes a row of `to` with the mapped columns */
    rows: Type.Optional(
      Type.Array(
        Type.Object(
          {
            to: Type.String({ minLength: 1, maxLength: 64 }),
            from: Type.String({ minLength: 1, maxLength: 64 }),
            fields: Type.Array(DeriveFieldMap, { minItems: 1, maxItems: 100 }),
          },
          { additionalProperties: false },
        ),
        { maxItems: 20 },
      ),
    ),
  },
  { additionalProperties: false },
);
export type DeriveSettings = Static<typeof DeriveSettings>;

export const FormDefinition = Type.Object(
  {
    schemaVersion: Type.Literal(DEFINITION_SCHEMA_VERSION),
    code: Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9_-]{0,63}$' }),
    name: LocalizedText,
    /** published version number (1, 2, …); 0 for a never-published draft */
    version: Type.Integer({ minimum: 0 }),
    /** form type code (spec §9): 80021, 80022, 810510, 99800, 99700, or 0 for generic forms */
    formType: Type.Integer(),
    /** for settlement/write-off views: the application form they open */
    viewOf: Type.Optional(Type.String({ maxLength: 64 })),
    description: Type.Optional(LocalizedText),
    numberRule: Type.Optional(NumberRule),
    /** the title of a record is derived from this template, e.g. "{applicantName}-{amount}" */
    titleTemplate: Type.Optional(Type.String({ maxLength: 200 })),
    fields: Type.Array(FieldDefinition),
    rules: Type.Optional(Type.Array(LinkageRule)),
    formulas: Type.Optional(Type.Array(Formula)),
    permissions: Type.Optional(Permissions),
    list: Type.Optional(ListSettings),
    /** code of the approval process bound to this form (bangDingBiaoDan) */
    processCode: Type.Optional(Type.String({ maxLength: 64 })),
    /** how a document of this form is made from another (settlement, write-off): see DeriveSettings */
    derive: Type.Optional(DeriveSettings),
  },
  { $id: 'FormDefinition', additionalProperties: false },
);
export type FormDefinition = Static<typeof FormDefinition>;

/** A list page of its own (a form's list settings plus the form it lists). */
export const ListDefinition = Type.Object(
  {
    schemaVersion: Type.Literal(DEFINITION_SCHEMA_VERSION),
    code: Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9_-]{0,63}$' }),
    name: LocalizedText,
    formCode: Type.String({ minLength: 1, maxLength: 64 }),
    settings: ListSettings,
  },
  { $id: 'ListDefinition', additionalProperties: false },
);
export type ListDefinition = Static<typeof ListDefinition>;

// The process model (ProcessDefinition and its nodes) lives in schemas/process/model.ts.
