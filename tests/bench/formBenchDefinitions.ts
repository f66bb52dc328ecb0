// The definitions of `npm run bench:form`: a 300-field form (mixed types, 3 formulas, 5
// linkage rules) and a detail sub-form of 500 rows × 8 columns, with the equivalent JSON
// Schema for the @rjsf/antd baseline.
import { DEFINITION_SCHEMA_VERSION, TC, type FieldDefinition, type FormDefinition } from '../../schemas';

const label = (s: string) => ({ 'zh-CN': s, 'en-US': s });
const CYCLE = [TC.TEXT, TC.TEXTAREA, TC.INTEGER, TC.DECIMAL, TC.SELECT, TC.RADIO, TC.DATE, TC.TEXT, TC.DECIMAL, TC.TEXT] as const;
const OPTIONS = [
  { value: 'a', label: label('甲') },
  { value: 'b', label: label('乙') },
  { value: 'c', label: label('丙') },
];

function field(i: number, type: number): FieldDefinition {
  const f: FieldDefinition = { key: `f${i}`, type, label: label(`字段${i}`), width: 12 };
  if (type === TC.SELECT || type === TC.RADIO) f.options = OPTIONS;
  if (type === TC.DECIMAL) f.precision = 2;
  if (i % 7 === 0) f.required = true;
  return f;
}

/** 300 fields; f0 is the text field the benchmark types into. */
export function fieldsDefinition(): FormDefinition {
  const fields = Array.from({ length: 300 }, (_, i) => field(i, CYCLE[i % CYCLE.length]));
  return {
    schemaVersion: DEFINITION_SCHEMA_VERSION,
    code: 'bench300',
    name: label('基准 300 字段'),
    version: 1,
    formType: 0,
    fields,
    formulas: [
      { id: 'sum', target: 'f298', expression: { '+': [{ var: 'f3' }, { var: 'f8' }, { var: 'f13' }] } },
      { id: 'product', target: 'f288', expression: { '*': [{ var: 'f18' }, { var: 'f23' }] } },
      { id: 'days', target: 'f292', expression: { days: [{ var: 'f6' }, { var: 'f16' }] } },
    ],
    rules: [
      { id: 'r1', when: { '==': [{ var: 'f4' }, 'a'] }, then: [{ action: 'hide', target: 'f10' }] },
      { id: 'r2', when: { '==': [{ var: 'f5' }, 'b'] }, then: [{ action: 'require', target: 'f11' }] },
      { id: 'r3', when: { '>': [{ var: 'f298' }, '1000'] }, then: [{ action: 'require', target: 'f20' }] },
      { id: 'r4', when: { '!!': [{ var: 'f1' }] }, then: [{ action: 'readonly', target: 'f30' }] },
      { id: 'r5', when: { '==': [{ var: 'f14' }, 'c'] }, then: [{ action: 'show', target: 'f40' }], otherwise: [{ action: 'hide', target: 'f40' }] },
    ],
  };
}

/** A sub-form of 500 rows × 8 columns (with a row formula and a column total). */
export function rowsDefinition(): FormDefinition {
  const cols: FieldDefinition[] = [
    { key: 'item', type: TC.TEXT, label: label('项目') },
    { key: 'qty', type: TC.DECIMAL, label: label('数量'), precision: 2 },
    { key: 'price', type: TC.DECIMAL, label: label('单价'), precision: 2, money: true },
    { key: 'amount', type: TC.DECIMAL, label: label('金额'), precision: 2, money: true },
    { key: 'day', type: TC.DATE, label: label('日期') },
    { key: 'kind', type: TC.SELECT, label: label('类别'), options: OPTIONS },
    { key: 'remark', type: TC.TEXT, label: label('备注') },
    { key: 'code', type: TC.TEXT, label: label('编码') },
  ];
  return {
    schemaVersion: DEFINITION_SCHEMA_VERSION,
    code: 'bench500',
    name: label('基准 500 行'),
    version: 1,
    formType: 0,
    fields: [
      { key: 'title', type: TC.TEXT, label: label('标题'), width: 24 },
      { key: 'detail', type: TC.SUB_FORM, label: label('明细'), fields: cols, totals: ['amount'] },
      { key: 'total', type: TC.DECIMAL, label: label('合计'), precision: 2, money: true },
    ],
    formulas: [
      { id: 'amount', target: 'detail.amount', expression: { '*': [{ var: 'qty' }, { var: 'price' }] } },
      { id: 'total', target: 'total', expression: { colSum: ['detail', 'amount'] } },
    ],
  };
}

export function rowsData(n = 500): Record<string, unknown> {
  return {
    title: '基准',
    detail: Array.from({ length: n }, (_, i) => ({
      _id: String(1000000000000000000n + BigInt(i)),
      item: `项目${i}`,
      qty: String((i % 9) + 1),
      price: `${(i % 50) + 1}.25`,
      day: '2026-11-22',
      kind: OPTIONS[i % 3].value,
      remark: '',
      code: `C${i}`,
    })),
  };
}

type JSONSchema = Record<string, unknown>;

/** The JSON Schema and uiSchema a team would write for the same form with rjsf alone. */
export function rjsfSchemaOf(def: FormDefinition): { schema: JSONSchema; uiSchema: Record<string, unknown> } {
  const one = (f: FieldDefinition): { s: JSONSchema; ui?: Record<string, unknown> } => {
    const title = f.label['zh-CN'];
    switch (f.type) {
      case TC.TEXTAREA:
        return { s: { type: 'string', title, maxLength: 2000 }, ui: { 'ui:widget': 'textarea' } };
      case TC.INTEGER:
        return { s: { type: 'integer', title } };
      case TC.DECIMAL:
        return { s: { type: 'string', title, pattern: '^-?(0|[1-9][0-9]*)(\\.[0-9]{1,2})?$' } };
      case TC.SELECT:
        return { s: { type: 'string', title, enum: (f.options ?? []).map((o) => o.value) } };
      case TC.RADIO:
        return { s: { type: 'string', title, enum: (f.options ?? []).map((o) => o.value) }, ui: { 'ui:widget': 'radio' } };
      case TC.DATE:
        return { s: { type: 'string', title, format: 'date' } };
      default:
        return { s: { type: 'string', title, maxLength: 200 } };
    }
  };
  const properties: Record<string, JSONSchema> = {};
  const uiSchema: Record<string, unknown> = {};
  const required: string[] = [];
  for (const f of def.fields) {
    if (f.type === TC.SUB_FORM) {
      const itemProps: Record<string, JSONSchema> = {};
      const itemUi: Record<string, unknown> = {};
      for (const c of (f.fields ?? []) as FieldDefinition[]) {
        const o = one(c);
        itemProps[c.key] = o.s;
        if (o.ui) itemUi[c.key] = o.ui;
      }
      properties[f.key] = { type: 'array', title: f.label['zh-CN'], items: { type: 'object', properties: itemProps } };
      uiSchema[f.key] = { items: itemUi };
      continue;
    }
    const o = one(f);
    properties[f.key] = o.s;
    if (o.ui) uiSchema[f.key] = o.ui;
    if (f.required) required.push(f.key);
  }
  return { schema: { type: 'object', properties, required }, uiSchema };
}
